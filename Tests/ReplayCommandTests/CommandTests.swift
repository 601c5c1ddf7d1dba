import ChatReplay
import Foundation
import TestSupport
import Testing

/// End-to-end tests of the built `replay` executable.
@Suite("The replay command")
struct CommandTests {
    @Test func helpListsEverySubcommandAndTheExitCodes() throws {
        let output = try ReplayBinary.run(["--help"])
        #expect(output.status == 0)
        for text in [
            "USAGE: replay <subcommand>",
            "Exit codes: 0 success; 1 a golden mismatch or missing golden; 64 bad usage;",
        ] {
            #expect(output.stdout.contains(text), "missing \(text)")
        }
        // Each subcommand once, with its one line, under its group (a wrapped line is indented
        // further; `-h` is the option's, and "See ..." the closing hint).
        let listed = output.stdout.split(separator: "\n").compactMap { line -> String? in
            if line.hasSuffix("SUBCOMMANDS:") { return String(line) }
            guard line.hasPrefix("  "), !line.hasPrefix("   "), !line.hasPrefix("  -"), !line.hasPrefix("  See ")
            else { return nil }
            return line.split(separator: " ").first.map(String.init)
        }
        #expect(
            listed == [
                "REPLAY SUBCOMMANDS:", "run", "check", "accept", "LOG SUBCOMMANDS:", "redact", "shrink", "generate",
                "PICTURE AND SIMULATION SUBCOMMANDS:", "render", "simulate",
            ])
    }

    @Test(
        "every subcommand documents its arguments",
        arguments: [
            (
                "run",
                [
                    "USAGE: replay run <log> [--format <format>] [--skip-invalid]", "values: text, json, jsonl",
                    "--skip-invalid",
                ]
            ),
            ("check", ["USAGE: replay check [<path> ...] [--update]", "CHAT_GOLDEN_RECORD", "--update"]),
            ("accept", ["USAGE: replay accept [<path> ...]", "NAME.golden.new"]),
            ("redact", ["USAGE: replay redact <log> [--output <output>] [--keep-ids] [--keep-text]"]),
            ("shrink", ["USAGE: replay shrink <log> [--until-diverges <golden>] [--until-warning <text>]"]),
            ("generate", ["USAGE: replay generate --events <events> [--seed <seed>] [--messages <messages>]"]),
            ("render", ["USAGE: replay render <log> [--svg <file>] [--html <file>] [--player <file>]"]),
            ("simulate", ["USAGE: replay simulate [--sessions <sessions>] [--seed <seed>] [--format <format>]"]),
        ])
    func subcommandHelp(command: String, expected: [String]) throws {
        let output = try ReplayBinary.run([command, "--help"])
        #expect(output.status == 0)
        for text in expected { #expect(output.stdout.contains(text), "missing \(text)") }
    }

    @Test func runPrintsTheTimeline() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let log = try folder.write("chat.jsonl", smallLog)
        let output = try ReplayBinary.run(["run", log])
        #expect(output.status == 0)
        #expect(output.stderr == "")
        #expect(output.stdout == TimelineRenderer.timeline(of: try ChatLog(contentsOf: log)))
        #expect(!output.stdout.contains(folder.path))
    }

    @Test("run in every format", arguments: ReplayFormat.allCases)
    func runFormats(format: ReplayFormat) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let log = try folder.write("chat.jsonl", smallLog)
        let output = try ReplayBinary.run(["run", log, "--format", format.rawValue])
        #expect(output.status == 0)
        let parsed = try ChatLog(contentsOf: log)
        #expect(output.stdout == Replay.render(parsed.events, configuration: parsed.configuration, format: format))
        if format == .jsonl {
            let rows = output.stdout.split(separator: "\n")
            #expect(rows.count == 5)
            #expect(rows.allSatisfy { $0.hasPrefix("{\"step\":") && $0.hasSuffix("}") })
        }
    }

    @Test func thePlayerKeepsARangeOfStepsAndRefusesAnEmptyOrMalformedOne() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("log.jsonl", smallLog)
        let kept = try ReplayBinary.run(
            ["render", "log.jsonl", "--player", "p.html", "--steps", "2..4"], in: folder.path)
        #expect(kept.status == 0)
        #expect(FileManager.default.fileExists(atPath: folder.path + "/p.html"))
        for (range, message) in [
            ("9..12", "Error: --steps 9..12: the log has no step in that range"),
            ("1...5", "Error: --steps takes FROM..TO, two whole numbers, FROM at most TO: not 1...5"),
            ("4..2", "Error: --steps takes FROM..TO, two whole numbers, FROM at most TO: not 4..2"),
        ] {
            let output = try ReplayBinary.run(
                ["render", "log.jsonl", "--player", "q.html", "--steps", range], in: folder.path)
            #expect(output.status == 64)
            #expect(output.stderr.split(separator: "\n").first.map(String.init) == message)
        }
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/q.html"))
    }

    @Test func anUndecodableLineExits65WithLocationAndCaret() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("bad.jsonl", smallLog + #"{"type":"scrolled","offset":"up"}"# + "\n")
        let output = try ReplayBinary.run(["run", "bad.jsonl"], in: folder.path)
        #expect(output.status == 65)
        #expect(
            output.stderr == #"""
                bad.jsonl:7:29: expected a number for "offset", found a string
                    {"type":"scrolled","offset":"up"}
                                                ^

                """#)
        // What was replayed before the bad line is printed.
        #expect(output.stdout.contains("#5 dragEnded offset=100"))
    }

    @Test func aCutOffRecordingIsNamed() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("cut.jsonl", smallLog + #"{"type":"scrolled","off"#)
        let output = try ReplayBinary.run(["run", "cut.jsonl", "--format", "jsonl"], in: folder.path)
        #expect(output.status == 65)
        #expect(output.stderr.hasPrefix("cut.jsonl:7:"))
        #expect(output.stderr.contains("(the log ends in the middle of this line; the recording was cut off)\n"))
    }

    @Test func skipInvalidWarnsAndGoesOn() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("bad.jsonl", smallLog + "nonsense\n" + #"{"type":"inputFocused"}"# + "\n")
        let output = try ReplayBinary.run(["run", "bad.jsonl", "--skip-invalid", "--format", "jsonl"], in: folder.path)
        #expect(output.status == 0)
        #expect(output.stderr.hasPrefix("warning: bad.jsonl:7:1: "))
        #expect(output.stderr.hasSuffix(" (line skipped)\n"))
        #expect(output.stderr.split(separator: "\n").count == 1)
        #expect(output.stdout.split(separator: "\n").count == 6)
    }

    @Test("unreadable files exit 66", arguments: ["missing.jsonl", "folder"])
    func unreadable(name: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(atPath: folder.path("folder"), withIntermediateDirectories: true)
        let output = try ReplayBinary.run(["run", name], in: folder.path)
        #expect(output.status == 66)
        #expect(output.stdout == "")
        #expect(output.stderr.hasPrefix("\(name): cannot read the log: "))
    }

    @Test(
        "bad usage exits 64",
        arguments: [
            ["run"], ["run", "a.jsonl", "--format", "xml"], ["run", "a.jsonl", "--verbose"], ["frobnicate"],
            ["check", "--force"],
        ])
    func badUsage(arguments: [String]) throws {
        let output = try ReplayBinary.run(arguments)
        #expect(output.status == 64)
        #expect(output.stderr.contains("Usage: replay") || output.stderr.contains("Error:"))
    }

    @Test func anUnknownRecordPolicyIsBadUsage() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let output = try ReplayBinary.run(["check", folder.path], environment: ["CHAT_GOLDEN_RECORD": "sometimes"])
        #expect(output.status == 64)
        #expect(output.stderr.contains("CHAT_GOLDEN_RECORD=sometimes is not a record policy"))
    }

    // MARK: check and accept

    /// A folder holding `chat.jsonl` (the small log) and `chat.golden`, its timeline.
    func pair() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write("chat.jsonl", smallLog)
        try folder.write("chat.golden", TimelineRenderer.timeline(of: try ChatLog(decoding: Array(smallLog.utf8))))
        return folder
    }

    @Test func checkPassesAMatchingPair() throws {
        let folder = try pair()
        defer { folder.remove() }
        for arguments in [["check"], ["check", "."], ["check", "chat.jsonl"], ["check", "chat.golden"]] {
            let output = try ReplayBinary.run(arguments, in: folder.path, environment: ["CI": "true"])
            #expect(output.status == 0)
            #expect(output.stdout == "ok   chat\n1 passed, 0 failed\n")
        }
    }

    /// The small pair with its golden edited at step 4.
    func editedPair() throws -> TemporaryFolder {
        let folder = try pair()
        let golden = try #require(folder.read("chat.golden"))
        try folder.write(
            "chat.golden",
            golden.replacingOccurrences(of: "offset: 350 -> 100 (user)", with: "offset: 350 -> 120 (user)"))
        return folder
    }

    static let stepFourDiff = """
        FAIL chat
          first difference at step #4: scrolled offset=100
             #4 scrolled offset=100
               mode: following -> detached
            -  offset: 350 -> 120 (user)
            +  offset: 350 -> 100 (user)
               isAtBottom: true -> false
               showJumpToLatest: false -> true
          no later step differs
        """

    @Test func aMismatchNamesTheFirstDivergingStepAndWritesAPendingGolden() throws {
        let folder = try editedPair()
        defer { folder.remove() }
        let output = try ReplayBinary.run(["check"], in: folder.path)
        #expect(output.status == 1)
        #expect(
            output.stdout == Self.stepFourDiff + """

                  wrote chat.golden.new; `replay accept` makes it the golden
                0 passed, 1 failed

                """)
        #expect(output.stderr == "")
        #expect(folder.read("chat.golden.new") != nil)

        // Accept the pending golden; the next check passes.
        let accept = try ReplayBinary.run(["accept"], in: folder.path)
        #expect(accept.status == 0)
        #expect(accept.stdout == "accepted chat.golden\n1 accepted\n")
        #expect(!folder.exists("chat.golden.new"))
        #expect(try ReplayBinary.run(["check"], in: folder.path, environment: ["CI": "true"]).status == 0)
        #expect(try ReplayBinary.run(["accept"], in: folder.path).stdout == "nothing to accept\n")
    }

    // Specification §9: under CI nothing is written beside the goldens; the diff is printed.
    @Test func underCIAMismatchWritesNothingBesideTheGolden() throws {
        let folder = try editedPair()
        defer { folder.remove() }
        let before = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        let output = try ReplayBinary.run(["check", "chat.jsonl"], in: folder.path, environment: ["CI": "1"])
        #expect(output.status == 1)
        #expect(output.stdout == Self.stepFourDiff + "\n0 passed, 1 failed\n")
        #expect(
            output.stderr == """
                note: CI is set, so nothing was written beside the goldens; set CHAT_GOLDEN_ARTIFACTS=DIR to collect \
                the new timelines in DIR

                """)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == before)
    }

    // Specification §9: with CHAT_GOLDEN_ARTIFACTS=DIR the pending files go to DIR under the same
    // relative paths, for the CI job to keep.
    @Test func underCIPendingGoldensGoToTheArtifactsFolder() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("Tests/Golden/chat.jsonl", smallLog)
        try folder.write("Tests/Golden/chat.golden", "replay timeline 1\n")
        try folder.write("Tests/Golden/new.jsonl", smallLog)
        let output = try ReplayBinary.run(
            ["check", "Tests/Golden"], in: folder.path,
            environment: ["CI": "true", "CHAT_GOLDEN_ARTIFACTS": "artifacts"])
        #expect(output.status == 1)
        #expect(output.stdout.contains("  wrote artifacts/Tests/Golden/chat.golden.new\n"))
        #expect(output.stdout.contains("  wrote artifacts/Tests/Golden/new.golden.new\n"))
        #expect(output.stdout.hasSuffix("0 passed, 2 failed\n"))
        #expect(output.stderr == "")
        let timeline = TimelineRenderer.timeline(of: try ChatLog(decoding: Array(smallLog.utf8)))
        #expect(folder.read("artifacts/Tests/Golden/chat.golden.new") == timeline)
        #expect(folder.read("artifacts/Tests/Golden/new.golden.new") == timeline)
        #expect(!folder.exists("Tests/Golden/chat.golden.new"))
        #expect(!folder.exists("Tests/Golden/new.golden.new"))
        #expect(!folder.exists("Tests/Golden/new.golden"))
    }

    @Test(
        "a missing golden under each record setting",
        arguments: [
            ([:], [], true),
            (["CHAT_GOLDEN_RECORD": "missing"], [], true),
            (["CHAT_GOLDEN_RECORD": "never"], [], false),
            (["CHAT_GOLDEN_RECORD": "never"], ["--update"], true),
            (["CI": "true"], [], false),
            (["CI": "true"], ["--update"], false),
            (["CI": "false"], [], true),
            (["CI": "0", "CHAT_GOLDEN_RECORD": "never"], [], false),
        ] as [([String: String], [String], Bool)])
    func missingGolden(environment: [String: String], flags: [String], records: Bool) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("chat.jsonl", smallLog)
        let output = try ReplayBinary.run(["check"] + flags, in: folder.path, environment: environment)
        if records {
            #expect(output.status == 0)
            #expect(output.stdout == "new  chat (recorded)\n1 passed, 0 failed\n")
            #expect(folder.exists("chat.golden"))
        } else {
            #expect(output.status == 1)
            #expect(output.stdout.hasPrefix("FAIL chat\n  no golden file"))
            #expect(output.stdout.hasSuffix("0 passed, 1 failed\n"))
            #expect(!folder.exists("chat.golden"))
            // Under CI nothing is written beside the goldens.
            #expect(folder.exists("chat.golden.new") == (environment["CI"] != "true"))
        }
        if flags == ["--update"], environment["CI"] == "true" {
            #expect(output.stderr.contains("--update is ignored"))
        }
    }

    @Test func updateRerecordsADifferentGoldenUnlessOnCI() throws {
        let folder = try pair()
        defer { folder.remove() }
        let golden = try #require(folder.read("chat.golden"))
        try folder.write("chat.golden", golden.replacingOccurrences(of: "#5 dragEnded", with: "#5 dragEnded offset=1"))
        #expect(try ReplayBinary.run(["check", "--update"], in: folder.path, environment: ["CI": "yes"]).status == 1)
        let output = try ReplayBinary.run(["check", "--update"], in: folder.path)
        #expect(output.status == 0)
        #expect(output.stdout == "new  chat (recorded; the old golden differed from step #5 on)\n1 passed, 0 failed\n")
        #expect(folder.read("chat.golden") == golden)
        #expect(!folder.exists("chat.golden.new"))
    }

    @Test func aGoldenWithoutItsLogFails() throws {
        let folder = try pair()
        defer { folder.remove() }
        try folder.write("sub/orphan.golden", "replay timeline 1\n")
        let output = try ReplayBinary.run(["check", "--update"], in: folder.path)
        #expect(output.status == 1)
        #expect(
            output.stdout == """
                ok   chat
                FAIL sub/orphan
                  the golden has no log: sub/orphan.jsonl does not exist
                1 passed, 1 failed

                """)
    }

    @Test func checkExits65ForAnUndecodableLogAnd66ForAMissingPath() throws {
        let folder = try pair()
        defer { folder.remove() }
        try folder.write("broken.jsonl", "{\n")
        let undecodable = try ReplayBinary.run(["check"], in: folder.path)
        #expect(undecodable.status == 65)
        #expect(undecodable.stdout.contains("FAIL broken\n  broken.jsonl:1:2: "))
        #expect(undecodable.stdout.hasSuffix("1 passed, 1 failed\n"))

        try folder.write("notes.txt", "")
        let notAPair = try ReplayBinary.run(["check", "notes.txt"], in: folder.path)
        #expect(notAPair.status == 64)
        #expect(notAPair.stderr.contains("notes.txt is not a log (.jsonl), a golden (.golden) or a folder"))

        let missing = try ReplayBinary.run(["check", "nowhere"], in: folder.path)
        #expect(missing.status == 66)
        #expect(missing.stderr == "nowhere: no such file or folder\n")
        #expect(try ReplayBinary.run(["accept", "nowhere"], in: folder.path).status == 66)
    }
}
