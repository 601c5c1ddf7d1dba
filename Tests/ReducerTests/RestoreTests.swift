import ChatEvents
import Testing

@testable import ChatReducer

/// Specification §6: `appeared` with `restore`, and `persistPosition`.
/// `wasAtBottom` → following with a restore command to the bottom; a loaded `anchorID` →
/// detached at (anchorID, delta); an `anchorID` that is not loaded → bottom and a warning.
@Suite("Restore")
struct RestoreTests {
    @Test(
        """
        given a conversation scrolled up, when it appears with wasAtBottom, then following with a restore command to \
        the bottom, not animated
        """
    )
    func restoreAtTheBottom() {
        var state = detachedChat(at: 1030)

        state.send(.appeared(restore: SavedPosition(anchorID: "m5", delta: 30, wasAtBottom: true)))

        #expect(
            state.snapshot
                == Snapshot(
                    mode: .following, offset: 1350, contentHeight: 2000, offsetReason: .command,
                    scrollTarget: .bottom(2, id: "m20", offset: 1350, animated: false, .restore),
                    messageCount: 20))
    }

    // Specification §4: a `top` command at `top(id) + d` lands at `(T - d) / V`; a restore has d = delta.
    // With T 100, delta 30: 70 / 800 = 0.0875.
    @Test(
        """
        given a loaded anchor, when the screen appears with (m5, 30), then detached at top(m5) + 30 = 430 with a \
        restore command
        """
    )
    func restoreAtALoadedAnchor() {
        var state = openChat(count: 20)

        state.send(.appeared(restore: SavedPosition(anchorID: "m5", delta: 30, wasAtBottom: false)))

        #expect(
            state.snapshot
                == Snapshot(
                    mode: .detached, offset: 430, contentHeight: 2000, isAtBottom: false, offsetReason: .command,
                    scrollTarget: .item(
                        2, id: "m5", .top, offset: 430, unitAnchorY: 0.0875, animated: false, .restore),
                    showJumpToLatest: true, messageCount: 20))
        #expect(state.anchorPosition! == ("m5", 30))

        // The restored anchor is kept: a change above it moves the offset with it.
        state.send(.itemMeasured(id: "m1", height: 150))
        #expect(state.offset == 480)
    }

    @Test("given a loaded anchor, when the screen appears with a negative delta -20, then offset 380 and no warning")
    func restoreWithANegativeDelta() {
        var state = openChat(count: 20)

        state.send(.appeared(restore: SavedPosition(anchorID: "m5", delta: -20, wasAtBottom: false)))

        #expect(
            state.scrollTarget
                == .item(2, id: "m5", .top, offset: 380, unitAnchorY: 0.15, animated: false, .restore))
        #expect(state.offset == 380)
        #expect(state.warnings == [])
    }

    @Test(
        """
        given an anchor that is not loaded, when the screen appears, then following with a restore command to the \
        bottom and a warning
        """
    )
    func restoreAtAMissingAnchor() {
        var state = detachedChat(at: 1030)

        state.send(.appeared(restore: SavedPosition(anchorID: "gone", delta: 40, wasAtBottom: false)))

        #expect(
            state.snapshot
                == Snapshot(
                    mode: .following, offset: 1350, contentHeight: 2000, offsetReason: .command,
                    scrollTarget: .bottom(2, id: "m20", offset: 1350, animated: false, .restore),
                    messageCount: 20,
                    warnings: ["appeared: restore anchor \"gone\" is not loaded; restored to the bottom"]))
    }

    @Test(
        """
        given a saved position without anchorID and not at the bottom, when the screen appears, then the bottom and a \
        warning
        """
    )
    func restoreWithoutAnchorID() {
        var state = detachedChat(at: 1030)

        state.send(.appeared(restore: SavedPosition(anchorID: nil, delta: 0, wasAtBottom: false)))

        #expect(state.mode == .following)
        #expect(state.scrollTarget?.reason == .restore)
        #expect(state.offset == 1350)
        #expect(state.warnings == ["appeared: restore has no anchorID; restored to the bottom"])
    }

    @Test("given a conversation, when it appears without a position, then nothing changes")
    func appearedWithoutRestore() {
        var state = detachedChat(at: 1030)
        var expected = state.snapshot

        state.send(.appeared(restore: nil))

        expected.offsetReason = nil
        expected.effects = []
        #expect(state.snapshot == expected)
    }

    @Test("given detached at 1030, when the screen disappears, then persistPosition (m11, 30, not at bottom)")
    func disappearedPersists() {
        var state = detachedChat(at: 1030)

        state.send(.disappeared)

        #expect(state.effects == [.persistPosition(SavedPosition(anchorID: "m11", delta: 30, wasAtBottom: false))])
        #expect(state.offset == 1030)

        // Effects are never repeated on later steps.
        state.send(.inputBlurred)
        #expect(state.effects == [])
    }

    @Test(
        """
        given a persisted position, when a new screen loads the same history and appears with it, then the same place \
        is shown
        """
    )
    func roundTrip() {
        var before = detachedChat(at: 1030)
        before.send(.disappeared)
        guard case .persistPosition(let position)? = before.effects.first else {
            Issue.record("no persistPosition effect")
            return
        }

        var after = openChat(count: 20)
        after.send(.appeared(restore: position))

        #expect(after.offset == 1030)
        #expect(after.mode == .detached)
        #expect(after.visibleIDs == ids(11...17))
    }

    @Test(
        """
        given history and a restore before the geometry is known, when the first viewportChanged arrives, then the \
        restore is resolved at top(m5) + 30
        """
    )
    func restoreResolvedWithTheGeometry() {
        var state = ChatState()
        state.send(
            .historyLoaded(messages: history(1...20), hasMoreOlder: false),
            .appeared(restore: SavedPosition(anchorID: "m5", delta: 30, wasAtBottom: false)))
        #expect(
            state.scrollTarget
                == ScrollCommand(
                    seq: 2, kind: .item, id: "m5", anchor: .top, offset: nil, unitAnchorY: nil,
                    animated: false, reason: .restore))

        state.send(standardViewport)

        #expect(
            state.scrollTarget
                == .item(2, id: "m5", .top, offset: 430, unitAnchorY: 0.0875, animated: false, .restore))
        #expect(state.offset == 430)
        #expect(state.mode == .detached)
    }

    @Test(
        """
        given a drag in progress, when the screen appears with a position, then nothing is restored and a warning says \
        why
        """
    )
    func appearedWhileHeld() {
        var state = openChat(count: 20)
        state.send(.dragBegan, .scrolled(offset: 700))

        state.send(.appeared(restore: SavedPosition(anchorID: "m5", delta: 0, wasAtBottom: false)))

        #expect(state.offset == 700)
        #expect(state.scrollTarget == initialLoadCommand())
        #expect(state.warnings == ["appeared: the view is held; the position is not restored"])
    }

    @Test(
        "given layout top with pinMargin 8, when a question is sent, then the pin lands at (T + 8) / V: d = -pinMargin")
    func pinUsesTheSameFormula() {
        var state = openChat(count: 20, configuration: ChatConfiguration(layout: .top, pinMargin: 8))

        state.send(.appended(outgoing("q1")))

        // top(q1) = 2000; offset 2000 - 8 = 1992; unitAnchorY (100 - (-8)) / 800 = 0.135.
        #expect(
            state.scrollTarget
                == .item(2, id: "q1", .top, offset: 1992, unitAnchorY: 0.135, animated: true, .newQuestion)
        )
    }
}
