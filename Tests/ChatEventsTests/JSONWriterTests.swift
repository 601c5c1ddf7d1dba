import ChatEvents
import Testing

@Suite("JSON writer")
struct JSONWriterTests {
    @Test(
        "numbers format canonically",
        arguments: [
            (100, "100"), (-3, "-3"), (0, "0"), (-0.0, "0"), (0.5, "0.5"), (1e-7, "1e-07"), (1.5e20, "1.5e+20"),
            (72.25, "72.25"), (9_007_199_254_740_991, "9007199254740991"), (-9_007_199_254_740_991, "-9007199254740991"),
            (9_007_199_254_740_992, "9007199254740992.0"), (1e16, "1e+16"), (123_456_789_012_345_678, "1.2345678901234568e+17"),
            (5e-324, "5e-324"), (1.7976931348623157e308, "1.7976931348623157e+308"), (-2.5e-10, "-2.5e-10"),
            (0.1 + 0.2, "0.30000000000000004"),
        ] as [(Double, String)]
    )
    func formatsNumber(_ value: Double, _ expected: String) {
        #expect(formatNumber(value) == expected)
        var writer = JSONWriter()
        writer.number(value)
        #expect(writer.output == expected)
    }

    @Test(
        "integers are written as their decimal digits, two at a time, with their length known before",
        arguments: [
            (0, "0"), (7, "7"), (-7, "-7"), (9, "9"), (10, "10"), (-10, "-10"), (99, "99"), (100, "100"), (-100, "-100"),
            (101, "101"), (999, "999"), (1000, "1000"), (12_345, "12345"), (-99_999, "-99999"), (1_000_000, "1000000"),
            (Int64.max, "9223372036854775807"), (Int64.min, "-9223372036854775808"), (Int64.min + 1, "-9223372036854775807"),
        ] as [(Int64, String)]
    )
    func formatsInteger(_ value: Int64, _ expected: String) {
        var writer = JSONWriter()
        writer.integer(Int(value))
        #expect(writer.output == expected)
        #expect(JSONWriter.decimalLength(of: value) == expected.utf8.count)
        #expect(JSONWriter.withBytes(ofInteger: value) { String(decoding: $0, as: UTF8.self) } == expected)
    }

    @Test("non-finite numbers format as their description and write as null")
    func nonFinite() {
        #expect(formatNumber(.nan) == "nan")
        #expect(formatNumber(.infinity) == "inf")
        #expect(formatNumber(-.infinity) == "-inf")
        var writer = JSONWriter()
        writer.beginArray()
        writer.number(.nan)
        writer.number(.infinity)
        writer.number(-.infinity)
        writer.endArray()
        #expect(writer.output == "[null,null,null]")
    }

    @Test(
        "strings are escaped",
        arguments: [
            ("plain", #""plain""#),
            ("", #""""#),
            ("a\"b\\c", #""a\"b\\c""#),
            ("\n\r\t", #""\n\r\t""#),
            ("\u{0}\u{1}\u{8}\u{C}\u{1F}\u{7F}", #""\u0000\u0001\u0008\u000C\u001F\#u{7F}""#),
            ("é😀/ \u{2028}", "\"é😀/ \u{2028}\""),
            ("tail\"", #""tail\"""#),
        ] as [(String, String)]
    )
    func escapesString(_ value: String, _ expected: String) throws {
        #expect(JSONWriter.quoted(value) == expected)
        let line = ChatLogLine.event(LoggedEvent(.jumpToMessage(id: value)))
        #expect(try ChatLogLine(decoding: line.encoded()) == line)
    }

    @Test("commas separate members and elements at every depth")
    func structure() {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("a")
        writer.beginArray()
        writer.beginObject()
        writer.endObject()
        writer.beginArray()
        writer.endArray()
        writer.integer(1)
        writer.bool(true)
        writer.null()
        writer.string("s")
        writer.endArray()
        writer.key("b\"")
        writer.beginObject()
        writer.key("c")
        writer.bool(false)
        writer.endObject()
        writer.key("d")
        writer.number(0.25)
        writer.endObject()
        #expect(writer.output == #"{"a":[{},[],1,true,null,"s"],"b\"":{"c":false},"d":0.25}"#)
    }
}
