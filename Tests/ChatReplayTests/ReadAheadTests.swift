import ChatEvents
import ChatLogFormat
import ChatReplay
import Testing

/// `Replay.run` reads the log on a second thread: what it hands to `write` and `onSkip`, and in
/// which order, must be exactly what reading on one thread gives, across batch boundaries.
@Suite("Reading ahead on a second thread")
struct ReadAheadTests {
    static let scroll = #"{"type":"scrolled","offset":0}"#
    static let bad = #"{"type":"scrolled"}"#

    /// A log of `events` events with a bad line before each event number in `badBefore`
    /// (and after the last event when `badBefore` holds `events`).
    static func log(events: Int, badBefore: Set<Int>) -> [UInt8] {
        var lines = [#"{"chatlog":1}"#, #"{"type":"viewportChanged","height":800,"insetTop":0,"insetBottom":0}"#]
        for index in 1..<events {
            if badBefore.contains(index) { lines.append(bad) }
            lines.append(scroll)
        }
        if badBefore.contains(events) { lines.append(bad) }
        return Array((lines.joined(separator: "\n") + "\n").utf8)
    }

    /// What a replay shows, in order: `E` for each step written, `S<line>` for each skipped line.
    final class Trace: @unchecked Sendable {
        var items: [String] = []
    }

    /// The trace of reading the log on the caller's thread alone.
    static func expectedTrace(_ bytes: [UInt8]) throws -> [String] {
        let trace = Trace()
        let reader = try ChatLogReader(bytes: bytes, skipInvalidLines: true) { trace.items.append("S\($0.line)") }
        while try reader.next() != nil { trace.items.append("E") }
        return trace.items
    }

    /// Every way of sharing the decoding between the two threads; `shared` picks per batch.
    static let policies: [ReadAheadEvents.Policy] = [.shared, .readingThread, .callingThread]

    /// The trace of `Replay.run` in the text format, which writes once per step.
    static func replayTrace(_ bytes: [UInt8], policy: ReadAheadEvents.Policy) throws -> [String] {
        let trace = Trace()
        let reader = try ChatLogReader(bytes: bytes, skipInvalidLines: true) { trace.items.append("S\($0.line)") }
        var header = true
        try Replay.run(reader, format: .text, decoding: policy) { _ in
            // The first piece is the timeline's header, not a step.
            if header { header = false } else { trace.items.append("E") }
        }
        return trace.items
    }

    @Test(
        "a header after the first line, a cut-off last line and blank lines, decoded on either thread",
        arguments: policies)
    func oddLines(_ policy: ReadAheadEvents.Policy) throws {
        var text = String(decoding: Self.log(events: 3_000, badBefore: []), as: UTF8.self)
        text += "\n   \n" + #"{"chatlog":1}"# + "\n" + Self.scroll + "\n" + #"{"type":"scrolled","off"#
        let bytes = Array(text.utf8)
        let expected = try Self.expectedTrace(bytes)
        #expect(expected.filter { $0 != "E" } == ["S3004", "S3006"])
        #expect(try Self.replayTrace(bytes, policy: policy) == expected)
        // The messages are those of reading on one thread.
        var messages: [String] = []
        let reader = try ChatLogReader(bytes: bytes, skipInvalidLines: true) { messages.append($0.message) }
        try Replay.run(reader, format: .json, decoding: policy) { _ in }
        #expect(
            messages == [
                "a header is only allowed on the first line",
                "unterminated string (the log ends in the middle of this line; the recording was cut off)",
            ])
    }

    @Test("skipped lines reach the handler between the same events, at every batch boundary", arguments: policies)
    func skipsInOrder(_ policy: ReadAheadEvents.Policy) throws {
        // Batches hold 4,096 lines of this size: bad lines just before, at and after the boundaries.
        let bytes = Self.log(events: 9_000, badBefore: [1, 4_095, 4_096, 4_097, 8_191, 8_192, 8_193, 9_000])
        let expected = try Self.expectedTrace(bytes)
        #expect(expected.filter { $0 != "E" } == ["S3", "S4098", "S4100", "S4102", "S8197", "S8199", "S8201", "S9009"])
        #expect(expected.count == 9_008)
        #expect(try Self.replayTrace(bytes, policy: policy) == expected)
    }

    @Test(
        "an error ends the replay after every event before it, in every format",
        arguments: ReplayFormat.allCases, policies)
    func errorAfterEvents(_ format: ReplayFormat, _ policy: ReadAheadEvents.Policy) throws {
        var text = String(decoding: Self.log(events: 9_000, badBefore: []), as: UTF8.self)
        text += Self.bad + "\n" + Self.scroll + "\n"
        let reader = try ChatLogReader(bytes: Array(text.utf8), name: "log.jsonl")
        var output = ""
        let error = #expect(throws: LogReadError.self) {
            try Replay.run(reader, format: format, decoding: policy) { output += $0 }
        }
        #expect(error?.line == 9_002)
        #expect(error?.message == #"missing required field "offset" in scrolled"#)
        switch format {
        case .text: #expect(output.components(separatedBy: "\n").filter { $0.hasPrefix("#") }.count == 9_000)
        case .jsonl: #expect(output.split(separator: "\n").count == 9_000)
        case .json: #expect(output == "")
        }
    }

    @Test("the reader's own skip handler is back after the replay", arguments: policies)
    func handlerRestored(_ policy: ReadAheadEvents.Policy) throws {
        let trace = Trace()
        let bytes = Self.log(events: 10, badBefore: [5])
        let reader = try ChatLogReader(bytes: bytes, skipInvalidLines: true) { trace.items.append("S\($0.line)") }
        try Replay.run(reader, format: .json, decoding: policy) { _ in }
        #expect(trace.items == ["S7"])
        // Reading on after the end hands nothing more to anyone, and does not hang.
        #expect(try reader.next() == nil)
    }
}
