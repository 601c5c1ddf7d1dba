import ChatEvents
import ChatLogFormat
import ChatReplay
import Foundation
import TestSupport
import Testing

@Suite("Golden files")
struct GoldenTests {
    @Test(
        "the record policy",
        arguments: [
            ([:], false, GoldenRecordPolicy.missing),
            ([:], true, .all),
            (["CHAT_GOLDEN_RECORD": "never"], false, .never),
            (["CHAT_GOLDEN_RECORD": "missing"], false, .missing),
            (["CHAT_GOLDEN_RECORD": "failed"], false, .failed),
            (["CHAT_GOLDEN_RECORD": "all"], false, .all),
            (["CHAT_GOLDEN_RECORD": "never"], true, .all),
            (["CI": "true"], false, .never),
            (["CI": "true"], true, .never),
            (["CI": "1", "CHAT_GOLDEN_RECORD": "all"], false, .never),
            (["CI": "false", "CHAT_GOLDEN_RECORD": "failed"], false, .failed),
            (["CI": "0"], true, .all),
            (["CI": "FALSE"], false, .missing),
        ] as [([String: String], Bool, GoldenRecordPolicy)])
    func policy(environment: [String: String], update: Bool, expected: GoldenRecordPolicy) throws {
        #expect(try GoldenRecordPolicy.resolve(update: update, environment: environment) == expected)
    }

