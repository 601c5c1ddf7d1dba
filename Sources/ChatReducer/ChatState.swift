import ChatEvents

/// The view state of a chat screen's scroll view, and the pure reducer that advances it.
///
/// Feed every event of the screen to ``reduce(_:)``; read the outcome from the properties.
/// The reducer decides; it never scrolls, fetches or stores anything itself. What the app
/// should do is in ``scrollTarget`` (run it once when its `seq` changes) and in the
/// ``effects`` of the step.
///
/// ```swift
/// var state = ChatState(configuration: ChatConfiguration())
/// state.reduce(.viewportChanged(height: 800, insetTop: 100, insetBottom: 50))
/// state.reduce(.historyLoaded(messages: cached, hasMoreOlder: true))
/// state.scrollTarget?.reason   // .initialLoad
/// state.isAtBottom             // true
/// ```
///
/// - Complexity: every event costs O(log n) in the number of loaded messages (plus the size of
///   the event itself); the store keeps positions in Fenwick trees.
public struct ChatState: Sendable, Equatable {
    /// The configuration the state was created with.
    public let configuration: ChatConfiguration

    /// Who holds the view; how the offset is kept after each event.
    public internal(set) var mode: ScrollMode = .following
    /// Why ``offset`` changed at the last step, or `nil` if it did not.
    public internal(set) var offsetReason: OffsetReason?
    /// The last scroll command issued; it persists until replaced. Run it once per `seq`.
    public internal(set) var scrollTarget: ScrollCommand?
    /// Whether older history has been requested and has not arrived or failed yet.
    @inlinable public var isLoadingOlder: Bool { older.isLoading }
    /// Whether the server has history older than the oldest loaded message.
    @inlinable public var hasMoreOlder: Bool { older.hasMore }
    /// What the last step asks the app to do; never repeated on later steps.
    public internal(set) var effects: [ChatEffect] = []
    /// How much more of the scroll view the keyboard covers; 0 when hidden.
    public internal(set) var keyboardHeight: Double = 0
    /// Whether the message input has focus.
    public internal(set) var inputFocused = false
    /// Diagnostics of the last step: empty, or one human-readable line that names the event and
    /// joins everything that was wrong with it with `"; "`.
    public internal(set) var warnings: [String] = []
    /// The scroll view's frame height, or `nil` before the first `viewportChanged`.
    public internal(set) var viewportHeight: Double?
    /// The obscured height at the top (navigation and status bars).
    public internal(set) var insetTop: Double = 0
    /// The obscured height at the bottom with the keyboard hidden (input bar, home indicator).
    public internal(set) var insetBottom: Double = 0
    /// Whether the loaded window stops short of the newest message of the conversation.
    @inlinable public var hasMoreNewer: Bool { newer.hasMore }
    /// Whether newer history has been requested and has not arrived or failed yet.
    @inlinable public var isLoadingNewer: Bool { newer.isLoading }
    /// A window of history that has been requested and has not arrived yet.
    public internal(set) var pendingWindow: PendingWindow?
    /// The height of the row above the oldest loaded message (a "loading older messages"
    /// spinner, a "start of the conversation" banner); 0 when there is none.
    public internal(set) var headerHeight: Double = 0
    /// The height of the row below the newest message (a typing indicator, "thinking…"); 0 when
    /// there is none.
    public internal(set) var footerHeight: Double = 0
    /// A restore that waits for the messages: an `appeared` named an anchor while none was
    /// loaded. The next `historyLoaded` that loads messages, or the next `windowLoaded` that
    /// answers no request, applies it; `nil` whenever a message is loaded.
    public internal(set) var pendingRestore: SavedPosition?

    // MARK: Internal state

    var store = MessageStore()
    /// The modelled offset; meaningful only when the geometry is known.
    var currentOffset: Double = 0
    /// `detached` (and any hold): the topmost visible message and `offset - top(key)`.
    var anchor: Anchor?
    /// Who holds the view, and what waits for the hold to end.
    var hold = ViewHold()
    /// Layout `top`: the question that `pinned` holds (or a deferred `newQuestion` will pin).
    /// Outgoing messages that arrive as history never replace it (specification §13).
    var questionKey: MessageKey?

    /// ``questionKey`` while its message is loaded.
    var liveQuestionKey: MessageKey? { questionKey.flatMap { store.flags($0).contains(.live) ? $0 : nil } }
    /// The `seq` of the next command.
    var nextSeq = 1
    /// The key of the highlighted message.
    var highlightedKey: MessageKey?
    /// The pages above the oldest loaded message and below the newest (read in place by the
    /// public flags' inlined getters: another module does not copy the state to ask them).
    @usableFromInline var older = Paging()
    @usableFromInline var newer = Paging()
    /// Whether a `historyLoaded` has made the list non-empty once.
    var initialLoadDone = false
    /// The divider, read receipts and arrivals beyond the window.
    var unread = UnreadTracking()
    /// Whether a `windowLoaded` has replaced the loaded messages: from then on a page that
    /// arrives with no request in flight answers a request of a window that is gone.
    var windowReplaced = false
    /// Keys of messages whose entrance animation is pending, in message order; lazily compacted.
    var animatingKeys: [MessageKey] = []
    var animatingCount = 0
    /// What the current step notes on its way.
    var step = StepScratch()
    /// The key the last lookup of an id found, tried first by the next (a streamed answer
    /// names the same message in batch after batch, and hashing its id costs more than the
    /// rest of the step). Takes no part in `==`.
    var lastLookup = RememberedKey()

