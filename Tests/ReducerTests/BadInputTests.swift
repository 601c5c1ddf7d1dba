import ChatEvents
import Testing

@testable import ChatReducer

/// Specification §7: the reducer never traps. Unknown ids, duplicate ids, negative and huge
/// numbers and events that make no sense leave the state valid, apply what can be applied,
/// and add one human-readable line to `warnings`. (The `send` helper checks the invariants
/// after every event.)
@Suite("BadInput")
struct BadInputTests {
    // MARK: Unknown ids

    @Test(
        "given a conversation, when an event names an unknown id, then one warning and nothing else",
        arguments: [
            (ChatEvent.messageConfirmed(id: "zzz", newID: "x"), "messageConfirmed: unknown id \"zzz\""),
            (.tokensAppended(id: "zzz", text: "a", heightDelta: 10, height: nil), "tokensAppended: unknown id \"zzz\""),
            (.streamFinished(id: "zzz"), "streamFinished: unknown id \"zzz\""),
            (.itemMeasured(id: "zzz", height: 10), "itemMeasured: unknown id \"zzz\""),
            (.messageRemoved(id: "zzz"), "messageRemoved: unknown id \"zzz\""),
            (.jumpToMessage(id: "zzz"), "jumpToMessage: unknown id \"zzz\""),
            (.entranceAnimationFinished(id: "zzz"), "entranceAnimationFinished: unknown id \"zzz\""),
        ])
    func unknownID(event: ChatEvent, warning: String) {
        var state = detachedChat(at: 1030)
        state.send(.appended(incoming("i1")))
        var expected = state.snapshot
        let messages = state.messages

        state.send(event)

        expected.offsetReason = nil
        expected.effects = []
        expected.warnings = [warning]
        #expect(state.snapshot == expected)
        #expect(state.messages == messages)
    }

    // MARK: One line per event

    @Test(
        """
        given an empty screen, when one event has several problems, then one warning line names the event and joins \
        them
        """,
        arguments: [
            (
                ChatEvent.dragEnded(offset: 10, velocity: nil),
                "dragEnded: no drag was in progress; offset before the first viewportChanged ignored"
            ),
            (
                .viewportChanged(height: -1, insetTop: .nan, insetBottom: 2e7),
                """
                viewportChanged: negative height -1 clamped to 0; insetTop is not a number; 0 used; insetBottom \
                20000000 clamped to 10000000
                """
            ),
            (
                .historyLoaded(messages: [incoming("a", height: -5), incoming("b", height: -6)], hasMoreOlder: false),
                "historyLoaded: negative height of \"a\" -5 clamped to 0; negative height of \"b\" -6 clamped to 0"
            ),
            (
                .olderLoaded(messages: [incoming("a", height: -5)], hasMoreOlder: false),
                "olderLoaded: no loadOlder request was in flight; negative height of \"a\" -5 clamped to 0"
            ),
        ])
    func severalProblemsOneLine(event: ChatEvent, warning: String) {
        var state = ChatState()

        state.send(event)

        #expect(state.warnings == [warning])
    }

