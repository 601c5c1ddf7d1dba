/// The text of a scanned JSON string between its quotes, still escaped.
public struct JSONStringRef: Sendable, Hashable {
    /// The offset just past the opening quote.
    public var start: Int
    /// The offset of the closing quote.
    public var end: Int
    /// Whether the text has no escapes, so its bytes are the string's UTF-8 as they stand.
    public var isPlain: Bool

    /// The string between `start` and `end`, plain when `isPlain`.
    public init(start: Int, end: Int, isPlain: Bool) {
        self.start = start
        self.end = end
        self.isPlain = isPlain
    }
}

extension JSONScanner {
    /// Validates the string whose opening quote is at `offset`: escapes, surrogate pairs,
    /// UTF-8 and the absence of control characters.
    ///
    /// A plain string — printable ASCII without escapes, as ids, names and most texts are —
    /// ends at its first special byte, found eight bytes at a time, here in the caller; any
    /// other string is scanned on from that byte.
    ///
    /// - Returns: The string's text and the offset just past its closing quote.
    @inlinable @inline(__always)
    public func scanString(at offset: Int) throws(JSONScanError) -> (content: JSONStringRef, end: Int) {
        let end = skipPlainStringBytes(from: offset + 1)
        if end < bytes.count, bytes[end] == ASCII.quote {
            return (JSONStringRef(start: offset + 1, end: end, isPlain: true), end + 1)
        }
        return try scanString(at: offset, from: end)
    }

    /// Validates the rest of the string whose opening quote is at `offset`, from `start`, the
    /// first byte that is not plain.
    @usableFromInline
    func scanString(
        at offset: Int, from start: Int
    ) throws(JSONScanError) -> (content: JSONStringRef, end: Int) {
        var i = start
        var isPlain = true
        let count = bytes.count
        while i < count {
            i = skipPlainStringBytes(from: i)
            guard i < count else { break }
            let byte = bytes[i]
            if byte == ASCII.quote {
                return (JSONStringRef(start: offset + 1, end: i, isPlain: isPlain), i + 1)
            }
            if byte == ASCII.backslash {
                isPlain = false
                i = try scanEscape(at: i, stringStart: offset)
            } else if byte < ASCII.space {
                throw JSONScanError(
                    offset: i, message: "unescaped control character U+\(hex(UInt32(byte), width: 4)) in a string"
                )
            } else if byte < 0x80 {
                i += 1
            } else {
                i = try validateUTF8Sequence(at: i)
            }
        }
        throw JSONScanError(offset: offset, message: "unterminated string", isIncomplete: true)
    }

