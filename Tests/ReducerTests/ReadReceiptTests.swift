import ChatEvents
import Testing

@testable import ChatReducer

/// Specification §10, read receipts (`readReceipts: true`): while the screen is shown, the
/// geometry known and the list non-empty, b is the newest message whose top is above the
/// visible bottom edge. `readUpTo` moves forward to b, never back; `markRead(upTo: b)` is
/// emitted when the messages newly covered include an incoming one. The standard screen:
/// visible height 650, m1…m20 of 100 points.
@Suite("Read receipts")
struct ReadReceiptTests {
    static let reading = ChatConfiguration(readReceipts: true)

    @Test(
        """
        given readReceipts off (the default), when the user reads everything, then readUpTo stays null and no markRead \
        is emitted
        """
    )
    func offByDefault() {
        var state = openChat(count: 20)
        state.send(.appended(incoming("m21")))
        #expect(state.readUpTo == nil)
        #expect(state.effects == [])
    }

    @Test(
        """
        given readReceipts, when 20 messages open at the bottom, then everything up to m20 has been seen: readUpTo m20 \
        and one markRead
        """
    )
    func openingAtTheBottomReadsAll() {
        var state = ChatState(configuration: Self.reading)
        state.send(standardViewport)
        #expect(state.readUpTo == nil)
        state.send(.historyLoaded(messages: history(1...20), hasMoreOlder: false))
        #expect(state.readUpTo == "m20")
        #expect(state.effects == [.markRead(upTo: "m20")])
    }

    @Test(
        """
        given everything read while following, when an incoming message arrives, then it is on screen at once: \
        readUpTo and markRead move to it
        """
    )
    func incomingWhileFollowing() {
        var state = openChat(count: 20, configuration: Self.reading)
        state.send(.appended(incoming("m21")))
        #expect(state.readUpTo == "m21")
        #expect(state.effects == [.markRead(upTo: "m21")])
    }

    @Test(
        """
        given everything read, when the user sends a message, then readUpTo moves to it without a markRead: nothing \
        incoming was newly seen
        """
    )
    func ownMessagesNeedNoReceipt() {
        var state = openChat(count: 20, configuration: Self.reading)
        state.send(.appended(outgoing("q1")))
        #expect(state.readUpTo == "q1")
        #expect(state.effects == [])
    }

    @Test(
        """
        given everything read up to m20, when the user scrolls up and m21 arrives below the screen, then readUpTo does \
        not move back nor forward; back at the bottom it reaches m21
        """
    )
    func neverBackwards() {
        var state = detachedChat(at: 200, count: 20, configuration: Self.reading)
        #expect(state.readUpTo == "m20")
        state.send(.appended(incoming("m21")))
        #expect(state.readUpTo == "m20")
        #expect(state.effects == [])
        state.send(.jumpToLatestTapped)
        #expect(state.readUpTo == "m21")
        #expect(state.effects == [.markRead(upTo: "m21")])
    }

    @Test(
        """
        given the open at the first unread m12, when it opens, then readUpTo starts at m11 and moves at once to m18, \
        the newest message whose top is on screen
        """
    )
    func startsAboveTheFirstUnread() {
        var state = ChatState(configuration: Self.reading)
        state.send(
            standardViewport, .historyLoaded(messages: history(1...20), hasMoreOlder: false, firstUnreadID: "m12"))
        // Visible [1100, 1750): top(m18) = 1700 < 1750 ≤ top(m19).
        #expect(state.readUpTo == "m18")
        #expect(state.effects == [.markRead(upTo: "m18")])
    }

    @Test(
        """
        given the first unread is the oldest message and the geometry unknown, when history opens, then readUpTo is \
        null until the viewport shows the screen
        """
    )
    func startsNullAtTheOldest() {
        var state = ChatState(configuration: Self.reading)
        state.send(.historyLoaded(messages: history(1...20), hasMoreOlder: false, firstUnreadID: "m1"))
        #expect(state.readUpTo == nil)
        state.send(standardViewport)
        // Visible [0, 650): m1…m7.
        #expect(state.readUpTo == "m7")
        #expect(state.effects == [.markRead(upTo: "m7")])
    }

    @Test(
        """
        given readUpTo m18 after the open at m12, when the user drags 150 points down and holds, then reading goes on: \
        m19 is read while the finger is down
        """
    )
    func holdingDoesNotStopReading() {
        var state = ChatState(configuration: Self.reading)
        state.send(
            standardViewport, .historyLoaded(messages: history(1...20), hasMoreOlder: false, firstUnreadID: "m12"))
        state.send(.dragBegan, .scrolled(offset: 1250))
        #expect(state.userHoldsView)
        #expect(state.readUpTo == "m19")
        #expect(state.effects == [.markRead(upTo: "m19")])
    }

    @Test("given readUpTo on the sent message local1, when the server confirms it as s1, then readUpTo is renamed")
    func confirmationRenames() {
        var state = openChat(count: 20, configuration: Self.reading)
        state.send(.appended(outgoing("local1")), .messageConfirmed(id: "local1", newID: "s1"))
        #expect(state.readUpTo == "s1")
    }

    @Test("given readUpTo m20, when m20 is removed, then it moves to m19; when every message is removed, null")
    func removalMovesBack() {
        var state = openChat(count: 2, configuration: Self.reading)
        #expect(state.readUpTo == "m2")
        state.send(.messageRemoved(id: "m2"))
        #expect(state.readUpTo == "m1")
        state.send(.messageRemoved(id: "m1"))
        #expect(state.readUpTo == nil)
    }

    @Test("given the screen went away, when a message arrives, then nothing is read until the screen appears again")
    func onlyWhileShown() {
        var state = openChat(count: 20, configuration: Self.reading)
        state.send(.disappeared, .appended(incoming("m21")))
        #expect(state.readUpTo == "m20")
        #expect(state.effects == [])
        state.send(.appeared(restore: nil))
        #expect(state.readUpTo == "m21")
        #expect(state.effects == [.markRead(upTo: "m21")])
    }
}
