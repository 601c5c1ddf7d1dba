import ChatEvents
import ChatLogFormat
import Testing

@Suite("Long number literals")
struct LongNumberTests {
    @Test("a number literal too large for a Double is named by its ends in the error, not echoed whole")
    func longLiteralIsAbbreviated() {
        let digits = String(repeating: "9", count: 400)
        let line = #"{"type":"scrolled","offset":"# + digits + "}"
        #expect(
            throws: ChatLogLineError(
                column: 29,
                message: "number 9999999999999999…99999999 (400 characters) does not fit a Double"
            )
        ) {
            try ChatLogLine(decoding: line)
        }
    }

    @Test("a short literal too large for a Double is named whole")
    func shortLiteralIsNamedWhole() {
        #expect(throws: ChatLogLineError(column: 29, message: "number 1e999 does not fit a Double")) {
            try ChatLogLine(decoding: #"{"type":"scrolled","offset":1e999}"#)
        }
    }
}
