import ChatEvents
import ChatScrollUtilities

// Hooks for this package's own tests: invariant checks that are too slow, or too internal,
// for the public API.
extension ChatState {
    /// The invariants of specification §7 that hold after every event, as human-readable
    /// violations; empty when all hold. `thorough` adds O(n) checks of the message store.
    package func invariantViolations(thorough: Bool = false) -> [String] {
        var problems: [String] = []
        if let offset {
            if !(offset >= 0 && offset <= maxOffset) {
                problems.append("offset \(formatNumber(offset)) outside 0...\(formatNumber(maxOffset))")
            }
            if mode == .following, !userHoldsView, offset != maxOffset {
                problems.append(
                    "following and not held, but offset \(formatNumber(offset)) != maxOffset \(formatNumber(maxOffset))"
                )
            }
        }
        if unreadCount < 0 { problems.append("unreadCount \(unreadCount) < 0") }
        let getters = ViewMetrics(
            offset: offset, contentHeight: contentHeight, visibleHeight: visibleHeight, trailingSpacer: trailingSpacer,
            isAtBottom: isAtBottom, showJumpToLatest: showJumpToLatest, unreadCount: unreadCount,
            messageCount: messageCount, userHoldsView: userHoldsView)
        var asked = self
        let metrics = asked.viewMetrics
        if metrics != getters { problems.append("viewMetrics \(metrics) differ from the getters' \(getters)") }
        if store.unreadCount > messageCount {
            problems.append("\(store.unreadCount) unread loaded messages > messageCount \(messageCount)")
        }
        if unread.unloadedCount < 0 { problems.append("unloaded unread count \(unread.unloadedCount) < 0") }
        if animatingCount < 0 || animatingCount > messageCount {
            problems.append("animatingCount \(animatingCount) outside 0...\(messageCount)")
        }
        var older = 0
        var newer = 0
        for effect in effects {
            switch effect {
            case .loadOlder: older += 1
            case .loadNewer: newer += 1
            case .persistPosition, .markRead, .loadWindow: break
            }
        }
        if older > 1 || (older == 1 && !isLoadingOlder) {
            problems.append("\(older) loadOlder effects with isLoadingOlder \(isLoadingOlder)")
        }
        if newer > 1 || (newer == 1 && !isLoadingNewer) {
            problems.append("\(newer) loadNewer effects with isLoadingNewer \(isLoadingNewer)")
        }
        if hasMoreNewer, mode == .following || isAtBottom || !showJumpToLatest {
            problems.append(
                "hasMoreNewer, but mode \(mode.rawValue), isAtBottom \(isAtBottom), "
                    + "showJumpToLatest \(showJumpToLatest)"
            )
        }
        for (name, key) in [
            ("highlighted", highlightedKey), ("divider", unread.dividerKey), ("readUpTo", unread.readUpToKey),
        ] {
            if let key, !store.flags(key).contains(.live) { problems.append("\(name) message is not loaded") }
        }
        if let anchor, !store.isValid(anchor.key) {
            problems.append("anchor key \(anchor.key) is not a slot of the store")
        }
        // Specification §12.
        if !(headerHeight >= 0) || !(footerHeight >= 0) {
            problems.append("header \(headerHeight) or footer \(footerHeight) below 0")
        }
        if let key = unread.readUpToKey, store.direction(key) == .system { problems.append("readUpTo is a system row") }
        // Specification §13.
        if pendingRestore != nil, store.count > 0 { problems.append("a restore waits though messages are loaded") }
        if mode == .pinned, liveQuestionKey == nil {
            problems.append("pinned without a loaded question")
        }
        if thorough {
            let all = store.allMessages()
            let systemRows = Set(all.filter { $0.direction == .system }.map(\.id))
            if !systemRows.isDisjoint(with: animating) { problems.append("a system row is animating") }
            var unread = store.oldestUnread
            while let key = unread {
                if store.direction(key) == .system { problems.append("system row \(store.id(key)) is unread") }
                unread = store.firstUnread(from: key.successor)
            }
            if Set(all.map(\.id)).count != all.count { problems.append("duplicate ids") }
            if all.count != messageCount {
                problems.append("store count \(messageCount) != \(all.count) live messages")
            }
            let pending = animating
            if pending.count != animatingCount {
                problems.append("animating list \(pending.count) != count \(animatingCount)")
            }
            if !Set(pending).isSubset(of: Set(all.map(\.id))) {
                problems.append("animating holds ids that are not loaded")
            }
            var top = headerHeight
            for message in all {
                // Sums are exact for binary fractions; others may differ in their last bits,
                // relative to the whole content (a top is computed as a total minus a prefix).
                let tolerance = max(1, store.totalHeight) * 1e-12
                if abs((self.top(ofMessage: message.id) ?? -1) - top) > tolerance {
                    problems.append("top of \(message.id) is \(self.top(ofMessage: message.id) ?? -1), expected \(top)")
                    break
                }
                top += message.height
            }
        }
        return problems
    }

    /// A number that orders the loaded message `id` among the others and stays the same for
    /// it while it is loaded (until a window replaces the messages); `nil` when not loaded.
    package func orderForTesting(of id: String) -> Int? { store.key(of: id)?.rawValue }

    /// Whether a `windowLoaded` replaced the loaded messages at some step so far.
    package var windowReplacedForTesting: Bool { windowReplaced }

    /// The oldest loaded message that counts as unread, which `jumpToUnreadTapped` jumps to.
    package var oldestLoadedUnreadID: String? { store.oldestUnread.map { store.id($0) } }

    /// The detached anchor as `(id, delta)`, for tests.
    package var anchorForTesting: (id: String, delta: Double)? {
        anchor.flatMap { store.flags($0.key).contains(.live) ? (store.id($0.key), $0.delta) : nil }
    }
}
