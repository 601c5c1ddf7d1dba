import ChatEvents
import Testing

@testable import ChatReducer

/// Specification §2, mode `detached`: anchor (id, delta); what the user reads does not move.
/// Base: `detachedChat(at: 1030)` — 20 messages of 100 (content 2000, maxOffset 1350), anchor
/// (m11, 30), visible region [1030, 1680).
@Suite("Detached")
struct DetachedTests {
    @Test("given following, when the user drags to 1030 and lets go, then detached at 1030 with the anchor (m11, 30)")
    func dragAwayDetaches() {
        let state = detachedChat(at: 1030)

        // Distance 1350 - 1030 = 320 > jumpToLatestThreshold 200.
        #expect(
            state.snapshot
                == Snapshot(
                    mode: .detached, offset: 1030, contentHeight: 2000, isAtBottom: false,
                    scrollTarget: initialLoadCommand(), showJumpToLatest: true,
                    // Letting go without velocity settles the scroll, which persists the position.
                    effects: [.persistPosition(SavedPosition(anchorID: "m11", delta: 30, wasAtBottom: false))],
                    messageCount: 20))
        #expect(state.anchorPosition! == ("m11", 30))
        #expect(state.currentPosition == SavedPosition(anchorID: "m11", delta: 30, wasAtBottom: false))
    }

    @Test(
        """
        given detached, when the keyboard shows, then what sat above the bottom edge stays visible: offset += ΔK \
        (keyboard), no command
        """
    )
    func keyboardShowsWhileScrolledUp() {
        var state = detachedChat(at: 1030)
        #expect(state.offset! + state.visibleHeight == 1680)

        state.send(.keyboardWillShow(height: 300, duration: 0.25))

        // offset 1030 + 300 = 1330; visible 350; bottom edge still 1330 + 350 = 1680.
        #expect(
            state.snapshot
                == Snapshot(
                    mode: .detached, offset: 1330, contentHeight: 2000, visibleHeight: 350, isAtBottom: false,
                    offsetReason: .keyboard, scrollTarget: initialLoadCommand(), showJumpToLatest: true,
                    keyboardHeight: 300, messageCount: 20))
        // The anchor is taken anew: m14 (1300…1400) at delta 30.
        #expect(state.anchorPosition! == ("m14", 30))

        state.send(.keyboardWillHide(duration: 0.25))

        #expect(state.offset == 1030)
        #expect(state.offsetReason == .keyboard)
        #expect(state.visibleHeight == 650)
        #expect(state.anchorPosition! == ("m11", 30))
    }

    @Test(
        """
        given detached at 500 with the keyboard shown, when the user scrolls to 100 and the keyboard hides, then \
        offset 100 - 300 is clamped to 0
        """
    )
    func keyboardHideClampsAtTheTop() {
        var state = detachedChat(at: 200)
        state.send(.keyboardWillShow(height: 300, duration: nil))
        #expect(state.offset == 500)
        state.send(.scrolled(offset: 100))

        state.send(.keyboardWillHide(duration: nil))

        #expect(state.offset == 0)
        #expect(state.offsetReason == .keyboard)
        #expect(state.mode == .detached)
    }

    @Test(
        """
        given detached, when the input bar grows by 40 (insetBottom 50 → 90), then the bottom edge content stays: \
        offset += 40 (viewport)
        """
    )
    func inputBarGrowsWhileScrolledUp() {
        var state = detachedChat(at: 1030)

        state.send(.viewportChanged(height: 800, insetTop: 100, insetBottom: 90))

        // visible 610, offset 1070; bottom edge 1070 + 610 = 1680 as before; maxOffset 1390.
        #expect(
            state.snapshot
                == Snapshot(
                    mode: .detached, offset: 1070, contentHeight: 2000, visibleHeight: 610, isAtBottom: false,
                    offsetReason: .viewport, scrollTarget: initialLoadCommand(), showJumpToLatest: true,
                    messageCount: 20))
        #expect(state.anchorPosition! == ("m11", 70))
    }

    @Test(
        """
        given detached, when the top edge moves (insetTop or viewport height), then offset = top(anchor) + delta is \
        unchanged
        """,
        arguments: [
            (800.0, 150.0, 600.0),
            (700, 100, 550),
            (1000, 100, 850),
        ])
    func topEdgeMoves(height: Double, insetTop: Double, visible: Double) {
        var state = detachedChat(at: 1030)

        state.send(.viewportChanged(height: height, insetTop: insetTop, insetBottom: 50))

        #expect(state.visibleHeight == visible)
        #expect(state.offset == 1030)
        #expect(state.offsetReason == nil)
        #expect(state.anchorPosition! == ("m11", 30))
    }

    @Test(
        """
        given detached at 1300 (anchor m14, 0), when the viewport grows so maxOffset is 1250 and then shrinks back, \
        then the offset is clamped to 1250 and returns to 1300: clamping keeps the anchor
        """
    )
    func clampingKeepsTheAnchor() {
        var state = detachedChat(at: 1300)
        #expect(state.anchorPosition! == ("m14", 0))

        state.send(.viewportChanged(height: 900, insetTop: 100, insetBottom: 50))

        // visible 750, maxOffset 1250.
        #expect(state.offset == 1250)
        #expect(state.offsetReason == .viewport)
        #expect(state.mode == .detached)
        #expect(state.anchorPosition! == ("m14", 0))

        state.send(standardViewport)

        #expect(state.offset == 1300)
        #expect(state.offsetReason == .viewport)
    }

    @Test(
        """
        given detached, when a message above the anchor is re-measured 100 → 150, then offset 1080 (measure) and the \
        anchor keeps its place on screen
        """
    )
    func measureAboveTheAnchor() {
        var state = detachedChat(at: 1030)

        state.send(.itemMeasured(id: "m2", height: 150))

        #expect(state.offset == 1080)
        #expect(state.offsetReason == .measure)
        // top(m11) - offset: 1000 - 1030 before, 1050 - 1080 after.
        #expect(state.top(ofMessage: "m11") == 1050)
        #expect(state.scrollTarget == initialLoadCommand())
    }

    @Test("given detached, when a message below the anchor is re-measured 100 → 300, then the offset does not move")
    func measureBelowTheAnchor() {
        var state = detachedChat(at: 1030)

        state.send(.itemMeasured(id: "m15", height: 300))

        #expect(state.offset == 1030)
        #expect(state.offsetReason == nil)
        #expect(state.contentHeight == 2200)
    }

    @Test("given detached, when a message above the anchor grows by 50 tokens' worth, then offset 1080 (growth)")
    func growthAboveTheAnchor() {
        var state = detachedChat(at: 1030)

        state.send(.grown("m3", by: 50))

        #expect(state.offset == 1080)
        #expect(state.offsetReason == .growth)
    }

    @Test("given detached, when a message above the anchor is removed, then offset 930 (remove)")
    func removalAboveTheAnchor() {
        var state = detachedChat(at: 1030)

        state.send(.messageRemoved(id: "m2"))

        #expect(state.offset == 930)
        #expect(state.offsetReason == .remove)
        #expect(state.top(ofMessage: "m11") == 900)
        #expect(state.contentHeight == 1900)
    }

    @Test(
        """
        given detached and not held, when scrolled reports 500, then the offset and the anchor move (user), the mode \
        stays
        """
    )
    func scrolledWhileDetachedMovesTheAnchor() {
        var state = detachedChat(at: 1030)

        state.send(.scrolled(offset: 500))

        #expect(state.offset == 500)
        #expect(state.offsetReason == .user)
        #expect(state.mode == .detached)
        #expect(state.anchorPosition! == ("m6", 0))

        // The anchor really moved: a change above m6 now shifts the offset.
        state.send(.itemMeasured(id: "m2", height: 150))
        #expect(state.offset == 550)
    }

    @Test(
        """
        given detached and not held, when scrolled reaches the bottom, then the mode stays detached (a scroll that is \
        not held never changes the mode)
        """
    )
    func scrolledToTheBottomStaysDetached() {
        var state = detachedChat(at: 1030)

        state.send(.scrolled(offset: 1350))

        #expect(state.mode == .detached)
        #expect(state.offset == 1350)
        #expect(state.isAtBottom)
        #expect(state.showJumpToLatest == false)
    }

    @Test(
        """
        given detached and not held, when scrollSettled reports 700, then it acts as a scroll (user), moves the anchor \
        and emits persistPosition
        """
    )
    func scrollSettledWithoutHoldWhileDetached() {
        var state = detachedChat(at: 1030)

        state.send(.scrollSettled(offset: 700))

        #expect(state.offset == 700)
        #expect(state.offsetReason == .user)
        #expect(state.mode == .detached)
        #expect(state.anchorPosition! == ("m8", 0))
        #expect(state.effects == [.persistPosition(SavedPosition(anchorID: "m8", delta: 0, wasAtBottom: false))])
    }

    // Specification §2: "when the bottom edge moves (keyboardHeight, insetBottom), what sat at the bottom edge
    // stays there: offset += Δ(K + B), clamped". The offset is the clamped one (0), not the anchor's
    // unclamped position (-20).
    @Test(
        """
        given a restore at (m1, -20) clamped to offset 0, when the bottom edge moves up by 40, then offset 0 + 40 = 40
        """,
        arguments: [
            ChatEvent.viewportChanged(height: 800, insetTop: 100, insetBottom: 90),
            .keyboardWillShow(height: 40, duration: nil),
        ])
    func bottomEdgeMovesFromAClampedOffset(event: ChatEvent) {
        var state = openChat(count: 20)
        state.send(.appeared(restore: SavedPosition(anchorID: "m1", delta: -20, wasAtBottom: false)))
        #expect(state.offset == 0)
        #expect(state.mode == .detached)

        state.send(event)

        #expect(state.offset == 40)
        #expect(state.visibleHeight == 610)
    }
}
