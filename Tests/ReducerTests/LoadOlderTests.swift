import ChatEvents
import Testing

@testable import ChatReducer

/// Specification §5, load older: after any event, when the geometry is known, the list non-empty,
/// `hasMoreOlder`, not `isLoadingOlder`, and `offset ≤ loadOlderThreshold` (800): emit
/// `loadOlder(before: oldest id)` and set `isLoadingOlder`. One request at most in flight.
/// `olderLoaded` prepends and `detached` keeps its anchor (`prepend`).
@Suite("LoadOlder")
struct LoadOlderTests {
    @Test(
        """
        given 20 messages with more history, when the user scrolls into the top 800 points, then one loadOlder effect \
        and no second while in flight
        """
    )
    func oneRequestNearTheTop() {
        var state = openChat(count: 20, hasMoreOlder: true)
        #expect(state.effects == [])
        state.send(.dragBegan, .scrolled(offset: 900))
        #expect(state.effects == [])

        state.send(.scrolled(offset: 800))
        #expect(state.effects == [.loadOlder(before: "m1")])
        #expect(state.isLoadingOlder)

        state.send(.scrolled(offset: 530))
        #expect(state.effects == [])
        state.send(.released(at: 530))
        // Settling persists the position (m6 spans 500…600) and requests nothing more.
        #expect(state.effects == [.persistPosition(SavedPosition(anchorID: "m6", delta: 30, wasAtBottom: false))])
        state.send(.scrolled(offset: 100))
        #expect(state.effects == [])
        #expect(state.isLoadingOlder)
    }