    /// The offset of the first byte at or after `offset` that a string scan must look at — a
    /// quote, a backslash, a control character or a non-ASCII byte — found eight bytes at a
    /// time; where fewer than eight bytes are left before it, the offset where they start.
    @inlinable @inline(__always)
    public func skipPlainStringBytes(from offset: Int) -> Int {
        guard let base = bytes.baseAddress else { return offset }
        var i = offset
        while i + 8 <= bytes.count {
            let special = Self.specialBytes(UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
            if special != 0 { return i + (special.trailingZeroBitCount >> 3) }
            i += 8
        }
        return i
    }

    /// The high bit of each byte of `word` (little-endian) that may be `"`, `\\`, below 0x20 or
    /// above 0x7F: the bytes a string scan must look at one by one. The lowest bit set marks
    /// the first such byte exactly (the classic "has a byte less than n" and "has a zero byte"
    /// tricks only ever mark a false byte after a true one), and 0 means there is none.
    @inlinable @inline(__always)
    public static func specialBytes(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let control = (word &- ones &* 0x20) & ~word
        let quote = word ^ (ones &* UInt64(ASCII.quote))
        let backslash = word ^ (ones &* UInt64(ASCII.backslash))
        let hasQuote = (quote &- ones) & ~quote
        let hasBackslash = (backslash &- ones) & ~backslash
        return (control | hasQuote | hasBackslash | word) & highs
    }

    /// The text of the string value that starts at `start` and ends before `end`,
    /// for a value that has been validated.
    public func stringRef(valueStart start: Int, valueEnd end: Int) -> JSONStringRef {
        let contentEnd = max(start + 1, end - 1)
        var isPlain = true
        var i = start + 1
        while i < contentEnd {
            if bytes[i] == ASCII.backslash {
                isPlain = false
                break
            }
            i += 1
        }
        return JSONStringRef(start: start + 1, end: contentEnd, isPlain: isPlain)
    }

    /// Validates the escape whose backslash is at `offset` and returns the offset past it.
    private func scanEscape(at offset: Int, stringStart: Int) throws(JSONScanError) -> Int {
        let escape = peek(offset + 1)
        switch escape {
        case ASCII.quote, ASCII.backslash, ASCII.slash, ASCII.b, ASCII.f, ASCII.n, ASCII.r, ASCII.t:
            return offset + 2
        case ASCII.u:
            guard let unit = hex4(at: offset + 2) else {
                throw JSONScanError(offset: offset, message: #"invalid \u escape in a string"#)
            }
            switch unit {
            case 0xD800...0xDBFF:
                guard peek(offset + 6) == ASCII.backslash, peek(offset + 7) == ASCII.u,
                    let low = hex4(at: offset + 8), (0xDC00...0xDFFF).contains(low)
                else {
                    throw loneSurrogate(unit, at: offset)
                }
                return offset + 12
            case 0xDC00...0xDFFF:
                throw loneSurrogate(unit, at: offset)
            default:
                return offset + 6
            }
        default:
            if offset + 1 >= bytes.count {
                throw JSONScanError(offset: stringStart, message: "unterminated string", isIncomplete: true)
            }
            if escape > ASCII.space, escape < 0x7F {
                throw JSONScanError(offset: offset, message: "invalid escape \\\(UnicodeScalar(escape)) in a string")
            }
            throw JSONScanError(offset: offset, message: "invalid escape in a string")
        }
    }

    private func loneSurrogate(_ unit: UInt32, at offset: Int) -> JSONScanError {
        JSONScanError(offset: offset, message: "lone surrogate \\u\(hex(unit, width: 4)) in a string")
    }

    /// The value of the four hexadecimal digits at `offset`, or `nil`.
    @inline(__always)
    fileprivate func hex4(at offset: Int) -> UInt32? {
        var value: UInt32 = 0
        for k in 0..<4 {
            let byte = peek(offset + k)
            let digit: UInt8
            switch byte {
            case 0x30...0x39: digit = byte - 0x30
            case 0x41...0x46: digit = byte - 0x41 + 10
            case 0x61...0x66: digit = byte - 0x61 + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// Validates the UTF-8 sequence whose lead byte is at `offset` (RFC 3629: no overlong
    /// forms, no surrogates, nothing above U+10FFFF) and returns the offset past it.
    public func validateUTF8Sequence(at offset: Int) throws(JSONScanError) -> Int {
        @inline(__always) func isContinuation(_ byte: UInt8) -> Bool { byte & 0xC0 == 0x80 }
        let second = peek(offset + 1)
        let valid: Int?
        switch peek(offset) {
        case 0xC2...0xDF:
            valid = isContinuation(second) ? 2 : nil
        case 0xE0:
            valid = (0xA0...0xBF).contains(second) && isContinuation(peek(offset + 2)) ? 3 : nil
        case 0xE1...0xEC, 0xEE...0xEF:
            valid = isContinuation(second) && isContinuation(peek(offset + 2)) ? 3 : nil
        case 0xED:
            valid = (0x80...0x9F).contains(second) && isContinuation(peek(offset + 2)) ? 3 : nil
        case 0xF0:
            valid =
                (0x90...0xBF).contains(second) && isContinuation(peek(offset + 2))
                    && isContinuation(peek(offset + 3)) ? 4 : nil
        case 0xF1...0xF3:
            valid =
                isContinuation(second) && isContinuation(peek(offset + 2))
                    && isContinuation(peek(offset + 3)) ? 4 : nil
        case 0xF4:
            valid =
                (0x80...0x8F).contains(second) && isContinuation(peek(offset + 2))
                    && isContinuation(peek(offset + 3)) ? 4 : nil
        default:
            valid = nil
        }
        guard let length = valid else {
            throw JSONScanError(offset: offset, message: "invalid UTF-8 in a string")
        }
        return offset + length
    }

    /// The unescaped UTF-8 bytes of a validated string, produced without allocating.
    public func unescapedBytes(_ string: JSONStringRef) -> JSONUnescapedBytes {
        JSONUnescapedBytes(scanner: self, string: string)
    }

    /// Decodes a validated string.
    public func string(_ string: JSONStringRef) -> String {
        let end = min(string.end, bytes.count)
        let start = min(string.start, end)
        if string.isPlain {
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        }
        // Unescaping never lengthens the text: `\uXXXX` (6 bytes) is at most 3 bytes of UTF-8,
        // a surrogate pair (12) is 4, and every other escape is 2 bytes for 1.
        return String(unsafeUninitializedCapacity: end - start) { output in
            var iterator = unescapedBytes(JSONStringRef(start: start, end: end, isPlain: false))
            var count = 0
            while let next = iterator.nextRun(into: output, at: count) { count = next }
            return count
        }
    }

    /// Whether a validated string's unescaped bytes are exactly `utf8`.
    @inlinable @inline(__always)
    public func stringEquals(_ string: JSONStringRef, _ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        if string.isPlain {
            guard string.end - string.start == utf8.count, string.end <= bytes.count else { return false }
            for k in 0..<utf8.count where bytes[string.start + k] != utf8[k] { return false }
            return true
        }
        var iterator = unescapedBytes(string)
        for byte in utf8 where iterator.next() != byte { return false }
        return iterator.next() == nil
    }

    /// Whether two validated strings unescape to the same bytes.
    public func keysEqual(_ a: JSONStringRef, _ b: JSONStringRef) -> Bool {
        if a.isPlain, b.isPlain {
            let length = a.end - a.start
            guard b.end - b.start == length else { return false }
            for k in 0..<length where peek(a.start + k) != peek(b.start + k) { return false }
            return true
        }
        var left = unescapedBytes(a)
        var right = unescapedBytes(b)
        while true {
            let byte = left.next()
            guard byte == right.next() else { return false }
            if byte == nil { return true }
        }
    }
}

/// The unescaped UTF-8 bytes of a validated JSON string, one at a time.
public struct JSONUnescapedBytes: IteratorProtocol {
    private let scanner: JSONScanner
    private var offset: Int
    private let end: Int
    /// Up to three bytes of the scalar being produced, lowest byte next.
    private var pending: UInt32 = 0
    private var pendingCount = 0

    fileprivate init(scanner: JSONScanner, string: JSONStringRef) {
        self.scanner = scanner
        self.offset = string.start
        self.end = string.end
    }

    /// Writes the next run of unescaped bytes — the plain text up to the next escape, or one
    /// escape — into `output` at `index`, and returns the index past them; `nil` at the end.
    fileprivate mutating func nextRun(into output: UnsafeMutableBufferPointer<UInt8>, at index: Int) -> Int? {
        var index = index
        if pendingCount == 0 {
            guard offset < end else { return nil }
            var runEnd = offset
            while runEnd < end, scanner.bytes[runEnd] != ASCII.backslash { runEnd += 1 }
            if runEnd > offset {
                let run = UnsafeBufferPointer(rebasing: scanner.bytes[offset..<runEnd])
                _ = UnsafeMutableBufferPointer(rebasing: output[index..<(index + run.count)]).initialize(from: run)
                offset = runEnd
                return index + run.count
            }
        }
        guard let byte = next() else { return nil }
        output[index] = byte
        index += 1
        while pendingCount > 0, let byte = next() {
            output[index] = byte
            index += 1
        }
        return index
    }

    /// The next byte, or `nil` at the end of the string.
    public mutating func next() -> UInt8? {
        if pendingCount > 0 {
            let byte = UInt8(truncatingIfNeeded: pending)
            pending >>= 8
            pendingCount -= 1
            return byte
        }
        guard offset < end else { return nil }
        let byte = scanner.peek(offset)
        guard byte == ASCII.backslash else {
            offset += 1
            return byte
        }
        let escape = scanner.peek(offset + 1)
        offset += 2
        switch escape {
        case ASCII.b: return 0x08
        case ASCII.f: return 0x0C
        case ASCII.n: return ASCII.newline
        case ASCII.r: return ASCII.carriageReturn
        case ASCII.t: return ASCII.tab
        case ASCII.u:
            var scalar = scanner.hex4(at: offset) ?? 0xFFFD
            offset += 4
            if (0xD800...0xDBFF).contains(scalar), scanner.peek(offset) == ASCII.backslash,
                scanner.peek(offset + 1) == ASCII.u, let low = scanner.hex4(at: offset + 2),
                (0xDC00...0xDFFF).contains(low)
            {
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                offset += 6
            } else if (0xD800...0xDFFF).contains(scalar) {
                scalar = 0xFFFD
            }
            return encode(scalar)
        default:
            return escape
        }
    }

    /// Returns the first UTF-8 byte of `scalar` and keeps the rest pending.
    private mutating func encode(_ scalar: UInt32) -> UInt8 {
        switch scalar {
        case 0..<0x80:
            return UInt8(scalar)
        case 0x80..<0x800:
            pending = 0x80 | scalar & 0x3F
            pendingCount = 1
            return UInt8(truncatingIfNeeded: 0xC0 | scalar >> 6)
        case 0x800..<0x10000:
            pending = (0x80 | scalar >> 6 & 0x3F) | (0x80 | scalar & 0x3F) << 8
            pendingCount = 2
            return UInt8(truncatingIfNeeded: 0xE0 | scalar >> 12)
        default:
            pending =
                (0x80 | scalar >> 12 & 0x3F) | (0x80 | scalar >> 6 & 0x3F) << 8
                | (0x80 | scalar & 0x3F) << 16
            pendingCount = 3
            return UInt8(truncatingIfNeeded: 0xF0 | scalar >> 18)
        }
    }
}
