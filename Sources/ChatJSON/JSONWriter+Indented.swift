extension JSONWriter {
    /// `compact` JSON, as this writer writes it, with one key or element per line, indented
    /// by two spaces per level and `": "` after each key; empty arrays and objects stay `[]` and
    /// `{}`. Strings are copied as they are.
    ///
    /// ```swift
    /// JSONWriter.indented(#"{"a":[1,2],"b":{}}"#)
    /// // {
    /// //   "a": [
    /// //     1,
    /// //     2
    /// //   ],
    /// //   "b": {}
    /// // }
    /// ```
    ///
    /// - Complexity: O(*n*) in the length of `compact` and of the indentation.
    public static func indented(_ compact: String) -> String {
        let bytes = Array(compact.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count * 2)
        var depth = 0
        func newline() {
            output.append(ASCII.newline)
            output.append(contentsOf: repeatElement(ASCII.space, count: 2 * depth))
        }
        var inString = false
        var escaped = false
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            i += 1
            if inString {
                output.append(byte)
                if escaped {
                    escaped = false
                } else if byte == ASCII.backslash {
                    escaped = true
                } else if byte == ASCII.quote {
                    inString = false
                }
                continue
            }
            switch byte {
            case ASCII.quote:
                inString = true
                output.append(byte)
            case ASCII.openBrace, ASCII.openBracket:
                output.append(byte)
                let close = byte == ASCII.openBrace ? ASCII.closeBrace : ASCII.closeBracket
                if i < bytes.count, bytes[i] == close {
                    output.append(close)
                    i += 1
                } else {
                    depth += 1
                    newline()
                }
            case ASCII.closeBrace, ASCII.closeBracket:
                depth -= 1
                newline()
                output.append(byte)
            case ASCII.comma:
                output.append(byte)
                newline()
            case ASCII.colon:
                output.append(byte)
                output.append(ASCII.space)
            default:
                output.append(byte)
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}
