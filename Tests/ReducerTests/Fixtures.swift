import ChatEvents
import Testing

@testable import ChatReducer

// MARK: - Standard geometry

/// The standard screen of these tests: V = 800, T = 100, B = 50 and no keyboard,
/// so the visible height is 800 - 100 - 50 = 650.
let standardViewport = ChatEvent.viewportChanged(height: 800, insetTop: 100, insetBottom: 50)

// MARK: - Message builders

/// An incoming message, 100 points high unless told.
func incoming(_ id: String, height: Double = 100) -> ChatMessage {
    ChatMessage(id: id, direction: .incoming, height: height)
}

/// An outgoing message, 100 points high unless told.
func outgoing(_ id: String, height: Double = 100) -> ChatMessage {
    ChatMessage(id: id, direction: .outgoing, height: height)
}

/// Incoming messages `<prefix><n>` for every n in `numbers`, 100 points each unless told:
/// `history(1...3)` is m1, m2, m3 at tops 0, 100, 200.
func history(_ numbers: ClosedRange<Int>, prefix: String = "m", height: Double = 100) -> [ChatMessage] {
    numbers.map { incoming("\(prefix)\($0)", height: height) }
}

/// The ids `<prefix><n>` for every n in `numbers`.
func ids(_ numbers: ClosedRange<Int>, prefix: String = "m") -> [String] {
    numbers.map { "\(prefix)\($0)" }
}

// MARK: - Event shorthands

extension ChatEvent {
    /// A live message appended without the streaming flag.
    static func appended(_ message: ChatMessage) -> ChatEvent {
        .messageAppended(message, streaming: nil)
    }

    /// A live message appended with `streaming: true`.
    static func streamingAppended(_ message: ChatMessage) -> ChatEvent {
        .messageAppended(message, streaming: true)
    }

    /// A token batch that grows message `id` by `delta` points.
    static func grown(_ id: String, by delta: Double) -> ChatEvent {
        .tokensAppended(id: id, text: "tok", heightDelta: delta, height: nil)
    }

    /// The finger lifts at `offset` without velocity: the scroll settles there.
    static func released(at offset: Double) -> ChatEvent {
        .dragEnded(offset: offset, velocity: nil)
    }
}

// MARK: - Driving the reducer

extension ChatState {
    /// Applies `events` in order and checks the invariants of specification §7 after each one.
    mutating func send(_ events: ChatEvent..., sourceLocation: SourceLocation = #_sourceLocation) {
        send(events, sourceLocation: sourceLocation)
    }

    /// Applies `events` in order and checks the invariants of specification §7 after each one.
    mutating func send(_ events: [ChatEvent], sourceLocation: SourceLocation = #_sourceLocation) {
        for event in events {
            let wasLoadingOlder = isLoadingOlder
            reduce(event)
            checkInvariants(after: event, wasLoadingOlder: wasLoadingOlder, sourceLocation: sourceLocation)
        }
    }

    /// Specification §7: `0 ≤ offset ≤ maxOffset`; ids unique; `animating` ⊆ loaded ids;
    /// `unreadCount ≥ 0`; `following` and not held ⇒ `offset = maxOffset`; at most one
    /// `loadOlder` in flight.
    func checkInvariants(after event: ChatEvent, wasLoadingOlder: Bool, sourceLocation: SourceLocation) {
        let step = "after \(event.type)"
        if let offset {
            #expect(offset >= 0, "offset < 0 \(step)", sourceLocation: sourceLocation)
            #expect(offset <= maxOffset, "offset > maxOffset \(step)", sourceLocation: sourceLocation)
            if mode == .following, !userHoldsView {
                #expect(offset == maxOffset, "following but not at the bottom \(step)", sourceLocation: sourceLocation)
            }
        }
        let loaded = messages.map(\.id)
        #expect(Set(loaded).count == loaded.count, "duplicate ids \(step)", sourceLocation: sourceLocation)
        #expect(Set(animating).isSubset(of: Set(loaded)), "animating ⊄ loaded \(step)", sourceLocation: sourceLocation)
        #expect(unreadCount >= 0, "unreadCount < 0 \(step)", sourceLocation: sourceLocation)
        let requests = effects.filter { if case .loadOlder = $0 { true } else { false } }.count
        #expect(requests <= 1, "several loadOlder effects \(step)", sourceLocation: sourceLocation)
        let endsRequest: Bool
        switch event {
        case .olderLoaded, .loadOlderFailed, .windowLoaded: endsRequest = true
        default: endsRequest = false
        }
        if requests == 1 {
            #expect(
                !wasLoadingOlder || endsRequest, "a second loadOlder while one is in flight \(step)",
                sourceLocation: sourceLocation)
            #expect(isLoadingOlder, "loadOlder emitted without isLoadingOlder \(step)", sourceLocation: sourceLocation)
        }
        // The reducer's own, more internal checks (store positions, counters, anchor slot).
        #expect(invariantViolations(thorough: true) == [], "\(step)", sourceLocation: sourceLocation)
    }

    /// The ids of the messages overlapping the visible region, in order.
    var visibleIDs: [String] { visibleMessages.map(\.message.id) }

    /// The id of the internal `detached` anchor and its delta, if any.
    var anchorPosition: (id: String, delta: Double)? {
        anchor.map { (store.id($0.key), $0.delta) }
    }
}

