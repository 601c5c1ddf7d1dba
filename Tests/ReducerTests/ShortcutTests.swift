import ChatEvents
import Testing

@testable import ChatReducer

/// Two lookups the reducer shortens: a token batch first tries the key its message's id last
/// resolved to, and a scroll first tries its anchor's message. Each must give exactly what the
/// full lookup gives, whatever happened in between.
@Suite("Shortcuts give the full lookup's answer")
struct ShortcutTests {
    @Test(
        """
        given a message renamed after its token batches, when a batch names the old id, then it is unknown; the new id \
        grows it
        """
    )
    func rememberedKeyFollowsRenames() {
        var state = openChat(count: 5)
        state.send(.streamingAppended(outgoing("local-1", height: 50)), .grown("local-1", by: 10))
        #expect(state.message(id: "local-1")?.height == 60)

        state.send(.messageConfirmed(id: "local-1", newID: "srv-1"))
        // The key last looked up is still live, but under another id.
        state.send(.grown("local-1", by: 10))
        #expect(state.warnings == ["tokensAppended: unknown id \"local-1\""])
        #expect(state.message(id: "srv-1")?.height == 60)

        state.send(.grown("srv-1", by: 15))
        #expect(state.warnings == [])
        #expect(state.message(id: "srv-1")?.height == 75)
    }

    @Test("given a message removed after its token batches, when a batch names it again, then it is unknown")
    func rememberedKeyOfRemovedMessage() {
        var state = openChat(count: 5)
        state.send(.grown("m3", by: 20))
        #expect(state.message(id: "m3")?.height == 120)

        state.send(.messageRemoved(id: "m3"), .grown("m3", by: 20))

        #expect(state.warnings == ["tokensAppended: unknown id \"m3\""])
        #expect(state.messageCount == 4)
        #expect(state.contentHeight == 400)
    }

    @Test("given a window replacing every message, when a batch names an id of the new window, then that message grows")
    func rememberedKeyAfterWindow() {
        var state = openChat(count: 5)
        state.send(.grown("m5", by: 20))
        state.send(.jumpToMessage(id: "w2"))
        state.send(.windowLoaded(messages: history(1...3, prefix: "w"), hasMoreOlder: true, hasMoreNewer: true))
        // The key m5 had now names w-something else or nothing; the id decides.
        state.send(.grown("m5", by: 20))
        #expect(state.warnings == [])  // While newer history is missing, an unknown id may be unloaded.
        state.send(.grown("w3", by: 5))
        #expect(state.message(id: "w3")?.height == 105)
        #expect(state.message(id: "m5") == nil)
    }

    @Test(
        """
        given a drag through m11, when the offset reaches m12's top exactly, then the anchor is m12 at 0, not m11 at \
        100
        """
    )
    func anchorAtAnEdge() {
        var state = detachedChat(at: 1030)
        #expect(state.anchorPosition! == ("m11", 30))
        state.send(.dragBegan)

        state.send(.scrolled(offset: 1050))
        #expect(state.anchorPosition! == ("m11", 50))
        state.send(.scrolled(offset: 1100))
        #expect(state.anchorPosition! == ("m12", 0))
        state.send(.scrolled(offset: 1099.5))
        #expect(state.anchorPosition! == ("m11", 99.5))
        state.send(.scrolled(offset: 1000))
        #expect(state.anchorPosition! == ("m11", 0))

        // What the anchor decides: m10 above grows by 50, and m11's top stays on screen.
        state.send(.released(at: 1000), .itemMeasured(id: "m10", height: 150))
        #expect(state.offset == 1050)
        #expect(state.anchorPosition! == ("m11", 0))
    }

    /// Heights that are not binary fractions: the tops the tree's sums give and those its
    /// search adds up may differ in their last bit, so at and around every edge the anchor must
    /// be the message the full search finds (``ChatState/currentPosition``).
    @Test(
        """
        given heights of a third of a point and more, when a drag crosses every edge, then the anchor is the searched \
        message at each offset
        """,
        arguments: [100.0 / 3, 0.1, 7.7])
    func anchorAgreesWithSearch(height: Double) {
        var state = ChatState()
        // One point visible, so that even 60 messages of 0.1 leave room to scroll.
        state.send(.viewportChanged(height: 1, insetTop: 0, insetBottom: 0))
        state.send(.historyLoaded(messages: history(1...60, height: height), hasMoreOlder: false))
        state.send(.dragBegan)
        var checked = 0
        for index in 1..<50 {
            let edge = Double(index) * height
            for offset in [
                edge.nextDown.nextDown, edge.nextDown, edge, edge.nextUp, edge.nextUp.nextUp, edge + height / 2,
            ] {
                state.send(.scrolled(offset: offset))
                let searched = state.currentPosition
                #expect(state.anchorPosition?.id == searched.anchorID, "at \(offset)")
                #expect(state.anchorPosition?.delta == searched.delta, "at \(offset)")
                checked += 1
            }
        }
        #expect(checked == 294)
    }
}
