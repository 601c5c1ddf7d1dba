import ChatEvents
import Testing

@testable import ChatReducer

/// Specification §10, first unread: `historyLoaded` may carry `firstUnreadID`, the oldest
/// incoming message the user has not read. On the history that opens the conversation it sets
/// the divider, makes every incoming message from it unread, and opens with its top under the
/// top inset (`item`/`top`, `unitAnchorY = T / V`, not animated); the mode is then decided by
/// the distance from the bottom. The standard screen: V = 800, T = 100, visible height 650;
/// m1…m20 of 100 points, so top(mN) = 100·(N - 1), C = 2000 and maxOffset = 1350.
@Suite("First unread")
struct FirstUnreadTests {
    static func opening(at id: String, count: Int = 20, configuration: ChatConfiguration = ChatConfiguration())
        -> ChatState
    {
        var state = ChatState(configuration: configuration)
        state.send(
            standardViewport, .historyLoaded(messages: history(1...count), hasMoreOlder: false, firstUnreadID: id))
        return state
    }

    static func command(_ id: String, offset: Double) -> ScrollCommand {
        ScrollCommand(
            seq: 1, kind: .item, id: id, anchor: .top, offset: offset, unitAnchorY: 0.125, animated: false,
            reason: .initialLoad)
    }

    /// The open at m12 of 20 messages, its offset set for `reason`: m12's top under the top inset,
    /// detached, the divider on m12, and m19 and m20 unread below the screen.
    static func openedAtM12(_ reason: OffsetReason) -> Snapshot {
        Snapshot(
            mode: .detached, offset: 1100, contentHeight: 2000, isAtBottom: false, offsetReason: reason,
            scrollTarget: command("m12", offset: 1100), unreadCount: 2, showJumpToLatest: true, messageCount: 20,
            unreadDividerID: "m12")
    }

    @Test(
        """
        given 20 messages whose first unread is m12, when they open, then m12's top is under the top inset, detached \
        at (m12, 0), with the divider on m12 and the 2 unread below the screen counted
        """
    )
    func opensAtTheFirstUnread() {
        let state = Self.opening(at: "m12")
        // top(m12) = 1100; distance from bottom 1350 - 1100 = 250 > 20. Visible [1100, 1750):
        // m12…m18 have been seen; m19 and m20 are still unread.
        #expect(state.snapshot == Self.openedAtM12(.command))
        #expect(state.anchorPosition! == ("m12", 0))
    }

