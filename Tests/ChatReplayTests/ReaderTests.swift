import ChatEvents
import ChatReplay
import Foundation
import TestSupport
import Testing

@Suite("Reading logs")
struct ReaderTests {
    let viewport = #"{"type":"viewportChanged","height":800,"insetTop":100,"insetBottom":50}"#
    let drag = #"{"type":"dragBegan"}"#

    func read(_ text: String, skipInvalid: Bool = false, skipped: (@Sendable (LogReadError) -> Void)? = nil)
        throws(LogReadError) -> ChatLog
    {
        let reader = try ChatLogReader(
            bytes: Array(text.utf8), name: "log.jsonl", skipInvalidLines: skipInvalid, onSkip: skipped ?? { _ in })
        return ChatLog(header: reader.header, events: try reader.readAll())
    }

    @Test(
        "LF, CRLF, a byte-order mark and blank lines read alike",
        arguments: [
            "{V}\n{D}\n",
            "{V}\r\n{D}\r\n",
            "\u{FEFF}{V}\n{D}\n",
            "\u{FEFF}{V}\r\n\r\n   \r\n\t\n{D}",
            "\n\n{V}\n  \n{D}\n\n",
        ])
    func lineEndings(template: String) throws {
        let text = template.replacingOccurrences(of: "{V}", with: viewport).replacingOccurrences(of: "{D}", with: drag)
        let log = try read(text)
        #expect(log.header == nil)
        #expect(log.events.map(\.event) == [.viewportChanged(height: 800, insetTop: 100, insetBottom: 50), .dragBegan])
    }

    @Test func headerOnTheFirstNonBlankLine() throws {
        let log = try read("\n\r\n" + #"{"chatlog":1,"config":{"layout":"top","pinMargin":8}}"# + "\n" + drag + "\n")
        #expect(log.header?.configuration == ChatConfiguration(layout: .top, pinMargin: 8))
        #expect(log.configuration.layout == .top)
        #expect(log.events.count == 1)
    }

    // `{}` is a complete line that is simply wrong: never called cut off, newline or not.
    @Test("short first lines", arguments: ["{D}\n", "\n{D}\n", "{D}", "\u{FEFF}{D}", "\u{FEFF}{D}\r\n"])
    func shortFirstLines(template: String) throws {
        let text = template.replacingOccurrences(of: "{D}", with: "{}")
        let error = #expect(throws: LogReadError.self) { try read(text) }
        #expect(error?.message == #"missing required field "type""#)
    }

    @Test func emptyLogs() throws {
        for text in ["", "\n", "\u{FEFF}", "\u{FEFF}\r\n  \n"] {
            let log = try read(text)
            #expect(log.header == nil)
            #expect(log.events.isEmpty)
            #expect(log.configuration == ChatConfiguration())
        }
    }

    @Test func headerAfterTheFirstLineIsAnError() {
        let error = #expect(throws: LogReadError.self) {
            try read(drag + "\n\n" + #"{"chatlog":1}"# + "\n")
        }
        #expect(error?.kind == .undecodable)
        #expect(error?.line == 3)
        #expect(error?.column == 1)
        #expect(error?.message == "a header is only allowed on the first line")
        #expect(
            error?.description == """
                log.jsonl:3:1: a header is only allowed on the first line
                    {"chatlog":1}
                    ^
                """)
    }

