import ChatEvents
import Testing

@testable import ChatReducer

/// Specification §3, `offsetReason`: why `offset` changed at this step, when it changed; `command`
/// wins when the step issued one. Base: `openChat(count: 10)` — content 1000, offset 350.
@Suite("OffsetReason")
struct OffsetReasonTests {
    struct ReasonCase: Sendable, CustomTestStringConvertible {
        var hasMoreOlder = false
        var given: [ChatEvent]
        var when: ChatEvent
        var offset: Double
        var reason: OffsetReason
        var testDescription: String { "\(when.type) → \(reason)" }
    }

    static let cases: [ReasonCase] = [
        ReasonCase(given: [.dragBegan], when: .scrolled(offset: 100), offset: 100, reason: .user),
        // Centred on m5: 400 + 50 - 325.
        ReasonCase(given: [], when: .jumpToMessage(id: "m5"), offset: 125, reason: .command),
        ReasonCase(given: [], when: .grown("m10", by: 50), offset: 400, reason: .growth),
        ReasonCase(given: [], when: .appended(incoming("i1")), offset: 450, reason: .command),
        ReasonCase(
            hasMoreOlder: true, given: [],
            when: .olderLoaded(messages: history(1...2, prefix: "o"), hasMoreOlder: false), offset: 550,
            reason: .prepend),
        ReasonCase(given: [], when: .keyboardWillShow(height: 300, duration: 0.25), offset: 650, reason: .keyboard),
        ReasonCase(
            given: [], when: .viewportChanged(height: 800, insetTop: 100, insetBottom: 90), offset: 390,
            reason: .viewport),
        ReasonCase(given: [], when: .itemMeasured(id: "m10", height: 150), offset: 400, reason: .measure),
        ReasonCase(given: [], when: .messageRemoved(id: "m10"), offset: 250, reason: .remove),
        ReasonCase(
            given: [.dragBegan, .scrolled(offset: 340)], when: .released(at: 340), offset: 350, reason: .settle),
        ReasonCase(
            given: [.dragBegan, .dragEnded(offset: 300, velocity: -50)], when: .scrollSettled(offset: 200),
            offset: 200, reason: .settle),
    ]

    @Test("given a conversation, when an event moves the offset, then offsetReason names the cause", arguments: cases)
    func reason(_ reasonCase: ReasonCase) {
        var state = openChat(count: 10, hasMoreOlder: reasonCase.hasMoreOlder)
        state.send(reasonCase.given)

        state.send(reasonCase.when)

        #expect(state.offset == reasonCase.offset)
        #expect(state.offsetReason == reasonCase.reason)
    }

    @Test(
        """
        given a conversation, when an event leaves the offset where it was, then offsetReason is null, even for a \
        command
        """
    )
    func nullWhenUnchanged() {
        var state = openChat(count: 10)

        state.send(.itemMeasured(id: "m1", height: 100))
        #expect(state.offsetReason == nil)

        // Already at the bottom: the command does not move the offset.
        state.send(.jumpToLatestTapped)
        #expect(state.scrollTarget?.reason == .jumpToLatest)
        #expect(state.offsetReason == nil)
    }
}