    @Test(
        """
        given a first unread m19 whose messages fit on screen, when they open, then the command's offset is \
        clamp(top(m19)) = maxOffset and the view follows with nothing unread
        """
    )
    func everythingUnreadFits() {
        let state = Self.opening(at: "m19")
        #expect(
            state.snapshot
                == Snapshot(
                    mode: .following, offset: 1350, contentHeight: 2000, offsetReason: .command,
                    scrollTarget: Self.command("m19", offset: 1350), messageCount: 20, unreadDividerID: "m19"))
    }

    @Test(
        """
        given atBottomThreshold 60 and a first unread m14 at 1300, when they open, then the command goes to 1300 and \
        the following view snaps the last 50 points, as at the end of a hold
        """
    )
    func withinTheThresholdSnaps() {
        let state = Self.opening(at: "m14", configuration: ChatConfiguration(atBottomThreshold: 60))
        #expect(state.mode == .following)
        #expect(state.offset == 1350)
        #expect(state.scrollTarget == Self.command("m14", offset: 1300))
        #expect(state.unreadCount == 0)
    }

    @Test(
        """
        given history with a first unread before the first viewportChanged, when the viewport arrives, then the \
        waiting command is resolved and the mode decided then
        """
    )
    func resolvedWhenTheGeometryArrives() {
        var state = ChatState()
        state.send(.historyLoaded(messages: history(1...20), hasMoreOlder: false, firstUnreadID: "m12"))
        #expect(
            state.snapshot
                == Snapshot(
                    mode: .detached, offset: nil, contentHeight: 2000, visibleHeight: 0, isAtBottom: false,
                    scrollTarget: ScrollCommand(
                        seq: 1, kind: .item, id: "m12", anchor: .top, offset: nil, unitAnchorY: nil, animated: false,
                        reason: .initialLoad),
                    unreadCount: 9, messageCount: 20, unreadDividerID: "m12"))

        state.send(standardViewport)
        #expect(state.snapshot == Self.openedAtM12(.viewport))
    }

    @Test(
        """
        given a first unread that is not loaded, or is outgoing, when the history opens, then one warning and the \
        plain open at the bottom
        """,
        arguments: [
            ("x", #"historyLoaded: firstUnreadID "x" is not loaded; opened at the bottom"#),
            ("m5", #"historyLoaded: firstUnreadID "m5" is outgoing; opened at the bottom"#),
        ])
    func invalidFirstUnread(id: String, warning: String) {
        var state = ChatState()
        var messages = history(1...20)
        messages[4] = outgoing("m5")
        state.send(standardViewport, .historyLoaded(messages: messages, hasMoreOlder: false, firstUnreadID: id))
        #expect(
            state.snapshot
                == Snapshot(
                    offset: 1350, contentHeight: 2000, offsetReason: .command, scrollTarget: initialLoadCommand(),
                    messageCount: 20, warnings: [warning]))
    }

    @Test(
        """
        given an open conversation, when a later historyLoaded names a first unread, then it is ignored: no divider, \
        no unread, no warning
        """
    )
    func onlyTheOpeningHistoryCounts() {
        var state = openChat(count: 20)
        state.send(.historyLoaded(messages: history(21...22), hasMoreOlder: false, firstUnreadID: "m21"))
        #expect(
            state.snapshot
                == Snapshot(
                    offset: 1550, contentHeight: 2200, offsetReason: .growth, scrollTarget: initialLoadCommand(),
                    messageCount: 22))
    }

    @Test(
        "given the divider on m12, when the screen disappears, or m12 is removed, then the divider is gone",
        arguments: [
            ChatEvent.disappeared, .messageRemoved(id: "m12"),
        ])
    func dividerLeaves(event: ChatEvent) {
        var state = Self.opening(at: "m12")
        state.send(event)
        #expect(state.unreadDividerID == nil)
    }

    @Test("given the divider on m12, when other messages are removed or the user scrolls, then it stays")
    func dividerStays() {
        var state = Self.opening(at: "m12")
        state.send(.messageRemoved(id: "m13"), .dragBegan, .scrolled(offset: 0), .released(at: 0))
        #expect(state.unreadDividerID == "m12")
    }

    @Test(
        """
        given 2 unread below the screen after the open at m12, when the user scrolls 150 points down, then m19 has \
        been seen and 1 stays unread; at the bottom none
        """
    )
    func scrollingDownReadsTheRest() {
        var state = Self.opening(at: "m12")
        state.send(.dragBegan, .scrolled(offset: 1250))
        // Visible [1250, 1900): m19 (1800…1900) has been seen.
        #expect(state.unreadCount == 1)
        state.send(.scrolled(offset: 1350), .released(at: 1350))
        #expect(state.mode == .following)
        #expect(state.unreadCount == 0)
    }

    @Test(
        """
        given the first unread m12 and outgoing m15 among the unread, when they open, then only incoming messages \
        count: of m19 and m20 below the screen, the outgoing one does not
        """
    )
    func onlyIncomingMessagesAreUnread() {
        var messages = history(1...20)
        messages[19] = outgoing("m20")
        var state = ChatState()
        state.send(standardViewport, .historyLoaded(messages: messages, hasMoreOlder: false, firstUnreadID: "m12"))
        #expect(state.unreadCount == 1)
    }

    @Test(
        """
        given an open at m19 that follows because m19 and m20 fit on their estimated heights, when the first layout \
        measures them taller, then the open is decided again: detached with m19's top under the inset
        """
    )
    func decidedAgainOnMeasuredHeights() {
        var state = Self.opening(at: "m19")
        #expect(state.mode == .following)
        state.send(.itemMeasured(id: "m19", height: 400), .itemMeasured(id: "m20", height: 400))
        // top(m19) = 1800; content 2600, maxOffset 1950: 150 points from the bottom.
        #expect(state.mode == .detached)
        #expect(state.offset == 1800)
        #expect(state.anchorPosition! == ("m19", 0))
    }

    @Test(
        """
        given the open at m12, when the bottom inset shrinks and then a row is measured, then the measurement keeps \
        the anchor the inset move took: the open is no longer settling
        """
    )
    func settlingEndsWithTheFirstOtherEvent() {
        var state = Self.opening(at: "m12")
        state.send(.viewportChanged(height: 800, insetTop: 100, insetBottom: 44))
        #expect(state.offset == 1094)
        state.send(.itemMeasured(id: "m18", height: 50))
        #expect(state.offset == 1094)
        #expect(state.anchorPosition! == ("m11", 94))
    }
}
