import ChatEvents
import Testing

@testable import ChatReducer

/// Specification §2, who holds the view: from `dragBegan` until the scroll settles, and while a
/// text selection is active. Nothing moves under the finger, no automatic command, the mode is
/// decided by distance from the bottom; when the hold ends the mode's invariant is applied.
@Suite("Holding")
struct HoldingTests {
    @Test(
        """
        given an answer streaming while following, when the user drags up, then the view escapes (detached), nothing \
        moves under the finger, no command; back within the threshold and settled it follows again
        """
    )
    func dragDuringStreaming() {
        var state = openChat(count: 10)
        state.send(.streamingAppended(incoming("a1", height: 40)))
        let append = ScrollCommand.bottom(2, id: "a1", offset: 390, animated: true, .incomingMessage)
        for _ in 1...10 { state.send(.grown("a1", by: 10)) }
        // a1 is 140 high: content 1140, bottom 490.
        #expect(state.offset == 490)

        // Given the finger down at the bottom: still following.
        state.send(.dragBegan)
        #expect(state.userHoldsView)
        #expect(state.mode == .following)

        // When the user drags up to 200: distance 290 > 20.
        state.send(.scrolled(offset: 200))
        #expect(state.mode == .detached)
        #expect(state.offset == 200)
        #expect(state.offsetReason == .user)
        #expect(state.visibleIDs == ids(3...9))

        // Then tokens keep coming and nothing moves.
        for batch in 1...5 {
            state.send(.grown("a1", by: 10))
            #expect(state.offset == 200, "batch \(batch)")
            #expect(state.offsetReason == nil, "batch \(batch)")
            #expect(state.mode == .detached, "batch \(batch)")
            #expect(state.scrollTarget == append, "batch \(batch)")
            #expect(state.visibleIDs == ids(3...9), "batch \(batch)")
        }
        // Content 1190, maxOffset 540.
        #expect(state.maxOffset == 540)

        // When the user drags back to within 20 points of the bottom (distance 15).
        state.send(.scrolled(offset: 525))
        #expect(state.mode == .following)
        #expect(state.offset == 525)
        #expect(state.userHoldsView)

        // And lets go at 530 (distance 10): the hold ends, following snaps to the bottom.
        state.send(.released(at: 530))
        #expect(
            state.snapshot
                == Snapshot(
                    mode: .following, offset: 540, contentHeight: 1190, offsetReason: .settle, scrollTarget: append,
                    animating: ["a1"],
                    // m6 spans 500…600: the settled offset 540 lies 40 below its top.
                    effects: [.persistPosition(SavedPosition(anchorID: "m6", delta: 40, wasAtBottom: true))],
                    userHoldsView: false, messageCount: 11))

