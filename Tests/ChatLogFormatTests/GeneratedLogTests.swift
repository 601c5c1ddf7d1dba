import ChatEvents
import ChatLogFormat
import ChatReplay
import Foundation
import TestSupport
import Testing

/// Logs too large to commit, generated into a temporary folder: deep nesting and huge lines.
@Suite("Generated malformed logs")
struct GeneratedLogTests {
    static let viewport = #"{"type":"viewportChanged","height":800,"insetTop":100,"insetBottom":50}"#
    static let megabytes20 = 20 * 1024 * 1024

    /// A nesting shape: the text before the nested values, one level, its closing, the text after.
    struct Nesting: Sendable, CustomTestStringConvertible {
        var name: String
        var prefix: String
        var open: String
        /// The innermost value.
        var middle = ""
        var close: String
        var suffix: String
        /// The column `LINE:COLUMN` names for 100,000 levels: the first container past 256 levels.
        var column: Int

        var testDescription: String { name }

        func line(levels: Int) -> String {
            prefix + String(repeating: open, count: levels) + middle + String(repeating: close, count: levels) + suffix
        }
    }

    static let nestings: [Nesting] = [
        // The event object is level 1, so its unknown key's 256th "[" is level 257.
        Nesting(
            name: "arrays in an unknown key", prefix: #"{"type":"dragBegan","x":"#, open: "[", close: "]",
            suffix: "}", column: 24 + 256),
        Nesting(name: "objects", prefix: "", open: #"{"a":"#, middle: "1", close: "}", suffix: "", column: 5 * 256 + 1),
        Nesting(
            name: "arrays in a known key",
            prefix: #"{"type":"historyLoaded","hasMoreOlder":false,"messages":"#,
            open: "[", close: "]", suffix: "}", column: 56 + 256),
        Nesting(
            name: "objects in the header config", prefix: #"{"chatlog":1,"config":"#, open: #"{"a":"#,
            middle: "1", close: "}", suffix: "}", column: 23 + 5 * 255),
        Nesting(name: "arrays, not an object", prefix: "", open: "[", close: "]", suffix: "", column: 257),
    ]

    @Test("100,000 levels of nesting are an error, not a stack overflow", arguments: nestings)
    func deepNesting(nesting: Nesting) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let line = nesting.line(levels: 100_000)
        try folder.write("deep.jsonl", line + "\n")
        let output = try ReplayBinary.run(["run", "deep.jsonl"], in: folder.path)
        try #require(!output.timedOut && !output.signaled, "\(output)")
        #expect(output.status == 65)
        #expect(output.stderrLines.first == "deep.jsonl:1:\(nesting.column): JSON nested deeper than 256 levels")
        // The excerpt is shortened around the column.
        #expect(output.stderrLines.count == 3)
        #expect(output.stderrLines.allSatisfy { $0.count < 140 })

        // The same, unterminated: the line is too deep long before its end, so the error is
        // the nesting, not a cut-off recording.
        let cut = nesting.prefix + String(repeating: nesting.open, count: 100_000)
        try folder.write("cut.jsonl", cut)
        let cutOutput = try ReplayBinary.run(["run", "cut.jsonl"], in: folder.path)
        try #require(!cutOutput.timedOut && !cutOutput.signaled, "\(cutOutput)")
        #expect(cutOutput.status == 65)
        #expect(cutOutput.stderrLines.first == "cut.jsonl:1:\(nesting.column): JSON nested deeper than 256 levels")
    }

