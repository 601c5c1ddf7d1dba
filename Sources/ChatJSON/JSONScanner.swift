// The module's API is `public`, not `package`: only public `@inlinable` code is inlined into the
// log format's parser, and without it decoding costs 43 % more instructions. The module is not
// a product; nothing outside the package depends on it.

/// A malformed or unexpected piece of JSON: what went wrong, and at which byte of the line.
public struct JSONScanError: Error, Sendable, Hashable {
    /// The 0-based byte offset of the offending text within the scanned line.
    public var offset: Int
    /// A human-readable explanation, such as `duplicate key "height"`.
    public var message: String
    /// Whether the line ends before its JSON does: more bytes could have made it valid.
    public var isIncomplete: Bool

    /// Creates a scan error.
    public init(offset: Int, message: String, isIncomplete: Bool = false) {
        self.offset = offset
        self.message = message
        self.isIncomplete = isIncomplete
    }
}

/// The JSON type of a value, as told by its first byte.
public enum JSONValueKind: Sendable, Hashable {
    /// `{...}`
    case object
    /// `[...]`
    case array
    /// `"..."`
    case string
    /// `-1.5e3`
    case number
    /// `true` or `false`
    case boolean
    /// `null`
    case null

    /// The kind with its article, as error messages name it: `a string`, `an object`, `null`.
    public var description: String {
        switch self {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .boolean: "a boolean"
        case .null: "null"
        }
    }
}

/// A validating JSON scanner over the UTF-8 bytes of one line (RFC 8259).
///
/// The scanner never builds a tree. It validates and skips values, indexes the members of an
/// object (``indexObject(at:depth:)``), and decodes single values on request, so a decoder
/// reads only the fields it needs. All methods are pure functions of the bytes and an offset;
/// offsets are 0-based byte positions in ``bytes``.
///
/// Nesting is limited to ``maximumDepth`` levels, so hostile input reports an error instead of
/// exhausting the stack. Duplicate keys in any object are an error.
public struct JSONScanner {
    /// The deepest nesting of arrays and objects accepted; the top-level value is depth 1.
    public static let maximumDepth = 256

    /// The line being scanned.
    public let bytes: UnsafeBufferPointer<UInt8>

    /// Creates a scanner over one line of bytes.
    public init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The byte at `offset`, or 0 past the end of the line.
    @inlinable @inline(__always)
    public func peek(_ offset: Int) -> UInt8 {
        offset < bytes.count ? bytes[offset] : 0
    }

    /// The first offset at or after `offset` that is not JSON whitespace.
    @inlinable @inline(__always)
    public func skipWhitespace(from offset: Int) -> Int {
        var i = offset
        while i < bytes.count {
            switch bytes[i] {
            case ASCII.space, ASCII.tab, ASCII.newline, ASCII.carriageReturn: i += 1
            default: return i
            }
        }
        return i
    }

    /// The kind of the value starting at `offset`, judged by its first byte.
    ///
    /// Meaningful only for an offset where ``skipValue(at:depth:)`` has succeeded.
    public func kind(at offset: Int) -> JSONValueKind {
        switch peek(offset) {
        case ASCII.openBrace: .object
        case ASCII.openBracket: .array
        case ASCII.quote: .string
        case ASCII.t, ASCII.f: .boolean
        case ASCII.n: .null
        default: .number
        }
    }

