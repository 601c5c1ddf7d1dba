import ChatEvents

/// A navigation the app should perform once: the `scrollTarget` of the state.
///
/// A client executes a command exactly once, when ``seq`` changes. That single value replaces
/// the competing `onChange` handlers that make chat screens jump.
///
/// ```swift
/// .onChange(of: state.scrollTarget?.seq) {
///     guard let target = state.scrollTarget else { return }
///     withAnimation(target.animated ? .default : nil) {
///         proxy.scrollTo(target.id, anchor: UnitPoint(x: 0.5, y: target.unitAnchorY ?? 1))
///     }
/// }
/// ```
public struct ScrollCommand: Sendable, Hashable {
    /// Where a command scrolls to.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The bottom of the content.
        case bottom
        /// A particular message.
        case item
    }

    /// Which point of an ``Kind/item`` target lands at ``ScrollCommand/unitAnchorY``.
    public enum Anchor: String, Sendable, Hashable, CaseIterable {
        /// The message's top.
        case top
        /// The message's centre.
        case center
    }

    /// Why a command was issued; the `reason` key.
    public enum Reason: String, Sendable, Hashable, CaseIterable {
        /// The first history made the list non-empty.
        case initialLoad
        /// Layout `bottom`: the user sent a message.
        case outgoingMessage
        /// Layout `top`: the user asked a question; it is pinned under the top inset.
        case newQuestion
        /// A message arrived while following.
        case incomingMessage
        /// The user tapped jump-to-latest.
        case jumpToLatest
        /// The app jumped to a message.
        case jumpToMessage
        /// A saved position was restored.
        case restore
        /// The input was focused with `focusScrollsToBottom`.
        case focus
        /// The user tapped the pill that jumps to the first unread message.
        case jumpToUnread
    }

    /// Grows by one with every command; execute a command when this changes.
    public var seq: Int
    /// The kind of target.
    public var kind: Kind
    /// The target message; for ``Kind/bottom`` the newest message, `nil` when the list is empty.
    public var id: String?
    /// For ``Kind/item``, which point of the message is placed; `nil` for ``Kind/bottom``.
    public var anchor: Anchor?
    /// The target offset, resolved when issued, or when the geometry first became known.
    public var offset: Double?
    /// Where the anchor lands, as a fraction of the viewport height from its top;
    /// `nil` for ``Kind/bottom`` and while the geometry is unknown.
    public var unitAnchorY: Double?
    /// Whether the client should animate the scroll; always false with `reduceMotion`.
    public var animated: Bool
    /// Why the command was issued.
    public var reason: Reason

    /// Creates a command.
    public init(
        seq: Int, kind: Kind, id: String?, anchor: Anchor?, offset: Double?,
        unitAnchorY: Double?, animated: Bool, reason: Reason
    ) {
        self.seq = seq
        self.kind = kind
        self.id = id
        self.anchor = anchor
        self.offset = offset
        self.unitAnchorY = unitAnchorY
        self.animated = animated
        self.reason = reason
    }
}
