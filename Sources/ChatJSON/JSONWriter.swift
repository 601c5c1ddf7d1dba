import ChatScrollUtilities

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
public struct JSONWriter: Sendable {
    /// The bytes written so far, in storage of its own that grows by doubling. Each write
    /// makes sure once that the storage is unique and large enough, then stores its bytes
    /// directly: a key with its quotes and colon costs one check, not four array appends.
    private var storage: ByteBuffer
    /// Whether the next value or key needs a comma before it.
    private var needsComma = false

    /// The number of bytes written so far.
    public var count: Int { storage.count }

    /// The JSON written so far.
    public var output: String {
        String(decoding: UnsafeBufferPointer(start: storage.base, count: storage.count), as: UTF8.self)
    }

    /// Creates a writer with an empty output.
    public init(reservingCapacity capacity: Int = 0) {
        storage = ByteBuffer(capacity: capacity)
    }

    /// Forgets what was written, keeping the storage, so that one writer can write many
    /// documents without allocating.
    public mutating func removeAll() {
        if isKnownUniquelyReferenced(&storage) {
            storage.count = 0
        } else {
            storage = ByteBuffer(capacity: storage.capacity)
        }
        needsComma = false
    }

    /// Makes the storage unique and able to take `additional` more bytes; returns where they go.
    @inline(__always)
    private mutating func reserve(_ additional: Int) -> UnsafeMutablePointer<UInt8> {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        storage.reserve(storage.count + additional)
        return storage.base + storage.count
    }

    /// Appends one byte.
    @inline(__always)
    private mutating func append(_ byte: UInt8) {
        reserve(1).pointee = byte
        storage.count += 1
    }

    /// Appends bytes.
    @inline(__always)
    private mutating func append(_ buffer: UnsafeBufferPointer<UInt8>) {
        guard let source = buffer.baseAddress, !buffer.isEmpty else { return }
        reserve(buffer.count).update(from: source, count: buffer.count)
        storage.count += buffer.count
    }

    /// Appends a raw byte, such as the line break between two documents; the next value
    /// starts a new document, without a comma.
    public mutating func appendRaw(_ byte: UInt8) {
        append(byte)
        needsComma = false
    }

    /// Appends raw bytes, such as a document written before; the next value starts a new
    /// document, without a comma.
    public mutating func appendRaw(_ bytes: UnsafeBufferPointer<UInt8>) {
        append(bytes)
        needsComma = false
    }