    /// Validates the value starting exactly at `offset` and returns the offset just past it.
    ///
    /// Nested arrays and objects are validated without recursion, with their own stack on the
    /// heap, so the deepest accepted nesting costs the caller's thread no more stack than a flat
    /// value: a log decodes on a thread with a small stack (an Apple secondary thread's 512 KiB)
    /// in debug builds too.
    ///
    /// - Parameter depth: The nesting depth of this value; the top-level value is 1.
    public func skipValue(at offset: Int, depth: Int) throws(JSONScanError) -> Int {
        switch peek(offset) {
        case ASCII.openBrace, ASCII.openBracket:
            return try skipContainer(at: offset, depth: depth)
        case ASCII.quote:
            return try scanString(at: offset).end
        case ASCII.minus, ASCII.zero...ASCII.nine:
            return try scanNumber(at: offset).end
        case ASCII.t:
            return try skipLiteral("true", at: offset)
        case ASCII.f:
            return try skipLiteral("false", at: offset)
        case ASCII.n:
            return try skipLiteral("null", at: offset)
        default:
            throw unexpected(at: offset, expected: "a JSON value")
        }
    }

    /// An array or object being skipped, and the keys it has shown so far.
    private struct OpenContainer {
        var isObject: Bool
        var keys = ObjectKeys()
    }

    /// Validates the array or object whose bracket is at `offset`, iteratively, with the errors
    /// and offsets ``indexObject(at:depth:)`` would report for each nested object.
    private func skipContainer(at offset: Int, depth: Int) throws(JSONScanError) -> Int {
        var open: [OpenContainer] = []
        var i = offset
        nextValue: while true {
            var end: Int
            let byte = peek(i)
            if byte == ASCII.openBrace || byte == ASCII.openBracket {
                guard depth + open.count <= Self.maximumDepth else { throw tooDeep(at: i) }
                let isObject = byte == ASCII.openBrace
                let first = skipWhitespace(from: i + 1)
                if peek(first) == (isObject ? ASCII.closeBrace : ASCII.closeBracket) {
                    end = first + 1
                } else {
                    open.append(OpenContainer(isObject: isObject))
                    i = isObject ? try scanKey(at: first, into: &open[open.count - 1].keys) : first
                    continue nextValue
                }
            } else {
                end = try skipValue(at: i, depth: depth + open.count)
            }
            // A value ends at `end`: close every container that ends after it.
            while let container = open.last {
                let next = skipWhitespace(from: end)
                switch peek(next) {
                case ASCII.comma:
                    let following = skipWhitespace(from: next + 1)
                    i = container.isObject ? try scanKey(at: following, into: &open[open.count - 1].keys) : following
                    continue nextValue
                case ASCII.closeBrace where container.isObject, ASCII.closeBracket where !container.isObject:
                    open.removeLast()
                    end = next + 1
                default:
                    throw unexpected(
                        at: next,
                        expected: container.isObject ? #""," or "}" in the object"# : #""," or "]" in the array"#)
                }
            }
            return end
        }
    }

    /// Validates `true`, `false` or `null` at `offset`.
    private func skipLiteral(_ literal: StaticString, at offset: Int) throws(JSONScanError) -> Int {
        let count = literal.utf8CodeUnitCount
        let matches = literal.withUTF8Buffer { expected in
            guard offset + count <= bytes.count else { return false }
            for k in 0..<count where bytes[offset + k] != expected[k] { return false }
            return true
        }
        guard matches, !ASCII.isWordByte(peek(offset + count)) else {
            var error = unexpected(at: offset, expected: "a JSON value")
            // `tr` at the end of the line is the start of `true`, cut off.
            error.isIncomplete =
                offset + count > bytes.count
                && literal.withUTF8Buffer { expected in
                    (offset..<bytes.count).allSatisfy { bytes[$0] == expected[$0 - offset] }
                }
            throw error
        }
        return offset + count
    }

    // MARK: Errors

    /// An error for the text at `offset`: `expected <expected>, found <what is there>`.
    public func unexpected(at offset: Int, expected: String) -> JSONScanError {
        JSONScanError(
            offset: offset, message: "expected \(expected), found \(describeText(at: offset))",
            isIncomplete: offset >= bytes.count)
    }

    /// The error for a container nested deeper than ``maximumDepth``.
    public func tooDeep(at offset: Int) -> JSONScanError {
        JSONScanError(offset: offset, message: "JSON nested deeper than \(Self.maximumDepth) levels")
    }

    /// Names the text at `offset` for an error message: a quoted word or character,
    /// `U+00A0` for an invisible or non-ASCII scalar, `byte 0xFF` for invalid UTF-8,
    /// or `the end of the line`.
    public func describeText(at offset: Int) -> String {
        guard offset < bytes.count else { return "the end of the line" }
        let first = bytes[offset]
        if ASCII.isWordByte(first) {
            var end = offset
            while end < bytes.count, end - offset < 32, ASCII.isWordByte(bytes[end]) { end += 1 }
            let word = String(decoding: UnsafeBufferPointer(rebasing: bytes[offset..<end]), as: UTF8.self)
            return JSONWriter.quoted(ASCII.isWordByte(peek(end)) ? word + "..." : word)
        }
        if first > ASCII.space, first < 0x7F {
            return JSONWriter.quoted(String(UnicodeScalar(first)))
        }
        if first < 0x80 {
            return "U+" + hex(UInt32(first), width: 4)
        }
        if let scalar = decodeScalar(at: offset) {
            return "U+" + hex(scalar.value, width: 4)
        }
        return "byte 0x" + hex(UInt32(first), width: 2)
    }

    /// Decodes the well-formed UTF-8 scalar at `offset`, or `nil` when the bytes are not one.
    private func decodeScalar(at offset: Int) -> UnicodeScalar? {
        guard let end = try? validateUTF8Sequence(at: offset) else { return nil }
        var iterator = UnsafeBufferPointer(rebasing: bytes[offset..<end]).makeIterator()
        var decoder = UTF8()
        switch decoder.decode(&iterator) {
        case .scalarValue(let scalar): return scalar
        case .emptyInput, .error: return nil
        }
    }

    /// The 1-based column of the byte at `offset`, counted in Unicode scalars of the line.
    ///
    /// Bytes of invalid UTF-8 count as one column each.
    public func column(ofByte offset: Int) -> Int {
        var column = 1
        for i in 0..<min(max(offset, 0), bytes.count) where bytes[i] & 0xC0 != 0x80 {
            column += 1
        }
        return column
    }
}

/// Uppercase hexadecimal digits of `value`, zero-padded to `width`.
public func hex(_ value: UInt32, width: Int) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
}