    @Test func errorsNameLineAndColumnWithACaret() {
        let error = #expect(throws: LogReadError.self) {
            try read(viewport + "\r\n" + #"{"type":"itemMeasured","id":"m1","height":"80"}"# + "\r\n")
        }
        #expect(error?.summary == #"log.jsonl:2:43: expected a number for "height", found a string"#)
        #expect(
            error?.description == #"""
                log.jsonl:2:43: expected a number for "height", found a string
                    {"type":"itemMeasured","id":"m1","height":"80"}
                                                              ^
                """#)
    }

    @Test func aCutOffLastLineIsReportedAsSuch() {
        let error = #expect(throws: LogReadError.self) {
            try read(viewport + "\n" + #"{"type":"scrolled","off"#)
        }
        #expect(error?.line == 2)
        #expect(
            error?.message.hasSuffix("(the log ends in the middle of this line; the recording was cut off)") == true)
    }

    @Test(
        "a complete but wrong last line without a newline is not called cut off",
        arguments: [
            #"{"type":"scrolled","offset":"up"}"#,
            #"{"type":"teleport"}"#,
            #"{"type":"scrolled","offset":1}{"#,
            #"{"type":"dragBegan","x":tr}"#,
        ])
    func aCompleteWrongLastLineIsNotCutOff(line: String) {
        let error = #expect(throws: LogReadError.self) { try read(viewport + "\n" + line) }
        #expect(error?.line == 2)
        #expect(error?.message.contains("cut off") == false)
    }

    @Test(
        "a last line whose JSON ends early is cut off",
        arguments: [
            #"{"type":"scrolled","offset":1"#,
            #"{"type":"scrolled","offset":1."#,
            #"{"type":"dragBegan","x":tr"#,
            #"{"type":"dragBegan","x":[{"#,
            #"{"type":"jumpToMessage","id":"m"#,
        ])
    func anIncompleteLastLineIsCutOff(line: String) {
        let error = #expect(throws: LogReadError.self) { try read(viewport + "\n" + line) }
        #expect(error?.line == 2)
        #expect(
            error?.message.hasSuffix("(the log ends in the middle of this line; the recording was cut off)") == true)
    }

    @Test func aBadHeaderIsNeverSkipped() {
        let text = #"{"chatlog":1,"config":{"layout":"sideways"}}"# + "\n" + viewport + "\n"
        let error = #expect(throws: LogReadError.self) { try read(text, skipInvalid: true) }
        #expect(
            error?.summary
                == #"""
                log.jsonl:1:33: unknown layout "sideways"; expected "bottom" or "top" (a bad header is never \#
                skipped: it configures the whole replay)
                """#
        )
    }

    @Test func aBadHeaderWithoutSkippingHasTheUsualMessage() {
        let text = #"{"chatlog":1,"config":{"layout":"sideways"}}"# + "\n" + viewport + "\n"
        let error = #expect(throws: LogReadError.self) { try read(text) }
        #expect(error?.summary == #"log.jsonl:1:33: unknown layout "sideways"; expected "bottom" or "top""#)
    }

    @Test func aBadFirstEventIsStillSkipped() throws {
        let log = try read(#"{"type":"teleport"}"# + "\n" + viewport + "\n", skipInvalid: true)
        #expect(log.header == nil)
        #expect(log.events.map(\.event.type) == [.viewportChanged])
    }

    @Test func aBadLastLineWithItsNewlineIsNotCutOff() {
        let error = #expect(throws: LogReadError.self) {
            try read(viewport + "\n" + #"{"type":"scrolled","off"# + "\n")
        }
        #expect(error?.message.contains("cut off") == false)
    }

    @Test func aCompleteLastLineWithoutNewlineIsFine() throws {
        #expect(try read(viewport + "\n" + drag).events.count == 2)
    }

    @Test func skipInvalidSkipsAndReportsEveryBadLine() throws {
        let skipped = Locked<[String]>([])
        let log = try read(
            lines("garbage", viewport, #"{"type":"teleport"}"#, #"{"chatlog":1}"#, drag) + #"{"type":"scr"#,
            skipInvalid: true, skipped: { error in skipped.withLock { $0.append("\(error.line):\(error.message)") } })
        #expect(log.events.map(\.event.type) == [.viewportChanged, .dragBegan])
        let reported = skipped.value
        #expect(reported.count == 4)
        #expect(reported.map { $0.prefix(2) } == ["1:", "3:", "4:", "6:"])
        #expect(reported[2] == "4:a header is only allowed on the first line")
        #expect(reported[3].hasSuffix("the recording was cut off)"))
    }

    @Test func longLinesAreShortenedAroundTheColumn() {
        let padding = String(repeating: "x", count: 300)
        let line = #"{"type":"streamFinished","id":"\#(padding)","bad":tru}"#
        let error = #expect(throws: LogReadError.self) { try read(line + "\n") }
        guard let error else { return }
        let shown = error.excerpt.split(separator: "\n").map(String.init)
        #expect(shown.count == 2)
        #expect(shown[0].hasPrefix("    …"))
        #expect(shown[0].count <= 4 + 120 + 2)
        // The caret sits under the offending column.
        let caret = shown[1].count - 1
        let scalars = Array(shown[0].unicodeScalars)
        #expect(caret < scalars.count)
        #expect(String(shown[0].dropFirst(caret).prefix(3)) == "tru")
    }

    @Test func missingFilesAndFoldersAreUnreadable() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        for path in [folder.path("missing.jsonl"), folder.path] {
            let error = #expect(throws: LogReadError.self) { try ChatLogReader(contentsOf: path) }
            #expect(error?.kind == .unreadable)
            #expect(error?.description.hasPrefix("\(path): cannot read the log: ") == true)
        }
    }

    @Test func filesAreStreamedAcrossChunkBoundaries() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // About 3 MiB of CRLF lines, so that lines straddle the 1 MiB reads.
        var text = "\u{FEFF}" + #"{"chatlog":1,"config":{}}"# + "\r\n" + viewport + "\r\n"
        let count = 40_000
        for index in 0..<count {
            text +=
                #"""
                {"type":"scrolled","offset":\#(index % 700),"t":\#(index),\#
                "note":"\#(String(repeating: "z", count: index % 97))"}
                """#
                + "\r\n"
        }
        let path = try folder.write("long.jsonl", text)
        let reader = try ChatLogReader(contentsOf: path)
        #expect(reader.header != nil)
        var events = 0
        var lastTime = -1.0
        while let event = try reader.next() {
            events += 1
            if let time = event.time {
                #expect(time == lastTime + 1)
                lastTime = time
            }
        }
        #expect(events == count + 1)
        #expect(reader.lineNumber == count + 2)
    }
}