    /// Calls `body` with the bytes written so far.
    public func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try body(UnsafeBufferPointer(start: storage.base, count: storage.count))
    }

    /// Writes `{`.
    public mutating func beginObject() {
        separate()
        append(UInt8(ascii: "{"))
        needsComma = false
    }

    /// Writes `}`.
    public mutating func endObject() {
        append(UInt8(ascii: "}"))
        needsComma = true
    }

    /// Writes `[`.
    public mutating func beginArray() {
        separate()
        append(UInt8(ascii: "["))
        needsComma = false
    }

    /// Writes `]`.
    public mutating func endArray() {
        append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// Writes an object key and its colon; the next call writes the value.
    public mutating func key(_ name: String) {
        separate()
        appendQuoted(name)
        append(UInt8(ascii: ":"))
        needsComma = false
    }

    /// Writes an object key that needs no escaping, such as a fixed key of the wire format,
    /// and its colon: one check of the storage, one copy, no scan.
    public mutating func key(literal name: StaticString) {
        guard name.hasPointerRepresentation else {
            // A single Unicode scalar literal: rare enough for the general path.
            key(name.description)
            return
        }
        let length = name.utf8CodeUnitCount
        let comma = needsComma ? 1 : 0
        var target = reserve(length + 3 + comma)
        if comma == 1 {
            target.pointee = UInt8(ascii: ",")
            target += 1
        }
        target.pointee = ASCII.quote
        (target + 1).update(from: name.utf8Start, count: length)
        target[length + 1] = ASCII.quote
        target[length + 2] = UInt8(ascii: ":")
        storage.count += length + 3 + comma
        needsComma = false
    }

    /// Writes a string value, escaped.
    public mutating func string(_ value: String) {
        separate()
        appendQuoted(value)
        needsComma = true
    }

    /// Writes a number in the canonical form of ``formatNumber(_:)``, or `null` when not finite.
    public mutating func number(_ value: Double) {
        separate()
        Self.withBytes(ofNumber: value) { append($0) }
        needsComma = true
    }

    /// Writes an integer.
    public mutating func integer(_ value: Int) {
        separate()
        Self.withBytes(ofInteger: Int64(value)) { append($0) }
        needsComma = true
    }

    /// Calls `body` with the bytes ``number(_:)`` writes for `value`.
    @inlinable @inline(__always)
    public static func withBytes<Result>(
        ofNumber value: Double, _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        if let integer = wholeNumber(value) { return withBytes(ofInteger: integer, body) }
        if value.magnitude < 1e9 {
            // One to three decimals (0.5, 72.25, 123.125, 0.1): the digits are those of a whole
            // number, with a point put in; checked to be the value's shortest form below.
            var scale = 10.0
            for decimals in 1...3 {
                let scaled = (value * scale).rounded()
                // Division is correctly rounded, so this is the double the decimal text reads
                // as. Below 1e9 a double is closer to its neighbours than 1e-3, so no other
                // text with as many decimals reads as it, and none with fewer did.
                if scaled / scale == value {
                    return withBytes(ofInteger: Int64(scaled), pointBefore: decimals, body)
                }
                scale *= 10
            }
        }
        var text = value.isFinite ? formatNumber(value) : "null"
        return text.withUTF8(body)
    }

    /// Calls `body` with the digits of `value` with a decimal point before the last `decimals`
    /// of them (`1234` and 2 give `12.34`, `-5` and 2 give `-0.05`); `value` is above
    /// `Int64.min`.
    @inline(__always)
    @usableFromInline
    static func withBytes<Result>(
        ofInteger value: Int64, pointBefore decimals: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        // 32 bytes: enough for a sign, "0.", and 20 digits.
        var digits: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        return withUnsafeMutableBytes(of: &digits) { buffer in
            let bytes = buffer.assumingMemoryBound(to: UInt8.self)
            guard let base = bytes.baseAddress else { return body(UnsafeBufferPointer(bytes)) }
            // The magnitude's digits, padded with zeros to one more than the decimals, at 2...
            let end = base + 32
            var start = writeDecimal(value < 0 ? 0 &- value : value, endingAt: end)
            while end - start <= decimals {
                start -= 1
                start[0] = UInt8(ascii: "0")
            }
            // ... then the integer digits move one place left to make room for the point.
            let point = end - decimals
            (start - 1).moveInitialize(from: start, count: point - start)
            start -= 1
            (point - 1)[0] = UInt8(ascii: ".")
            if value < 0 {
                start -= 1
                start[0] = UInt8(ascii: "-")
            }
            return body(UnsafeBufferPointer(start: start, count: end - start))
        }
    }

    /// Calls `body` with the decimal digits of `value`, after a `-` when it is negative.
    @inlinable @inline(__always)
    public static func withBytes<Result>(
        ofInteger value: Int64, _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        // 24 bytes: enough for a sign and 20 digits.
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        return withUnsafeMutableBytes(of: &digits) { buffer in
            let bytes = buffer.assumingMemoryBound(to: UInt8.self)
            guard let end = bytes.baseAddress.map({ $0 + 24 }) else { return body(UnsafeBufferPointer(bytes)) }
            let start = writeDecimal(value, endingAt: end)
            return body(UnsafeBufferPointer(start: start, count: end - start))
        }
    }

    /// The number of bytes ``integer(_:)`` writes for `value`.
    @inlinable @inline(__always)
    public static func decimalLength(of value: Int64) -> Int {
        // Four digits at a time, then the last one to four by comparisons.
        var rest = value.magnitude
        var length = value < 0 ? 1 : 0
        while rest >= 10_000 {
            rest /= 10_000
            length += 4
        }
        return length + (rest < 100 ? (rest < 10 ? 1 : 2) : (rest < 1_000 ? 3 : 4))
    }

    /// Writes the bytes ``integer(_:)`` writes for `value` so that they end just before `end`,
    /// two digits at a time from the last; returns where they start
    /// (`end - decimalLength(of: value)`).
    @inlinable @inline(__always)
    public static func writeDecimal(_ value: Int64, endingAt end: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<
        UInt8
    > {
        let pairs = decimalPairs.utf8Start
        var magnitude = value.magnitude
        var start = end
        while magnitude >= 100 {
            let pair = Int(magnitude % 100) &* 2
            magnitude /= 100
            start -= 2
            start[0] = pairs[pair]
            start[1] = pairs[pair + 1]
        }
        if magnitude >= 10 {
            let pair = Int(magnitude) &* 2
            start -= 2
            start[0] = pairs[pair]
            start[1] = pairs[pair + 1]
        } else {
            start -= 1
            start[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude)
        }
        if value < 0 {
            start -= 1
            start[0] = UInt8(ascii: "-")
        }
        return start
    }

    /// Writes `true` or `false`.
    public mutating func bool(_ value: Bool) {
        separate()
        appendLiteral(value ? "true" : "false")
        needsComma = true
    }

    /// Writes `null`.
    public mutating func null() {
        separate()
        appendLiteral("null")
        needsComma = true
    }

    /// Appends the bytes of a literal.
    @inline(__always)
    private mutating func appendLiteral(_ text: StaticString) {
        append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    @inline(__always)
    private mutating func separate() {
        if needsComma { append(UInt8(ascii: ",")) }
    }

    /// Appends `value` as a JSON string literal, escaped as ``appendQuoted(_:to:)-(_,inout String)`` does.
    private mutating func appendQuoted(_ value: String) {
        append(ASCII.quote)
        var value = value
        value.withUTF8 { utf8 in
            var runStart = 0
            for index in utf8.indices {
                let byte = utf8[index]
                guard byte < ASCII.space || byte == ASCII.quote || byte == ASCII.backslash else { continue }
                append(UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                switch byte {
                case ASCII.quote:
                    append(ASCII.backslash)
                    append(ASCII.quote)
                case ASCII.backslash:
                    append(ASCII.backslash)
                    append(ASCII.backslash)
                case ASCII.newline:
                    append(ASCII.backslash)
                    append(UInt8(ascii: "n"))
                case ASCII.carriageReturn:
                    append(ASCII.backslash)
                    append(UInt8(ascii: "r"))
                case ASCII.tab:
                    append(ASCII.backslash)
                    append(UInt8(ascii: "t"))
                default:
                    var escape = "\\u" + hex(UInt32(byte), width: 4)
                    escape.withUTF8 { append($0) }
                }
                runStart = index + 1
            }
            append(UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
        append(ASCII.quote)
    }

    /// `value` as a JSON string literal, quotes included: `"a\"b"`.
    public static func quoted(_ value: String) -> String {
        var result = ""
        result.reserveCapacity(value.utf8.count + 2)
        appendQuoted(value, to: &result)
        return result
    }

    /// Appends `value` as a JSON string literal. `"` and `\` are escaped, as are the control
    /// characters: `\n`, `\r`, `\t`, the others as `\u00XX`. Everything else is written as is.
    public static func appendQuoted(_ value: String, to output: inout String) {
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

/// "00", "01", … "99": the digits of a number two at a time.
@usableFromInline
let decimalPairs: StaticString = """
    00010203040506070809101112131415161718192021222324252627282930313233343536373839\
    40414243444546474849505152535455565758596061626364656667686970717273747576777879\
    8081828384858687888990919293949596979899
    """