    @Test(
        """
        given an incoming message, when it is confirmed under an id already loaded, then one warning line with both \
        problems
        """
    )
    func confirmIncomingToATakenID() {
        var state = openChat(count: 20)

        state.send(.messageConfirmed(id: "m20", newID: "m2"))

        #expect(
            state.warnings == [
                """
                messageConfirmed: \"m20\" is incoming; only outgoing messages are confirmed; new id \"m2\" is already \
                loaded; \"m20\" keeps its id
                """
            ])
    }

    // MARK: Duplicate ids

    @Test("given m3 is loaded, when another m3 is appended, then a warning and the original is kept")
    func duplicateAppend() {
        var state = openChat(count: 20)

        state.send(.appended(incoming("m3", height: 999)))

        #expect(
            state.snapshot
                == Snapshot(
                    mode: .following, offset: 1350, contentHeight: 2000, scrollTarget: initialLoadCommand(),
                    messageCount: 20, warnings: ["messageAppended: duplicate id \"m3\" ignored"]))
        #expect(state.message(id: "m3") == incoming("m3"))
    }

    @Test(
        """
        given a request in flight, when the page repeats a loaded id, then the others are prepended and one warning \
        lists the duplicate
        """
    )
    func duplicateInOlderPage() {
        var state = openChat(count: 5, hasMoreOlder: true)

        state.send(.olderLoaded(messages: [incoming("o1"), incoming("m2"), incoming("o2")], hasMoreOlder: false))

        #expect(state.messages.map(\.id) == ["o1", "o2", "m1", "m2", "m3", "m4", "m5"])
        #expect(state.warnings == ["olderLoaded: duplicate ids skipped: \"m2\""])
        #expect(state.contentHeight == 700)
    }

    @Test(
        """
        given an outgoing message, when its echo renames it to an id that is already loaded, then no rename and a \
        warning
        """
    )
    func confirmToATakenID() {
        var state = openChat(count: 20)
        state.send(.appended(outgoing("o1")))

        state.send(.messageConfirmed(id: "o1", newID: "m2"))

        #expect(state.warnings == ["messageConfirmed: new id \"m2\" is already loaded; \"o1\" keeps its id"])
        #expect(state.newestMessageID == "o1")
        #expect(state.messageCount == 21)
    }

    // The historyLoaded rule (specification §5) merges "skipping ids already present" (cache, then network);
    // the reducer treats that overlap as normal and does not warn (docs/decisions.md).
    @Test(
        """
        given history, when a later history repeats ids (also within one batch), then they are skipped without a \
        warning
        """
    )
    func duplicateInHistoryIsSkippedSilently() {
        var state = openChat(count: 3)

        state.send(
            .historyLoaded(messages: [incoming("m3"), incoming("m4"), incoming("m4", height: 7)], hasMoreOlder: false))

        #expect(state.messages == history(1...4))
        #expect(state.warnings == [])
    }

    // MARK: Negative and huge numbers

    struct NumberCase: Sendable, CustomTestStringConvertible {
        var event: ChatEvent
        var warning: String
        var visibleHeight: Double = 650
        var contentHeight: Double = 300
        var keyboardHeight: Double = 0
        var testDescription: String { warning }
    }

    /// Base: `openChat(count: 3)`, m1…m3 of 100: content 300, visible 650.
    static let numberCases: [NumberCase] = [
        NumberCase(
            event: .viewportChanged(height: -800, insetTop: 100, insetBottom: 50),
            warning: "viewportChanged: negative height -800 clamped to 0", visibleHeight: 0),
        NumberCase(
            event: .viewportChanged(height: 800, insetTop: -100, insetBottom: 50),
            warning: "viewportChanged: negative insetTop -100 clamped to 0", visibleHeight: 750),
        NumberCase(
            event: .viewportChanged(height: 800, insetTop: 100, insetBottom: -50),
            warning: "viewportChanged: negative insetBottom -50 clamped to 0", visibleHeight: 700),
        NumberCase(
            event: .viewportChanged(height: 20_000_000, insetTop: 100, insetBottom: 50),
            warning: "viewportChanged: height 20000000 clamped to 10000000", visibleHeight: 9_999_850),
        NumberCase(
            event: .viewportChanged(height: 800, insetTop: 1e12, insetBottom: 50),
            warning: "viewportChanged: insetTop 1000000000000 clamped to 10000000", visibleHeight: 0),
        NumberCase(
            event: .keyboardWillShow(height: -300, duration: nil),
            warning: "keyboardWillShow: negative height -300 clamped to 0"),
        NumberCase(
            event: .keyboardWillShow(height: 1e300, duration: nil),
            warning: "keyboardWillShow: height 1e+300 clamped to 10000000", visibleHeight: 0,
            keyboardHeight: 10_000_000),
        NumberCase(
            event: .itemMeasured(id: "m2", height: -5),
            warning: "itemMeasured: negative height -5 clamped to 0", contentHeight: 200),
        NumberCase(
            event: .itemMeasured(id: "m2", height: 1e8),
            warning: "itemMeasured: height 100000000 clamped to 10000000", contentHeight: 10_000_200),
        NumberCase(
            event: .tokensAppended(id: "m3", text: nil, heightDelta: -20, height: nil),
            warning: "tokensAppended: negative heightDelta -20 clamped to 0"),
        NumberCase(
            event: .tokensAppended(id: "m3", text: nil, heightDelta: nil, height: -1),
            warning: "tokensAppended: negative height -1 clamped to 0", contentHeight: 200),
        NumberCase(
            event: .tokensAppended(id: "m3", text: nil, heightDelta: 9_999_950, height: nil),
            warning: "tokensAppended: height 10000050 clamped to 10000000", contentHeight: 10_000_200),
        NumberCase(
            event: .appended(incoming("x", height: -40)),
            warning: "messageAppended: negative height of \"x\" -40 clamped to 0"),
        NumberCase(
            event: .appended(incoming("x", height: 15_000_000)),
            warning: "messageAppended: height of \"x\" 15000000 clamped to 10000000", contentHeight: 10_000_300),
        NumberCase(
            event: .historyLoaded(messages: [incoming("x", height: -1)], hasMoreOlder: false),
            warning: "historyLoaded: negative height of \"x\" -1 clamped to 0"),
    ]

    @Test(
        "given a conversation, when a length is negative or above 10,000,000, then it is clamped with one warning",
        arguments: numberCases)
    func clampedNumbers(_ number: NumberCase) {
        var state = openChat(count: 3)

        state.send(number.event)

        #expect(state.warnings == [number.warning])
        #expect(state.visibleHeight == number.visibleHeight)
        #expect(state.contentHeight == number.contentHeight)
        #expect(state.keyboardHeight == number.keyboardHeight)
    }

    @Test("given a drag, when the velocity is negative, then no warning")
    func negativeVelocityIsFine() {
        var state = openChat(count: 20)
        state.send(.dragBegan, .scrolled(offset: 900))

        state.send(.dragEnded(offset: 880, velocity: -2500))

        #expect(state.warnings == [])
        #expect(state.userHoldsView)
    }

    // MARK: Scrolling out of range

    @Test(
        "given a drag, when the user overscrolls beyond either end, then the offset is clamped without a warning",
        arguments: [(-50.0, 0.0), (99_999, 1350), (-1e12, 0)])
    func overscroll(reported: Double, clamped: Double) {
        var state = openChat(count: 20)
        state.send(.dragBegan)

        state.send(.scrolled(offset: reported))

        #expect(state.offset == clamped)
        #expect(state.warnings == [])
    }

    @Test(
        "given detached, when scrollSettled and dragEnded report offsets out of range, then clamped without a warning")
    func overscrollAtTheEndOfAHold() {
        var state = detachedChat(at: 1030)
        state.send(.dragBegan)

        state.send(.dragEnded(offset: -30, velocity: -100))
        #expect(state.offset == 0)
        #expect(state.warnings == [])

        state.send(.scrollSettled(offset: 5000))
        #expect(state.offset == 1350)
        #expect(state.warnings == [])
    }

    // MARK: Removing the anchored message

    @Test(
        """
        given detached with the anchor (m11, 30), when m11 is removed, then the anchor moves to m12 with the same delta
        """
    )
    func removeTheAnchoredMessage() {
        var state = detachedChat(at: 1030)

        state.send(.messageRemoved(id: "m11"))

        // m12 now starts at 1000: offset 1000 + 30, unchanged; maxOffset 1250, distance 220 > 200.
        #expect(
            state.snapshot
                == Snapshot(
                    mode: .detached, offset: 1030, contentHeight: 1900, isAtBottom: false, offsetReason: nil,
                    scrollTarget: initialLoadCommand(), showJumpToLatest: true, messageCount: 19))
        #expect(state.anchorPosition! == ("m12", 30))
        #expect(state.warnings == [])
        #expect(state.currentPosition == SavedPosition(anchorID: "m12", delta: 30, wasAtBottom: false))

        // The anchor is m12 from now on.
        state.send(.itemMeasured(id: "m1", height: 150))
        #expect(state.offset == 1080)
    }

    @Test(
        """
        given detached with the anchor on the last message, when it is removed, then the anchor moves to the previous \
        one with the same delta
        """
    )
    func removeTheAnchoredLastMessage() {
        var state = ChatState()
        state.send(
            standardViewport,
            .historyLoaded(
                messages: [incoming("m1"), incoming("m2", height: 1000), incoming("m3", height: 1000)],
                hasMoreOlder: false))
        // Content 2100, maxOffset 1450; m3 spans 1100…2100.
        state.send(.dragBegan, .scrolled(offset: 1200), .released(at: 1200))
        #expect(state.anchorPosition! == ("m3", 100))

        state.send(.messageRemoved(id: "m3"))

        // top(m2) + 100 = 200; content 1100, maxOffset 450.
        #expect(state.offset == 200)
        #expect(state.offsetReason == .remove)
        #expect(state.mode == .detached)
        #expect(state.anchorPosition! == ("m2", 100))
        #expect(state.warnings == [])
    }

    @Test("given a jump to m5, when m5 is removed, then the highlight is cleared and the state stays valid")
    func removeTheHighlightedMessage() {
        var state = openChat(count: 20)
        state.send(.jumpToMessage(id: "m5"))

        state.send(.messageRemoved(id: "m5"))

        #expect(state.highlightedID == nil)
        #expect(state.messageCount == 19)
        #expect(state.offset == 125)
    }

    @Test(
        """
        given a conversation, when every message is removed, then the list is empty, the offset 0, and a jump to \
        latest names no message
        """
    )
    func removeEverything() {
        var state = detachedChat(at: 500, count: 20)

        state.send(ids(1...20).map { .messageRemoved(id: $0) })

        #expect(state.messageCount == 0)
        #expect(state.contentHeight == 0)
        #expect(state.offset == 0)
        #expect(state.newestMessageID == nil)

        state.send(.jumpToLatestTapped)
        #expect(state.scrollTarget?.id == nil)
        #expect(state.offset == 0)
    }

    // Reducer's choice (docs/decisions.md): with no outgoing message left the view becomes detached.
    @Test("given a pinned question, when it is removed, then the view is detached where it is")
    func removeThePinnedQuestion() {
        var state = openChat(count: 20, configuration: ChatConfiguration(layout: .top))
        state.send(.appended(outgoing("q1", height: 60)), .appended(incoming("a1", height: 40)))

        state.send(.messageRemoved(id: "q1"))

        #expect(state.mode == .detached)
        #expect(state.trailingSpacer == 0)
        #expect(state.warnings == [])
    }

    // MARK: Events that make no sense here

    @Test(
        "given a conversation, when an event makes no sense in this state, then one warning",
        arguments: [
            (ChatEvent.loadOlderFailed, "loadOlderFailed: no loadOlder request was in flight"),
            (
                .olderLoaded(messages: [incoming("o1")], hasMoreOlder: false),
                "olderLoaded: no loadOlder request was in flight"
            ),
            (.dragEnded(offset: 300, velocity: nil), "dragEnded: no drag was in progress"),
            (
                .messageConfirmed(id: "m3", newID: nil),
                "messageConfirmed: \"m3\" is incoming; only outgoing messages are confirmed"
            ),
            (
                .entranceAnimationFinished(id: "m3"),
                "entranceAnimationFinished: \"m3\" has no pending entrance animation"
            ),
        ])
    func eventThatMakesNoSense(event: ChatEvent, warning: String) {
        var state = openChat(count: 20)

        state.send(event)

        #expect(state.warnings == [warning])
    }

    @Test("given no geometry yet, when an offset event arrives, then it is ignored with a warning")
    func offsetBeforeTheGeometry() {
        var state = ChatState()
        state.send(.historyLoaded(messages: history(1...20), hasMoreOlder: false))

        state.send(.scrolled(offset: 300))

        #expect(state.offset == nil)
        #expect(state.warnings == ["scrolled: offset before the first viewportChanged ignored"])
    }

    @Test("given a drag, when an offset is NaN, then it is ignored with a warning and the state stays valid")
    func notANumberOffset() {
        var state = openChat(count: 20)
        state.send(.dragBegan, .scrolled(offset: 700))

        state.send(.scrolled(offset: .nan))

        #expect(state.offset == 700)
        #expect(state.warnings == ["scrolled: offset is not a number; ignored"])
    }

    @Test("given a conversation, when a height is NaN or infinite, then it is replaced and the state stays valid")
    func nonFiniteHeights() {
        var state = openChat(count: 3)

        state.send(.itemMeasured(id: "m1", height: .nan))
        #expect(state.warnings == ["itemMeasured: height is not a number; 0 used"])
        #expect(state.contentHeight == 200)

        state.send(.itemMeasured(id: "m1", height: .infinity))
        #expect(state.warnings == ["itemMeasured: height inf clamped to 10000000"])
        #expect(state.contentHeight == 10_000_200)
    }
}