    @Test func anUnknownPolicyIsAnError() {
        let error = #expect(throws: GoldenError.self) {
            try GoldenRecordPolicy.resolve(environment: ["CHAT_GOLDEN_RECORD": "sometimes"])
        }
        #expect(
            error?.description
                == "CHAT_GOLDEN_RECORD=sometimes is not a record policy; use one of never, missing, failed, all")
    }

    let expected = """
        replay timeline 1
        config layout=bottom atBottomThreshold=20 jumpToLatestThreshold=200 loadOlderThreshold=800 \
        focusScrollsToBottom=false pinMargin=0 reduceMotion=false

        #1 dragBegan
          userHoldsView: false -> true

        #2 scrolled offset=100
          offset: 350 -> 100 (user)

        #3 dragEnded offset=100
          userHoldsView: true -> false

        #4 inputFocused
          inputFocused: false -> true

        """

    @Test func equalTimelinesMatchWhateverTheLineEndings() {
        #expect(GoldenFile.compare(expected: expected, actual: expected) == nil)
        #expect(
            GoldenFile.compare(expected: expected.replacingOccurrences(of: "\n", with: "\r\n"), actual: expected) == nil
        )
    }

    @Test func theFirstDivergingStepIsReportedWithADiff() throws {
        let actual =
            expected
            .replacingOccurrences(
                of: "offset: 350 -> 100 (user)", with: "offset: 350 -> 90 (user)\n  mode: following -> detached"
            )
            .replacingOccurrences(of: "inputFocused: false -> true", with: "(no change)")
        let mismatch = try #require(GoldenFile.compare(expected: expected, actual: actual))
        #expect(mismatch.step == 2)
        #expect(mismatch.eventLine == "scrolled offset=100")
        #expect(
            mismatch.diff == [
                " #2 scrolled offset=100",
                "-  offset: 350 -> 100 (user)",
                "+  offset: 350 -> 90 (user)",
                "+  mode: following -> detached",
            ])
        #expect(mismatch.laterDifferingSteps == 1)
        #expect(
            mismatch.description == """
                first difference at step #2: scrolled offset=100
                   #2 scrolled offset=100
                  -  offset: 350 -> 100 (user)
                  +  offset: 350 -> 90 (user)
                  +  mode: following -> detached
                1 later step differs too
                """)
    }

    @Test func missingAndExtraStepsDiffer() throws {
        let shorter = String(expected[..<expected.range(of: "\n#3")!.lowerBound]) + "\n"
        let missing = try #require(GoldenFile.compare(expected: expected, actual: shorter))
        #expect(missing.step == 3)
        #expect(missing.diff == ["-#3 dragEnded offset=100", "-  userHoldsView: true -> false"])
        #expect(missing.laterDifferingSteps == 1)
        let extra = try #require(GoldenFile.compare(expected: shorter, actual: expected))
        #expect(extra.step == 3)
        #expect(extra.diff.allSatisfy { $0.hasPrefix("+") })
    }

    @Test func aDifferentHeaderIsNamed() throws {
        let actual = expected.replacingOccurrences(of: "pinMargin=0", with: "pinMargin=8")
        let mismatch = try #require(GoldenFile.compare(expected: expected, actual: actual))
        #expect(mismatch.step == nil)
        #expect(mismatch.laterDifferingSteps == 0)
        #expect(mismatch.description.hasPrefix("first difference in the header"))
    }

    // MARK: Files

    /// A folder with `chat.jsonl` (the small log) and, optionally, `chat.golden`.
    func folder(golden: String?) throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try folder.write("chat.jsonl", smallLog)
        if let golden { try folder.write("chat.golden", golden) }
        return folder
    }

    var smallTimeline: String {
        get throws { TimelineRenderer.timeline(of: try ChatLog(decoding: Array(smallLog.utf8))) }
    }

    @Test func aMatchingGoldenPassesAndDropsAStalePendingFile() throws {
        let folder = try self.folder(golden: try smallTimeline)
        defer { folder.remove() }
        try folder.write("chat.golden.new", "stale")
        let result = GoldenFile.check(log: folder.path("chat.jsonl"), policy: .never)
        #expect(result.outcome == .passed)
        #expect(result.description == "ok   \(folder.path("chat"))")
        #expect(!folder.exists("chat.golden.new"))
    }

    @Test("a missing golden", arguments: GoldenRecordPolicy.allCases)
    func missingGolden(policy: GoldenRecordPolicy) throws {
        let folder = try self.folder(golden: nil)
        defer { folder.remove() }
        let result = GoldenFile.check(log: folder.path("chat.jsonl"), policy: policy)
        if policy == .never {
            #expect(result.outcome == .failed(.missingGolden(pending: folder.path("chat.golden.new"))))
            #expect(!folder.exists("chat.golden"))
            #expect(folder.read("chat.golden.new") == (try smallTimeline))
            #expect(result.description.hasPrefix("FAIL \(folder.path("chat"))\n  no golden file"))
        } else {
            #expect(result.outcome == .recorded(replaced: nil))
            #expect(result.description == "new  \(folder.path("chat")) (recorded)")
            #expect(folder.read("chat.golden") == (try smallTimeline))
            #expect(!folder.exists("chat.golden.new"))
        }
    }

    @Test("a different golden", arguments: GoldenRecordPolicy.allCases)
    func differentGolden(policy: GoldenRecordPolicy) throws {
        let old = try smallTimeline.replacingOccurrences(of: "350 -> 100 (user)", with: "350 -> 120 (user)")
        let folder = try self.folder(golden: old)
        defer { folder.remove() }
        let result = GoldenFile.check(log: folder.path("chat.jsonl"), policy: policy)
        guard case .failed(.mismatch(let mismatch, let pending)) = result.outcome else {
            #expect(policy == .failed || policy == .all)
            guard case .recorded(let replaced?) = result.outcome else {
                Issue.record("expected a re-recorded golden, got \(result.outcome)")
                return
            }
            #expect(replaced.step == 4)
            #expect(
                result.description == "new  \(folder.path("chat")) (recorded; the old golden differed from step #4 on)")
            #expect(folder.read("chat.golden") == (try smallTimeline))
            return
        }
        #expect(policy == .never || policy == .missing)
        #expect(mismatch.step == 4)
        #expect(mismatch.eventLine == "scrolled offset=100")
        #expect(pending == folder.path("chat.golden.new"))
        #expect(folder.read("chat.golden") == old)
        #expect(folder.read("chat.golden.new") == (try smallTimeline))
        #expect(
            result.description.contains("wrote \(folder.path("chat.golden.new")); `replay accept` makes it the golden"))
    }

    @Test(
        "where pending timelines go",
        arguments: [
            ([:], PendingGoldenLocation.besideGolden),
            (["CI": "false"], .besideGolden),
            (["CI": "true"], .nowhere),
            (["CI": "1", "CHAT_GOLDEN_ARTIFACTS": ""], .nowhere),
            (["CI": "1", "CHAT_GOLDEN_ARTIFACTS": "out"], .artifacts(directory: "out")),
            (["CHAT_GOLDEN_ARTIFACTS": "out"], .artifacts(directory: "out")),
        ] as [([String: String], PendingGoldenLocation)])
    func pendingLocation(environment: [String: String], expected: PendingGoldenLocation) {
        #expect(PendingGoldenLocation.resolve(environment: environment) == expected)
    }

    @Test func artifactPathsStayInsideTheFolder() {
        #expect(
            PendingGoldenLocation.artifacts(directory: "out").path(forGolden: "Tests/Golden/a.golden")
                == "out/Tests/Golden/a.golden.new")
        #expect(
            PendingGoldenLocation.artifacts(directory: "out/").path(forGolden: "./x/../a.golden")
                == "out/x/a.golden.new")
        #expect(PendingGoldenLocation.besideGolden.path(forGolden: "a.golden") == "a.golden.new")
        #expect(PendingGoldenLocation.nowhere.path(forGolden: "a.golden") == nil)
    }

    // The same rule for clients' tests: under CI, verify writes nothing beside the golden.
    @Test func verifyUnderCIWritesNothingBesideTheGolden() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("chat.jsonl", smallLog)
        try folder.write("chat.golden", "replay timeline 1\n")
        let error = #expect(throws: GoldenError.self) {
            try GoldenFile.verify(
                log: folder.path("chat.jsonl"), policy: .never, pending: .resolve(environment: ["CI": "true"]))
        }
        guard case .failed(let result) = error, case .failed(let failure) = result.outcome else {
            Issue.record("expected a failed check, got \(String(describing: error))")
            return
        }
        #expect(failure.pending == nil)
        #expect(!result.description.contains("wrote"))
        #expect(!folder.exists("chat.golden.new"))
    }

    @Test func aGoldenWithoutItsLogFails() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("orphan.golden", "replay timeline 1\n")
        let summary = try GoldenSuite.check([folder.path], policy: .all)
        #expect(summary.results.count == 1)
        #expect(summary.results[0].outcome == .failed(.missingLog(folder.path("orphan.jsonl"))))
        #expect(summary.summaryLine == "0 passed, 1 failed")
    }

    @Test func anUndecodableLogFailsWithItsError() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("bad.jsonl", "{\"type\":\"dragBegan\"}\nnot json\n")
        let result = GoldenFile.check(log: folder.path("bad.jsonl"), policy: .all)
        guard case .failed(.log(let error)) = result.outcome else {
            Issue.record("expected a log error, got \(result.outcome)")
            return
        }
        #expect(error.line == 2)
        #expect(!folder.exists("bad.golden"))
    }

    @Test func verifyThrowsADescriptiveError() throws {
        let old = try smallTimeline.replacingOccurrences(of: "350 -> 100 (user)", with: "350 -> 120 (user)")
        let folder = try self.folder(golden: old)
        defer { folder.remove() }
        let error = #expect(throws: GoldenError.self) {
            try GoldenFile.verify(log: folder.path("chat.jsonl"), policy: .never)
        }
        let text = error?.description ?? ""
        #expect(text.hasPrefix("FAIL \(folder.path("chat"))\n  first difference at step #4: scrolled offset=100\n"))
        #expect(text.contains("\n    -  offset: 350 -> 120 (user)\n    +  offset: 350 -> 100 (user)\n"))
        try GoldenFile.verify(log: folder.path("chat.jsonl"), policy: .failed)
        #expect(try GoldenFile.verify(log: folder.path("chat.jsonl"), policy: .never).outcome == .passed)
    }

    @Test func verifyEventsHeldInMemory() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let events = [
            LoggedEvent(.viewportChanged(height: 844, insetTop: 91, insetBottom: 83)),
            LoggedEvent(.messageAppended(ChatMessage(id: "q1", direction: .outgoing, height: 60), streaming: nil)),
        ]
        let configuration = ChatConfiguration(layout: .top)
        let golden = folder.path("question.golden")
        #expect(throws: GoldenError.self) {
            try GoldenFile.verify(
                events: events, configuration: configuration, golden: golden, policy: .never, pending: .besideGolden)
        }
        #expect(folder.exists("question.golden.new"))
        let recorded = try GoldenFile.verify(
            events: events, configuration: configuration, golden: golden, policy: .missing)
        #expect(recorded.outcome == .recorded(replaced: nil))
        #expect(recorded.log == nil)
        #expect(
            folder.read("question.golden")?.contains("#2 messageAppended id=q1 direction=outgoing height=60") == true)
        #expect(
            try GoldenFile.verify(events: events, configuration: configuration, golden: golden, policy: .never).passed)
        #expect(throws: GoldenError.self) {
            try GoldenFile.verify(
                events: Array(events.prefix(1)), configuration: configuration, golden: golden, policy: .never)
        }
    }

    @Test func suitesSearchFoldersAndAcceptPendingGoldens() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write("a.jsonl", smallLog)
        try folder.write("nested/deeper/b.jsonl", smallLog)
        try folder.write(".hidden/c.jsonl", smallLog)
        try folder.write("notes.txt", "not a log")
        // A link back to the folder is not followed.
        try FileManager.default.createSymbolicLink(atPath: folder.path("nested/loop"), withDestinationPath: folder.path)
        let first = try GoldenSuite.check([folder.path], policy: .never)
        #expect(first.results.map(\.name) == [folder.path("a"), folder.path("nested/deeper/b")])
        #expect(first.summaryLine == "0 passed, 2 failed")
        #expect(folder.exists("a.golden.new") && folder.exists("nested/deeper/b.golden.new"))

        let accepted = try GoldenSuite.accept([folder.path])
        #expect(accepted == [folder.path("a.golden"), folder.path("nested/deeper/b.golden")])
        #expect(!folder.exists("a.golden.new"))
        #expect(try GoldenSuite.accept([folder.path]).isEmpty)

        let second = try GoldenSuite.check([folder.path("a.jsonl"), folder.path("nested")], policy: .never)
        #expect(
            second.description == """
                ok   \(folder.path("a"))
                ok   \(folder.path("nested/deeper/b"))
                2 passed, 0 failed
                """)
        #expect(throws: GoldenError.self) { try GoldenSuite.check([folder.path("nope")], policy: .never) }
        #expect(throws: GoldenError.self) { try GoldenSuite.check([folder.path("notes.txt")], policy: .never) }
    }

    @Test func goldenCorpus() throws {
        let corpus = packageRoot.appendingPathComponent("Tests/Golden").path
        let summary = try GoldenSuite.check([corpus], policy: .never)
        #expect(summary.failed == 0, Comment(rawValue: summary.description))
    }
}
