import ChatEvents
import ChatLogFormat
import ChatReducer
import Testing

/// Shrunk logs on which the property tests found the reducer breaking the specification,
/// kept as regression tests now that the reducer is fixed. A newly found bug goes here
/// disabled until it is fixed, with its property in `ReducerPropertyTests.knownBugs`.
///
/// A trap ends the whole test process, which is why a trapping log cannot simply be a failing
/// test.
@Suite("Reducer bugs found by property tests")
struct KnownReducerBugs {
    /// Replays `lines` (a log without its header) through a fresh state.
    static func replay(_ lines: [String], configuration: ChatConfiguration = ChatConfiguration()) throws -> ChatState {
        var state = ChatState(configuration: configuration)
        for line in lines {
            guard case .event(let logged) = try ChatLogLine(decoding: line) else { continue }
            state.reduce(logged.event)
        }
        return state
    }

    // MARK: Traps (specification §7: "The reducer never traps")

    /// Heights in thirds of a point (a 3× screen) on an older page, and the screen goes away
    /// at the top. The Fenwick tree of the older messages keeps a running `total` that differs
    /// from the sum of its nodes in the last bit; `key(at: 0)` then searches for a prefix below
    /// `total` and returns a key one past the segment's end, and `currentPosition` reads its
    /// id out of range. Every step is plausible: `historyLoaded` at offset 0 requests older
    /// history, and `olderLoaded` answers it.
    @Test("An older page with heights in thirds of a point, then disappeared at the top")
    func thirdPointHeightsAtTheTop() throws {
        let state = try Self.replay([
            #"{"type":"viewportChanged","height":800,"insetTop":100,"insetBottom":50}"#,
            #"""
            {"type":"historyLoaded","messages":[{"id":"m1","direction":"incoming","height":100}],"hasMoreOlder":true}
            """#,
            #"""
            {"type":"olderLoaded","messages":[{"id":"o0","direction":"incoming","height":33.333333333333336},\#
            {"id":"o1","direction":"incoming","height":33.333333333333336},{"id":"o2","direction":"incoming",\#
            "height":66.66666666666667}],"hasMoreOlder":true}
            """#,
            #"{"type":"disappeared"}"#,
        ])
        #expect(state.invariantViolations(thorough: true).isEmpty)
        // 233⅓ points of content in a 650-point visible height: maxOffset 0, so at the bottom.
        #expect(state.effects == [.persistPosition(SavedPosition(anchorID: "o0", delta: 0, wasAtBottom: true))])
    }

    /// The same rounding without any older page: appended messages in thirds of a point, the
    /// keyboard covering the whole visible height, and the scroll settling at the end of the
    /// content. `key(at: contentHeight)` falls through to `lastKey(withPositiveHeightIn:)`,
    /// whose search for the segment's running `total` returns the segment's length.
    @Test("Appended messages in thirds of a point, nothing visible, a settle at the end")
    func thirdPointHeightsAtTheEnd() throws {
        let state = try Self.replay([
            #"{"type":"keyboardWillShow","height":336}"#,
            #"{"type":"messageAppended","id":"m18","direction":"incoming","height":186.33333333333334}"#,
            #"{"type":"messageAppended","id":"m19","direction":"incoming","height":175.66666666666666}"#,
            #"{"type":"messageAppended","id":"m20","direction":"incoming","height":276}"#,
            #"{"type":"viewportChanged","height":384,"insetTop":86,"insetBottom":37}"#,
            #"{"type":"messageAppended","id":"m21","direction":"incoming","height":26.333333333333332}"#,
            #"{"type":"scrollSettled","offset":4576}"#,
        ])
        #expect(state.invariantViolations().isEmpty)
    }

    /// The same trap from hostile values: heights of 0.1 and 10,000,000 (clamped from larger
    /// ones) on an older page, a jump, and a scroll to the top.
    @Test("Heights of 0.1 and 10,000,000 on an older page, then a scroll to the top")
    func roundingSumsFromHostileHeights() throws {
        let state = try Self.replay(
            [
                #"{"type":"viewportChanged","height":385,"insetTop":472,"insetBottom":507}"#,
                #"""
                {"type":"olderLoaded","messages":[{"id":"m29","direction":"incoming","height":677}],\#
                "hasMoreOlder":false}
                """#,
                #"""
                {"type":"olderLoaded","messages":[{"id":"b323","direction":"outgoing","height":0.1},{"id":"b327",\#
                "direction":"outgoing","height":1.7976931348623157e+308},{"id":"b329","direction":"incoming",\#
                "height":30},{"id":"b330","direction":"incoming","height":10000001}],"hasMoreOlder":false}
                """#,
                #"{"type":"jumpToMessage","id":"m29"}"#,
                #"{"type":"scrollSettled","offset":-1e+300}"#,
            ], configuration: ChatConfiguration(layout: .top))
        #expect(state.invariantViolations(thorough: true).isEmpty)
    }

    // MARK: The bottom edge (specification §2, `detached`)

    /// Specification §2: "when the bottom edge moves (keyboardHeight, insetBottom), what sat at the bottom
    /// edge stays there: offset += Δ(K + B), clamped". Detached at 320 (anchor m4, delta 20),
    /// the input bar shrinks by 37: the offset should become 320 - 37 = 283, keeping content
    /// y = 970 at the bottom edge. The reducer first clamps the anchored offset to the new
    /// maxOffset (313), then subtracts 37: 276, so the content jumps by 7 points. The keyboard
    /// path (`offset + ΔK`) gets this right. Property `insetBottom`.
    @Test("Detached near the bottom, the input bar shrinks: offset += ΔB")
    func insetBottomShrinksNearTheBottom() throws {
        let history = (1...10).map { #"{"id":"m\#($0)","direction":"incoming","height":100}"# }.joined(separator: ",")
        let state = try Self.replay([
            #"{"type":"viewportChanged","height":800,"insetTop":100,"insetBottom":50}"#,
            #"{"type":"historyLoaded","messages":["# + history + #"],"hasMoreOlder":false}"#,
            #"{"type":"dragBegan"}"#,
            #"{"type":"scrolled","offset":320}"#,
            #"{"type":"dragEnded","offset":320}"#,
            #"{"type":"viewportChanged","height":800,"insetTop":100,"insetBottom":13}"#,
        ])
        #expect(state.mode == .detached)
        #expect(state.offset == 283)
    }

    /// Found by CI: the smallest and the largest finite heights in one window, both removed.
    /// Adding the largest rounds the smallest away, so the running total of heights ended at
    /// -5e-324 and the content height with it.
    @Test("Heights of 5e-324 and 1.8e308 in a window, both removed: the content height is 0")
    func extremeHeightsRemoved() throws {
        let configuration = ChatConfiguration(layout: .top, windowedHistory: true)
        let events: [ChatEvent] = [
            .windowLoaded(
                messages: [
                    ChatMessage(id: "m0", direction: .incoming, height: 5e-324),
                    ChatMessage(id: "m24", direction: .outgoing, height: .greatestFiniteMagnitude),
                ],
                hasMoreOlder: true, hasMoreNewer: true),
            .messageRemoved(id: "m24"),
            .messageRemoved(id: "m0"),
        ]
        var state = ChatState(configuration: configuration)
        for event in events { state.reduce(event) }
        #expect(state.contentHeight == 0)
        let scenario = Scenario(flavor: .hostileFractions, seed: "ci", configuration: configuration, events: events)
        let failure = Harness.firstFailure(of: scenario)
        #expect(failure == nil, "\(String(describing: failure))")
    }

    // MARK: The checks themselves

    /// Found by CI: a window whose 0.1-point message comes before one of 10,000,000 points,
    /// re-measured to 0. The positions below drift by about 4 × 10⁻¹⁰ points — rounding
    /// relative to the largest height a position held, as docs/decisions.md says — which the
    /// check once measured against the content height left (0.1) instead.
    @Test("A 10,000,000-point message of a window re-measured to 0: positions within the documented rounding")
    func roundingAfterAHugeMessageInAWindow() {
        let configuration = ChatConfiguration(layout: .top, readReceipts: true, windowedHistory: true)
        let events: [ChatEvent] = [
            .windowLoaded(
                messages: [
                    ChatMessage(id: "m7", direction: .incoming, height: 0.1),
                    ChatMessage(id: "m15", direction: .incoming, height: 10_000_001),
                    ChatMessage(id: "m11", direction: .outgoing, height: 0),
                ],
                hasMoreOlder: false, hasMoreNewer: true),
            .itemMeasured(id: "m15", height: -.greatestFiniteMagnitude),
        ]
        let scenario = Scenario(flavor: .hostileFractions, seed: "ci", configuration: configuration, events: events)
        let failure = Harness.firstFailure(of: scenario)
        #expect(failure == nil, "\(String(describing: failure))")
    }
}
