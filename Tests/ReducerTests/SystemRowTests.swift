import ChatEvents
import Testing

@testable import ChatReducer

/// A system row (a date separator), 24 points high unless told.
func system(_ id: String, height: Double = 24) -> ChatMessage {
    ChatMessage(id: id, direction: .system, height: height)
}

/// Specification §12, system rows: a row that is not a message takes part in the geometry like
/// any row, and is never unread, never animated and never a command; `readUpTo` and `markRead`
/// skip it; it is never the first unread, never confirmed, never the question. The standard
/// screen: visible height 650; m1…mN of 100 points.
@Suite("System rows")
struct SystemRowTests {
    @Test(
        """
        given a following list of 10 messages, when a date separator of 24 points is appended, then it is growth: \
        the offset follows to 374, with no command, no animation and nothing unread
        """
    )
    func appendedWhileFollowingIsGrowth() {
        var state = openChat(count: 10)
        state.send(.appended(system("d1")))
        // C = 1000 + 24 = 1024; maxOffset = 1024 - 650 = 374.
        #expect(
            state.snapshot
                == Snapshot(
                    offset: 374, contentHeight: 1024, offsetReason: .growth,
                    scrollTarget: initialLoadCommand(count: 10), messageCount: 11))
    }

    @Test(
        """
        given a reader detached at 500, when a date separator is appended below the screen, then nothing moves \
        and it is not unread
        """
    )
    func appendedWhileReadingAboveIsNotUnread() {
        var state = detachedChat(at: 500)
        state.send(.appended(system("d1")))
        #expect(
            state.snapshot
                == Snapshot(
                    mode: .detached, offset: 500, contentHeight: 2024, isAtBottom: false,
                    scrollTarget: initialLoadCommand(), showJumpToLatest: true, messageCount: 21))
    }

    @Test(
        """
        given a window that stops short of the present, when a date separator is appended, then it is not \
        inserted and counts nothing
        """
    )
    func appendedBeyondTheWindowCountsNothing() {
        var state = openChat(configuration: ChatConfiguration(windowedHistory: true))
        state.send(
            .jumpToMessage(id: "x5"),
            .windowLoaded(messages: history(1...10, prefix: "x"), hasMoreOlder: true, hasMoreNewer: true))
        state.send(.appended(system("d1")))
        #expect(
            (state.messageCount, state.unreadCount, state.warnings, state.message(id: "d1")) == (10, 0, [], nil))
    }

    @Test(
        """
        given read receipts and m1…m8, a date separator d1 and m9…m18, when the bottom edge lies in d1, then \
        readUpTo stays on m8 with no markRead; past m9's top it moves to m9; when m9 is removed (the screen \
        gone, so nothing more is read) it moves back over d1 to m8
        """
    )
    func readReceiptsSkipSystemRows() {
        var state = ChatState(configuration: ChatConfiguration(readReceipts: true))
        let rows = history(1...8) + [system("d1")] + history(9...18)
        // Open at m2: top(m2) = 100, the bottom edge at 750, so the newest top above it is m8's (700).
        state.send(standardViewport, .historyLoaded(messages: rows, hasMoreOlder: false, firstUnreadID: "m2"))
        #expect((state.readUpTo, state.effects) == ("m8", [.markRead(upTo: "m8")]))
        // d1 spans [800, 824): at offset 160 the edge is 810, inside d1.
        state.send(.dragBegan, .scrolled(offset: 160))
        #expect((state.readUpTo, state.effects) == ("m8", []))
        // At 180 the edge is 830, below top(m9) = 824.
        state.send(.scrolled(offset: 180))
        #expect((state.readUpTo, state.effects) == ("m9", [.markRead(upTo: "m9")]))
        state.send(.released(at: 180), .disappeared, .messageRemoved(id: "m9"))
        #expect((state.readUpTo, state.effects) == ("m8", []))
    }

    @Test(
        """
        given a date separator named as the first unread, when the history opens, then it warns and opens at the \
        bottom
        """
    )
    func firstUnreadNamingASystemRow() {
        var state = ChatState()
        state.send(
            standardViewport,
            .historyLoaded(messages: [system("d1")] + history(1...10), hasMoreOlder: false, firstUnreadID: "d1"))
        // C = 1024; the plain open to the bottom at 374.
        #expect(
            state.snapshot
                == Snapshot(
                    offset: 374, contentHeight: 1024, offsetReason: .command,
                    scrollTarget: .bottom(1, id: "m10", offset: 374, animated: false, .initialLoad),
                    messageCount: 11,
                    warnings: [#"historyLoaded: firstUnreadID "d1" is a system row; opened at the bottom"#]))
    }

    @Test("given a date separator, when it is confirmed, then it warns, and is renamed, as an incoming message is")
    func confirmingASystemRowWarns() {
        var state = openChat(count: 3)
        state.send(.appended(system("d1")), .messageConfirmed(id: "d1", newID: "s1"))
        #expect(
            (state.warnings, state.newestMessageID)
                == ([#"messageConfirmed: "d1" is a system row; only outgoing messages are confirmed"#], "s1"))
    }

    @Test(
        """
        given layout top with the question q pinned at 400, when a date separator is appended after it, then \
        the question stays pinned and the spacer shrinks by 24
        """
    )
    func neverTheQuestion() {
        var state = openChat(count: 4, configuration: ChatConfiguration(layout: .top))
        state.send(.appended(outgoing("q", height: 60)))
        state.send(.appended(system("d1")))
        // Below q: 60 + 24 = 84, so the spacer is 650 - 84 = 566 and C = 484 + 566 = 1050.
        #expect(
            (state.mode, state.offset, state.trailingSpacer, state.contentHeight, state.scrollTarget?.id)
                == (.pinned, 400, 566, 1050, "q"))
    }

    @Test(
        """
        given a date separator that is the newest row, when the user jumps to a message and then to the latest, \
        then the first centres the separator and the second names it as the bottom command's id
        """
    )
    func jumpsAndTheBottomCommandName() {
        var state = openChat(count: 20)
        state.send(.appended(system("d1")), .jumpToMessage(id: "d1"))
        // top(d1) = 2000; centred: 2000 + 12 - 325 = 1687, clamped to maxOffset 2024 - 650 = 1374.
        #expect(
            state.scrollTarget
                == .item(
                    2, id: "d1", .center, offset: 1374, unitAnchorY: 0.53125, animated: true, .jumpToMessage))
        state.send(.jumpToMessage(id: "m5"), .jumpToLatestTapped)
        #expect(
            state.scrollTarget
                == ScrollCommand(
                    seq: 4, kind: .bottom, id: "d1", anchor: nil, offset: 1374, unitAnchorY: nil, animated: true,
                    reason: .jumpToLatest))
    }
}
