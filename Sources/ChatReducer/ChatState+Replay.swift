import ChatEvents

// What a replay asks of the state at every step, in the form that costs it least. Nothing else
// uses these; an app reads the public getters.
extension ChatState {
    /// The numbers and flags of the view a replay prints at every step, computed in one call
    /// with the parts they share computed once (a replay asks at every step).
    ///
    /// Asked where the state lies. This and the other questions a replay asks at every step
    /// (``markedIDs``, ``markedIDs(equal:_:_:)``, ``scrollTarget(equals:)``,
    /// ``effects(equal:)``, ``animating(equals:)``, ``hasNoWarnings``) are `mutating`, though
    /// they change nothing, for one reason: another module that asks a computed member of a
    /// state it holds in memory it may change (a replayer's state between two steps) first
    /// copies the whole state, bitwise, to pass it on, and the members inlined here would ask
    /// theirs the same way; a `mutating` member is handed the state's address instead. The
    /// rest of the package asks the public getters.
    ///
    /// - Complexity: O(log n).
    package var viewMetrics: ViewMetrics {
        mutating get {
            let visible = visibleHeight
            let spacer = trailingSpacer(visibleHeight: visible)
            let content = rowsHeight + spacer
            let distance = distanceFromBottom(maxOffset: Self.maxOffset(contentHeight: content, visibleHeight: visible))
            let atBottom = isAtBottom(distanceFromBottom: distance)
            return ViewMetrics(
                offset: offset, contentHeight: content, visibleHeight: visible, trailingSpacer: spacer,
                isAtBottom: atBottom,
                showJumpToLatest: showJumpToLatest(distanceFromBottom: distance, isAtBottom: atBottom),
                unreadCount: unreadCount, messageCount: messageCount, userHoldsView: userHoldsView)
        }
    }

    /// Where the footer begins: below the header and every row (the content's top is 0).
    ///
    /// - Complexity: O(1).
    package var footerTop: Double { headerHeight + store.totalHeight }

    /// ``highlightedID``, ``unreadDividerID`` and ``readUpTo``, asked where the state lies (see
    /// ``viewMetrics``).
    ///
    /// - Complexity: O(1).
    package var markedIDs: (highlighted: String?, unreadDivider: String?, readUpTo: String?) {
        mutating get { (highlightedID, unreadDividerID, readUpTo) }
    }

    /// Whether ``markedIDs`` are `highlighted`, `unreadDivider` and `readUpTo`, told where the
    /// state lies (see ``viewMetrics``) and without copying an id that is not there.
    ///
    /// - Complexity: O(1).
    package mutating func markedIDs(equal highlighted: String?, _ unreadDivider: String?, _ readUpTo: String?) -> Bool {
        func marks(_ key: MessageKey?, _ id: String?) -> Bool {
            guard let key else { return id == nil }
            return id != nil && store.id(key) == id
        }
        return marks(highlightedKey, highlighted) && marks(unread.dividerKey, unreadDivider)
            && marks(unread.readUpToKey, readUpTo)
    }

    /// Whether ``scrollTarget`` is `command`, compared field by field where it lies (a replay
    /// asks at every step, and copying an optional command to compare it whole costs more than
    /// the rest of the step). Asked where the state lies (see ``viewMetrics``).
    package mutating func scrollTarget(equals command: ScrollCommand?) -> Bool {
        guard let target = scrollTarget, let command else { return scrollTarget == nil && command == nil }
        return target.seq == command.seq && target.offset == command.offset && target.unitAnchorY == command.unitAnchorY
            && target.kind == command.kind && target.anchor == command.anchor && target.animated == command.animated
            && target.reason == command.reason && target.id == command.id
    }

    /// Whether ``effects`` is `other`, compared where it lies (reading the array from another
    /// module retains and releases it), and where the state lies (see ``viewMetrics``).
    package mutating func effects(equal other: [ChatEffect]) -> Bool {
        effects.isEmpty ? other.isEmpty : effects == other
    }

    /// Whether ``warnings`` is empty, told where it lies (see ``viewMetrics``).
    package var hasNoWarnings: Bool { mutating get { warnings.isEmpty } }

    /// Whether ``animating`` is `ids`, told without building the array (a replay asks at every
    /// step), and where the state lies (see ``viewMetrics``).
    ///
    /// - Complexity: O(k) in the number of pending animations.
    package mutating func animating(equals ids: [String]) -> Bool {
        if animatingCount == 0 { return ids.isEmpty }
        var index = 0
        for key in animatingKeys where store.flags(key).contains(.animating) {
            guard index < ids.count, store.id(key) == ids[index] else { return false }
            index += 1
        }
        return index == ids.count
    }
}

/// What ``ChatState/viewMetrics`` holds: the values of the getters of the same names.
package struct ViewMetrics: Sendable, Equatable {
    package var offset: Double?
    package var contentHeight: Double
    package var visibleHeight: Double
    package var trailingSpacer: Double
    package var isAtBottom: Bool
    package var showJumpToLatest: Bool
    package var unreadCount: Int
    package var messageCount: Int
    package var userHoldsView: Bool
}
