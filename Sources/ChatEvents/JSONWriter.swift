/// Formats a number the way the wire format writes it, for human-readable output too.
///
/// A finite value that is integral with magnitude below 2^53 prints without a fraction
/// (`100`, `-3`, and `0` for `-0.0`); any other finite value prints Swift's shortest
/// round-trip `description` (`0.5`, `1e-07`, `1.5e+20`). Both forms are valid JSON numbers
/// that parse back to the same Double. Non-finite values print their `description`
/// (`nan`, `inf`, `-inf`), which is not JSON; ``JSONWriter`` writes `null` for them instead.
package func formatNumber(_ value: Double) -> String {
    // The magnitude test comes first, so the conversion to Int64 is always in range.
    if value.magnitude < 9_007_199_254_740_992 {
        let integer = Int64(value)
        if Double(integer) == value { return String(integer) }
    }
    return value.description
}

/// A minimal JSON writer that appends compact JSON (no spaces, no newline) to a string.
///
/// The writer inserts commas itself; callers only nest calls correctly:
///
/// ```swift
/// var writer = JSONWriter()
/// writer.beginObject()
/// writer.key("type"); writer.string("scrolled")
/// writer.key("offset"); writer.number(120)
/// writer.endObject()
/// // writer.output == #"{"type":"scrolled","offset":120}"#
/// ```
package struct JSONWriter: Sendable {
    /// The JSON written so far, as UTF-8 bytes: appending bytes is much cheaper than
    /// appending to a `String` piece by piece.
    package private(set) var bytes: [UInt8]
    /// Whether the next value or key needs a comma before it.
    private var needsComma = false

    /// The JSON written so far.
    package var output: String { String(decoding: bytes, as: UTF8.self) }

    /// Creates a writer with an empty output.
    package init(reservingCapacity capacity: Int = 0) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// Forgets what was written, keeping the storage, so that one writer can write many
    /// documents without allocating.
    package mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
        needsComma = false
    }

    /// Appends a raw byte, such as the line break between two documents; the next value
    /// starts a new document, without a comma.
    package mutating func appendRaw(_ byte: UInt8) {
        bytes.append(byte)
        needsComma = false
    }

    /// Writes `{`.
    package mutating func beginObject() {
        separate()
        bytes.append(UInt8(ascii: "{"))
        needsComma = false
    }

    /// Writes `}`.
    package mutating func endObject() {
        bytes.append(UInt8(ascii: "}"))
        needsComma = true
    }

    /// Writes `[`.
    package mutating func beginArray() {
        separate()
        bytes.append(UInt8(ascii: "["))
        needsComma = false
    }

    /// Writes `]`.
    package mutating func endArray() {
        bytes.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// Writes an object key and its colon; the next call writes the value.
    package mutating func key(_ name: String) {
        separate()
        Self.appendQuoted(name, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// Writes an object key that needs no escaping, such as a fixed key of the wire format,
    /// and its colon: one copy, no scan.
    package mutating func key(literal name: StaticString) {
        separate()
        bytes.append(ASCII.quote)
        name.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(ASCII.quote)
        bytes.append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// Writes a string value, escaped.
    package mutating func string(_ value: String) {
        separate()
        Self.appendQuoted(value, to: &bytes)
        needsComma = true
    }

    /// Writes a number in the canonical form of ``formatNumber(_:)``, or `null` when not finite.
    package mutating func number(_ value: Double) {
        separate()
        if value.magnitude < 9_007_199_254_740_992, Double(Int64(value)) == value {
            appendInteger(Int64(value))
        } else {
            appendPlain(value.isFinite ? formatNumber(value) : "null")
        }
        needsComma = true
    }

    /// Writes an integer.
    package mutating func integer(_ value: Int) {
        separate()
        appendInteger(Int64(value))
        needsComma = true
    }

    /// Writes `true` or `false`.
    package mutating func bool(_ value: Bool) {
        separate()
        appendPlain(value ? "true" : "false")
        needsComma = true
    }

    /// Writes `null`.
    package mutating func null() {
        separate()
        appendPlain("null")
        needsComma = true
    }

    @inline(__always)
    private mutating func separate() {
        if needsComma { bytes.append(UInt8(ascii: ",")) }
    }

    private mutating func appendPlain(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    private mutating func appendPlain(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// Appends the decimal digits of `value`, as `String(value)` writes them.
    private mutating func appendInteger(_ value: Int64) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        if magnitude < 10 {
            bytes.append(UInt8(ascii: "0") + UInt8(magnitude))
            return
        }
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0) // 24 bytes: enough for 20 digits
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            while magnitude > 0 {
                count += 1
                buffer[24 - count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            }
            bytes.append(contentsOf: buffer[(24 - count)...])
        }
    }

    /// Appends `value` as a JSON string literal to UTF-8 bytes, escaped as
    /// ``appendQuoted(_:to:)-(_,inout String)`` does.
    package static func appendQuoted(_ value: String, to output: inout [UInt8]) {
        output.append(ASCII.quote)
        var value = value
        value.withUTF8 { utf8 in
            // Fast path: nothing to escape, one copy.
            var plain = true
            for byte in utf8 where byte < ASCII.space || byte == ASCII.quote || byte == ASCII.backslash {
                plain = false
                break
            }
            if plain {
                output.append(contentsOf: utf8)
                return
            }
            var runStart = 0
            for index in utf8.indices {
                let byte = utf8[index]
                guard byte < ASCII.space || byte == ASCII.quote || byte == ASCII.backslash else { continue }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                switch byte {
                case ASCII.quote: output.append(contentsOf: [ASCII.backslash, ASCII.quote])
                case ASCII.backslash: output.append(contentsOf: [ASCII.backslash, ASCII.backslash])
                case ASCII.newline: output.append(contentsOf: [ASCII.backslash, UInt8(ascii: "n")])
                case ASCII.carriageReturn: output.append(contentsOf: [ASCII.backslash, UInt8(ascii: "r")])
                case ASCII.tab: output.append(contentsOf: [ASCII.backslash, UInt8(ascii: "t")])
                default: output.append(contentsOf: ("\\u" + hex(UInt32(byte), width: 4)).utf8)
                }
                runStart = index + 1
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
        output.append(ASCII.quote)
    }

    /// `value` as a JSON string literal, quotes included: `"a\"b"`.
    package static func quoted(_ value: String) -> String {
        var result = ""
        result.reserveCapacity(value.utf8.count + 2)
        appendQuoted(value, to: &result)
        return result
    }

    /// Appends `value` as a JSON string literal. `"` and `\` are escaped, as are the control
    /// characters: `\n`, `\r`, `\t`, the others as `\u00XX`. Everything else is written as is.
    package static func appendQuoted(_ value: String, to output: inout String) {
        output.append("\"")
        let utf8 = value.utf8
        if !utf8.contains(where: { $0 < ASCII.space || $0 == ASCII.quote || $0 == ASCII.backslash }) {
            output.append(value)
            output.append("\"")
            return
        }
        var runStart = utf8.startIndex
        var index = runStart
        while index != utf8.endIndex {
            let byte = utf8[index]
            guard byte < ASCII.space || byte == ASCII.quote || byte == ASCII.backslash else {
                utf8.formIndex(after: &index)
                continue
            }
            if runStart != index {
                output.append(contentsOf: Substring(utf8[runStart..<index]))
            }
            switch byte {
            case ASCII.quote: output.append("\\\"")
            case ASCII.backslash: output.append("\\\\")
            case ASCII.newline: output.append("\\n")
            case ASCII.carriageReturn: output.append("\\r")
            case ASCII.tab: output.append("\\t")
            default: output.append("\\u" + hex(UInt32(byte), width: 4))
            }
            utf8.formIndex(after: &index)
            runStart = index
        }
        if runStart != utf8.endIndex {
            output.append(contentsOf: Substring(utf8[runStart..<utf8.endIndex]))
        }
        output.append("\"")
    }
}
