import ChatEvents
import ChatJSON
import ChatLogFormat
import ChatScrollUtilities
import Testing

@Suite("JSON writer")
struct JSONWriterTests {
    @Test(
        "numbers format canonically",
        arguments: [
            (100, "100"), (-3, "-3"), (0, "0"), (-0.0, "0"), (0.5, "0.5"), (1e-7, "1e-07"), (1.5e20, "1.5e+20"),
            (72.25, "72.25"), (9_007_199_254_740_991, "9007199254740991"),
            (-9_007_199_254_740_991, "-9007199254740991"),
            (9_007_199_254_740_992, "9007199254740992.0"), (1e16, "1e+16"),
            (123_456_789_012_345_678, "1.2345678901234568e+17"),
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
            (0, "0"), (7, "7"), (-7, "-7"), (9, "9"), (10, "10"), (-10, "-10"), (99, "99"), (100, "100"),
            (-100, "-100"),
            (101, "101"), (999, "999"), (1000, "1000"), (12_345, "12345"), (-99_999, "-99999"), (1_000_000, "1000000"),
            (Int64.max, "9223372036854775807"), (Int64.min, "-9223372036854775808"),
            (Int64.min + 1, "-9223372036854775807"),
        ] as [(Int64, String)]
    )
    func formatsInteger(_ value: Int64, _ expected: String) {
        var writer = JSONWriter()
        writer.integer(Int(value))
        #expect(writer.output == expected)
        #expect(JSONWriter.decimalLength(of: value) == expected.utf8.count)
        #expect(JSONWriter.withBytes(ofInteger: value) { String(decoding: $0, as: UTF8.self) } == expected)
    }

    /// Numbers with up to three decimals are written without the general formatter; they must
    /// read exactly as it writes them.
    @Test("numbers with a few decimals are written as the general formatter writes them")
    func fewDecimals() {
        func written(_ value: Double) -> String {
            JSONWriter.withBytes(ofNumber: value) { String(decoding: $0, as: UTF8.self) }
        }
        var mismatches: [String] = []
        func check(_ value: Double) {
            let expected = value.isFinite ? formatNumber(value) : "null"
            if written(value) != expected, mismatches.count < 10 { mismatches.append("\(expected): \(written(value))") }
        }
        // Every whole number of thousandths, hundredths, tenths and ten-thousandths near 0.
        for scale in [10.0, 100, 1000, 10000] {
            for whole in -30_000...30_000 { check(Double(whole) / scale) }
        }
        // Large magnitudes up to the bound and past it, and doubles of every size: bits spread
        // by multiplying the index by an odd constant.
        for index in UInt64(1)...200_000 {
            let bits = index &* 0x9E37_79B9_7F4A_7C15
            let whole = Double(Int64(bitPattern: bits) % 2_000_000_000_000)
            check(whole / [10.0, 100, 1000, 10000][Int(index % 4)])
            check(Double(bitPattern: bits))
            check(Double(Int64(bitPattern: bits) % 1_000_000_000) + 0.1 + 0.2)
        }
        for value in [1e9 - 0.5, 1e9 + 0.5, 999_999_999.875, 0.001, -0.001, 0.0005, 0.3, 0.1 + 0.2, 123.456, -5e-324] {
            check(value)
        }
        #expect(mismatches == [])
        #expect(written(-0.05) == "-0.05")
        #expect(written(123.125) == "123.125")
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

    @Test("indented JSON puts one key or element per line and leaves strings alone")
    func indented() {
        let compact = #"{"a":[{},[],1,{"x":null}],"b\"{,:[":"s\\\",]}","c":{"d":true}}"#
        let expected = """
            {
              "a": [
                {},
                [],
                1,
                {
                  "x": null
                }
              ],
              "b\\"{,:[": "s\\\\\\",]}",
              "c": {
                "d": true
              }
            }
            """
        #expect(JSONWriter.indented(compact) == expected)
        #expect(JSONWriter.indented("[]") == "[]")
        #expect(JSONWriter.indented(#""{""#) == #""{""#)
    }
}
