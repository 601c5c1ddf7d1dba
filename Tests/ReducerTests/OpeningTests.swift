import ChatEvents
import Testing

@testable import ChatReducer

/// Specification §13: a restore that waits for the messages, a window that opens at the first
/// unread message, and the three readings v1.3 settles. The standard screen: visible height 650
/// (V 800, T 100); m1…m20 of 100 points, so top(mN) = 100·(N - 1) and maxOffset 1350.
@Suite("Opening where the reader belongs")
struct OpeningTests {
    static let atM5 = SavedPosition(anchorID: "m5", delta: 30, wasAtBottom: false)

    /// The restore command to (m5, 30): offset 430, unitAnchorY (100 - 30) / 800.
    static func restoreCommand(seq: Int = 1) -> ScrollCommand {
        ScrollCommand(
            seq: seq, kind: .item, id: "m5", anchor: .top, offset: 430, unitAnchorY: 0.0875, animated: false,
            reason: .restore)
    }

    @Test(
        "given nothing loaded, when the screen appears with (m5, 30), then the position waits: no command, no warning")
    func restoreWaits() {
        var state = ChatState()
        state.send(standardViewport, .appeared(restore: Self.atM5))
        #expect(state.snapshot == Snapshot(offset: 0, pendingRestore: Self.atM5))
    }

