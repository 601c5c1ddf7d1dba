import ChatEvents
import Testing

@testable import ChatReducer

/// Specification §12, the "↑ N new messages" pill and the divider on arrival. The standard
/// screen: visible height 650; m1…m20 of 100 points (C = 2000, maxOffset = 1350).
@Suite("Jump to the first unread")
struct JumpToUnreadTests {
    @Test(
        """
        given a reader at 500 with three 400-point unread messages below, when the pill is tapped, then i1's \
        top goes under the top inset (animated, jumpToUnread), detached at (i1, 0), and i3 is still unread
        """
    )
    func jumpsToTheOldestLoadedUnread() {
        var state = detachedChat(at: 500)
        state.send(.appended(incoming("i1", height: 400)), .appended(incoming("i2", height: 400)))
        state.send(.appended(incoming("i3", height: 400)), .jumpToUnreadTapped)
        // top(i1) = 2000; C = 3200, maxOffset 2550, distance 550 > 20. Visible [2000, 2650): i1, i2.
        #expect(
            state.snapshot
                == Snapshot(
                    mode: .detached, offset: 2000, contentHeight: 3200, isAtBottom: false, offsetReason: .command,
                    scrollTarget: .item(
                        2, id: "i1", .top, offset: 2000, unitAnchorY: 0.125, animated: true, .jumpToUnread),
                    unreadCount: 1, showJumpToLatest: true, animating: ["i1", "i2", "i3"], messageCount: 23))
        #expect(state.anchorPosition! == ("i1", 0))
    }

    @Test(
        """
        given an unread message whose top lies within the threshold of the bottom, when the pill is tapped, then \
        the view follows and nothing is unread
        """
    )
    func withinTheThresholdFollows() {
        var state = detachedChat(at: 1300)
        state.send(.appended(incoming("i1", height: 40)), .jumpToUnreadTapped)
        // top(i1) = 2000 clamps to maxOffset 1390.
        #expect(
            (state.mode, state.offset, state.unreadCount, state.scrollTarget?.offset, state.scrollTarget?.reason)
                == (.following, 1390, 0, 1390, .jumpToUnread))
    }

    @Test("given nothing unread, when the pill is tapped, then it is exactly jumpToLatestTapped")
    func withNothingUnreadItIsJumpToLatest() {
        var viaPill = detachedChat(at: 500)
        var viaButton = viaPill
        viaPill.send(.jumpToUnreadTapped)
        viaButton.send(.jumpToLatestTapped)
        #expect(viaPill == viaButton)
        #expect(viaPill.scrollTarget?.reason == .jumpToLatest)
    }

    @Test("given unread messages only beyond the window, when the pill is tapped, then the newest page is asked for")
    func onlyBeyondTheWindowAsksForTheNewestPage() {
        var state = openChat(configuration: ChatConfiguration(windowedHistory: true))
        state.send(
            .jumpToMessage(id: "x5"),
            .windowLoaded(messages: history(1...10, prefix: "x"), hasMoreOlder: true, hasMoreNewer: true),
            .appended(incoming("i1")), .jumpToUnreadTapped)
        #expect(
            (state.effects, state.pendingWindow, state.unreadCount)
                == ([.loadWindow(around: nil)], PendingWindow(around: nil, reason: .jumpToLatest), 1))
    }

    @Test("given a finger on the list, when the pill is tapped, then the hold ends")
    func endsTheHold() {
        var state = detachedChat(at: 500)
        state.send(.appended(incoming("i1")), .dragBegan, .jumpToUnreadTapped)
        #expect((state.userHoldsView, state.scrollTarget?.reason, state.offset) == (false, .jumpToUnread, 1450))
    }

    @Test(
        """
        given an open at the first unread m5 before the geometry is known, when the pill is tapped and the \
        viewport arrives, then the command waits and resolves to top(m5) = 400
        """
    )
    func beforeTheGeometryWaits() {
        var state = ChatState()
        state.send(.historyLoaded(messages: history(1...20), hasMoreOlder: false, firstUnreadID: "m5"))
        state.send(.jumpToUnreadTapped)
        #expect(state.scrollTarget?.offset == nil)
        state.send(standardViewport)
        #expect(
            (state.mode, state.offset, state.scrollTarget)
                == (
                    .detached, 400,
                    .item(
                        2, id: "m5", .top, offset: 400, unitAnchorY: 0.125, animated: true, .jumpToUnread)
                ))
    }
}

@Suite("Divider on arrival")
struct DividerOnArrivalTests {
    @Test(
        """
        given dividerOnArrival, when a run of two unread arrives, is read, and a second run arrives, then the \
        divider is on the first of each run, and goes with disappeared
        """
    )
    func overTwoRuns() {
        var state = detachedChat(at: 800, configuration: ChatConfiguration(dividerOnArrival: true))
        state.send(.appended(incoming("i1")), .appended(incoming("i2")))
        #expect((state.unreadDividerID, state.unreadCount) == ("i1", 2))
        // At 1500 the visible region [1500, 2150) shows i1 and i2: nothing unread.
        state.send(.dragBegan, .scrolled(offset: 1500), .released(at: 1500))
        #expect((state.unreadDividerID, state.unreadCount, state.mode) == ("i1", 0, .detached))
        state.send(.dragBegan, .scrolled(offset: 900), .released(at: 900))
        state.send(.appended(incoming("i3")), .appended(incoming("i4")))
        #expect((state.unreadDividerID, state.unreadCount) == ("i3", 2))
        state.send(.disappeared)
        #expect(state.unreadDividerID == nil)
    }

    @Test(
        """
        given dividerOnArrival and a finger holding the list 10 points above the bottom, when a small message \
        arrives below the screen, then the step ends following, nothing is unread and there is no divider
        """
    )
    func noDividerWhenTheStepEndsFollowing() {
        var state = openChat(configuration: ChatConfiguration(dividerOnArrival: true))
        state.send(.dragBegan, .scrolled(offset: 1340), .appended(incoming("n1", height: 10)))
        // Distance from the bottom 1360 - 1340 = 20: following, by distance, at the end of the step.
        #expect((state.mode, state.unreadCount, state.unreadDividerID) == (.following, 0, nil))
    }

    @Test("given the default configuration, when unread messages arrive, then there is no divider")
    func offByDefault() {
        var state = detachedChat(at: 800)
        state.send(.appended(incoming("i1")))
        #expect((state.unreadDividerID, state.unreadCount) == (nil, 1))
    }
}
