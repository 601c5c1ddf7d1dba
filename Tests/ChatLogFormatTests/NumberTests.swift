import ChatEvents
import ChatLogFormat
import Testing

/// Decodes `text` as the offset of a `scrolled` line.
private func decodedOffset(_ text: String) throws -> Double? {
    let line = try ChatLogLine(decoding: #"{"type":"scrolled","offset":"# + text + "}")
    guard case .event(let logged) = line, case .scrolled(let offset) = logged.event else { return nil }
    return offset
}

@Suite("Numbers")
struct NumberTests {
    @Test(
        "numbers decode to exactly the Double the standard library parses",
        arguments: [
            "0.1", "1e-7", "123456789012345678", "-0", "5e-324", "1.7976931348623157e308",
            "0", "-0.0", "1E+2", "2.5e-3", "9007199254740993", "4.9406564584124654e-324",
            "2.2250738585072011e-308", "0.000001", "1e22", "1e23", "123.456e-2", "-17.25",
            "100000000000000000000000000000000000001", "1e-400", "0e999", "0.30000000000000004",
            "9007199254740992", "18446744073709551615", "18446744073709551616",
            "1.00000000000000011102230246251565404236316680908203125",
            "1.00000000000000011102230246251565404236316680908203124", "7.2057594037927933e16",
            "0.0000000000000000000000001",
        ]
    )
    func exactValue(_ text: String) throws {
        let expected = try #require(Double(text))
        let decoded = try #require(try decodedOffset(text))
        #expect(decoded.bitPattern == expected.bitPattern)
    }

    @Test("values that need care decode to hard-coded Doubles")
    func hardCodedValues() throws {
        #expect(try decodedOffset("-0")?.bitPattern == (-0.0 as Double).bitPattern)
        #expect(try decodedOffset("5e-324") == .leastNonzeroMagnitude)
        #expect(try decodedOffset("1.7976931348623157e308") == .greatestFiniteMagnitude)
        #expect(try decodedOffset("123456789012345678") == 123_456_789_012_345_680)
        #expect(try decodedOffset("0.1") == 0.1)
        #expect(try decodedOffset("1e-7") == 0.000_000_1)
        #expect(try decodedOffset("1e-400") == 0)
    }

    @Test(
        "formatted numbers are valid JSON and decode to the same Double",
        arguments: [
            0, 1, -1, 0.5, 0.1, 1e-7, 1.5e20, 100, -3, 1e16, 9_007_199_254_740_991, 9_007_199_254_740_992,
            123_456_789_012_345_678, .leastNonzeroMagnitude, .greatestFiniteMagnitude, -.leastNormalMagnitude,
            1.0 / 3.0, -2.5e-10, 72.25,
        ] as [Double]
    )
    func formattedNumbersRoundTrip(_ value: Double) throws {
        let line = ChatLogLine.event(LoggedEvent(.scrolled(offset: value)))
        #expect(try ChatLogLine(decoding: line.encoded()) == line)
    }
}
