import ChatReplay
import Foundation
import TestSupport
import Testing

/// One log of `Tests/Malformed` that `replay run` rejects, with what it must print.
struct RejectedLog: Sendable, CustomTestStringConvertible {
    /// The file in `Tests/Malformed`.
    var file: String
    /// `LINE:COLUMN: message`, the first line of standard error after the file name.
    var error: String
    /// How many events are replayed (printed by `--format jsonl`) before the error.
    var replayed: Int
    /// Whether the bad line is the header, which `--skip-invalid` never skips.
    var isBadHeader: Bool

    init(_ file: String, _ error: String, replayed: Int = 1, isBadHeader: Bool = false) {
        self.file = file
        self.error = error
        self.replayed = replayed
        self.isBadHeader = isBadHeader
    }

    var testDescription: String { file }
}

/// One log of `Tests/Malformed` that `replay run` accepts.
struct AcceptedLog: Sendable, CustomTestStringConvertible {
    enum Expectation: Sendable {
        /// Replays exactly like `reference.jsonl`, in every format.
        case sameAsReference
        /// Replays to nothing: no events, the output of an empty replay.
        case empty
        /// Replays this many events.
        case events(Int)
    }

    var file: String
    var expectation: Expectation

    init(_ file: String, _ expectation: Expectation) {
        self.file = file
        self.expectation = expectation
    }

    var testDescription: String { file }
}

let cutOff = " (the log ends in the middle of this line; the recording was cut off)"