    @Test(
        """
        given a request in flight while reading m6 at 530, when the page of 10 × 100 arrives, then m6 stays at the \
        same place on screen (prepend) with no command
        """
    )
    func pageArrivesWhileScrolledUp() {
        var state = openChat(count: 20, hasMoreOlder: true)
        state.send(.dragBegan, .scrolled(offset: 800), .scrolled(offset: 530), .released(at: 530))
        // m6 spans 500…600: its top is 30 points above the visible top.
        #expect(state.top(ofMessage: "m6")! - state.offset! == -30)

        state.send(.olderLoaded(messages: history(1...10, prefix: "o"), hasMoreOlder: true))

        #expect(
            state.snapshot
                == Snapshot(
                    mode: .detached, offset: 1530, contentHeight: 3000, isAtBottom: false, offsetReason: .prepend,
                    scrollTarget: initialLoadCommand(), showJumpToLatest: true, isLoadingOlder: false,
                    hasMoreOlder: true, effects: [], messageCount: 30))
        #expect(state.top(ofMessage: "m6") == 1500)
        #expect(state.messages.map(\.id) == ids(1...10, prefix: "o") + ids(1...20))
        #expect(state.oldestMessageID == "o1")
    }

    @Test("given a request in flight during a drag, when the page arrives, then the held view keeps what is on screen")
    func pageArrivesDuringADrag() {
        var state = openChat(count: 20, hasMoreOlder: true)
        state.send(.dragBegan, .scrolled(offset: 750))

        state.send(.olderLoaded(messages: history(1...4, prefix: "o", height: 50), hasMoreOlder: false))

        #expect(state.offset == 950)
        #expect(state.offsetReason == .prepend)
        #expect(state.userHoldsView)
        #expect(state.hasMoreOlder == false)
    }

    @Test("given a failed load, then no retry until the offset leaves the trigger zone and comes back")
    func failedLoadWaitsForTheZoneToBeLeft() {
        var state = openChat(count: 20, hasMoreOlder: true)
        state.send(.dragBegan, .scrolled(offset: 800), .scrolled(offset: 530))
        #expect(state.isLoadingOlder)

        state.send(.loadOlderFailed)
        #expect(state.isLoadingOlder == false)
        #expect(state.effects == [])
        #expect(state.warnings == [])

        state.send(.scrolled(offset: 400))
        #expect(state.effects == [])
        state.send(.scrolled(offset: 800))
        #expect(state.effects == [])

        // Leaves the zone (offset > 800) …
        state.send(.scrolled(offset: 801))
        #expect(state.effects == [])

        // … and comes back.
        state.send(.scrolled(offset: 790))
        #expect(state.effects == [.loadOlder(before: "m1")])
        #expect(state.isLoadingOlder)
    }

    @Test("given a short history with more older, when it loads, then the request goes out in the same step")
    func shortHistoryRequestsAtOnce() {
        var state = ChatState()
        state.send(standardViewport)

        state.send(.historyLoaded(messages: history(1...5), hasMoreOlder: true))

        #expect(state.effects == [.loadOlder(before: "m1")])
        #expect(state.isLoadingOlder)
        #expect(state.scrollTarget?.reason == .initialLoad)
    }

    @Test("given history before the geometry is known, then no request until viewportChanged")
    func noRequestBeforeTheGeometry() {
        var state = ChatState()

        state.send(.historyLoaded(messages: history(1...5), hasMoreOlder: true))
        #expect(state.effects == [])
        #expect(state.isLoadingOlder == false)

        state.send(standardViewport)
        #expect(state.effects == [.loadOlder(before: "m1")])
    }

    @Test(
        "given no request conditions, then no loadOlder effect",
        arguments: [
            // hasMoreOlder false.
            [standardViewport, .historyLoaded(messages: history(1...5), hasMoreOlder: false)],
            // The list is empty.
            [standardViewport, .historyLoaded(messages: [], hasMoreOlder: true)],
        ] as [[ChatEvent]])
    func noRequest(events: [ChatEvent]) {
        var state = ChatState()

        state.send(events)

        #expect(state.effects == [])
        #expect(state.isLoadingOlder == false)
    }

    @Test(
        """
        given following with a request in flight, when the page arrives, then the view stays at the bottom (prepend), \
        no command, no new request above the threshold
        """
    )
    func prependWhileFollowing() {
        var state = openChat(count: 10, hasMoreOlder: true)
        #expect(state.effects == [.loadOlder(before: "m1")])

        state.send(.olderLoaded(messages: history(1...10, prefix: "o"), hasMoreOlder: true))

        #expect(
            state.snapshot
                == Snapshot(
                    mode: .following, offset: 1350, contentHeight: 2000, offsetReason: .prepend,
                    scrollTarget: initialLoadCommand(count: 10), hasMoreOlder: true, messageCount: 20))
    }

    @Test(
        """
        given the view at the very top, when a page of 500 points arrives, then the next request for the new oldest \
        goes out at once (offset 500 ≤ 800)
        """
    )
    func nextPageAtOnce() {
        var state = openChat(count: 20, hasMoreOlder: true)
        state.send(.dragBegan, .scrolled(offset: 0), .released(at: 0))
        #expect(state.isLoadingOlder)

        state.send(.olderLoaded(messages: history(1...5, prefix: "o"), hasMoreOlder: true))

        #expect(state.offset == 500)
        #expect(state.effects == [.loadOlder(before: "o1")])
        #expect(state.isLoadingOlder)
    }

    @Test("given a page that says there is no more, then no further request however far up the user goes")
    func noMoreOlder() {
        var state = openChat(count: 20, hasMoreOlder: true)
        state.send(.dragBegan, .scrolled(offset: 0))

        state.send(.olderLoaded(messages: history(1...2, prefix: "o"), hasMoreOlder: false))
        state.send(.scrolled(offset: 0))

        #expect(state.effects == [])
        #expect(state.hasMoreOlder == false)
        #expect(state.isLoadingOlder == false)
    }

    @Test(
        """
        given detached at 900 with more history, when a removal above the anchor brings the offset to 800, then the \
        request goes out (after any event)
        """
    )
    func requestAfterAnyEvent() {
        var state = detachedChat(at: 900, hasMoreOlder: true)
        // Only the settle's persistPosition (m10 spans 900…1000): 900 is outside the zone.
        #expect(state.effects == [.persistPosition(SavedPosition(anchorID: "m10", delta: 0, wasAtBottom: false))])
        #expect(state.isLoadingOlder == false)

        state.send(.messageRemoved(id: "m2"))

        #expect(state.offset == 800)
        #expect(state.effects == [.loadOlder(before: "m1")])
        #expect(state.isLoadingOlder)
    }
}
