import ChatEvents
import Testing

@testable import ChatReducer

/// Specification §2, mode `following`: pinned to the bottom, `offset = maxOffset`; growth keeps the
/// newest content in view without any new command. Standard viewport: visible height 650.
@Suite("Following")
struct FollowingTests {
    @Test(
        """
        given an empty conversation, when history of N messages loads, then one initialLoad command to the bottom, not \
        animated, nothing animating
        """,
        arguments: [
            // 1 message: content 100, maxOffset max(0, 100 - 650) = 0; the offset does not change.
            (1, "m1", 0.0, 100.0, OffsetReason?.none),
            // 150 messages: content 15000, maxOffset 15000 - 650 = 14350.
            (150, "m150", 14350, 15000, .command),
        ])
    func openConversation(count: Int, newest: String, bottom: Double, content: Double, reason: OffsetReason?) {
        var state = ChatState()
        state.send(standardViewport)

        state.send(.historyLoaded(messages: history(1...count), hasMoreOlder: false))

        #expect(
            state.snapshot
                == Snapshot(
                    mode: .following, offset: bottom, contentHeight: content, isAtBottom: true, offsetReason: reason,
                    scrollTarget: ScrollCommand(
                        seq: 1, kind: .bottom, id: newest, anchor: nil, offset: bottom, unitAnchorY: nil,
                        animated: false, reason: .initialLoad),
                    animating: [], messageCount: count))
    }

    @Test(
        """
        given cached history m101…m150, when the network history m141…m160 arrives (overlapping ids), then still \
        exactly one command and the view stays at the bottom
        """
    )
    func historyInTwoBatches() {
        var state = ChatState()
        state.send(standardViewport)
        state.send(.historyLoaded(messages: history(101...150), hasMoreOlder: true))
        // 50 messages: content 5000, bottom 4350.
        let initial = ScrollCommand.bottom(1, id: "m150", offset: 4350, animated: false, .initialLoad)
        #expect(state.scrollTarget == initial)
        #expect(state.offset == 4350)

        state.send(.historyLoaded(messages: history(141...160), hasMoreOlder: true))

        // m141…m150 are skipped, m151…m160 appended: 60 messages, content 6000, bottom 5350.
        #expect(state.messages.map(\.id) == ids(101...160))
        #expect(
            state.snapshot
                == Snapshot(
                    mode: .following, offset: 5350, contentHeight: 6000, offsetReason: .growth,
                    scrollTarget: initial, hasMoreOlder: true, messageCount: 60))
    }

    @Test(
        """
        given history that was empty, when a later historyLoaded makes the list non-empty, then that one issues \
        initialLoad
        """
    )
    func emptyHistoryThenHistory() {
        var state = ChatState()
        state.send(standardViewport, .historyLoaded(messages: [], hasMoreOlder: false))
        #expect(state.scrollTarget == nil)

        state.send(.historyLoaded(messages: history(1...10), hasMoreOlder: false))

        #expect(
            state.scrollTarget
                == .bottom(1, id: "m10", offset: 350, animated: false, .initialLoad))
        #expect(state.offset == 350)
    }

    @Test(
        """
        given following at the bottom, when the keyboard shows and hides, then the view stays pinned and no command is \
        issued
        """
    )
    func keyboardAtTheBottom() {
        var state = openChat(count: 20)

        state.send(.keyboardWillShow(height: 300, duration: 0.25))

        // visible 350, maxOffset 2000 - 350 = 1650.
        #expect(
            state.snapshot
                == Snapshot(
                    mode: .following, offset: 1650, contentHeight: 2000, visibleHeight: 350, offsetReason: .keyboard,
                    scrollTarget: initialLoadCommand(), keyboardHeight: 300, messageCount: 20))

        state.send(.keyboardWillHide(duration: 0.25))

        #expect(
            state.snapshot
                == Snapshot(
                    mode: .following, offset: 1350, contentHeight: 2000, visibleHeight: 650, offsetReason: .keyboard,
                    scrollTarget: initialLoadCommand(), keyboardHeight: 0, messageCount: 20))
    }

    @Test(
        """
        given following at the bottom, when the input bar grows by 40 points, then the view stays pinned (viewport) \
        with no command
        """
    )
    func inputBarGrowsAtTheBottom() {
        var state = openChat(count: 20)

        state.send(.viewportChanged(height: 800, insetTop: 100, insetBottom: 90))

        // visible 800 - 100 - 90 = 610, maxOffset 1390.
        #expect(
            state.snapshot
                == Snapshot(
                    mode: .following, offset: 1390, contentHeight: 2000, visibleHeight: 610, offsetReason: .viewport,
                    scrollTarget: initialLoadCommand(), messageCount: 20))
    }

    @Test(
        """
        given following, when an incoming message is appended, then one animated incomingMessage command to it, not \
        unread
        """
    )
    func incomingWhileFollowing() {
        var state = openChat(count: 20)

        state.send(.appended(incoming("i1")))

        #expect(
            state.snapshot
                == Snapshot(
                    mode: .following, offset: 1450, contentHeight: 2100, offsetReason: .command,
                    scrollTarget: .bottom(2, id: "i1", offset: 1450, animated: true, .incomingMessage),
                    unreadCount: 0, animating: ["i1"], messageCount: 21))
    }

    @Test("given following, when the user sends a message, then one animated outgoingMessage command to it")
    func outgoingWhileFollowing() {
        var state = openChat(count: 20)

        state.send(.appended(outgoing("o1", height: 60)))

        #expect(
            state.scrollTarget
                == .bottom(2, id: "o1", offset: 1410, animated: true, .outgoingMessage))
        #expect(state.offset == 1410)
        #expect(state.mode == .following)
    }

    @Test(
        """
        given following, when 1,500 token batches stream into the answer, then the answer's append is the only command \
        and offset == maxOffset at every step
        """
    )
    func streamingWhileFollowing() {
        var state = openChat(count: 10)
        // Content 1000 + 40: bottom 1040 - 650 = 390.
        state.send(.streamingAppended(incoming("a1", height: 40)))
        let append = ScrollCommand.bottom(2, id: "a1", offset: 390, animated: true, .incomingMessage)
        #expect(state.scrollTarget == append)

        var stepsOffBottom = 0
        var stepsWithAnotherCommand = 0
        var stepsWithWrongReason = 0
        for batch in 1...1500 {
            state.send(.grown("a1", by: 2))
            // After batch k the answer is 40 + 2k high: bottom 390 + 2k.
            let bottom = 390 + 2 * Double(batch)
            if state.offset != bottom || state.maxOffset != bottom { stepsOffBottom += 1 }
            if state.scrollTarget != append { stepsWithAnotherCommand += 1 }
            if state.offsetReason != .growth { stepsWithWrongReason += 1 }
        }
        #expect(stepsOffBottom == 0)
        #expect(stepsWithAnotherCommand == 0)
        #expect(stepsWithWrongReason == 0)

        state.send(.streamFinished(id: "a1"))

        #expect(
            state.snapshot
                == Snapshot(
                    mode: .following, offset: 3390, contentHeight: 4040, scrollTarget: append,
                    animating: ["a1"], messageCount: 11))
    }

    @Test("given a streaming answer, when a batch carries both heightDelta and height, then height wins")
    func heightWinsOverDelta() {
        var state = openChat(count: 10)
        state.send(.streamingAppended(incoming("a1", height: 40)))

        state.send(.tokensAppended(id: "a1", text: "x", heightDelta: 10, height: 500))

        #expect(state.message(id: "a1")?.height == 500)
        #expect(state.offset == 850)
        #expect(state.offsetReason == .growth)
    }

    @Test("given following, when a message is re-measured, then the view stays at the bottom (measure) with no command")
    func measureWhileFollowing() {
        var state = openChat(count: 20)

        state.send(.itemMeasured(id: "m20", height: 300))

        #expect(state.offset == 1550)
        #expect(state.offsetReason == .measure)
        #expect(state.scrollTarget == initialLoadCommand())
    }

    @Test("given following and not held, when scrolled arrives (a layout pass), then nothing changes")
    func scrolledWhileFollowingDoesNothing() {
        var state = openChat(count: 20)

        state.send(.scrolled(offset: 200))

        #expect(
            state.snapshot
                == Snapshot(
                    mode: .following, offset: 1350, contentHeight: 2000, offsetReason: nil,
                    scrollTarget: initialLoadCommand(), messageCount: 20))
    }

    @Test(
        "given following and not held, when scrollSettled arrives, then the offset stays and persistPosition is emitted"
    )
    func scrollSettledWithoutHoldWhileFollowing() {
        var state = openChat(count: 20)

        state.send(.scrollSettled(offset: 200))

        #expect(state.offset == 1350)
        #expect(state.mode == .following)
        // The topmost visible message at 1350 is m14 (1300…1400).
        #expect(state.effects == [.persistPosition(SavedPosition(anchorID: "m14", delta: 50, wasAtBottom: true))])
    }

    @Test("given a streaming answer, when a token batch carries neither heightDelta nor height, then nothing changes")
    func tokensWithoutHeight() {
        var state = openChat(count: 10)
        state.send(.streamingAppended(incoming("a1", height: 40)))
        var expected = state.snapshot

        state.send(.tokensAppended(id: "a1", text: "more", heightDelta: nil, height: nil))

        expected.offsetReason = nil
        #expect(state.snapshot == expected)
        #expect(state.message(id: "a1")?.height == 40)
    }

    // Specification §5, historyLoaded: "the first that makes the list non-empty issues initialLoad and sets
    // following, later ones issue nothing". Here the list is already non-empty.
    @Test(
        """
        given a first question sent in an empty conversation, when history arrives afterwards, then no initialLoad \
        command: the list was already non-empty
        """
    )
    func historyAfterTheFirstQuestion() {
        var state = ChatState()
        state.send(standardViewport, .appended(outgoing("q1", height: 60)))
        let sent = ScrollCommand.bottom(1, id: "q1", offset: 0, animated: true, .outgoingMessage)
        #expect(state.scrollTarget == sent)

        state.send(.historyLoaded(messages: history(1...20), hasMoreOlder: false))

        // Merged after the loaded message: content 2060, bottom 1410.
        #expect(state.messages.map(\.id) == ["q1"] + ids(1...20))
        #expect(state.scrollTarget == sent)
        #expect(state.offset == 1410)
        #expect(state.offsetReason == .growth)
    }

    // Specification §5, historyLoaded: "the first that makes the list non-empty issues initialLoad ...,
    // later ones issue nothing".
    @Test(
        """
        given history that was loaded and then entirely removed, when history loads again, then no second initialLoad \
        command
        """
    )
    func historyAfterEverythingWasRemoved() {
        var state = openChat(count: 3)
        state.send(.messageRemoved(id: "m1"), .messageRemoved(id: "m2"), .messageRemoved(id: "m3"))
        #expect(state.messageCount == 0)

        state.send(.historyLoaded(messages: history(4...6), hasMoreOlder: false))

        #expect(state.scrollTarget == initialLoadCommand(count: 3))
        #expect(state.messageCount == 3)
        #expect(state.offset == 0)
    }
}
