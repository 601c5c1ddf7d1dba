import ChatEvents
import Testing

@testable import ChatReducer

/// Specification §5, unread: an appended incoming message whose item is below the visible region
/// counts; it stops counting once it has been visible; reaching `following` clears the count.
/// `showJumpToLatest = !isAtBottom && (distance > 200 || unreadCount > 0)`.
@Suite("Unread")
struct UnreadTests {
    @Test(
        """
        given detached 50 points above the bottom, when an incoming message arrives, then unread 1, jump-to-latest \
        shown, no command, nothing moves
        """
    )
    func incomingWhileScrolledUp() {
        var state = detachedChat(at: 1300)
        // Distance 50: not at the bottom, but close enough that the button is hidden.
        #expect(state.showJumpToLatest == false)

        state.send(.appended(incoming("i1")))

        // top(i1) = 2000 ≥ 1300 + 650; distance 1450 - 1300 = 150 ≤ 200, shown because of unread.
        #expect(
            state.snapshot
                == Snapshot(
                    mode: .detached, offset: 1300, contentHeight: 2100, isAtBottom: false, offsetReason: nil,
                    scrollTarget: initialLoadCommand(), unreadCount: 1, showJumpToLatest: true, animating: ["i1"],
                    messageCount: 21))
    }

    @Test(
        """
        given three unread messages below, when the user scrolls down, then the count falls as each one becomes \
        visible, and never rises again
        """
    )
    func unreadFallsWhileScrollingDown() {
        var state = detachedChat(at: 1300)
        state.send(.appended(incoming("i1")), .appended(incoming("i2")), .appended(incoming("i3")))
        // i1, i2, i3 at tops 2000, 2100, 2200; content 2300, maxOffset 1650.
        #expect(state.unreadCount == 3)

        // [1350, 2000): i1 starts exactly at the end, not visible yet.
        state.send(.scrolled(offset: 1350))
        #expect(state.unreadCount == 3)

        // [1351, 2001): i1 visible.
        state.send(.scrolled(offset: 1351))
        #expect(state.unreadCount == 2)

        // [1451, 2101): i2 visible.
        state.send(.scrolled(offset: 1451))
        #expect(state.unreadCount == 1)
        #expect(state.showJumpToLatest)

        // [1551, 2201): i3 visible; distance 99 and no unread: the button hides.
        state.send(.scrolled(offset: 1551))
        #expect(state.unreadCount == 0)
        #expect(state.showJumpToLatest == false)
        #expect(state.mode == .detached)

        state.send(.scrolled(offset: 1000))
        #expect(state.unreadCount == 0)
    }

    @Test(
        """
        given layout top with a pinned question, when its answer lands inside the visible region, then it does not \
        count; a later one below does
        """
    )
    func incomingInsideTheVisibleRegionDoesNotCount() {
        var state = openChat(count: 20, configuration: ChatConfiguration(layout: .top))
        state.send(.appended(outgoing("q1", height: 60)))
        #expect(state.mode == .pinned)
        #expect(state.offset == 2000)

        // top(a1) = 2060 < 2000 + 650.
        state.send(.appended(incoming("a1", height: 40)))
        #expect(state.unreadCount == 0)
        #expect(state.showJumpToLatest == false)

        for _ in 1...10 { state.send(.grown("a1", by: 100)) }
        // a1 is 1040 high; top(a2) = 3100 ≥ 2650.
        state.send(.appended(incoming("a2", height: 50)))
        #expect(state.unreadCount == 1)
        #expect(state.scrollTarget?.seq == 2)
    }

    @Test("given two unread messages, when the user sends a message, then one outgoingMessage command and unread 0")
    func ownMessageResetsUnread() {
        var state = detachedChat(at: 1030)
        state.send(.appended(incoming("i1")), .appended(incoming("i2")))
        #expect(state.unreadCount == 2)

        state.send(.appended(outgoing("o1")))

        #expect(
            state.snapshot
                == Snapshot(
                    mode: .following, offset: 1650, contentHeight: 2300, offsetReason: .command,
                    scrollTarget: .bottom(2, id: "o1", offset: 1650, animated: true, .outgoingMessage),
                    unreadCount: 0, showJumpToLatest: false, animating: ["i1", "i2", "o1"], messageCount: 23))
    }

    @Test("given two unread messages, when one is removed, then the count drops to 1; when the other is removed, to 0")
    func removingUnreadMessages() {
        var state = detachedChat(at: 1030)
        state.send(.appended(incoming("i1")), .appended(incoming("i2")))

        state.send(.messageRemoved(id: "i2"))
        #expect(state.unreadCount == 1)

        state.send(.messageRemoved(id: "i1"))
        #expect(state.unreadCount == 0)
        #expect(state.showJumpToLatest == true)  // distance 320 > 200
    }

    @Test(
        """
        given an unread 10-point message below, when a drag comes within the threshold while it is still below the \
        visible region, then following clears the count
        """
    )
    func reachingFollowingClearsUnread() {
        var state = detachedChat(at: 1030)
        state.send(.appended(incoming("i1", height: 10)))
        #expect(state.unreadCount == 1)

        // maxOffset 1360; at 1345 the visible region [1345, 1995) ends before top(i1) = 2000.
        state.send(.dragBegan, .scrolled(offset: 1345))

        #expect(state.mode == .following)
        #expect(state.visibleIDs.contains("i1") == false)
        #expect(state.unreadCount == 0)
    }

    @Test("given following, when incoming messages arrive, then none is unread")
    func incomingWhileFollowingIsNeverUnread() {
        var state = openChat(count: 20)

        state.send(.appended(incoming("i1", height: 900)), .appended(incoming("i2", height: 900)))

        #expect(state.unreadCount == 0)
        #expect(state.scrollTarget?.reason == .incomingMessage)
    }

    // Specification §5: "it stops counting once it has been visible" — passing it in one jump is not seeing it.
    @Test(
        "given two unread messages, when one scroll jumps past the first so it is never visible, then it still counts")
    func unreadPassedInOneJumpStillCounts() {
        var state = detachedChat(at: 1030)
        state.send(.appended(incoming("i1")), .appended(incoming("i2", height: 2000)))
        // i1 [2000, 2100), i2 [2100, 4100); content 4100, maxOffset 3450.
        #expect(state.unreadCount == 2)

        // [2200, 2850): i1 ended above the visible region without ever being in it; i2 is visible.
        state.send(.scrolled(offset: 2200))

        #expect(state.visibleIDs == ["i2"])
        #expect(state.unreadCount == 1)
        #expect(state.showJumpToLatest)
    }
}
