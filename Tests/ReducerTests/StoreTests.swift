import ChatEvents
import Testing

@testable import ChatReducer

/// The Fenwick tree and the message store behind `top(id)`, the message at an offset and the
/// order statistics, checked against positions computed by hand.
@Suite("Store")
struct StoreTests {
    @Test("given elements 5, 3, 0, 7, 2, then prefix sums are 0, 5, 8, 8, 15, 17; after adding 4 at index 2, 12 and 21")
    func fenwickPrefixSums() {
        var tree = FenwickTree<Double>()
        for value in [5.0, 3, 0, 7, 2] { tree.append(value) }

        #expect(tree.count == 5)
        #expect(tree.total == 17)
        #expect((0...5).map { tree.prefixSum($0) } == [0, 5, 8, 8, 15, 17])
        #expect(tree.prefixSum(99) == 17)

        tree.add(4, at: 2)

        #expect((0...5).map { tree.prefixSum($0) } == [0, 5, 8, 12, 19, 21])
        #expect(tree.total == 21)
    }

    @Test(
        """
        given elements 5, 3, 4, 7, 2 (prefixes 0, 5, 8, 12, 19, 21), then prefixLength finds the longest prefix at \
        most (or below) a limit
        """,
        arguments: [
            (8.0, true, 2), (8, false, 1), (0, true, 0), (4.9, true, 0), (5, true, 1),
            (20, true, 4), (21, true, 5), (21, false, 4), (100, false, 5),
        ])
    func fenwickPrefixLength(limit: Double, inclusive: Bool, expected: Int) {
        var tree = FenwickTree<Double>()
        for value in [5.0, 3, 4, 7, 2] { tree.append(value) }

        #expect(tree.prefixLength(summingAtMost: limit, inclusive: inclusive) == expected)
    }

    @Test("given 1,000 appended elements of 1…1000, then every prefix sum is n(n+1)/2")
    func fenwickManyAppends() {
        var tree = FenwickTree<Int32>()
        for value in 1...1000 { tree.append(Int32(value)) }

        let wrong = (0...1000).filter { n in tree.prefixSum(n) != Int32(n * (n + 1) / 2) }
        #expect(wrong == [])
        #expect(tree.prefixLength(summingAtMost: 5050, inclusive: true) == 100)
        #expect(tree.prefixLength(summingAtMost: 5050, inclusive: false) == 99)
    }

    @Test(
        """
        given appends a 100, b 50, c 200 and prepends x 30, y 70, then the order is y x a b c at tops 0, 70, 100, 200, \
        250
        """
    )
    func storeAppendAndPrepend() {
        var store = MessageStore()
        let a = store.append(incoming("a", height: 100))
        let b = store.append(outgoing("b", height: 50))
        let c = store.append(incoming("c", height: 200))
        #expect([store.top(a), store.top(b), store.top(c)] == [0, 100, 150])

        let x = store.prepend(incoming("x", height: 30))
        let y = store.prepend(outgoing("y", height: 70))

        #expect(store.allMessages().map(\.id) == ["y", "x", "a", "b", "c"])
        #expect([store.top(y), store.top(x), store.top(a), store.top(b), store.top(c)] == [0, 70, 100, 200, 250])
        #expect(store.totalHeight == 450)
        #expect(store.count == 5)
        #expect(store.firstKey == y)
        #expect(store.lastKey == c)
        #expect(store.lastOutgoingKey == b)
        #expect(store.rank(of: a) == 2)
        #expect(store.key(atRank: 0) == y)
        #expect(store.key(atRank: 4) == c)
        #expect(store.key(atRank: 5) == nil)
        #expect(store.key(atRank: 1, among: .outgoing) == b)
        #expect(store.key(after: x) == a)
        #expect(store.key(before: a) == x)
        #expect(store.key(before: y) == nil)
        #expect(store.key(after: c) == nil)
    }