    /// A key kept to save a lookup: equal to any other, since a state's equality is that of
    /// what it holds, not of what it last looked up.
    struct RememberedKey: Sendable, Equatable {
        var key: MessageKey?

        static func == (lhs: Self, rhs: Self) -> Bool { true }
    }

    struct Anchor: Sendable, Equatable {
        var key: MessageKey
        var delta: Double
    }

    /// Creates the state of an empty conversation whose geometry is not known yet.
    public init(configuration: ChatConfiguration = ChatConfiguration()) {
        self.configuration = configuration
    }
}

// MARK: - Derived view state

extension ChatState {
    /// Whether the geometry is known: a `viewportChanged` has been applied.
    @inline(__always)
    var geometryKnown: Bool { viewportHeight != nil }

    /// The modelled scroll offset, or `nil` before the geometry is known.
    /// `0 <= offset <= maxOffset` always holds.
    @inline(__always)
    public var offset: Double? { geometryKnown ? currentOffset : nil }

    /// The height of the region the user can see: `max(0, V - T - B - K)`.
    @inline(__always)
    public var visibleHeight: Double {
        max(0, (viewportHeight ?? 0) - insetTop - insetBottom - keyboardHeight)
    }

    /// Layout `top`: the space below the last message that lets the newest question reach
    /// the top of the visible area; 0 in layout `bottom`.
    ///
    /// - Complexity: O(log n).
    @inline(__always)
    public var trailingSpacer: Double { trailingSpacer(visibleHeight: visibleHeight) }

    @inline(__always)
    func trailingSpacer(visibleHeight: Double) -> Double {
        switch configuration.layout {
        case .bottom:
            return 0
        case .top:
            guard let question = store.lastOutgoingKey else { return 0 }
            // The footer is part of what lies below the question, so the spacer makes room for
            // it and the question does not move when it comes and goes.
            let below = store.totalHeight - store.top(question) + footerSpace
            return max(0, visibleHeight - below - configuration.pinMargin)
        }
    }

    /// The space below the newest message: `max(footerHeight, footerReserve)` (a reserve beyond
    /// ``maximumLength`` counts as that).
    @inline(__always)
    var footerSpace: Double { max(footerHeight, min(configuration.footerReserve, Self.maximumLength)) }

    /// The content height without the spacer: the header, the rows and the footer's space.
    @inline(__always)
    var rowsHeight: Double { headerHeight + store.totalHeight + footerSpace }

    /// The content height: the header, the rows' heights, `max(footerHeight, footerReserve)`
    /// and ``trailingSpacer``.
    @inline(__always)
    public var contentHeight: Double { rowsHeight + trailingSpacer }

    /// The distance from the content's top to the top of row `key`: the header and the rows
    /// before it.
    @inline(__always)
    func top(_ key: MessageKey) -> Double { headerHeight + store.top(key) }

    /// The row drawn at content coordinate `y` (see ``MessageStore/key(at:)``); the oldest
    /// row when `y` lies in the header.
    @inline(__always)
    func key(at y: Double) -> MessageKey? { store.key(at: y - headerHeight) }

    /// The largest offset: `max(0, contentHeight - visibleHeight)`.
    @inline(__always)
    public var maxOffset: Double { Self.maxOffset(contentHeight: contentHeight, visibleHeight: visibleHeight) }

    @inline(__always)
    static func maxOffset(contentHeight: Double, visibleHeight: Double) -> Double {
        max(0, contentHeight - visibleHeight)
    }

    /// `maxOffset - offset`, or `nil` before the geometry is known.
    @inline(__always)
    public var distanceFromBottom: Double? { distanceFromBottom(maxOffset: maxOffset) }

    @inline(__always)
    func distanceFromBottom(maxOffset: Double) -> Double? { geometryKnown ? maxOffset - currentOffset : nil }

    /// Whether the view is within `atBottomThreshold` of the bottom. Before the geometry is
    /// known, true exactly when the mode is `following`.
    ///
    /// Always false while ``hasMoreNewer``: the loaded content's bottom is not the conversation's.
    @inline(__always)
    public var isAtBottom: Bool { isAtBottom(distanceFromBottom: distanceFromBottom) }

    @inline(__always)
    func isAtBottom(distanceFromBottom distance: Double?) -> Bool {
        if hasMoreNewer { return false }
        guard let distance else { return mode == .following }
        return distance <= configuration.atBottomThreshold
    }

