import ChatEvents
import Testing

@testable import ChatReducer

/// Specification §5: every appended message is added to `animating` (the first question in an
/// empty conversation animates); history, older pages and confirmations never are.
@Suite("Animations")
struct AnimationsTests {
    @Test(
        """
        given an empty conversation (layout bottom), when the first question is sent, then it animates, with one \
        outgoingMessage command
        """
    )
    func firstQuestionAnimates() {
        var state = ChatState()
        state.send(standardViewport)

        state.send(.appended(outgoing("q1", height: 60)))

        #expect(
            state.snapshot
                == Snapshot(
                    mode: .following, offset: 0, contentHeight: 60, offsetReason: nil,
                    scrollTarget: .bottom(1, id: "q1", offset: 0, animated: true, .outgoingMessage),
                    animating: ["q1"], messageCount: 1))
    }

    @Test("given an empty conversation (layout top), when the first question is sent, then it animates and is pinned")
    func firstQuestionAnimatesInLayoutTop() {
        var state = ChatState(configuration: ChatConfiguration(layout: .top))
        state.send(standardViewport)

        state.send(.appended(outgoing("q1", height: 60)))

        // Spacer 650 - (60 - 0) - 0 = 590: content 650, maxOffset 0.
        #expect(
            state.snapshot
                == Snapshot(
                    mode: .pinned, offset: 0, contentHeight: 650, offsetReason: nil,
                    scrollTarget: .item(
                        1, id: "q1", .top, offset: 0, unitAnchorY: 0.125, animated: true, .newQuestion),
                    animating: ["q1"], trailingSpacer: 590, messageCount: 1))
    }

    @Test("given history and older pages, then nothing animates")
    func historyAndOlderPagesNeverAnimate() {
        var state = openChat(count: 5, hasMoreOlder: true)
        #expect(state.animating == [])
        #expect(state.effects == [.loadOlder(before: "m1")])

        state.send(.olderLoaded(messages: history(1...3, prefix: "o"), hasMoreOlder: false))

        #expect(state.animating == [])
        #expect(state.messageCount == 8)
    }

    @Test("given three appended messages, then they animate in message order; finishing or removing one takes it out")
    func animatingOrder() {
        var state = openChat(count: 5)
        state.send(.appended(incoming("a")), .appended(outgoing("b")), .appended(incoming("c")))
        #expect(state.animating == ["a", "b", "c"])

        state.send(.entranceAnimationFinished(id: "b"))
        #expect(state.animating == ["a", "c"])
        #expect(state.warnings == [])

        state.send(.messageRemoved(id: "c"))
        #expect(state.animating == ["a"])

        state.send(.entranceAnimationFinished(id: "a"))
        #expect(state.animating == [])
    }

    @Test(
        """
        given a sent message whose animation finished, when the server echo renames it, then renamed, not unread, not \
        animated, no command
        """
    )
    func serverEcho() {
        var state = openChat(count: 20)
        state.send(.appended(outgoing("local-1", height: 60)), .entranceAnimationFinished(id: "local-1"))
        let sent = ScrollCommand.bottom(2, id: "local-1", offset: 1410, animated: true, .outgoingMessage)
        #expect(state.scrollTarget == sent)

        state.send(.messageConfirmed(id: "local-1", newID: "srv-1"))

        #expect(
            state.snapshot
                == Snapshot(
                    mode: .following, offset: 1410, contentHeight: 2060, scrollTarget: sent, unreadCount: 0,
                    animating: [], messageCount: 21))
        #expect(state.newestMessageID == "srv-1")
        #expect(state.message(id: "local-1") == nil)
        #expect(state.message(id: "srv-1") == outgoing("srv-1", height: 60))
        #expect(state.top(ofMessage: "srv-1") == 2000)
    }

    @Test(
        """
        given a sent message while scrolled up, when the server echo renames it, then no command, no unread, the \
        offset stays
        """
    )
    func serverEchoWhileScrolledUp() {
        var state = openChat(count: 20)
        state.send(.appended(outgoing("local-1")), .dragBegan, .scrolled(offset: 800), .released(at: 800))
        #expect(state.mode == .detached)

        state.send(.messageConfirmed(id: "local-1", newID: "srv-1"))

        #expect(state.offset == 800)
        #expect(state.offsetReason == nil)
        #expect(state.unreadCount == 0)
        #expect(state.scrollTarget?.seq == 2)
        #expect(state.animating == ["srv-1"])
    }

    @Test(
        """
        given a sent message still animating, when the echo renames it, then the pending animation carries the new id \
        (animating ⊆ loaded ids)
        """
    )
    func echoDuringTheEntranceAnimation() {
        var state = openChat(count: 20)
        state.send(.appended(outgoing("local-1")))

        state.send(.messageConfirmed(id: "local-1", newID: "srv-1"))

        #expect(state.animating == ["srv-1"])
        #expect(state.warnings == [])
    }

    @Test("given a sent message, when the echo carries no new id, then nothing changes")
    func echoWithoutRename() {
        var state = openChat(count: 20)
        state.send(.appended(outgoing("o1")))
        var expected = state.snapshot

        state.send(.messageConfirmed(id: "o1", newID: nil))

        expected.offsetReason = nil
        #expect(state.snapshot == expected)
    }
}
