import ChatEvents
import ChatLogFormat
import ChatReducer
import ChatReplay
import Foundation
import TestSupport
import Testing

/// A generated 5,000-event session with `planted` put in the middle.
private func plantedLog(_ planted: ChatEvent, seed: UInt64) -> ChatLog {
    var events = SessionGenerator.events(count: 4_999, seed: seed)
    let middle = 2_600
    events.insert(LoggedEvent(planted, time: events[middle - 1].time), at: middle)
    return ChatLog(header: ChatLogHeader(metadata: ["package": ChatScrollPackage.version]), events: events)
}

/// Whether replaying `log` shows a warning containing `text`, and a command with `reason`.
private func replayed(_ log: ChatLog) -> (warnings: [String], reasons: [ScrollCommand.Reason]) {
    var state = ChatState(configuration: log.configuration)
    var warnings: [String] = []
    var reasons: [ScrollCommand.Reason] = []
    for logged in log.events {
        let seq = state.scrollTarget?.seq
        state.reduce(logged.event)
        warnings += state.warnings
        if let command = state.scrollTarget, command.seq != seq { reasons.append(command.reason) }
    }
    return (warnings, reasons)
}

@Suite("Shrinking")
struct ShrinkTests {
    @Test("the generated session is well-behaved on its own")
    func backgroundIsClean() {
        let log = ChatLog(events: SessionGenerator.events(count: 5_000, seed: 11))
        let result = replayed(log)
        #expect(result.warnings.isEmpty)
        #expect(!result.reasons.contains(.outgoingMessage))
    }

    @Test("a jump to an unknown id among 5,000 events shrinks to a handful")
    func shrinkWarning() throws {
        let log = plantedLog(.jumpToMessage(id: "ghost"), seed: 11)
        #expect(log.events.count == 5_000)
        let clock = ContinuousClock()
        // Any jump alone warns "unknown id"; the planted one names "ghost".
        var shrinker = try LogShrinker(log: log, condition: .warning(containing: #"unknown id "ghost""#))
        var result: ShrinkResult!
        let elapsed = clock.measure { result = shrinker.shrink() }
        #expect(result.log.events.count <= 10)
        #expect(result.log.events.contains { $0.event == .jumpToMessage(id: "ghost") })
        #expect(result.log.header == log.header)
        #expect(elapsed < .seconds(30))
        // The output replays as written and still shows it.
        let reread = try ChatLog(decoding: Array(result.log.jsonLines.utf8))
        #expect(replayed(reread).warnings.contains { $0.contains("unknown id") })
        print(
            """
            shrink warning: \(log.events.count) -> \(result.log.events.count) events, \(result.evaluations) \
            evaluations, \(elapsed)
            """
        )
    }

    @Test("an outgoing message among 5,000 events shrinks to a handful")
    func shrinkCommand() throws {
        let message = ChatMessage(id: "sent-1", direction: .outgoing, height: 64)
        let log = plantedLog(.messageAppended(message, streaming: false), seed: 12)
        var shrinker = try LogShrinker(log: log, condition: .command(reason: .outgoingMessage))
        let result = shrinker.shrink()
        #expect(result.log.events.count <= 10)
        #expect(result.log.events.last?.event == .messageAppended(message, streaming: nil))
        #expect(result.log.events.allSatisfy { $0.time == nil })
        #expect(replayed(result.log).reasons.contains(.outgoingMessage))
    }

    @Test("a divergence from a golden shrinks and still diverges the same way")
    func shrinkDivergence() throws {
        let message = ChatMessage(id: "sent-1", direction: .outgoing, height: 64)
        let log = plantedLog(.messageAppended(message, streaming: nil), seed: 13)
        // The golden of a reducer that did not scroll for the sent message: no command line.
        let actual = TimelineRenderer.timeline(of: log)
        let golden = actual.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.contains("reason=outgoingMessage") }
            .joined(separator: "\n")
        #expect(golden != actual)
        var shrinker = try LogShrinker(log: log, condition: .diverges(golden: golden))
        let result = shrinker.shrink()
        #expect(result.log.events.count <= 10)
        #expect(result.log.events.contains { $0.event == .messageAppended(message, streaming: nil) })
        // Alone, the sent message still issues the command the golden rules out.
        #expect(replayed(result.log).reasons == [.outgoingMessage])
    }

    @Test("the pill's jump in a generated messenger log, with its rows that are not messages, shrinks to a handful")
    func shrinkJumpToUnread() throws {
        var generator = ChatLogGenerator(seed: 8, messages: 200, messenger: true)
        var lines: [String] = []
        generator.generate(events: 2_000) { lines.append($0) }
        let log = try ChatLog(decoding: Array(lines.joined(separator: "\n").utf8))
        var shrinker = try LogShrinker(log: log, condition: .command(reason: .jumpToUnread))
        let result = shrinker.shrink()
        #expect(result.log.events.count <= 10)
        #expect(result.log.events.contains { $0.event == .jumpToUnreadTapped })
        #expect(replayed(result.log).reasons.contains(.jumpToUnread))
    }

    @Test("a log that does not show the behaviour is refused")
    func notShown() {
        let log = ChatLog(events: SessionGenerator.events(count: 200, seed: 3))
        #expect(throws: ShrinkError.self) { try LogShrinker(log: log, condition: .warning(containing: "unknown id")) }
        #expect(throws: ShrinkError.self) {
            try LogShrinker(log: log, condition: .diverges(golden: TimelineRenderer.timeline(of: log)))
        }
    }