/// Every log of the corpus that is rejected with exit code 65.
let rejectedLogs: [RejectedLog] = [
    // Cut-off recordings: the last line ends mid-object, without a line break.
    RejectedLog(
        "truncated-last-line.jsonl",
        #"3:70: expected "," or "}" in the object, found the end of the line"# + cutOff),
    RejectedLog("truncated-in-a-key.jsonl", "3:20: unterminated string" + cutOff),
    RejectedLog("truncated-after-brace.jsonl", "3:2: expected a quoted key, found the end of the line" + cutOff),
    RejectedLog(
        "truncated-after-carriage-return.jsonl",
        #"2:20: expected "," or "}" in the object, found the end of the line"# + cutOff),
    // Line breaks, blank lines and the byte-order mark do not shift line numbers or columns.
    RejectedLog("blank-lines-then-error.jsonl", #"6:29: expected a number for "offset", found a string"#),
    RejectedLog(
        "byte-order-mark-then-error.jsonl", #"1:29: expected a number for "offset", found a string"#,
        replayed: 0),
    RejectedLog("byte-order-mark-not-at-start.jsonl", "2:1: expected a JSON value, found U+FEFF"),
    RejectedLog("crlf-then-error.jsonl", #"2:29: expected a number for "offset", found a boolean"#),
    // One line that ends with a whole object and more text: wrong, but not cut off.
    RejectedLog(
        "carriage-return-only.jsonl",
        #"1:79: expected the end of the line after the JSON object, found "{""#, replayed: 0),
    // Invalid UTF-8 and escapes.
    RejectedLog("invalid-utf8-in-string.jsonl", "2:32: invalid UTF-8 in a string"),
    RejectedLog("invalid-utf8-overlong.jsonl", "2:31: invalid UTF-8 in a string"),
    RejectedLog("invalid-utf8-surrogate.jsonl", "2:31: invalid UTF-8 in a string"),
    RejectedLog("invalid-utf8-cut-sequence.jsonl", "2:33: invalid UTF-8 in a string"),
    RejectedLog("invalid-utf8-outside-string.jsonl", "2:29: expected a JSON value, found byte 0xFF"),
    RejectedLog("lone-surrogate-escape.jsonl", #"2:31: lone surrogate \uD800 in a string"#),
    RejectedLog("control-character-in-string.jsonl", "2:32: unescaped control character U+0009 in a string"),
    RejectedLog("nul-byte.jsonl", #"2:20: expected "," or "}" in the object, found U+0000"#),
    // Numbers.
    RejectedLog("number-beyond-double.jsonl", "2:29: number 1e999 does not fit a Double"),
    RejectedLog("negative-number-beyond-double.jsonl", "2:29: number -1e999 does not fit a Double"),
    RejectedLog("number-just-beyond-double.jsonl", "2:29: number 1.7976931348623159e308 does not fit a Double"),
    RejectedLog("nan.jsonl", #"2:29: expected a JSON value, found "NaN""#),
    RejectedLog("infinity.jsonl", #"2:29: expected a JSON value, found "Infinity""#),
    RejectedLog("leading-zero.jsonl", "2:29: invalid number: leading zeros are not allowed"),
    // Duplicate keys, also when spelled with an escape, also in a nested object.
    RejectedLog("duplicate-keys.jsonl", #"2:31: duplicate key "offset""#),
    RejectedLog("duplicate-keys-escaped.jsonl", #"2:31: duplicate key "offset""#),
    RejectedLog("duplicate-keys-after-null.jsonl", #"2:34: duplicate key "offset""#),
    RejectedLog("duplicate-keys-nested.jsonl", #"2:82: duplicate key "id""#),
    // Wrong types for known keys (the first one; --skip-invalid reports all).
    RejectedLog("wrong-types.jsonl", #"2:36: expected a number for "height", found a string"#),
    RejectedLog(
        "header-wrong-type.jsonl", #"1:36: expected a number for "pinMargin", found a string"#,
        replayed: 0, isBadHeader: true),
    // v1.1's events, fields and configuration keys (specification §10 and §11), exactly as v1's.
    RejectedLog("wrong-types-windows.jsonl", #"2:76: expected a string for "firstUnreadID", found a number"#),
    RejectedLog(
        "header-v1-1-wrong-type.jsonl", #"1:64: expected a boolean for "readReceipts", found a string"#,
        replayed: 0, isBadHeader: true),
    // v1.2's rows (specification §12), exactly as v1's.
    RejectedLog("wrong-types-rows.jsonl", #"2:34: expected a number for "height", found a string"#),
    RejectedLog(
        "header-v1-2-wrong-type.jsonl", #"1:40: expected a number for "footerReserve", found a string"#,
        replayed: 0, isBadHeader: true),
    // Specification §13: `null` is the wrong type for a configuration key.
    RejectedLog(
        "header-v1-3-null-value.jsonl", #"1:58: expected a number for "footerReserve", found null"#,
        replayed: 0, isBadHeader: true),
    RejectedLog(
        "header-unknown-layout.jsonl", #"1:33: unknown layout "left"; expected "bottom" or "top""#,
        replayed: 0, isBadHeader: true),
    RejectedLog(
        "header-version-string.jsonl", #"1:12: expected an integer for "chatlog", found a string"#,
        replayed: 0, isBadHeader: true),
    // Versions and headers.
    RejectedLog(
        "newer-major-version.jsonl",
        "1:12: unsupported chatlog version 2; this reader understands version 1", replayed: 0,
        isBadHeader: true),
    RejectedLog(
        "header-cut-off.jsonl",
        #"1:37: expected "," or "}" in the object, found the end of the line"#, replayed: 0,
        isBadHeader: true),
    RejectedLog("header-not-first.jsonl", "2:1: a header is only allowed on the first line"),
    // Lines that are not one JSON object.
    RejectedLog("not-an-object.jsonl", "2:1: expected a JSON object, found an array"),
    RejectedLog("two-objects-on-a-line.jsonl", #"2:22: expected the end of the line after the JSON object, found "{""#),
    RejectedLog("trailing-comma.jsonl", #"2:21: expected a quoted key, found "}""#),
    RejectedLog("single-quotes.jsonl", #"2:2: expected a quoted key, found "'""#),
    RejectedLog("unknown-type.jsonl", #"2:9: unknown event type "dragBegun""#),
    RejectedLog("missing-field.jsonl", #"2:1: missing required field "height" in itemMeasured"#),
]

/// Every log of the corpus that replays with exit code 0.
let acceptedLogs: [AcceptedLog] = [
    AcceptedLog("reference.jsonl", .sameAsReference),
    AcceptedLog("blank-lines.jsonl", .sameAsReference),
    AcceptedLog("byte-order-mark.jsonl", .sameAsReference),
    AcceptedLog("crlf.jsonl", .sameAsReference),
    AcceptedLog("crlf-byte-order-mark.jsonl", .sameAsReference),
    AcceptedLog("no-final-newline.jsonl", .events(2)),
    AcceptedLog("numbers-that-fit.jsonl", .events(4)),
    AcceptedLog("v1-1-events-with-unknown-keys.jsonl", .events(8)),
    // An empty log is a log without a header and without events: it replays to nothing.
    AcceptedLog("empty.jsonl", .empty),
    AcceptedLog("byte-order-mark-only.jsonl", .empty),
    AcceptedLog("only-blank-lines.jsonl", .empty),
]

@Suite("The malformed-log corpus")
struct CorpusTests {
    @Test func everyCorpusFileHasATest() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: corpusFolder.path)
            .filter { $0.hasSuffix(".jsonl") }
        let tested = rejectedLogs.map(\.file) + acceptedLogs.map(\.file)
        #expect(Set(files) == Set(tested))
        #expect(Set(tested).count == tested.count, "a file is listed twice")
    }

    /// `replay run FILE --format FORMAT` on a corpus log (`--skip-invalid` too when asked), which
    /// must end on its own: no timeout, no signal.
    static func run(_ file: String, format: ReplayFormat, skippingInvalid: Bool = false) throws -> ReplayBinary.Output {
        let skip = skippingInvalid ? ["--skip-invalid"] : []
        let output = try ReplayBinary.run(["run", file] + skip + ["--format", format.rawValue], in: corpusFolder.path)
        try #require(!output.timedOut && !output.signaled, "\(output)")
        return output
    }

    @Test("a malformed log exits 65 naming FILE:LINE:COLUMN", arguments: rejectedLogs)
    func rejected(log: RejectedLog) throws {
        for format in ReplayFormat.allCases {
            let output = try Self.run(log.file, format: format)
            #expect(output.status == 65, "\(output)")
            let lines = output.stderrLines
            try #require(lines.count == 3, "\(output)")
            #expect(lines[0] == "\(log.file):\(log.error)")
            // The excerpt: the line indented by four spaces, and a caret under the column.
            let column = try #require(Int(log.error.split(separator: ":")[1]))
            #expect(lines[1].hasPrefix("    "))
            #expect(lines[2] == String(repeating: " ", count: 4 + column - 1) + "^")
            if format == .jsonl {
                // What was recorded before the bad line is replayed, one state per event.
                #expect(output.stdout.split(separator: "\n").count == log.replayed)
            }
        }
    }

    @Test("with --skip-invalid a malformed log warns and exits 0", arguments: rejectedLogs.filter { !$0.isBadHeader })
    func skipped(log: RejectedLog) throws {
        let output = try Self.run(log.file, format: .jsonl, skippingInvalid: true)
        #expect(output.status == 0, "\(output)")
        let lines = output.stderrLines
        #expect(lines.first == "warning: \(log.file):\(log.error) (line skipped)")
        #expect(lines.allSatisfy { $0.hasPrefix("warning: \(log.file):") && $0.hasSuffix(" (line skipped)") })
    }

    // Specification §9 and §8: the header configures every step; replaying with the defaults instead
    // would silently change them all.
    @Test("with --skip-invalid a bad header still exits 65", arguments: rejectedLogs.filter(\.isBadHeader))
    func badHeaderNeverSkipped(log: RejectedLog) throws {
        let output = try Self.run(log.file, format: .jsonl, skippingInvalid: true)
        #expect(output.status == 65, "\(output)")
        #expect(output.stdout == "")
        #expect(
            output.stderrLines.first
                == "\(log.file):\(log.error) (a bad header is never skipped: it configures the whole replay)")
    }

    /// `replay run FILE --skip-invalid --format jsonl` on a corpus log, which must succeed.
    static func skippingInvalidLines(of file: String) throws -> ReplayBinary.Output {
        let output = try ReplayBinary.run(["run", file, "--skip-invalid", "--format", "jsonl"], in: corpusFolder.path)
        #expect(output.status == 0, "\(output)")
        return output
    }

    @Test func skipInvalidReportsEveryWrongTypeOfTheRowEvents() throws {
        let output = try Self.skippingInvalidLines(of: "wrong-types-rows.jsonl")
        #expect(
            output.stderr == """
                warning: wrong-types-rows.jsonl:2:34: expected a number for "height", found a string (line skipped)
                warning: wrong-types-rows.jsonl:3:1: missing required field "height" in footerChanged (line skipped)
                warning: wrong-types-rows.jsonl:4:34: expected a number for "height", found null (line skipped)
                warning: wrong-types-rows.jsonl:5:49: unknown direction "System"; expected "outgoing", "incoming" or \
                "system" (line skipped)
                warning: wrong-types-rows.jsonl:6:60: unknown direction "date"; expected "outgoing", "incoming" or \
                "system" (line skipped)
                warning: wrong-types-rows.jsonl:7:34: expected a number for "t", found a string (line skipped)

                """)
        // The first and the last line are the only events.
        let rows = output.stdout.split(separator: "\n")
        #expect(rows.count == 2)
        #expect(rows.last?.hasPrefix(#"{"step":2,"event":"headerChanged","mode":"following","offset":0,"#) == true)
    }

    @Test func skipInvalidReportsEveryWrongTypeOfTheWindowEvents() throws {
        let output = try Self.skippingInvalidLines(of: "wrong-types-windows.jsonl")
        #expect(
            output.stderr == """
                warning: wrong-types-windows.jsonl:2:76: expected a string for "firstUnreadID", found a number (line \
                skipped)
                warning: wrong-types-windows.jsonl:3:52: expected a boolean for "hasMoreNewer", found a string (line \
                skipped)
                warning: wrong-types-windows.jsonl:4:1: missing required field "hasMoreNewer" in windowLoaded (line \
                skipped)
                warning: wrong-types-windows.jsonl:5:36: missing required field "height" in messages[0] (line skipped)
                warning: wrong-types-windows.jsonl:6:34: expected an array for "messages", found null (line skipped)
                warning: wrong-types-windows.jsonl:7:32: expected a number for "t", found an array (line skipped)

                """)
        // The first line and the last (a loadNewerFailed with nothing in flight) are the only events.
        let rows = output.stdout.split(separator: "\n")
        #expect(rows.count == 2)
        #expect(rows.last?.contains(#""warnings":["loadNewerFailed: no loadNewer request was in flight"]"#) == true)
    }

    @Test func skipInvalidReportsEveryWrongType() throws {
        let output = try Self.skippingInvalidLines(of: "wrong-types.jsonl")
        #expect(
            output.stderr == """
                warning: wrong-types.jsonl:2:36: expected a number for "height", found a string (line skipped)
                warning: wrong-types.jsonl:3:29: expected a number for "offset", found null (line skipped)
                warning: wrong-types.jsonl:4:37: expected a boolean for "active", found a number (line skipped)
                warning: wrong-types.jsonl:5:30: expected a string for "id", found a number (line skipped)
                warning: wrong-types.jsonl:6:36: expected an array for "messages", found an object (line skipped)
                warning: wrong-types.jsonl:7:37: expected an object for messages[0], found a number (line skipped)
                warning: wrong-types.jsonl:8:49: unknown direction "sideways"; expected "outgoing", "incoming" or \
                "system" (line skipped)
                warning: wrong-types.jsonl:9:30: expected an object for "restore", found an array (line skipped)
                warning: wrong-types.jsonl:10:25: expected a number for "t", found a string (line skipped)
                warning: wrong-types.jsonl:11:9: expected a string for "type", found a number (line skipped)

                """)
        // The first and the last line are the only events.
        #expect(output.stdout.split(separator: "\n").count == 2)
    }

    @Test("a well-formed log exits 0", arguments: acceptedLogs)
    func accepted(log: AcceptedLog) throws {
        for format in ReplayFormat.allCases {
            let output = try Self.run(log.file, format: format)
            #expect(output.status == 0, "\(output)")
            #expect(output.stderr == "")
            switch log.expectation {
            case .sameAsReference:
                let reference = try ReplayBinary.run(
                    ["run", "reference.jsonl", "--format", format.rawValue],
                    in: corpusFolder.path)
                #expect(output.stdout == reference.stdout)
            case .empty:
                #expect(output.stdout == Replay.render([], format: format))
            case .events(let count):
                let parsed = try ChatLog(contentsOf: corpusFolder.appendingPathComponent(log.file).path)
                #expect(parsed.events.count == count)
                #expect(
                    output.stdout == Replay.render(parsed.events, configuration: parsed.configuration, format: format))
            }
        }
    }

    @Test func theReferenceLogReplaysEveryEvent() throws {
        let log = try ChatLog(contentsOf: corpusFolder.appendingPathComponent("reference.jsonl").path)
        #expect(log.header != nil)
        #expect(log.events.count == 6)
    }

    @Test func anEmptyLogHasNoHeaderAndNoEvents() throws {
        for name in ["empty.jsonl", "byte-order-mark-only.jsonl", "only-blank-lines.jsonl"] {
            let log = try ChatLog(contentsOf: corpusFolder.appendingPathComponent(name).path)
            #expect(log.header == nil, "\(name)")
            #expect(log.events.isEmpty, "\(name)")
        }
    }

    @Test func aDirectoryExits66() throws {
        let output = try ReplayBinary.run(["run", "Malformed"], in: packageRoot.appendingPathComponent("Tests").path)
        #expect(output.status == 66, "\(output)")
        #expect(output.stderr == "Malformed: cannot read the log: is a directory, not a log file\n")
        #expect(output.stdout == "")
    }

    @Test func aMissingFileExits66() throws {
        let output = try ReplayBinary.run(["run", "no-such-log.jsonl"], in: corpusFolder.path)
        #expect(output.status == 66, "\(output)")
        #expect(output.stderr == "no-such-log.jsonl: cannot read the log: no such file or directory\n")
        #expect(output.stdout == "")
    }
}