    @Test(
        """
        given y x a b c, when b is removed, a renamed to A and x re-measured to 130, then the positions match and b \
        leaves a zero-height gap
        """
    )
    func storeRemoveRenameMeasure() {
        var store = MessageStore()
        let a = store.append(incoming("a", height: 100))
        let b = store.append(outgoing("b", height: 50))
        let c = store.append(incoming("c", height: 200))
        let x = store.prepend(incoming("x", height: 30))
        let y = store.prepend(outgoing("y", height: 70))

        let flags = store.remove(b)
        #expect(flags.contains(.outgoing))
        #expect(store.key(of: "b") == nil)
        #expect(store.count == 4)
        #expect(store.totalHeight == 400)
        #expect(store.top(c) == 200)
        #expect(store.lastOutgoingKey == y)
        #expect(store.key(after: a) == c)
        #expect(store.key(before: c) == a)
        #expect(store.key(after: b) == c)

        store.rename(a, to: "A")
        #expect(store.key(of: "A") == a)
        #expect(store.key(of: "a") == nil)
        #expect(store.top(a) == 100)

        store.setHeight(130, for: x)

        // y [0, 70), x [70, 200), A [200, 300), b removed, c [300, 500).
        #expect(
            store.allMessages() == [
                outgoing("y", height: 70), incoming("x", height: 130), incoming("A"), incoming("c", height: 200),
            ])
        #expect([store.top(y), store.top(x), store.top(a), store.top(c)] == [0, 70, 200, 300])
        #expect(store.totalHeight == 500)
    }

    @Test(
        """
        given y [0, 70), x [70, 200), A [200, 300), a removed b, c [300, 500), then key(at:) is the message drawn at \
        that point, or the last one past the end
        """,
        arguments: [
            (0.0, "y"), (69, "y"), (69.5, "y"), (70, "x"), (199.5, "x"), (200, "A"), (299, "A"),
            (300, "c"), (499, "c"), (500, "c"), (1e9, "c"),
        ])
    func storeKeyAtOffset(y offset: Double, expected: String) {
        var store = MessageStore()
        store.append(incoming("a", height: 100))
        let b = store.append(outgoing("b", height: 50))
        store.append(incoming("c", height: 200))
        let x = store.prepend(incoming("x", height: 30))
        store.prepend(outgoing("y", height: 70))
        store.remove(b)
        store.rename(store.key(of: "a")!, to: "A")
        store.setHeight(130, for: x)

        #expect(store.key(at: offset).map { store.id($0) } == expected)
    }

    @Test("given an empty store or only zero-height messages, then key(at:) is nil")
    func storeKeyAtWithoutHeights() {
        var store = MessageStore()
        #expect(store.key(at: 0) == nil)
        #expect(store.lastKey == nil)

        store.append(incoming("z", height: 0))
        #expect(store.key(at: 0) == nil)
        #expect(store.lastKey == store.key(of: "z"))
    }

    @Test(
        """
        given a conversation, when older pages are prepended, messages removed and renamed, then top(id) matches \
        hand-computed positions
        """
    )
    func positionsThroughTheReducer() {
        var state = openChat(count: 5, hasMoreOlder: true)
        #expect(state.effects == [.loadOlder(before: "m1")])

        state.send(
            .olderLoaded(messages: [incoming("o1", height: 50), incoming("o2", height: 70)], hasMoreOlder: true))
        // o1 [0, 50), o2 [50, 120), m1 [120, 220) … m5 [520, 620).
        #expect(state.top(ofMessage: "o1") == 0)
        #expect(state.top(ofMessage: "o2") == 50)
        #expect(state.top(ofMessage: "m1") == 120)
        #expect(state.top(ofMessage: "m5") == 520)
        #expect(state.effects == [.loadOlder(before: "o1")])

        state.send(.olderLoaded(messages: [incoming("p1", height: 10)], hasMoreOlder: false))
        #expect(state.top(ofMessage: "o1") == 10)
        #expect(state.top(ofMessage: "m1") == 130)

        state.send(.messageRemoved(id: "o2"), .messageRemoved(id: "m3"))
        // p1 [0, 10), o1 [10, 60), m1 [60, 160), m2 [160, 260), m4 [260, 360), m5 [360, 460).
        #expect(state.top(ofMessage: "m1") == 60)
        #expect(state.top(ofMessage: "m4") == 260)
        #expect(state.top(ofMessage: "m5") == 360)
        #expect(state.contentHeight == 460)

        state.send(.appended(outgoing("local")), .messageConfirmed(id: "local", newID: "srv"))
        #expect(state.top(ofMessage: "srv") == 460)
        #expect(state.messages.map(\.id) == ["p1", "o1", "m1", "m2", "m4", "m5", "srv"])
        #expect(state.oldestMessageID == "p1")
        #expect(state.newestMessageID == "srv")
    }

    @Test(
        """
        given one historyLoaded of 1,000,000 messages of 10 points, then it builds and answers top and visible queries
        """,
        // A guard against work that grows faster than the list, not a speed target (the
        // benchmarks hold those): a debug build on two busy cores has taken over a minute.
        .timeLimit(.minutes(10)))
    func millionMessages() {
        var state = ChatState()
        state.reduce(standardViewport)
        let messages = (1...1_000_000).map { ChatMessage(id: "m\($0)", direction: .incoming, height: 10) }

        state.reduce(.historyLoaded(messages: messages, hasMoreOlder: false))

        #expect(state.messageCount == 1_000_000)
        #expect(state.contentHeight == 10_000_000)
        #expect(state.offset == 9_999_350)
        #expect(state.top(ofMessage: "m500001") == 5_000_000)
        #expect(state.top(ofMessage: "m1000000") == 9_999_990)
        // [9999350, 10000000): m999936 … m1000000.
        let bottom = state.visibleMessages
        #expect(bottom.count == 65)
        #expect(bottom.first?.message.id == "m999936")
        #expect(bottom.first?.top == 9_999_350)
        #expect(bottom.last?.message.id == "m1000000")

        // Centred on m500001: 5000000 + 5 - 325.
        state.reduce(.jumpToMessage(id: "m500001"))
        #expect(state.offset == 4_999_680)
        let middle = state.visibleMessages
        #expect(middle.count == 65)
        #expect(middle.first?.message.id == "m499969")
        #expect(middle.last?.message.id == "m500033")

        state.reduce(.messageRemoved(id: "m1"))
        #expect(state.top(ofMessage: "m500001") == 4_999_990)
        #expect(state.offset == 4_999_670)
        #expect(state.invariantViolations() == [])
    }
}
