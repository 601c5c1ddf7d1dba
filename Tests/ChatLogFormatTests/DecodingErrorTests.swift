import ChatEvents
import ChatLogFormat
import Testing

/// A line that must not decode, with the exact error it must report.
struct ErrorCase: Sendable, CustomTestStringConvertible {
    let bytes: [UInt8]
    let error: ChatLogLineError
    var testDescription: String { String(decoding: bytes, as: UTF8.self) }

    /// `incomplete`: the line ends before its JSON does; `header`: the line is a header.
    init(_ line: String, column: Int, _ message: String, incomplete: Bool = false, header: Bool = false) {
        self.init(bytes: Array(line.utf8), column: column, message, incomplete: incomplete, header: header)
    }

    init(bytes: [UInt8], column: Int, _ message: String, incomplete: Bool = false, header: Bool = false) {
        self.bytes = bytes
        error = ChatLogLineError(column: column, message: message, isIncomplete: incomplete, isHeader: header)
    }
}

let syntaxErrorCases: [ErrorCase] = [
    ErrorCase("not json", column: 1, #"expected a JSON value, found "not""#),
    ErrorCase("", column: 1, "expected a JSON object, found the end of the line", incomplete: true),
    ErrorCase("   ", column: 4, "expected a JSON object, found the end of the line", incomplete: true),
    ErrorCase(#"{"type" "scrolled"}"#, column: 9, #"expected ":" after the key, found "\"""#),
    ErrorCase(#"{"type":"dragBegan",}"#, column: 21, #"expected a quoted key, found "}""#),
    ErrorCase(#"{"type":"dragBegan" "t":1}"#, column: 21, #"expected "," or "}" in the object, found "\"""#),
    ErrorCase(#"{type:"dragBegan"}"#, column: 2, #"expected a quoted key, found "type""#),
    ErrorCase(#"{"type":"dragBegan","t":[1,2}"#, column: 29, #"expected "," or "]" in the array, found "}""#),
    ErrorCase(
        #"{"type":"dragBegan""#, column: 20, #"expected "," or "}" in the object, found the end of the line"#,
        incomplete: true),
    // Lines that end early (a recording cut off), and complete lines that are simply wrong.
    ErrorCase(#"{"type":"dragBegan","x":tr"#, column: 25, #"expected a JSON value, found "tr""#, incomplete: true),
    ErrorCase(#"{"type":"dragBegan","x":tr}"#, column: 25, #"expected a JSON value, found "tr""#),
    ErrorCase(
        #"{"type":"scrolled","offset":1."#, column: 31,
        "expected a digit after the decimal point, found the end of the line", incomplete: true),
    ErrorCase(
        #"{"type":"dragBegan","x":[1,"#, column: 28, "expected a JSON value, found the end of the line",
        incomplete: true),
    ErrorCase(#"{"type":"dragBegan"}{"#, column: 21, #"expected the end of the line after the JSON object, found "{""#),
    ErrorCase(
        #"{"chatlog":1,"config":{"pinMargin":8"#, column: 37,
        #"expected "," or "}" in the object, found the end of the line"#, incomplete: true, header: true),
    ErrorCase(
        #"{"chatlog" :1,"config":{"pinMargin":8}"#, column: 39,
        #"expected "," or "}" in the object, found the end of the line"#, incomplete: true, header: true),
    ErrorCase(#"{"type":"tokensAppended","text":"chatlog","x":}"#, column: 47, #"expected a JSON value, found "}""#),
    ErrorCase(#"{"type":"jumpToMessage","id":"héllo😀","x":tru}"#, column: 43, #"expected a JSON value, found "tru""#),
    ErrorCase(#"{"type":"jumpToMessage","id":"unterminated}"#, column: 30, "unterminated string", incomplete: true),
    ErrorCase(#"{"type":"jumpToMessage","id":"a\qb"}"#, column: 32, #"invalid escape \q in a string"#),
    ErrorCase(#"{"type":"jumpToMessage","id":"a\u12G4"}"#, column: 32, #"invalid \u escape in a string"#),
    ErrorCase(
        "{\"type\":\"jumpToMessage\",\"id\":\"a\tb\"}", column: 32, "unescaped control character U+0009 in a string"),
    ErrorCase(#"{"type":"scrolled","offset":012}"#, column: 29, "invalid number: leading zeros are not allowed"),
    ErrorCase(#"{"type":"scrolled","offset":-}"#, column: 30, #"expected a digit after "-", found "}""#),
    ErrorCase(#"{"type":"scrolled","offset":1.}"#, column: 31, #"expected a digit after the decimal point, found "}""#),
    ErrorCase(#"{"type":"scrolled","offset":1e+}"#, column: 32, #"expected a digit in the exponent, found "}""#),
    ErrorCase(#"{"type":"scrolled","offset":.5}"#, column: 29, #"expected a JSON value, found ".""#),
    ErrorCase(#"{"type":"scrolled","offset":+5}"#, column: 29, #"expected a JSON value, found "+""#),
    ErrorCase(#"{"type":"scrolled","offset":NaN}"#, column: 29, #"expected a JSON value, found "NaN""#),
    ErrorCase(#"{"type":"scrolled","offset":Infinity}"#, column: 29, #"expected a JSON value, found "Infinity""#),
    // Numbers that do not fit a Double.
    ErrorCase(#"{"type":"scrolled","offset":1e999}"#, column: 29, "number 1e999 does not fit a Double"),
    ErrorCase(#"{"type":"scrolled","offset":-1e999,"t":0}"#, column: 29, "number -1e999 does not fit a Double"),
    ErrorCase(#"{"type":"dragBegan","unknown":[2e308]}"#, column: 32, "number 2e308 does not fit a Double"),
    // Lone surrogates.
    ErrorCase(#"{"type":"jumpToMessage","id":"ab\ud800"}"#, column: 33, #"lone surrogate \uD800 in a string"#),
    ErrorCase(#"{"type":"jumpToMessage","id":"\udc00x"}"#, column: 31, #"lone surrogate \uDC00 in a string"#),
    ErrorCase(#"{"type":"jumpToMessage","id":"\ud83d\u0041"}"#, column: 31, #"lone surrogate \uD83D in a string"#),
    // Invalid UTF-8: a stray byte, an overlong form, a truncated sequence, an encoded surrogate.
    ErrorCase(
        bytes: Array(#"{"type":"jumpToMessage","id":"a"#.utf8) + [0xFF] + Array(#"b"}"#.utf8),
        column: 32, "invalid UTF-8 in a string"
    ),
    ErrorCase(
        bytes: Array(#"{"type":"jumpToMessage","id":"é"#.utf8) + [0xC0, 0xAF] + Array(#""}"#.utf8),
        column: 32, "invalid UTF-8 in a string"
    ),
    ErrorCase(
        bytes: Array(#"{"type":"jumpToMessage","id":""#.utf8) + [0xE2, 0x82] + Array(#""}"#.utf8),
        column: 31, "invalid UTF-8 in a string"
    ),
    ErrorCase(
        bytes: Array(#"{"type":"jumpToMessage","id":""#.utf8) + [0xED, 0xA0, 0x80] + Array(#""}"#.utf8),
        column: 31, "invalid UTF-8 in a string"
    ),
    ErrorCase(
        bytes: Array(#"{"type":"dragBegan"}"#.utf8) + [0xFF],
        column: 21, "expected the end of the line after the JSON object, found byte 0xFF"
    ),
    // Duplicate keys, also spelled with escapes, in nested objects and in large objects.
    ErrorCase(
        #"{"type":"viewportChanged","height":1,"insetTop":0,"insetBottom":0,"height":2}"#,
        column: 67, #"duplicate key "height""#
    ),
    ErrorCase(#"{"type":"dragBegan","x":{"a":1,"a":2}}"#, column: 32, #"duplicate key "a""#),
    ErrorCase(#"{"type":"dragBegan","h\u0065ight":1,"height":2}"#, column: 37, #"duplicate key "height""#),
    ErrorCase(
        #"{"type":"dragBegan","# + (0..<40).map { #""k\#($0)":\#($0)"# }.joined(separator: ",") + #","k7":0}"#,
        column: 361, #"duplicate key "k7""#
    ),
    // Text after the object.
    ErrorCase(
        #"{"type":"dragBegan"} x"#, column: 22, #"expected the end of the line after the JSON object, found "x""#),
    ErrorCase(#"{"type":"dragBegan"}}"#, column: 21, #"expected the end of the line after the JSON object, found "}""#),
    ErrorCase(
        "{\"type\":\"dragBegan\",\"x\":\"\u{E9}\"}\u{A0}",
        column: 29, "expected the end of the line after the JSON object, found U+00A0"
    ),
    // Nesting: an error, not a crash, however deep.
    ErrorCase(
        #"{"a":"# + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "}",
        column: 261, "JSON nested deeper than 256 levels"
    ),
    ErrorCase(String(repeating: "[", count: 100_000), column: 257, "JSON nested deeper than 256 levels"),
    ErrorCase(String(repeating: #"{"a":"#, count: 100_000), column: 1281, "JSON nested deeper than 256 levels"),
]

let contentErrorCases: [ErrorCase] = [
    // Not an object.
    ErrorCase("[1,2]", column: 1, "expected a JSON object, found an array"),
    ErrorCase(#""hello""#, column: 1, "expected a JSON object, found a string"),
    ErrorCase("  42 ", column: 3, "expected a JSON object, found a number"),
    ErrorCase("null", column: 1, "expected a JSON object, found null"),
    ErrorCase("true", column: 1, "expected a JSON object, found a boolean"),
    // Event type.
    ErrorCase(#"{"type":"teleport"}"#, column: 9, #"unknown event type "teleport""#),
    ErrorCase(#"{"type":7}"#, column: 9, #"expected a string for "type", found a number"#),
    ErrorCase("  {\"insetTop\":0}", column: 3, #"missing required field "type""#),
    // Missing fields.
    ErrorCase(
        #"{"type":"viewportChanged","insetTop":0,"insetBottom":0}"#,
        column: 1, #"missing required field "height" in viewportChanged"#
    ),
    ErrorCase(
        #"""
        {"type":"historyLoaded","messages":[{"id":"a","direction":"incoming","height":1},{"id":"b",\#
        "direction":"incoming"}],"hasMoreOlder":false}
        """#,
        column: 82, #"missing required field "height" in messages[1]"#
    ),
    ErrorCase(
        #"{"type":"appeared","restore":{"anchorID":"m1","wasAtBottom":true}}"#,
        column: 30, #"missing required field "delta" in restore"#
    ),
    ErrorCase(
        #"{"type":"messageAppended","id":"m1","height":1}"#, column: 1,
        #"missing required field "direction" in messageAppended"#),
    // Wrong JSON types.
    ErrorCase(#"{"type":"scrolled","offset":"12"}"#, column: 29, #"expected a number for "offset", found a string"#),
    ErrorCase(#"{"type":"scrolled","offset":null}"#, column: 29, #"expected a number for "offset", found null"#),
    ErrorCase(
        #"{"type":"selectionChanged","active":"yes"}"#, column: 37,
        #"expected a boolean for "active", found a string"#),
    ErrorCase(#"{"type":"jumpToMessage","id":42}"#, column: 30, #"expected a string for "id", found a number"#),
    ErrorCase(
        #"{"type":"olderLoaded","messages":[1],"hasMoreOlder":false}"#, column: 35,
        "expected an object for messages[0], found a number"),
    ErrorCase(
        #"{"type":"olderLoaded","messages":{},"hasMoreOlder":false}"#, column: 34,
        #"expected an array for "messages", found an object"#),
    ErrorCase(
        #"{"type":"appeared","restore":true}"#, column: 30, #"expected an object for "restore", found a boolean"#),
    ErrorCase(#"{"type":"dragBegan","t":"now"}"#, column: 25, #"expected a number for "t", found a string"#),
    // Direction.
    ErrorCase(
        #"{"type":"messageAppended","id":"m1","direction":"sideways","height":1}"#,
        column: 49, #"unknown direction "sideways"; expected "outgoing", "incoming" or "system""#
    ),
    // Header.
    ErrorCase(
        #"{"chatlog":2}"#, column: 12, "unsupported chatlog version 2; this reader understands version 1",
        header: true),
    ErrorCase(#"{"chatlog":"1"}"#, column: 12, #"expected an integer for "chatlog", found a string"#, header: true),
    ErrorCase(#"{"chatlog":1.5}"#, column: 12, #"expected an integer for "chatlog", found 1.5"#, header: true),
    ErrorCase(
        #"{"chatlog":1,"config":{"layout":"middle"}}"#,
        column: 33, #"unknown layout "middle"; expected "bottom" or "top""#, header: true
    ),
    ErrorCase(
        #"{"chatlog":1,"config":{"pinMargin":"8"}}"#, column: 36, #"expected a number for "pinMargin", found a string"#,
        header: true),
    ErrorCase(
        #"{"chatlog":1,"config":{"reduceMotion":1}}"#, column: 39,
        #"expected a boolean for "reduceMotion", found a number"#, header: true),
    ErrorCase(
        #"{"chatlog":1,"config":{"layout":0}}"#, column: 33, #"expected a string for "layout", found a number"#,
        header: true),
    // Specification §13: `null` is the wrong type for every configuration key.
    ErrorCase(
        #"{"chatlog":1,"config":{"footerReserve":null}}"#, column: 40,
        #"expected a number for "footerReserve", found null"#, header: true),
    ErrorCase(
        #"{"chatlog":1,"config":{"layout":null}}"#, column: 33, #"expected a string for "layout", found null"#,
        header: true),
    ErrorCase(
        #"{"chatlog":1,"config":{"readReceipts":null}}"#, column: 39,
        #"expected a boolean for "readReceipts", found null"#, header: true),
    ErrorCase(
        #"{"chatlog":1,"config":[]}"#, column: 23, #"expected an object for "config", found an array"#, header: true),
    ErrorCase(
        #"{"chatlog":1,"meta":{"app":"x","build":42}}"#, column: 40,
        #"expected a string for "build" in "meta", found a number"#, header: true),
]

@Suite("Decoding errors")
struct DecodingErrorTests {
    @Test("malformed JSON reports the exact message and column", arguments: syntaxErrorCases)
    func syntaxError(_ testCase: ErrorCase) {
        #expect(throws: testCase.error) {
            try ChatLogLine(decoding: testCase.bytes)
        }
    }

    @Test(
        "well-formed JSON that is not a valid line reports the exact message and column", arguments: contentErrorCases)
    func contentError(_ testCase: ErrorCase) {
        #expect(throws: testCase.error) {
            try ChatLogLine(decoding: testCase.bytes)
        }
    }

    @Test("nesting up to the limit decodes")
    func nestingAtTheLimit() throws {
        let line =
            #"{"type":"dragBegan","x":"# + String(repeating: "[", count: 255)
            + String(repeating: "]", count: 255) + "}"
        #expect(try ChatLogLine(decoding: line) == .event(LoggedEvent(.dragBegan)))
    }

    @Test("a required field's error comes before an optional one's, in field order")
    func firstMissingFieldIsReported() {
        #expect(throws: ChatLogLineError(column: 1, message: #"missing required field "insetTop" in viewportChanged"#))
        {
            try ChatLogLine(decoding: #"{"type":"viewportChanged","height":1,"t":"x"}"#)
        }
    }
}