    @Test func nestingUpTo256LevelsIsAccepted() throws {
        let accepted =
            #"{"type":"dragBegan","x":"# + String(repeating: "[", count: 255) + String(repeating: "]", count: 255) + "}"
        #expect(throws: Never.self) { try ChatLogLine(decoding: accepted) }
        let rejected =
            #"{"type":"dragBegan","x":"# + String(repeating: "[", count: 256) + String(repeating: "]", count: 256) + "}"
        #expect(throws: ChatLogLineError(column: 24 + 256, message: "JSON nested deeper than 256 levels")) {
            try ChatLogLine(decoding: rejected)
        }
    }

    /// Nested values are skipped without recursion: on a thread with a 512 KiB stack (a
    /// secondary thread on Apple platforms), in debug and release builds, the deepest accepted
    /// nesting decodes, 100,000 levels are rejected, and a whole log holding both reads.
    @Test func deepNestingFitsASmallThreadStack() throws {
        let results = Locked<[String]>([])
        onThread(stackSize: 512 << 10) {
            for nesting in Self.nestings {
                for levels in [255, 100_000] {
                    let line = nesting.line(levels: levels)
                    let outcome: String
                    do throws(ChatLogLineError) {
                        _ = try ChatLogLine(decoding: line)
                        outcome = "decoded"
                    } catch {
                        outcome = "\(error.column): \(error.message)"
                    }
                    results.withLock { $0.append("\(nesting.name) \(levels): \(outcome)") }
                }
            }
            let deepest =
                #"{"type":"dragBegan","x":"# + String(repeating: "[", count: 255)
                + String(repeating: "]", count: 255) + "}"
            let log = Self.viewport + "\n" + deepest + "\n" + Self.nestings[0].line(levels: 100_000) + "\n"
            let outcome: String
            do throws(LogReadError) {
                let read = try ChatLog(decoding: Array(log.utf8), name: "deep.jsonl", skipInvalidLines: true)
                outcome = "log: \(read.events.map(\.event.type.rawValue))"
            } catch {
                outcome = "log: \(error.summary)"
            }
            results.withLock { $0.append(outcome) }
        }
        let deeper = "JSON nested deeper than 256 levels"
        #expect(
            results.value == [
                "arrays in an unknown key 255: decoded",
                "arrays in an unknown key 100000: 280: \(deeper)",
                #"objects 255: 1: missing required field "type""#,
                "objects 100000: 1281: \(deeper)",
                "arrays in a known key 255: 58: expected an object for messages[0], found an array",
                "arrays in a known key 100000: 312: \(deeper)",
                "objects in the header config 255: decoded",
                "objects in the header config 100000: 1298: \(deeper)",
                "arrays, not an object 255: 1: expected a JSON object, found an array",
                "arrays, not an object 100000: 257: \(deeper)",
                #"log: ["viewportChanged", "dragBegan"]"#,
            ])
    }

    @Test func aTwentyMegabyteLineReplays() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let padding = String(repeating: "x", count: Self.megabytes20)
        let log =
            Self.viewport + "\n" + #"{"type":"dragBegan","pad":""# + padding + "\"}\n"
            + #"{"type":"dragEnded","offset":0}"# + "\n"
        try folder.write("huge.jsonl", log)
        try folder.write(
            "small.jsonl",
            Self.viewport + "\n" + #"{"type":"dragBegan"}"# + "\n" + #"{"type":"dragEnded","offset":0}"# + "\n")
        let output = try ReplayBinary.run(["run", "huge.jsonl", "--format", "jsonl"], in: folder.path, timeout: 300)
        try #require(!output.timedOut && !output.signaled, "\(output)")
        #expect(output.status == 0)
        #expect(output.stderr == "")
        let small = try ReplayBinary.run(["run", "small.jsonl", "--format", "jsonl"], in: folder.path)
        #expect(output.stdout == small.stdout)
    }

    @Test func anErrorAtTheEndOfATwentyMegabyteLine() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let prefix = #"{"type":"scrolled","pad":""# + String(repeating: "x", count: Self.megabytes20) + #"","offset":"#
        try folder.write("huge.jsonl", Self.viewport + "\n" + prefix + "\"up\"}\n")
        let output = try ReplayBinary.run(["run", "huge.jsonl"], in: folder.path, timeout: 300)
        try #require(!output.timedOut && !output.signaled, "\(output)")
        #expect(output.status == 65)
        let lines = output.stderrLines
        try #require(lines.count == 3)
        #expect(lines[0] == "huge.jsonl:2:\(prefix.count + 1): expected a number for \"offset\", found a string")
        // The excerpt shows about 120 characters around the column, not 20 MB.
        #expect(lines[1].count < 140)
        #expect(lines[1].hasSuffix(#"xxx","offset":"up"}"#))
        #expect(lines[2].hasSuffix("^"))
        let caret = lines[2].count - 1
        let marked = lines[1][lines[1].index(lines[1].startIndex, offsetBy: caret)...]
        #expect(marked == #""up"}"#)
    }

    @Test func aTwentyMegabyteLineCutOff() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let line = #"{"type":"jumpToMessage","id":""# + String(repeating: "y", count: Self.megabytes20)
        try folder.write("cut.jsonl", Self.viewport + "\n" + line)
        let output = try ReplayBinary.run(["run", "cut.jsonl", "--format", "jsonl"], in: folder.path, timeout: 300)
        try #require(!output.timedOut && !output.signaled, "\(output)")
        #expect(output.status == 65)
        #expect(output.stderrLines.first == "cut.jsonl:2:30: unterminated string" + cutOff)
        #expect(output.stderr.utf8.count < 1_000)
        #expect(output.stdout.split(separator: "\n").count == 1)
    }

    /// The reader fills its buffer 1 MiB at a time; line breaks, CRLF pairs and lines that
    /// straddle a chunk boundary read exactly as the same bytes in memory.
    @Test("lines across the reader's 1 MiB chunks", arguments: [0, 1, 2, 3, 37])
    func chunkBoundaries(shift: Int) throws {
        let chunk = 1 << 20
        var bytes: [UInt8] = [0xEF, 0xBB, 0xBF]
        var index = 0
        // Lines of varying length until 3 MiB, with CRLF, blank lines and padding to move the
        // boundaries through every part of a line.
        while bytes.count < 3 * chunk {
            let pad = String(repeating: "p", count: (index * 7919 + shift) % 3000)
            let line = index == 0 ? Self.viewport : #"{"type":"scrolled","offset":\#(index % 500),"pad":"\#(pad)"}"#
            bytes += Array(line.utf8)
            bytes += index % 3 == 0 ? [0x0D, 0x0A] : [0x0A]
            if index % 11 == 0 { bytes += [0x20, 0x0D, 0x0A] }
            index += 1
        }
        // End a line with a CRLF whose CR is the last byte of a chunk and whose LF is the first
        // of the next.
        let crlfLine = Array(#"{"type":"dragBegan","pad":""#.utf8)
        let fill = chunk - 1 - bytes.count % chunk - crlfLine.count - 2
        if fill > 0 {
            bytes += crlfLine + Array(repeating: UInt8(ascii: "q"), count: fill) + Array("\"}".utf8) + [0x0D, 0x0A]
        }
        bytes += Array(#"{"type":"scrolled","offset":"bad"}"#.utf8) + [0x0A]

        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = try folder.write("chunks.jsonl", bytes)
        let fromFile = try readAll { onSkip throws(LogReadError) in
            try ChatLogReader(contentsOf: path, skipInvalidLines: true, onSkip: onSkip)
        }
        let fromMemory = try readAll { onSkip throws(LogReadError) in
            try ChatLogReader(bytes: bytes, name: path, skipInvalidLines: true, onSkip: onSkip)
        }
        #expect(fromFile.events.count == fromMemory.events.count)
        #expect(fromFile.events == fromMemory.events)
        #expect(fromFile.skipped == fromMemory.skipped)
        #expect(fromFile.skipped.count == 1)
        #expect(fromFile.events.count > 1_000)
        #expect(fromFile.skipped.first?.hasSuffix(#":29: expected a number for "offset", found a string"#) == true)
    }

    /// The events of a reader made by `open`, and the summaries of the lines it skipped.
    private func readAll(
        _ open: (@escaping (LogReadError) -> Void) throws(LogReadError) -> ChatLogReader
    ) throws -> (events: [LoggedEvent], skipped: [String]) {
        let skipped = Locked<[String]>([])
        let reader = try open { error in skipped.withLock { $0.append(error.summary) } }
        let events = try reader.readAll()
        return (events, skipped.withLock { $0 })
    }
}
