import ChatEvents

// Specification §10: opening at the first unread message, and read receipts.
extension ChatState {
    /// Where an open goes when its first unread message is not valid.
    enum OpeningFallback {
        /// The plain open, at the bottom.
        case bottom
        /// A restore that waited for these messages (specification §13).
        case restore
    }

    /// The key of the first unread message an opening `historyLoaded` names, or `nil` with a
    /// warning when it is not a loaded incoming message (the open is then `opening`'s).
    mutating func firstUnreadKey(_ id: String, opening: OpeningFallback = .bottom) -> MessageKey? {
        let landing =
            switch opening {
            case .bottom: "opened at the bottom"
            case .restore: "ignored"
            }
        guard let key = store.key(of: id) else {
            warn("firstUnreadID \(quoted(id)) is not loaded; \(landing)")
            return nil
        }
        switch store.direction(key) {
        case .incoming:
            return key
        case .outgoing:
            warn("firstUnreadID \(quoted(id)) is outgoing; \(landing)")
        case .system:
            warn("firstUnreadID \(quoted(id)) is a system row; \(landing)")
        }
        return nil
    }

    /// Every incoming message from `first` to the newest is unread, as if appended below the
    /// visible region; `first` gets the divider and, with read receipts, the read marker
    /// starts just above it.
    ///
    /// - Complexity: O(m log n) for the m messages from `first` on, all of them part of the
    ///   event that opened the conversation.
    mutating func markUnread(from first: MessageKey) {
        unread.dividerKey = first
        if configuration.readReceipts { unread.readUpToKey = store.messageKey(before: first) }
        var next: MessageKey? = first
        while let key = next {
            if store.direction(key) == .incoming { store.setUnread(true, for: key) }
            next = store.key(after: key)
        }
    }

    /// The first unread message at its top under the top inset: the open at it (`initialLoad`,
    /// not animated) or the pill's jump (`jumpToUnread`, animated); the mode is then decided by
    /// the distance from the bottom, as at the end of a hold.
    mutating func issueFirstUnreadCommand(_ key: MessageKey, reason: ScrollCommand.Reason) {
        mode = .detached
        anchor = Anchor(key: key, delta: 0)
        issue(
            reason, kind: .item, key: key, anchor: .top, animated: reason != .initialLoad,
            target: top(key), unitAnchorY: unitAnchor(below: 0))
        decideOpenMode(at: key)
        if reason == .initialLoad { unread.openingAtKey = key }
    }

    /// The open's first layout measured a message: whether everything from the first unread
    /// down fits was decided on estimated heights, so it is decided again on the real ones —
    /// the first unread message stays in view, its top under the top inset when it does not fit.
    mutating func settleOpenAtUnread() {
        guard let key = unread.openingAtKey, store.flags(key).contains(.live), geometryKnown, !userHoldsView else {
            return
        }
        decideOpenMode(at: key)
        if mode == .detached { setOffset(anchoredOffset(), cause: .measure) }
    }

    /// After the open at the first unread `key`, once the geometry is known: `following` when
    /// everything from it down fits within `atBottomThreshold`, else `detached` at `(key, 0)`.
    mutating func decideOpenMode(at key: MessageKey) {
        guard geometryKnown else { return }
        // The distance from the bottom of the offset the open puts the first unread at.
        let distance = maxOffset - clamped(top(key))
        if !hasMoreNewer, distance <= configuration.atBottomThreshold {
            mode = .following
            anchor = nil
            setOffset(maxOffset, cause: .settle)
        } else {
            mode = .detached
            anchor = Anchor(key: key, delta: 0)
        }
    }

    /// With read receipts, while the screen is shown: moves ``readUpTo`` forward to the newest
    /// message (not a system row) whose top is above the visible region's bottom edge, and emits `markRead` when
    /// the messages it newly covers include an incoming one.
    ///
    /// - Complexity: O(log n).
    mutating func advanceReadMarker() {
        guard configuration.readReceipts, unread.screenShown, geometryKnown,
            let below = store.lastKey(withTopBelow: currentOffset + visibleHeight - headerHeight),
            let seen = store.messageKey(atOrBefore: below)
        else { return }
        if let old = unread.readUpToKey, old >= seen { return }
        let coversIncoming = store.containsIncoming(after: unread.readUpToKey, through: seen)
        unread.readUpToKey = seen
        if coversIncoming { effects.append(.markRead(upTo: store.id(seen))) }
    }
}