    @Test("history arrays and optional fields are simplified")
    func simplification() throws {
        let history = (1...30).map { ChatMessage(id: "h\($0)", direction: .incoming, height: 50) }
        let log = ChatLog(events: [
            LoggedEvent(.viewportChanged(height: 800, insetTop: 0, insetBottom: 0), time: 1),
            LoggedEvent(.historyLoaded(messages: history, hasMoreOlder: false), time: 2),
            LoggedEvent(.tokensAppended(id: "h7", text: "words", heightDelta: 10, height: 90), time: 3),
            LoggedEvent(.keyboardWillShow(height: 300, duration: 0.25), time: 4),
            LoggedEvent(.jumpToMessage(id: "h7"), time: 5),
            LoggedEvent(.highlightFinished, time: 6),
        ])
        // A jump issues its command only for a loaded id: the history must keep h7, and only h7.
        var shrinker = try LogShrinker(log: log, condition: .command(reason: .jumpToMessage))
        let result = shrinker.shrink()
        #expect(
            result.log.events.map(\.event) == [
                .historyLoaded(
                    messages: [ChatMessage(id: "h7", direction: .incoming, height: 50)], hasMoreOlder: false),
                .jumpToMessage(id: "h7"),
            ])
        #expect(result.log.events.allSatisfy { $0.time == nil })
        #expect(shrinker.shows(result.log.events))
        #expect(result.originalEventCount == 6)
        #expect(!result.reachedLimit)

        #expect(
            LogShrinker.optionalFieldVariants(of: .tokensAppended(id: "a", text: "t", heightDelta: 1, height: 2)).count
                == 3)
        #expect(
            LogShrinker.optionalFieldVariants(
                of: .appeared(restore: SavedPosition(anchorID: "a", delta: 1, wasAtBottom: false))
            ).count == 2)
    }

    @Test("the evaluation limit stops the search with a log that still shows the behaviour")
    func evaluationLimit() throws {
        let log = plantedLog(.jumpToMessage(id: "ghost"), seed: 5)
        var shrinker = try LogShrinker(log: log, condition: .warning(containing: #""ghost""#), maxEvaluations: 3)
        let result = shrinker.shrink()
        #expect(result.reachedLimit)
        #expect(result.evaluations == 3)
        #expect(replayed(result.log).warnings.contains { $0.contains(#""ghost""#) })
    }

    @Test("replay shrink writes a small log that still shows the behaviour")
    func shrinkCommandLine() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let log = plantedLog(.jumpToMessage(id: "ghost"), seed: 21)
        try folder.write("big.jsonl", log.jsonLines)
        let run = try ReplayBinary.run([
            "shrink", folder.path("big.jsonl"), "--until-warning", #"unknown id "ghost""#, "-o",
            folder.path("small.jsonl"),
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("shrunk 5000 events to"))
        let small = try ChatLog(contentsOf: folder.path("small.jsonl"))
        #expect(small.events.count <= 10)
        #expect(small.header == log.header)
        #expect(replayed(small).warnings.contains { $0.contains(#"unknown id "ghost""#) })

        let command = try ReplayBinary.run(["shrink", folder.path("big.jsonl"), "--until-command", "outgoingMessage"])
        #expect(command.status == 1)
        let bad = try ReplayBinary.run(["shrink", folder.path("big.jsonl"), "--until-command", "nonsense"])
        #expect(bad.status == 64)
        let none = try ReplayBinary.run(["shrink", folder.path("big.jsonl")])
        #expect(none.status == 64)
    }
}

@Suite("Delta debugging")
struct DeltaDebuggingTests {
    @Test func complementsFindTheOneElementThatMatters() {
        var tried: [[Int]] = []
        let kept = deltaDebugging(Array(1...6), triesSubsets: false) { candidate in
            tried.append(candidate)
            return candidate.contains(4) ? .shows(candidate) : .doesNotShow
        }
        #expect(kept == [4])
        #expect(tried == [[4, 5, 6], [5, 6], [4]])
    }

    @Test func subsetsAndComplementsFindTwoElementsThatMatterTogether() {
        let kept = deltaDebugging(Array(1...8), triesSubsets: true) { candidate in
            candidate.contains(2) && candidate.contains(7) ? .shows(candidate) : .doesNotShow
        }
        #expect(kept == [2, 7])
    }

    @Test func aShowingCandidateCanBeCutShorter() {
        // As the shrinker does: a candidate is cut after the element that shows the behaviour.
        let kept = deltaDebugging(Array(1...8), triesSubsets: true) { candidate in
            guard let hit = candidate.firstIndex(of: 5) else { return .doesNotShow }
            return .shows(Array(candidate[...hit]))
        }
        #expect(kept == [5])
    }

    @Test func stopKeepsWhatWasFoundSoFar() {
        var calls = 0
        let kept = deltaDebugging(Array(1...8), triesSubsets: false) { candidate in
            calls += 1
            return calls == 1 ? .shows(candidate) : .stop
        }
        #expect(kept == [5, 6, 7, 8])
        #expect(calls == 2)
    }
}