        // Following again: the next batch keeps the bottom in view.
        state.send(.grown("a1", by: 10))
        #expect(state.offset == 550)
        #expect(state.offsetReason == .growth)
        #expect(state.scrollTarget == append)
    }

    @Test(
        """
        given a drag, when the user lets go with velocity and momentum scrolls, then the hold lasts until \
        scrollSettled, which emits persistPosition
        """
    )
    func momentum() {
        var state = openChat(count: 20)
        state.send(.dragBegan, .scrolled(offset: 1200))

        state.send(.dragEnded(offset: 1150, velocity: -900))
        #expect(state.userHoldsView)
        #expect(state.offset == 1150)
        #expect(state.offsetReason == .user)
        #expect(state.effects == [])

        state.send(.scrolled(offset: 1000))
        #expect(state.offset == 1000)
        #expect(state.offsetReason == .user)
        state.send(.scrolled(offset: 930))
        #expect(state.userHoldsView)

        state.send(.scrollSettled(offset: 920))

        #expect(
            state.snapshot
                == Snapshot(
                    mode: .detached, offset: 920, contentHeight: 2000, isAtBottom: false, offsetReason: .settle,
                    scrollTarget: initialLoadCommand(), showJumpToLatest: true,
                    effects: [.persistPosition(SavedPosition(anchorID: "m10", delta: 20, wasAtBottom: false))],
                    userHoldsView: false, messageCount: 20))
    }

    @Test(
        """
        given a drag up, when momentum carries the view back within the threshold and settles at 1340, then following \
        snaps to 1350 and persists at the bottom
        """
    )
    func momentumBackToTheBottom() {
        var state = openChat(count: 20)
        state.send(
            .dragBegan, .scrolled(offset: 1000), .dragEnded(offset: 1100, velocity: 1500), .scrolled(offset: 1300))
        #expect(state.mode == .detached)

        state.send(.scrollSettled(offset: 1340))

        #expect(state.mode == .following)
        #expect(state.offset == 1350)
        #expect(state.offsetReason == .settle)
        #expect(state.userHoldsView == false)
        #expect(state.effects == [.persistPosition(SavedPosition(anchorID: "m14", delta: 50, wasAtBottom: true))])
    }

    @Test("given a drag with zero velocity, then the hold ends at dragEnded")
    func zeroVelocitySettles() {
        var state = openChat(count: 20)
        state.send(.dragBegan, .scrolled(offset: 700))

        state.send(.dragEnded(offset: 700, velocity: 0))

        #expect(state.userHoldsView == false)
        #expect(state.mode == .detached)
        #expect(state.offset == 700)
    }

    @Test(
        """
        given the view held at 200, when a message above the visible top is re-measured 100 → 150, then the offset is \
        corrected to 250 (measure)
        """
    )
    func heldViewKeepsWhatIsOnScreen() {
        var state = openChat(count: 20)
        state.send(.dragBegan, .scrolled(offset: 200))

        state.send(.itemMeasured(id: "m1", height: 150))

        #expect(state.offset == 250)
        #expect(state.offsetReason == .measure)
        #expect(state.visibleIDs == ids(3...9))
        #expect(state.userHoldsView)
    }

    @Test(
        "given the view held while detached at 200, when the keyboard shows, then nothing is shifted for the keyboard")
    func heldViewIgnoresTheKeyboardWhileDetached() {
        var state = openChat(count: 20)
        state.send(.dragBegan, .scrolled(offset: 200))

        state.send(.keyboardWillShow(height: 300, duration: 0.25))

        #expect(state.offset == 200)
        #expect(state.offsetReason == nil)
        #expect(state.visibleHeight == 350)
    }

    @Test(
        """
        given the view held at the bottom, when the keyboard shows, then nothing is pinned: the offset stays 1350 and \
        the mode becomes detached by distance (300)
        """
    )
    func heldViewIgnoresTheKeyboardAtTheBottom() {
        var state = openChat(count: 20)
        state.send(.dragBegan)

        state.send(.keyboardWillShow(height: 300, duration: 0.25))

        #expect(state.offset == 1350)
        #expect(state.offsetReason == nil)
        #expect(state.maxOffset == 1650)
        #expect(state.mode == .detached)
        #expect(state.scrollTarget == initialLoadCommand())
    }

    @Test(
        "given a drag, when the user scrolls, then the mode is decided by distance from the bottom at every scroll",
        arguments: [
            ([1340.0], ScrollMode.following),
            ([1300], .detached),
            ([1300, 1331], .following),
            ([1331, 1000], .detached),
        ])
    func modeByDistanceWhileHeld(offsets: [Double], mode: ScrollMode) {
        var state = openChat(count: 20)
        state.send(.dragBegan)

        state.send(offsets.map { .scrolled(offset: $0) })

        #expect(state.mode == mode)
        #expect(state.userHoldsView)
    }

    @Test(
        """
        given a drag within the threshold, when the finger lifts at 1335, then following snaps the last 15 points \
        (settle)
        """
    )
    func holdEndSnaps() {
        var state = openChat(count: 20)
        state.send(.dragBegan, .scrolled(offset: 1335))
        #expect(state.offset == 1335)

        state.send(.released(at: 1335))

        #expect(state.offset == 1350)
        #expect(state.offsetReason == .settle)
        #expect(state.mode == .following)
    }

    @Test(
        """
        given following at the bottom, when a text selection becomes active and the last message grows by 100, then \
        nothing moves, no command, and the mode is detached by distance
        """
    )
    func selectionHoldsTheView() {
        var state = openChat(count: 20)

        state.send(.selectionChanged(active: true))
        #expect(state.userHoldsView)

        state.send(.grown("m20", by: 100))
        #expect(state.offset == 1350)
        #expect(state.offsetReason == nil)
        #expect(state.maxOffset == 1450)
        #expect(state.mode == .detached)
        #expect(state.scrollTarget == initialLoadCommand())

        state.send(.selectionChanged(active: false))
        #expect(state.userHoldsView == false)
        #expect(state.mode == .detached)
        #expect(state.offset == 1350)
    }

    @Test(
        """
        given a selection while following, when the last message grows by 10 and the selection ends, then following \
        snaps to the new bottom (settle)
        """
    )
    func selectionEndSnaps() {
        var state = openChat(count: 20)
        state.send(.selectionChanged(active: true), .grown("m20", by: 10))
        #expect(state.offset == 1350)
        #expect(state.mode == .following)

        state.send(.selectionChanged(active: false))

        #expect(state.offset == 1360)
        #expect(state.offsetReason == .settle)
    }

    @Test("given a selection and a drag, when the drag settles, then the selection still holds the view until it ends")
    func selectionAndDrag() {
        var state = openChat(count: 20)
        state.send(.selectionChanged(active: true), .dragBegan, .scrolled(offset: 700))

        state.send(.released(at: 700))
        #expect(state.userHoldsView)

        state.send(.selectionChanged(active: false))
        #expect(state.userHoldsView == false)
        #expect(state.mode == .detached)
    }

    @Test(
        """
        given a drag at 500, when the user sends a message, then no command until the hold ends, then one \
        outgoingMessage command
        """
    )
    func outgoingDuringADragIsDeferred() {
        var state = openChat(count: 20)
        state.send(.dragBegan, .scrolled(offset: 500))

        state.send(.appended(outgoing("o1")))

        #expect(state.scrollTarget == initialLoadCommand())
        #expect(state.offset == 500)
        #expect(state.offsetReason == nil)
        #expect(state.animating == ["o1"])

        state.send(.released(at: 500))

        #expect(
            state.snapshot
                == Snapshot(
                    mode: .following, offset: 1450, contentHeight: 2100, offsetReason: .command,
                    scrollTarget: .bottom(2, id: "o1", offset: 1450, animated: true, .outgoingMessage),
                    animating: ["o1"],
                    // Persisted after the deferred command: m15 spans 1400…1500 under offset 1450.
                    effects: [.persistPosition(SavedPosition(anchorID: "m15", delta: 50, wasAtBottom: true))],
                    userHoldsView: false, messageCount: 21))
    }

    @Test("given a drag with momentum, when the user sends a message, then the command waits for scrollSettled")
    func outgoingDuringMomentumWaitsForSettle() {
        var state = openChat(count: 20)
        state.send(.dragBegan, .scrolled(offset: 900), .dragEnded(offset: 800, velocity: -300))

        state.send(.appended(outgoing("o1")))
        #expect(state.scrollTarget == initialLoadCommand())

        state.send(.scrolled(offset: 700))
        #expect(state.scrollTarget == initialLoadCommand())

        state.send(.scrollSettled(offset: 650))
        #expect(
            state.scrollTarget
                == .bottom(2, id: "o1", offset: 1450, animated: true, .outgoingMessage))
        #expect(state.offset == 1450)
    }

    @Test(
        """
        given a drag at the bottom, when an incoming message arrives, then no command: the offset stays, the message \
        is unread, and the mode is detached (distance 100)
        """
    )
    func incomingDuringADragIssuesNothing() {
        var state = openChat(count: 20)
        state.send(.dragBegan)

        state.send(.appended(incoming("i1")))

        // top(i1) = 2000 ≥ 1350 + 650: below the visible region.
        #expect(
            state.snapshot
                == Snapshot(
                    mode: .detached, offset: 1350, contentHeight: 2100, isAtBottom: false,
                    scrollTarget: initialLoadCommand(), unreadCount: 1, showJumpToLatest: true, animating: ["i1"],
                    userHoldsView: true, messageCount: 21))

        state.send(.released(at: 1350))

        #expect(state.scrollTarget == initialLoadCommand())
        #expect(state.mode == .detached)
        #expect(state.unreadCount == 1)
    }

    @Test(
        """
        given a drag with a deferred outgoing command, when jumpToLatest is tapped, then the hold ends and the \
        deferred command is dropped
        """
    )
    func jumpToLatestDuringAHold() {
        var state = openChat(count: 20)
        state.send(.dragBegan, .scrolled(offset: 500), .appended(outgoing("o1")))

        state.send(.jumpToLatestTapped)

        let jump = ScrollCommand.bottom(2, id: "o1", offset: 1450, animated: true, .jumpToLatest)
        #expect(
            state.snapshot
                == Snapshot(
                    mode: .following, offset: 1450, contentHeight: 2100, offsetReason: .command, scrollTarget: jump,
                    animating: ["o1"], userHoldsView: false, messageCount: 21))

        // The momentum of the old drag settles: no outgoingMessage command appears.
        state.send(.scrollSettled(offset: 1450))
        #expect(state.scrollTarget == jump)
    }

    @Test("given the view held, when dragBegan arrives again (the user catches the momentum), then it is the same hold")
    func dragBeganDuringMomentum() {
        var state = openChat(count: 20)
        state.send(.dragBegan, .scrolled(offset: 900), .dragEnded(offset: 850, velocity: -500))

        state.send(.dragBegan, .scrolled(offset: 600))
        #expect(state.userHoldsView)

        state.send(.released(at: 600))
        #expect(state.userHoldsView == false)
        #expect(state.offset == 600)
    }

    // Specification §4: automatic commands other than outgoingMessage and newQuestion are dropped while held;
    // the reducer drops initialLoad too (docs/decisions.md) and decides the mode by distance.
    @Test(
        """
        given a drag on an empty conversation, when history arrives, then no initialLoad command; the held offset \
        stays 0 and the mode is detached by distance
        """
    )
    func initialLoadDuringAHoldIsDropped() {
        var state = ChatState()
        state.send(standardViewport, .dragBegan)

        state.send(.historyLoaded(messages: history(1...20), hasMoreOlder: false))

        #expect(state.scrollTarget == nil)
        #expect(state.offset == 0)
        #expect(state.mode == .detached)

        state.send(.released(at: 0))
        #expect(state.scrollTarget == nil)
        #expect(state.mode == .detached)
    }

    @Test(
        """
        given a drag with a deferred outgoing command, when the app jumps to a message, then the hold ends and the \
        deferred command is dropped
        """
    )
    func jumpToMessageDuringAHoldDropsTheDeferredCommand() {
        var state = openChat(count: 20)
        state.send(.dragBegan, .scrolled(offset: 500), .appended(outgoing("o1")))

        state.send(.jumpToMessage(id: "m5"))

        let jump = ScrollCommand.item(
            2, id: "m5", .center, offset: 125, unitAnchorY: 0.53125, animated: true, .jumpToMessage)
        #expect(state.scrollTarget == jump)
        #expect(state.userHoldsView == false)

        state.send(.scrollSettled(offset: 125))
        #expect(state.scrollTarget == jump)
        #expect(state.mode == .detached)
    }
}
