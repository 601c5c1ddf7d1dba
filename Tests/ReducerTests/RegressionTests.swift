import ChatEvents
import Testing

@testable import ChatReducer

/// Behaviours that once departed from the specification, each pinned by the smallest log
/// that showed it.
@Suite("Regressions")
struct RegressionTests {
    /// m1 (400) and m2 (600) under the standard 650-point visible height.
    private func twoMessages() -> ChatState {
        var state = ChatState()
        state.send(
            standardViewport,
            .historyLoaded(messages: [incoming("m1", height: 400), incoming("m2", height: 600)], hasMoreOlder: false))
        return state
    }

    @Test("given two unread messages, when a jump passes over the first, then it still counts as unread")
    func unreadJumpedOverStillCounts() {
        var state = twoMessages()
        state.send(.dragBegan, .scrolled(offset: 100), .released(at: 100))
        state.send(.appended(incoming("i1", height: 100)), .appended(incoming("i2", height: 2000)))
        #expect(state.unreadCount == 2)

        // i2 spans 1100...3100; centred: 1100 + 1000 - 325 = 1775. i1 (1000...1100) was never visible.
        state.send(.jumpToMessage(id: "i2"))
        #expect(state.offset == 1775)
        #expect(state.unreadCount == 1)
        #expect(state.showJumpToLatest)
    }

    @Test("given a streaming message, when a heightDelta pushes it past 10,000,000, then exactly one warning")
    func hugeHeightDeltaWarnsOnce() {
        var state = twoMessages()
        state.send(.appended(incoming("i1", height: 100)), .grown("i1", by: 20_000_000))
        #expect(state.warnings == ["tokensAppended: height 20000100 clamped to 10000000"])
        #expect(state.message(id: "i1") == incoming("i1", height: 10_000_000))
    }

    @Test("given a list emptied after its initial load, when history arrives again, then no second initialLoad")
    func initialLoadOnlyOnce() {
        var state = ChatState()
        state.send(standardViewport, .historyLoaded(messages: [incoming("m1")], hasMoreOlder: false))
        #expect(state.scrollTarget?.seq == 1)
        state.send(.messageRemoved(id: "m1"), .historyLoaded(messages: [incoming("m2")], hasMoreOlder: false))
        #expect(state.scrollTarget?.seq == 1)
        #expect(state.scrollTarget?.reason == .initialLoad)
        #expect(state.messageCount == 1)
    }

    @Test("given a detached view clamped at the top, when the input bar grows, then offset += ΔB like the keyboard")
    func bottomEdgeShiftsFromTheClampedOffset() {
        var state = twoMessages()
        state.send(.appeared(restore: SavedPosition(anchorID: "m1", delta: -50, wasAtBottom: false)))
        #expect(state.mode == .detached)
        #expect(state.offset == 0)
        state.send(.viewportChanged(height: 800, insetTop: 100, insetBottom: 90))
        #expect(state.offset == 40)
        #expect(state.offsetReason == .viewport)
        #expect(state.anchorForTesting?.id == "m1")
        #expect(state.anchorForTesting?.delta == 40)
    }
}
