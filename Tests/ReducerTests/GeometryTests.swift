import ChatEvents
import Testing

@testable import ChatReducer

/// Specification §1: one vertical axis, the visible height, content height, offsets,
/// distance from the bottom, `top(id)` and visibility.
@Suite("Geometry")
struct GeometryTests {
    @Test("given no viewportChanged yet, when history loads, then offset is null and isAtBottom is true (following)")
    func unknownGeometryWhileFollowing() {
        var state = ChatState()
        #expect(state.snapshot == Snapshot(offset: nil, visibleHeight: 0))

        state.send(.historyLoaded(messages: history(1...3), hasMoreOlder: false))

        #expect(
            state.snapshot
                == Snapshot(
                    offset: nil, contentHeight: 300, visibleHeight: 0, isAtBottom: true,
                    scrollTarget: ScrollCommand(
                        seq: 1, kind: .bottom, id: "m3", anchor: nil, offset: nil, unitAnchorY: nil,
                        animated: false, reason: .initialLoad),
                    messageCount: 3))
    }

    @Test(
        "given no viewportChanged yet and a jump to a message, then offset is null and isAtBottom is false (detached)")
    func unknownGeometryWhileDetached() {
        var state = ChatState()
        state.send(.historyLoaded(messages: history(1...20), hasMoreOlder: false))

        state.send(.jumpToMessage(id: "m5"))

        #expect(state.mode == .detached)
        #expect(state.offset == nil)
        #expect(state.isAtBottom == false)
    }

    @Test("given an empty conversation, when the first viewportChanged arrives, then offset becomes 0 (viewport)")
    func firstViewportOnEmptyList() {
        var state = ChatState()

        state.send(standardViewport)

        #expect(state.snapshot == Snapshot(offset: 0, contentHeight: 0, visibleHeight: 650, offsetReason: .viewport))
    }

    @Test(
        """
        given V, T, B and K, when the viewport and the keyboard are reported, then the visible height is max(0, V - T \
        - B - K)
        """,
        arguments: [
            (800.0, 100.0, 50.0, 0.0, 650.0),
            (800, 100, 50, 300, 350),
            (800, 100, 50, 650, 0),
            (800, 100, 50, 900, 0),
            (600, 0, 0, 0, 600),
            (100, 80, 40, 0, 0),
        ])
    func visibleHeight(viewport: Double, top: Double, bottom: Double, keyboard: Double, expected: Double) {
        var state = ChatState()
        state.send(.viewportChanged(height: viewport, insetTop: top, insetBottom: bottom))
        if keyboard > 0 { state.send(.keyboardWillShow(height: keyboard, duration: 0.25)) }

        #expect(state.visibleHeight == expected)
        #expect(state.keyboardHeight == keyboard)
    }

    @Test(
        """
        given messages of 10, 20 and 30 points, then content height is 60 and maxOffset 0 (content shorter than the \
        view)
        """
    )
    func contentHeightIsTheSumOfHeights() {
        var state = ChatState()
        state.send(standardViewport)

        state.send(
            .historyLoaded(
                messages: [incoming("a", height: 10), outgoing("b", height: 20), incoming("c", height: 30)],
                hasMoreOlder: false))

        #expect(state.contentHeight == 60)
        #expect(state.maxOffset == 0)
        #expect(state.offset == 0)
        #expect(state.trailingSpacer == 0)
    }

    @Test(
        """
        given 20 messages of 100 points, then content 2000, maxOffset 1350, and top(id) is the sum of the heights \
        before it
        """
    )
    func topOfMessage() {
        let state = openChat(count: 20)

        #expect(state.contentHeight == 2000)
        #expect(state.maxOffset == 1350)
        #expect(state.offset == 1350)
        #expect(state.top(ofMessage: "m1") == 0)
        #expect(state.top(ofMessage: "m3") == 200)
        #expect(state.top(ofMessage: "m20") == 1900)
        #expect(state.top(ofMessage: "nope") == nil)
    }

    @Test(
        """
        given 20 messages held by a drag, when the user scrolls to an offset, then distance from bottom and isAtBottom \
        follow atBottomThreshold 20
        """,
        arguments: [
            (1350.0, 0.0, true, ScrollMode.following),
            (1330, 20, true, .following),
            (1329, 21, false, .detached),
            (900, 450, false, .detached),
            (0, 1350, false, .detached),
        ])
    func distanceFromBottom(offset: Double, distance: Double, atBottom: Bool, mode: ScrollMode) {
        var state = openChat(count: 20)

        state.send(.dragBegan, .scrolled(offset: offset))

        #expect(state.offset == offset)
        #expect(state.distanceFromBottom == distance)
        #expect(state.isAtBottom == atBottom)
        #expect(state.mode == mode)
    }

    @Test(
        """
        given 20 messages of 100 detached at an offset, then the visible messages are those overlapping [offset, \
        offset + visibleHeight)
        """,
        arguments: [(Double, [String])]([
            // [100, 750): m1 ends exactly at 100 (not visible); m8 is [700, 800).
            (100.0, ids(2...8)),
            // [101, 751): m9 starts at 800 (not visible).
            (101, ids(2...8)),
            // [150, 800): m9 starts exactly at the end (not visible).
            (150, ids(2...8)),
            // [151, 801): m9 overlaps by one point.
            (151, ids(2...9)),
            // [0, 650): m1 … m7, m7 is [600, 700).
            (0, ids(1...7)),
        ]))
    func visibility(offset: Double, expected: [String]) {
        let state = detachedChat(at: offset, count: 20)

        #expect(state.offset == offset)
        #expect(state.visibleIDs == expected)
    }

    @Test(
        "given the keyboard covers 300 more points, then the visible height is 350 and the content height is unchanged")
    func keyboardShrinksTheVisibleRegion() {
        var state = openChat(count: 20)

        state.send(.keyboardWillShow(height: 300, duration: 0.25))

        #expect(state.visibleHeight == 350)
        #expect(state.contentHeight == 2000)
        #expect(state.maxOffset == 1650)
    }
}