/// The ASCII bytes the scanner and writer look for.
public enum ASCII {
    public static let tab: UInt8 = 0x09
    public static let newline: UInt8 = 0x0A
    public static let carriageReturn: UInt8 = 0x0D
    public static let space: UInt8 = 0x20
    public static let quote: UInt8 = 0x22
    public static let plus: UInt8 = 0x2B
    public static let comma: UInt8 = 0x2C
    public static let minus: UInt8 = 0x2D
    public static let period: UInt8 = 0x2E
    public static let slash: UInt8 = 0x2F
    public static let zero: UInt8 = 0x30
    public static let nine: UInt8 = 0x39
    public static let colon: UInt8 = 0x3A
    public static let upperE: UInt8 = 0x45
    public static let openBracket: UInt8 = 0x5B
    public static let backslash: UInt8 = 0x5C
    public static let closeBracket: UInt8 = 0x5D
    public static let b: UInt8 = 0x62
    public static let lowerE: UInt8 = 0x65
    public static let f: UInt8 = 0x66
    public static let n: UInt8 = 0x6E
    public static let r: UInt8 = 0x72
    public static let t: UInt8 = 0x74
    public static let u: UInt8 = 0x75
    public static let openBrace: UInt8 = 0x7B
    public static let closeBrace: UInt8 = 0x7D

    /// Whether `byte` is an ASCII letter, digit or underscore: part of a bare word.
    @inlinable @inline(__always)
    public static func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x5F: true
        default: false
        }
    }

    /// Whether `byte` is an ASCII decimal digit.
    @inlinable @inline(__always)
    public static func isDigit(_ byte: UInt8) -> Bool {
        byte &- zero < 10
    }
}