// MARK: - Standard situations

/// The standard viewport, then `count` history messages m1…mN of 100 points: following at
/// the bottom with content height 100·N and offset max(0, 100·N - 650).
func openChat(
    count: Int = 20, configuration: ChatConfiguration = ChatConfiguration(), hasMoreOlder: Bool = false,
    sourceLocation: SourceLocation = #_sourceLocation
) -> ChatState {
    var state = ChatState(configuration: configuration)
    state.send(standardViewport, sourceLocation: sourceLocation)
    state.send(.historyLoaded(messages: history(1...count), hasMoreOlder: hasMoreOlder), sourceLocation: sourceLocation)
    return state
}

/// `openChat(count:)`, then a drag to `offset` released there without velocity: `detached`
/// with the anchor on the message at `offset`. With 20 messages and 1030: anchor (m11, 30),
/// visible region [1030, 1680).
func detachedChat(
    at offset: Double, count: Int = 20, configuration: ChatConfiguration = ChatConfiguration(),
    hasMoreOlder: Bool = false, sourceLocation: SourceLocation = #_sourceLocation
) -> ChatState {
    var state = openChat(
        count: count, configuration: configuration, hasMoreOlder: hasMoreOlder, sourceLocation: sourceLocation)
    state.send(.dragBegan, .scrolled(offset: offset), .released(at: offset), sourceLocation: sourceLocation)
    return state
}

// MARK: - Whole-state comparison

/// The state as `replay --format jsonl` prints it (specification §3), without `step` and `event`.
/// The defaults are the neutral values, so a test lists only what is not neutral but still
/// compares every key.
struct Snapshot: Equatable, Sendable {
    var mode: ScrollMode = .following
    var offset: Double?
    var contentHeight: Double = 0
    var visibleHeight: Double = 650
    var isAtBottom = true
    var offsetReason: OffsetReason? = nil
    var scrollTarget: ScrollCommand? = nil
    var unreadCount = 0
    var showJumpToLatest = false
    var animating: [String] = []
    var isLoadingOlder = false
    var hasMoreOlder = false
    var effects: [ChatEffect] = []
    var keyboardHeight: Double = 0
    var inputFocused = false
    var userHoldsView = false
    var highlightedID: String? = nil
    var trailingSpacer: Double = 0
    var messageCount = 0
    var warnings: [String] = []
    var unreadDividerID: String? = nil
    var readUpTo: String? = nil
    var hasMoreNewer = false
    var isLoadingNewer = false
    var pendingWindow: PendingWindow? = nil
    var headerHeight: Double = 0
    var footerHeight: Double = 0
    var pendingRestore: SavedPosition? = nil
}

extension ChatState {
    /// Every key of specification §3 (v1.3) except `step` and `event`.
    var snapshot: Snapshot {
        Snapshot(
            mode: mode, offset: offset, contentHeight: contentHeight, visibleHeight: visibleHeight,
            isAtBottom: isAtBottom, offsetReason: offsetReason, scrollTarget: scrollTarget,
            unreadCount: unreadCount, showJumpToLatest: showJumpToLatest, animating: animating,
            isLoadingOlder: isLoadingOlder, hasMoreOlder: hasMoreOlder, effects: effects,
            keyboardHeight: keyboardHeight, inputFocused: inputFocused, userHoldsView: userHoldsView,
            highlightedID: highlightedID, trailingSpacer: trailingSpacer, messageCount: messageCount,
            warnings: warnings, unreadDividerID: unreadDividerID, readUpTo: readUpTo, hasMoreNewer: hasMoreNewer,
            isLoadingNewer: isLoadingNewer, pendingWindow: pendingWindow, headerHeight: headerHeight,
            footerHeight: footerHeight, pendingRestore: pendingRestore)
    }
}

/// The `initialLoad` command of `openChat(count:)` with the standard viewport.
func initialLoadCommand(count: Int = 20) -> ScrollCommand {
    ScrollCommand(
        seq: 1, kind: .bottom, id: "m\(count)", anchor: nil, offset: max(0, Double(count) * 100 - 650),
        unitAnchorY: nil, animated: false, reason: .initialLoad)
}

extension ScrollCommand {
    /// A `bottom` command, whole, in one line of a test.
    static func bottom(_ seq: Int, id: String?, offset: Double, animated: Bool, _ reason: Reason) -> ScrollCommand {
        ScrollCommand(
            seq: seq, kind: .bottom, id: id, anchor: nil, offset: offset, unitAnchorY: nil, animated: animated,
            reason: reason)
    }

    /// An `item` command, whole, in one line of a test.
    static func item(
        _ seq: Int, id: String, _ anchor: Anchor, offset: Double, unitAnchorY: Double, animated: Bool, _ reason: Reason
    ) -> ScrollCommand {
        ScrollCommand(
            seq: seq, kind: .item, id: id, anchor: anchor, offset: offset, unitAnchorY: unitAnchorY,
            animated: animated, reason: reason)
    }
}