    @Test(
        """
        given a restore to (m5, 30) that waits, when the history arrives, then it is restored there instead of the \
        initialLoad: detached at 430
        """
    )
    func restoreLandsOnALoadedAnchor() {
        var state = ChatState()
        state.send(standardViewport, .appeared(restore: Self.atM5))
        state.send(.historyLoaded(messages: history(1...20), hasMoreOlder: false))
        #expect(
            state.snapshot
                == Snapshot(
                    mode: .detached, offset: 430, contentHeight: 2000, isAtBottom: false, offsetReason: .command,
                    scrollTarget: Self.restoreCommand(), showJumpToLatest: true, messageCount: 20))
        #expect(state.anchorPosition! == ("m5", 30))
    }

    @Test(
        """
        given a restore to x9 that waits, when a history without x9 arrives, then one warning and a restore to the \
        bottom, following
        """
    )
    func restoreToAnAnchorThePageLacks() {
        var state = ChatState()
        state.send(
            standardViewport, .appeared(restore: SavedPosition(anchorID: "x9", delta: 30, wasAtBottom: false)),
            .historyLoaded(messages: history(1...20), hasMoreOlder: false))
        #expect(
            state.snapshot
                == Snapshot(
                    offset: 1350, contentHeight: 2000, offsetReason: .command,
                    scrollTarget: .bottom(1, id: "m20", offset: 1350, animated: false, .restore),
                    messageCount: 20,
                    warnings: [#"historyLoaded: restore anchor "x9" is not loaded; restored to the bottom"#]))
    }

    @Test(
        """
        given a restore that waits and no geometry, when the history arrives and then the viewport, then the restore \
        command waits for the geometry and lands at 430
        """
    )
    func restoreWithTheGeometryUnknown() {
        var state = ChatState()
        state.send(.appeared(restore: Self.atM5), .historyLoaded(messages: history(1...20), hasMoreOlder: false))
        var waiting = Self.restoreCommand()
        waiting.offset = nil
        waiting.unitAnchorY = nil
        #expect(
            state.snapshot
                == Snapshot(
                    mode: .detached, contentHeight: 2000, visibleHeight: 0, isAtBottom: false,
                    scrollTarget: waiting, messageCount: 20))

        state.send(standardViewport)
        #expect(
            state.snapshot
                == Snapshot(
                    mode: .detached, offset: 430, contentHeight: 2000, isAtBottom: false, offsetReason: .viewport,
                    scrollTarget: Self.restoreCommand(), showJumpToLatest: true, messageCount: 20))
    }

    @Test(
        """
        given a restore that waits, when the screen disappears, then that position is what is saved, the restore is \
        cleared and the history opens at the bottom
        """
    )
    func disappearedClearsIt() {
        var state = ChatState()
        state.send(standardViewport, .appeared(restore: Self.atM5), .disappeared)
        #expect(state.snapshot == Snapshot(offset: 0, effects: [.persistPosition(Self.atM5)]))
        state.send(.historyLoaded(messages: history(1...20), hasMoreOlder: false))
        #expect(
            state.snapshot
                == Snapshot(
                    offset: 1350, contentHeight: 2000, offsetReason: .command, scrollTarget: initialLoadCommand(),
                    messageCount: 20))
    }

    @Test(
        """
        given a restore to (m5, 30) that waits, when the screen appears again with (m8, 10), then that one waits and \
        lands; an appeared without a restore clears it
        """
    )
    func aSecondAppearedReplacesIt() {
        var state = ChatState()
        let atM8 = SavedPosition(anchorID: "m8", delta: 10, wasAtBottom: false)
        state.send(standardViewport, .appeared(restore: Self.atM5), .appeared(restore: atM8))
        #expect(state.pendingRestore == atM8)
        state.send(.historyLoaded(messages: history(1...20), hasMoreOlder: false))
        #expect(
            (state.mode, state.offset, state.scrollTarget, state.pendingRestore)
                == (
                    .detached, 710,
                    .item(1, id: "m8", .top, offset: 710, unitAnchorY: 0.1125, animated: false, .restore),
                    nil
                ))

        var cleared = ChatState()
        cleared.send(standardViewport, .appeared(restore: Self.atM5), .appeared(restore: nil))
        #expect(cleared.snapshot == Snapshot(offset: 0))
    }

    @Test(
        """
        given a restore to (m5, 30) that waits, when the history arrives with firstUnreadID m12, then the restore wins \
        the command and the divider and the unread count still follow the first unread (m12…m20, 9)
        """
    )
    func restoreMeetsTheFirstUnread() {
        var state = ChatState()
        state.send(
            standardViewport, .appeared(restore: Self.atM5),
            .historyLoaded(messages: history(1...20), hasMoreOlder: false, firstUnreadID: "m12"))
        #expect(
            state.snapshot
                == Snapshot(
                    mode: .detached, offset: 430, contentHeight: 2000, isAtBottom: false, offsetReason: .command,
                    scrollTarget: Self.restoreCommand(), unreadCount: 9, showJumpToLatest: true, messageCount: 20,
                    unreadDividerID: "m12"))
    }

    @Test(
        """
        given a restore to x9 that waits, when the history arrives with firstUnreadID m12 and without x9, then one \
        warning and the open at the first unread (1100, detached)
        """
    )
    func restoreToAnAnchorThePageLacksMeetsTheFirstUnread() {
        var state = ChatState()
        state.send(
            standardViewport, .appeared(restore: SavedPosition(anchorID: "x9", delta: 30, wasAtBottom: false)),
            .historyLoaded(messages: history(1...20), hasMoreOlder: false, firstUnreadID: "m12"))
        #expect(
            state.snapshot
                == Snapshot(
                    mode: .detached, offset: 1100, contentHeight: 2000, isAtBottom: false, offsetReason: .command,
                    scrollTarget: .item(
                        1, id: "m12", .top, offset: 1100, unitAnchorY: 0.125, animated: false, .initialLoad),
                    unreadCount: 2, showJumpToLatest: true, messageCount: 20,
                    warnings: [
                        #"historyLoaded: restore anchor "x9" is not loaded; opened at the first unread message"#
                    ],
                    unreadDividerID: "m12"))
    }

    @Test(
        """
        given a finger on the empty list, when the screen appears with (m5, 30), then the position waits all the \
        same, and the history that arrives after the finger lifts opens there
        """
    )
    func restoreWaitsUnderAFinger() {
        var state = ChatState()
        state.send(standardViewport, .dragBegan, .appeared(restore: Self.atM5))
        #expect((state.pendingRestore, state.warnings) == (Self.atM5, []))
        state.send(.released(at: 0), .historyLoaded(messages: history(1...20), hasMoreOlder: false))
        #expect((state.offset, state.scrollTarget, state.pendingRestore) == (430, Self.restoreCommand(), nil))
    }

    @Test(
        """
        given a restore that waits, when the history arrives with a firstUnreadID it does not hold, then the \
        warning says the id is ignored and the restore opens
        """
    )
    func anInvalidFirstUnreadBesideARestore() {
        var state = ChatState()
        state.send(
            standardViewport, .appeared(restore: Self.atM5),
            .historyLoaded(messages: history(1...20), hasMoreOlder: false, firstUnreadID: "zz"))
        #expect(
            (state.scrollTarget, state.warnings)
                == (Self.restoreCommand(), [#"historyLoaded: firstUnreadID "zz" is not loaded; ignored"#]))
    }

    @Test("given a restore that waits, when an empty history arrives, then it keeps waiting for the messages")
    func anEmptyHistoryLeavesItWaiting() {
        var state = ChatState()
        state.send(standardViewport, .appeared(restore: Self.atM5), .historyLoaded(messages: [], hasMoreOlder: true))
        #expect(state.pendingRestore == Self.atM5)
        state.send(.historyLoaded(messages: history(1...20), hasMoreOlder: false))
        #expect((state.offset, state.scrollTarget, state.pendingRestore) == (430, Self.restoreCommand(), nil))
    }

    @Test("given a restore that waits, when a live message arrives first, then the restore is dropped with a warning")
    func aLiveMessageDropsIt() {
        var state = ChatState()
        state.send(standardViewport, .appeared(restore: Self.atM5), .appended(incoming("n1")))
        #expect(
            (state.pendingRestore, state.warnings)
                == (nil, ["messageAppended: the restore that waited for the history is dropped"]))
    }

    @Test(
        """
        given a restore to (w5, 30) that waits, when the app sends the window it loaded around w5, then the window \
        opens there
        """
    )
    func restoreOnAWindow() {
        var state = ChatState()
        state.send(
            standardViewport, .appeared(restore: SavedPosition(anchorID: "w5", delta: 30, wasAtBottom: false)),
            .windowLoaded(messages: history(1...20, prefix: "w"), hasMoreOlder: true, hasMoreNewer: true))
        #expect(
            state.snapshot
                == Snapshot(
                    mode: .detached, offset: 430, contentHeight: 2000, isAtBottom: false, offsetReason: .command,
                    scrollTarget: .item(
                        1, id: "w5", .top, offset: 430, unitAnchorY: 0.0875, animated: false, .restore),
                    showJumpToLatest: true, isLoadingOlder: true, hasMoreOlder: true,
                    effects: [.loadOlder(before: "w1")], messageCount: 20, hasMoreNewer: true))
    }

    @Test(
        """
        given a restore that waits and a requested window, when the window arrives, then it answers the request and \
        the restore is dropped with a warning
        """
    )
    func aRequestedWindowDropsIt() {
        var state = ChatState(configuration: ChatConfiguration(windowedHistory: true))
        state.send(standardViewport, .jumpToMessage(id: "x5"), .appeared(restore: Self.atM5))
        state.send(.windowLoaded(messages: history(1...10, prefix: "x"), hasMoreOlder: false, hasMoreNewer: false))
        #expect(
            (state.scrollTarget?.reason, state.highlightedID, state.pendingRestore, state.warnings)
                == (
                    .jumpToMessage, "x5", nil,
                    [#"windowLoaded: the restore to "m5" is dropped; the window answers jumpToMessage"#]
                ))
    }

    // MARK: Opening on a window

    @Test(
        """
        given read receipts and nothing loaded, when the window the app loaded around w4 arrives with firstUnreadID \
        w4, then it opens at w4's top, w11…w20 unread and w4…w10 read
        """
    )
    func windowOpensAtTheFirstUnread() {
        var state = ChatState(configuration: ChatConfiguration(readReceipts: true))
        state.send(
            standardViewport,
            .windowLoaded(
                messages: history(1...20, prefix: "w"), hasMoreOlder: true, hasMoreNewer: true, firstUnreadID: "w4"))
        #expect(
            state.snapshot
                == Snapshot(
                    mode: .detached, offset: 300, contentHeight: 2000, isAtBottom: false, offsetReason: .command,
                    scrollTarget: .item(
                        1, id: "w4", .top, offset: 300, unitAnchorY: 0.125, animated: false, .initialLoad),
                    unreadCount: 10, showJumpToLatest: true, isLoadingOlder: true, hasMoreOlder: true,
                    effects: [.markRead(upTo: "w10"), .loadOlder(before: "w1")], messageCount: 20,
                    unreadDividerID: "w4", readUpTo: "w10", hasMoreNewer: true))
    }

    @Test(
        """
        given a window requested by a jump, when it arrives with a firstUnreadID, then the firstUnreadID is ignored \
        with one warning and the jump runs as always
        """
    )
    func firstUnreadOnAWindowThatIsNotTheOpen() {
        var state = openChat(count: 20, configuration: ChatConfiguration(windowedHistory: true))
        state.send(.jumpToMessage(id: "x5"))
        state.send(
            .windowLoaded(
                messages: history(1...10, prefix: "x"), hasMoreOlder: true, hasMoreNewer: true, firstUnreadID: "x3"))
        #expect(
            state.snapshot
                == Snapshot(
                    mode: .detached, offset: 125, contentHeight: 1000, isAtBottom: false, offsetReason: .command,
                    scrollTarget: .item(
                        2, id: "x5", .center, offset: 125, unitAnchorY: 0.53125, animated: false, .jumpToMessage),
                    showJumpToLatest: true, isLoadingOlder: true, hasMoreOlder: true,
                    effects: [.loadOlder(before: "x1"), .loadNewer(after: "x10")], highlightedID: "x5",
                    messageCount: 10,
                    warnings: [
                        #"windowLoaded: firstUnreadID "x3" ignored; the window does not open the conversation"#
                    ],
                    hasMoreNewer: true, isLoadingNewer: true))
    }

    // MARK: The readings v1.3 settles

    @Test(
        """
        given a question q1 pinned at 0 in a window that stops short of the present, when a newer page brings the \
        outgoing q2, then q1 stays pinned and nothing moves
        """
    )
    func aNewerPageNeverRepins() {
        var state = ChatState(configuration: ChatConfiguration(layout: .top, windowedHistory: true))
        state.send(
            .viewportChanged(height: 400, insetTop: 0, insetBottom: 0),
            .windowLoaded(messages: [incoming("a")], hasMoreOlder: false, hasMoreNewer: true),
            .appended(outgoing("q1", height: 50)),
            .windowLoaded(messages: [outgoing("q1", height: 50)], hasMoreOlder: false, hasMoreNewer: true))
        state.send(
            .newerLoaded(messages: [outgoing("q2", height: 300), incoming("c", height: 1000)], hasMoreNewer: true))
        #expect(
            state.snapshot
                == Snapshot(
                    mode: .pinned, offset: 0, contentHeight: 1350, visibleHeight: 400, isAtBottom: false,
                    scrollTarget: ScrollCommand(
                        seq: 2, kind: .item, id: "q1", anchor: .top, offset: 0, unitAnchorY: 0, animated: false,
                        reason: .newQuestion),
                    showJumpToLatest: true, messageCount: 3, hasMoreNewer: true))
    }

    @Test(
        """
        given a question q pinned at 400, when a later history brings the outgoing q2 after it, then q stays pinned \
        at 400 and the spacer is computed from q2 (250)
        """
    )
    func aLaterHistoryNeverRepins() {
        var state = openChat(count: 4, configuration: ChatConfiguration(layout: .top))
        state.send(.appended(outgoing("q", height: 60)))
        state.send(.historyLoaded(messages: [outgoing("q2"), incoming("m5", height: 300)], hasMoreOlder: false))
        #expect(
            state.snapshot
                == Snapshot(
                    mode: .pinned, offset: 400, contentHeight: 1110, isAtBottom: false,
                    scrollTarget: ScrollCommand(
                        seq: 2, kind: .item, id: "q", anchor: .top, offset: 400, unitAnchorY: 0.125, animated: true,
                        reason: .newQuestion),
                    animating: ["q"], trailingSpacer: 250, messageCount: 7))
    }

    @Test(
        """
        given a window that stops short of the present and a bottom restore with the geometry unknown, when the \
        viewport arrives, then the offset is where the command puts the screen (700) and b is read
        """
    )
    func aBottomRestoreWhileTheWindowStopsShort() {
        var state = ChatState(configuration: ChatConfiguration(readReceipts: true))
        state.send(
            .windowLoaded(
                messages: [incoming("a", height: 600), incoming("b", height: 600)], hasMoreOlder: false,
                hasMoreNewer: true),
            .appeared(restore: SavedPosition(anchorID: nil, delta: 0, wasAtBottom: true)),
            .viewportChanged(height: 500, insetTop: 0, insetBottom: 0))
        #expect(
            state.snapshot
                == Snapshot(
                    mode: .detached, offset: 700, contentHeight: 1200, visibleHeight: 500, isAtBottom: false,
                    offsetReason: .viewport,
                    scrollTarget: ScrollCommand(
                        seq: 2, kind: .bottom, id: "b", anchor: nil, offset: 700, unitAnchorY: nil, animated: false,
                        reason: .restore),
                    showJumpToLatest: true, effects: [.markRead(upTo: "b"), .loadNewer(after: "b")],
                    messageCount: 2, readUpTo: "b", hasMoreNewer: true, isLoadingNewer: true))
        #expect(state.anchorPosition! == ("b", 100))
    }
}
