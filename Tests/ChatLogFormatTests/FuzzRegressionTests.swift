import ChatEvents
import ChatLogFormat
import ChatReducer
import TestSupport
import Testing

/// Inputs found by the fuzzer (Fuzz/run.sh), reduced to their essence.
@Suite("Fuzzer findings")
struct FuzzRegressionTests {
    /// The lines of a log, decoded.
    func events(_ lines: String...) throws -> [ChatEvent] {
        try lines.map { line in
            guard case .event(let logged) = try ChatLogLine(decoding: line) else {
                throw ChatLogLineError(column: 1, message: "not an event")
            }
            return logged.event
        }
    }

    /// A 10,000,000-point message measured again at 0.52 points. The positions are sums kept
    /// by adding differences, so the difference `0.52 - 10_000_000` is rounded to the last bit
    /// of 10,000,000, and every position below the message is off by about 4.5e-10.
    static let remeasuredFromHuge = [
        #"{"type":"viewportChanged","height":800,"insetTop":0,"insetBottom":0}"#,
        #"""
        {"type":"historyLoaded","messages":[{"id":"m1","direction":"incoming","height":10000000},{"id":"m2",\#
        "direction":"incoming","height":100}],"hasMoreOlder":false}
        """#,
        #"{"type":"itemMeasured","id":"m1","height":0.52}"#,
    ]

    /// Heights that are not binary fractions, a viewport and a keyboard at the 10,000,000-point
    /// cap: the keyboard's repositioning read an anchor key one past the end of the store
    /// (`Fatal error: Index out of range` in `MessageStore.flags`, from
    /// `ChatState.anchoredOffset()` in `keyboardMoved(to:)`) until searches were kept inside the
    /// store. Run in a separate process, so that a trap fails this test instead of ending the
    /// test run.
    @Test func aKeyboardAfterRoundedSumsDoesNotTrap() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        try folder.write(
            "trap.jsonl",
            [
                #"{"type":"messageAppended","id":"i2","direction":"incoming","height":2000}"#,
                #"{"type":"jumpToMessage","id":"i2"}"#,
                #"""
                {"type":"historyLoaded","messages":[{"id":"m1","direction":"incoming","height":0.1},{"id":"m2",\#
                "direction":"incoming","height":0.2}],"hasMoreOlder":false}
                """#,
                #"{"type":"viewportChanged","height":10000000,"insetTop":0,"insetBottom":0}"#,
                #"{"type":"keyboardWillShow","height":10000000}"#,
            ].map { $0 + "\n" }.joined())
        let output = try ReplayBinary.run(["run", "trap.jsonl", "--format", "jsonl"], in: folder.path)
        #expect(!output.signaled && !output.timedOut && output.status == 0, "\(output)")
        #expect(output.stdout.split(separator: "\n").count == 5)
    }

    @Test func aHugeMessageMeasuredAtAFractionKeepsTheInvariants() throws {
        let lines = Self.remeasuredFromHuge
        var state = ChatState(configuration: ChatConfiguration())
        for event in try events(lines[0], lines[1], lines[2]) {
            state.reduce(event)
            #expect(state.invariantViolations().isEmpty)
            let offset = try #require(state.offset)
            #expect(offset >= 0 && offset <= state.maxOffset)
        }
        #expect(state.messageCount == 2)
        let top = try #require(state.top(ofMessage: "m2"))
        #expect(abs(top - 0.52) < 1e-6)
        #expect(abs(state.contentHeight - 100.52) < 1e-6)
    }

    @Test func aHugeMessageMeasuredAtAFractionLeavesExactPositions() throws {
        let lines = Self.remeasuredFromHuge
        var state = ChatState(configuration: ChatConfiguration())
        for event in try events(lines[0], lines[1], lines[2]) { state.reduce(event) }
        withKnownIssue("positions keep the rounding error of the largest height they once held") {
            #expect(state.top(ofMessage: "m2") == 0.52)
            #expect(state.contentHeight == 100.52)
            #expect(state.invariantViolations(thorough: true).isEmpty)
        }
    }
}