    /// Whether to show the jump-to-latest button:
    /// `!isAtBottom && (distanceFromBottom > jumpToLatestThreshold || unreadCount > 0)`.
    /// False while the geometry is unknown; always true while ``hasMoreNewer``.
    public var showJumpToLatest: Bool {
        let distance = distanceFromBottom
        return showJumpToLatest(distanceFromBottom: distance, isAtBottom: isAtBottom(distanceFromBottom: distance))
    }

    @inline(__always)
    func showJumpToLatest(distanceFromBottom distance: Double?, isAtBottom: Bool) -> Bool {
        if hasMoreNewer { return true }
        guard let distance, !isAtBottom else { return false }
        return distance > configuration.jumpToLatestThreshold || unreadCount > 0
    }

    /// Whether the user holds the view: dragging, scrolling with momentum, or selecting text.
    @inline(__always)
    public var userHoldsView: Bool { hold.isHeld }

    /// The message highlighted by the last `jumpToMessage`, until a drag or `highlightFinished`.
    @inline(__always)
    public var highlightedID: String? { highlightedKey.map { store.id($0) } }

    /// Incoming live messages appended below the visible region that have not been visible since,
    /// the unread messages from ``unreadDividerID`` on, and incoming messages appended while
    /// ``hasMoreNewer`` (those count until the view follows the newest message again).
    @inline(__always)
    public var unreadCount: Int { store.unreadCount + unread.unloadedCount }

    /// The first unread message at open, above which the client draws a "new messages"
    /// divider; `nil` when the open had none, after `disappeared`, or once it is gone.
    @inline(__always)
    public var unreadDividerID: String? { unread.dividerKey.map { store.id($0) } }

    /// With `readReceipts`: the newest message the user has seen (everything up to it has been
    /// on screen or scrolled past); `nil` before anything was seen, and always without
    /// `readReceipts`.
    @inline(__always)
    public var readUpTo: String? { unread.readUpToKey.map { store.id($0) } }

    /// The number of loaded messages.
    @inline(__always)
    public var messageCount: Int { store.count }

    /// The ids whose entrance animation is pending, in message order.
    ///
    /// - Complexity: O(k) in the number of pending animations.
    public var animating: [String] {
        animatingKeys.lazy.filter { store.flags($0).contains(.animating) }.map { store.id($0) }
    }

    /// The loaded message `id`, or `nil` if none is.
    ///
    /// - Complexity: O(1) expected.
    public func message(id: String) -> ChatMessage? {
        store.key(of: id).map { store.message($0) }
    }

    /// The distance from the content's top to the top of message `id`, or `nil` if it is not loaded.
    ///
    /// - Complexity: O(log n).
    public func top(ofMessage id: String) -> Double? {
        store.key(of: id).map { top($0) }
    }

    /// The id of the newest loaded message.
    ///
    /// - Complexity: O(log n).
    public var newestMessageID: String? { store.lastKey.map { store.id($0) } }

    /// The id of the oldest loaded message.
    ///
    /// - Complexity: O(log n).
    public var oldestMessageID: String? { store.firstKey.map { store.id($0) } }

    /// The loaded messages that overlap the visible region `[offset, offset + visibleHeight)`,
    /// in order, each with its top; empty before the geometry is known.
    ///
    /// - Complexity: O(k log n) for k visible messages.
    public var visibleMessages: [(message: ChatMessage, top: Double)] {
        guard geometryKnown, visibleHeight > 0 else { return [] }
        return messages(overlapping: currentOffset, currentOffset + visibleHeight)
    }

    /// The loaded messages that overlap `[start, end)` of the content, in order, each with its top.
    ///
    /// - Complexity: O(k log n) for the k messages returned.
    package func messages(overlapping start: Double, _ end: Double) -> [(message: ChatMessage, top: Double)] {
        guard var key = key(at: max(0, start)) else { return [] }
        var result: [(message: ChatMessage, top: Double)] = []
        while true {
            let top = top(key)
            guard top < end else { break }
            if top + store.height(key) > start { result.append((store.message(key), top)) }
            guard let next = store.key(after: key) else { break }
            key = next
        }
        return result
    }

    /// Every loaded message, in order.
    ///
    /// - Complexity: O(n).
    public var messages: [ChatMessage] { store.allMessages() }

    /// The position to persist now: the topmost visible message, the visible top's distance
    /// below its top, and whether the view is at the bottom; while a restore waits for the
    /// messages, that restore (the reader has seen nothing else).
    ///
    /// - Complexity: O(log n).
    public var currentPosition: SavedPosition {
        if let pendingRestore { return pendingRestore }
        guard geometryKnown, let key = key(at: currentOffset) else {
            return SavedPosition(anchorID: nil, delta: 0, wasAtBottom: isAtBottom)
        }
        return SavedPosition(anchorID: store.id(key), delta: currentOffset - top(key), wasAtBottom: isAtBottom)
    }
}
