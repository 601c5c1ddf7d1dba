/// A validated JSON number: its extent and what the fast conversion path needs.
public struct JSONNumberScan: Sendable, Hashable {
    /// The offset of the number's first byte.
    public var start: Int
    /// The offset just past the number's last byte.
    public var end: Int
    /// Whether the number starts with `-`.
    public var isNegative: Bool
    /// The first significant decimal digits, as an integer.
    public var significand: UInt64
    /// The power of ten that scales ``significand`` to the number's magnitude.
    public var exponent: Int
    /// Whether ``significand`` holds every significant digit.
    public var isExact: Bool
    /// Whether the literal has neither a fraction nor an exponent.
    public var isIntegerLiteral: Bool
}

extension JSONScanner {
    /// Exact powers of ten, 10^0 through 10^22: every one is a Double without rounding.
    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// Validates the number starting at `offset` against the RFC 8259 grammar and checks that
    /// its value fits a Double (`1e999` does not; tiny values round to zero and do fit).
    public func scanNumber(at offset: Int) throws(JSONScanError) -> JSONNumberScan {
        var i = offset
        let isNegative = peek(i) == ASCII.minus
        if isNegative { i += 1 }
        var significand: UInt64 = 0
        var significantDigits = 0
        var isExact = true
        var exponent = 0
        var integerDigits = 0

        @inline(__always) func accumulate(_ digit: UInt64) -> Bool {
            if significantDigits < 19 {
                if significand != 0 || digit != 0 {
                    significand = significand &* 10 &+ digit
                    significantDigits += 1
                }
                return true
            }
            if digit != 0 { isExact = false }
            return false
        }

        switch peek(i) {
        case ASCII.zero:
            i += 1
            integerDigits = 1
            if ASCII.isDigit(peek(i)) {
                throw JSONScanError(offset: offset, message: "invalid number: leading zeros are not allowed")
            }
        case ASCII.zero + 1...ASCII.nine:
            while ASCII.isDigit(peek(i)) {
                if !accumulate(UInt64(peek(i) &- ASCII.zero)) { exponent += 1 }
                integerDigits += 1
                i += 1
            }
        default:
            throw unexpected(at: i, expected: #"a digit after "-""#)
        }
        var isIntegerLiteral = true
        if peek(i) == ASCII.period {
            isIntegerLiteral = false
            i += 1
            guard ASCII.isDigit(peek(i)) else {
                throw unexpected(at: i, expected: "a digit after the decimal point")
            }
            while ASCII.isDigit(peek(i)) {
                if accumulate(UInt64(peek(i) &- ASCII.zero)) { exponent -= 1 }
                i += 1
            }
        }
        var explicitExponent = 0
        if peek(i) == ASCII.lowerE || peek(i) == ASCII.upperE {
            isIntegerLiteral = false
            i += 1
            var exponentIsNegative = false
            if peek(i) == ASCII.minus || peek(i) == ASCII.plus {
                exponentIsNegative = peek(i) == ASCII.minus
                i += 1
            }
            guard ASCII.isDigit(peek(i)) else {
                throw unexpected(at: i, expected: "a digit in the exponent")
            }
            while ASCII.isDigit(peek(i)) {
                if explicitExponent < 1_000_000 {
                    explicitExponent = explicitExponent * 10 + Int(peek(i) &- ASCII.zero)
                }
                i += 1
            }
            if exponentIsNegative { explicitExponent = -explicitExponent }
            exponent += explicitExponent
        }
        let scan = JSONNumberScan(
            start: offset, end: i, isNegative: isNegative, significand: significand,
            exponent: exponent, isExact: isExact, isIntegerLiteral: isIntegerLiteral
        )
        // The magnitude is below 10^(integerDigits + explicitExponent); at most 10^308 always fits.
        if integerDigits + explicitExponent > 308 {
            _ = try value(of: scan)
        }
        return scan
    }

    /// The correctly rounded Double of a scanned number.
    ///
    /// Significands up to 2^53 scaled by at most 10^22 convert with one exact IEEE operation;
    /// anything else is converted by the standard library's correctly rounded parser.
    public func value(of number: JSONNumberScan) throws(JSONScanError) -> Double {
        let magnitude: Double
        if number.significand == 0, number.isExact {
            magnitude = 0
        } else if number.isExact, number.significand <= 1 << 53, number.exponent >= -22, number.exponent <= 22 {
            let significand = Double(number.significand)
            magnitude =
                number.exponent >= 0
                ? significand * Self.powersOfTen[number.exponent]
                : significand / Self.powersOfTen[-number.exponent]
        } else {
            let text = numberText(number)
            guard let parsed = Double(text) else {
                throw JSONScanError(offset: number.start, message: "invalid number \(text)")
            }
            guard parsed.isFinite else {
                // A literal can be megabytes long: name it by its ends.
                let shown =
                    text.utf8.count > 40
                    ? "\(text.prefix(16))…\(text.suffix(8)) (\(text.utf8.count) characters)" : String(text)
                throw JSONScanError(offset: number.start, message: "number \(shown) does not fit a Double")
            }
            return parsed
        }
        return number.isNegative ? -magnitude : magnitude
    }

    /// The literal text of a scanned number.
    public func numberText(_ number: JSONNumberScan) -> String {
        let end = min(number.end, bytes.count)
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[min(number.start, end)..<end]), as: UTF8.self)
    }
}
