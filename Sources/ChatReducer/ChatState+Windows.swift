import ChatEvents

// Specification §11: windowed history — jumping to messages that are not loaded, and loading newer
// pages back down to the present.
extension ChatState {
    /// Asks for a window of history; it replaces a pending request.
    mutating func requestWindow(around id: String?, reason: ScrollCommand.Reason) {
        pendingWindow = PendingWindow(around: id, reason: reason)
        effects.append(.loadWindow(around: id))
    }

    /// A live message while the loaded window stops short of the present: it belongs after
    /// messages that are not loaded, so it is not inserted. An incoming one counts as unread;
    /// an outgoing one asks for the newest page, to show the message sent; a system row counts
    /// nothing.
    ///
    /// - Complexity: O(1) expected.
    mutating func messageAppendedBeyondWindow(_ message: ChatMessage) {
        guard store.key(of: message.id) == nil else {
            warn("duplicate id \(quoted(message.id)) ignored")
            return
        }
        _ = sanitized(message)  // A bad height is reported, though the message is not inserted.
        switch message.direction {
        case .incoming:
            unread.unloadedCount += 1
        case .outgoing:
            requestWindow(around: nil, reason: configuration.layout == .top ? .newQuestion : .outgoingMessage)
        case .system:
            break
        }
    }

    /// A page of newer history: appended after the newest loaded message; what is on screen
    /// does not move.
    mutating func newerLoaded(_ messages: [ChatMessage], hasMoreNewer more: Bool) {
        if !newer.isLoading {
            guard !windowReplaced else {
                warn("no loadNewer request was in flight; the page is ignored")
                return
            }
            warn("no loadNewer request was in flight")
        }
        // What is on screen does not move: a view held at the loaded bottom by the clamp keeps
        // that place, rather than its older anchor, once the page makes room below.
        if mode == .detached, geometryKnown { takeAnchor() }
        insert(messages, prepending: false)
        newer = Paging(hasMore: more)
        if more, mode == .following {
            // The loaded bottom is no longer the conversation's: keep what is on screen.
            mode = .detached
            takeAnchor()
        }
        reposition(.growth)
    }

    /// A window of history replaces every loaded message; the pending request's navigation
    /// runs at once, not animated.
    ///
    /// - Complexity: O(m log m) in the window's m messages, plus O(k log k) for the k pending
    ///   entrance animations; nothing is computed over the messages it replaces.
    mutating func windowLoaded(
        _ messages: [ChatMessage], hasMoreOlder older: Bool, hasMoreNewer newer: Bool, firstUnreadID: String?
    ) {
        // The window opens the conversation when nothing was loaded and nothing requested it:
        // the app loaded it around the first unread message, or a saved position, itself.
        let opens = store.count == 0 && pendingWindow == nil
        // The window is built in an empty store; the old one is kept only to carry over, by
        // id, what names a message that is in both.
        let old = store
        store = MessageStore()
        insert(messages, prepending: false)

        // What names a message survives only when its message is in the window.
        func carried(_ key: MessageKey?) -> MessageKey? { key.flatMap { store.key(of: old.id($0)) } }
        highlightedKey = carried(highlightedKey)
        // (An id that names a system row in the window is not the message it named: the divider, the
        // read marker and an entrance animation stay only on messages.)
        unread.dividerKey = carried(unread.dividerKey).flatMap { store.direction($0) == .incoming ? $0 : nil }
        unread.readUpToKey = carried(unread.readUpToKey).flatMap { store.isMessage($0) ? $0 : nil }
        var animatingInWindow: [MessageKey] = []
        for key in animatingKeys where old.flags(key).contains(.animating) {
            guard let moved = store.key(of: old.id(key)), store.direction(moved) != .system else { continue }
            store.setFlag(.animating, true, for: moved)
            animatingInWindow.append(moved)
        }
        animatingInWindow.sort()
        // The unread messages of the old window are still unread, though no longer loaded.
        unread.unloadedCount += old.unreadCount

        animatingKeys = animatingInWindow
        animatingCount = animatingInWindow.count
        anchor = nil
        questionKey = nil
        // (The old window's requests are void.)
        self.older = Paging(hasMore: older)
        self.newer = Paging(hasMore: newer)
        windowReplaced = true
        initialLoadDone = true
        hold.windowEndedTheDrag = hold.touch
        hold.release()

        let restore = pendingRestore
        pendingRestore = nil
        var firstUnread: MessageKey?
        if let firstUnreadID {
            if opens {
                firstUnread = firstUnreadKey(firstUnreadID, opening: restore == nil ? .bottom : .restore)
                if let firstUnread { markUnread(from: firstUnread) }
            } else {
                warn("firstUnreadID \(quoted(firstUnreadID)) ignored; the window does not open the conversation")
            }
        }
        let pending = pendingWindow
        pendingWindow = nil
        guard let pending else {
            open(restoring: restore, firstUnread: firstUnread)
            return
        }
        if let id = restore?.anchorID {
            warn("the restore to \(quoted(id)) is dropped; the window answers \(pending.reason.rawValue)")
        }
        switch pending.reason {
        case .jumpToMessage:
            if let id = pending.around, let key = store.key(of: id) {
                highlightedKey = key
                issueCenterCommand(key, animated: false)
            } else {
                warn("\(quoted(pending.around ?? "null")) is not in the window; shown at its bottom")
                issueBottomCommand(.jumpToMessage, animated: false)
            }
        case .newQuestion:
            if store.lastOutgoingKey != nil {
                issuePinCommand(animated: false)
            } else {
                issueBottomCommand(.newQuestion, animated: false)
            }
        case .jumpToLatest, .outgoingMessage, .initialLoad, .incomingMessage, .restore, .focus, .jumpToUnread:
            issueBottomCommand(pending.reason, animated: false)
        }
    }

    /// Asks for newer history when the view is near the loaded bottom and the window stops
    /// short of the present; one request at most in flight.
    mutating func requestNewerIfNeeded() {
        // Nothing to request or to unblock at the live end: the common case costs nothing.
        guard newer.hasMore || newer.blocked, let distance = distanceFromBottom,
            newer.wantsPage(atDistance: distance, threshold: configuration.loadNewerThreshold),
            let newest = store.lastKey
        else { return }
        newer.isLoading = true
        effects.append(.loadNewer(after: store.id(newest)))
    }
}
