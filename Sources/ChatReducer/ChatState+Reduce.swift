import ChatEvents
import ChatScrollUtilities

extension ChatState {
    /// The largest height, inset or offset the reducer accepts; larger values are clamped to it.
    /// With it, sums of heights stay exact in a `Double`.
    public static let maximumLength: Double = 10_000_000

    /// Applies one event: the heart of the package.
    ///
    /// After the call, ``offsetReason``, ``effects`` and ``warnings`` describe this step only;
    /// the other properties are the view state after it. Bad input never traps: it is applied
    /// as far as it makes sense and reported in ``warnings``.
    ///
    /// ```swift
    /// let effects = state.reduce(.scrolled(offset: 120))
    /// for case .loadOlder(let before) in effects { history.fetch(before: before) }
    /// ```
    ///
    /// - Returns: ``effects``, for convenience.
    /// - Complexity: O(log n) in the number of loaded messages, plus O(m log n) for an event
    ///   carrying m messages.
    @discardableResult
    public mutating func reduce(_ event: ChatEvent) -> [ChatEffect] {
        update(event)
        return effects
    }

    /// ``reduce(_:)`` without handing the effects back, for a caller that reads them from the
    /// state (a replay of a long log, where returning the array costs a retain and a release
    /// per event).
    package mutating func update(_ event: ChatEvent) {
        let before = offset
        if !effects.isEmpty { effects = [] }
        if !warnings.isEmpty { warnings = [] }
        step = StepScratch()
        // An open at the first unread settles while its first layout measures messages (the
        // first viewportChanged, which resolves a waiting open, starts the settling anew).
        if case .itemMeasured = event {} else { unread.openingAtKey = nil }

        apply(event)
        finishStep()
        if !warnings.isEmpty {
            // One line per event, however many things were wrong with it (specification §7).
            warnings = ["\(event.type.rawValue): " + warnings.joined(separator: "; ")]
        }

        let after = offset
        if after == before {
            offsetReason = nil
        } else if step.issuedCommand {
            offsetReason = .command
        } else if let cause = step.cause {
            offsetReason = cause
        } else {
            offsetReason = before == nil ? .viewport : .clamp
        }
    }

    private mutating func apply(_ event: ChatEvent) {
        switch event {
        case .viewportChanged(let height, let top, let bottom):
            viewportChanged(
                height: sanitized(height, "height"), top: sanitized(top, "insetTop"),
                bottom: sanitized(bottom, "insetBottom"))
        case .historyLoaded(let messages, let more, let firstUnreadID):
            historyLoaded(messages, hasMoreOlder: more, firstUnreadID: firstUnreadID)
        case .messageAppended(let message, _):
            if hasMoreNewer {
                messageAppendedBeyondWindow(message)
            } else {
                messageAppended(message)
            }
        case .messageConfirmed(let id, let newID):
            messageConfirmed(id, newID: newID)
        case .tokensAppended(let id, _, let delta, let height):
            tokensAppended(id, delta: delta, height: height)
        case .streamFinished(let id):
            _ = liveKey(id)
        case .itemMeasured(let id, let height):
            guard let key = liveKey(id) else { return }
            store.setHeight(sanitized(height, "height"), for: key)
            reposition(.measure)
            settleOpenAtUnread()
        case .messageRemoved(let id):
            messageRemoved(id)
        case .olderLoaded(let messages, let more):
            olderLoaded(messages, hasMoreOlder: more)
        case .loadOlderFailed:
            if !older.isLoading { warn("no loadOlder request was in flight") }
            older.failed()
        case .newerLoaded(let messages, let more):
            newerLoaded(messages, hasMoreNewer: more)
        case .loadNewerFailed:
            if !newer.isLoading { warn("no loadNewer request was in flight") }
            newer.failed()
        case .windowLoaded(let messages, let older, let newer, let firstUnreadID):
            windowLoaded(messages, hasMoreOlder: older, hasMoreNewer: newer, firstUnreadID: firstUnreadID)
        case .windowLoadFailed:
            if pendingWindow == nil { warn("no loadWindow request was pending") }
            pendingWindow = nil
        case .keyboardWillShow(let height, _):
            keyboardMoved(to: sanitized(height, "height"))
        case .keyboardWillHide:
            keyboardMoved(to: 0)
        case .dragBegan:
            hold.windowEndedTheDrag = false
            highlightedKey = nil
            beginHold()
            hold.touch = true
        case .scrolled(let value):
            userScrolled(to: value)
        case .dragEnded(let value, let velocity):
            dragEnded(at: value, velocity: velocity)
        case .scrollSettled(let value):
            if hold.touch {
                if let value = finiteOffset(value) {
                    setOffset(value, cause: .settle)
                    takeAnchor()
                }
                endTouchHold()
            } else {
                userScrolled(to: value)
            }
            effects.append(.persistPosition(currentPosition))
        case .selectionChanged(let active):
            if active {
                beginHold()
                hold.selection = true
            } else if hold.selection {
                hold.selection = false
                if !hold.touch { endHold() }
            }
        case .inputFocused:
            inputFocused = true
            if mode != .following, configuration.focusScrollsToBottom, !userHoldsView {
                issueBottomCommand(.focus, animated: true)
            }
        case .inputBlurred:
            inputFocused = false
        case .jumpToLatestTapped:
            jumpToLatestTapped()
        case .jumpToMessage(let id):
            if let key = store.key(of: id) {
                hold.release()
                highlightedKey = key
                issueCenterCommand(key, animated: true)
            } else if configuration.windowedHistory {
                endHoldForRequest()
                requestWindow(around: id, reason: .jumpToMessage)
            } else {
                warnUnknown(id)
            }
        case .highlightFinished:
            highlightedKey = nil
        case .entranceAnimationFinished(let id):
            guard let key = liveKey(id) else { return }
            if store.flags(key).contains(.animating) {
                store.setFlag(.animating, false, for: key)
                animatingCount -= 1
                compactAnimatingKeys()
            } else {
                warn("\(quoted(id)) has no pending entrance animation")
            }
        case .appeared(let restore):
            unread.screenShown = true
            // A later appeared replaces a restore that waits (specification §13).
            pendingRestore = nil
            if let restore { appeared(restoring: restore) }
        case .disappeared:
            unread.screenShown = false
            unread.dividerKey = nil
            // A restore that never applied is still where the reader belongs: it is what is saved.
            effects.append(.persistPosition(currentPosition))
            pendingRestore = nil
        case .headerChanged(let height):
            // Content above what is read changed, as with a page of older messages.
            headerHeight = sanitized(height, "height")
            reposition(.prepend)
        case .footerChanged(let height):
            // Below what is read: a following list follows it; anything else keeps its promise,
            // so only a clamp moves it, and a footer that grows back after a clamp returns it to
            // its anchor (specification §2: clamping does not change the anchor).
            let grows = height > footerHeight
            footerHeight = sanitized(height, "height")
            reposition(mode == .following && !userHoldsView || grows ? .growth : nil)
        case .jumpToUnreadTapped:
            if let first = store.oldestUnread {
                hold.release()
                issueFirstUnreadCommand(first, reason: .jumpToUnread)
            } else {
                jumpToLatestTapped()
            }
        }
    }

    private mutating func jumpToLatestTapped() {
        if hasMoreNewer {
            endHoldForRequest()
            requestWindow(around: nil, reason: .jumpToLatest)
        } else {
            hold.release()
            issueBottomCommand(.jumpToLatest, animated: true)
        }
    }

    // MARK: Geometry

    private mutating func viewportChanged(height: Double, top: Double, bottom: Double) {
        let first = !geometryKnown
        let bottomShift = bottom - insetBottom
        viewportHeight = height
        insetTop = top
        insetBottom = bottom
        if first {
            unread.screenShown = true
            resolveScrollTarget()
        } else if mode == .detached, !userHoldsView, bottomShift != 0 {
            // What sat at the bottom edge stays there: the offset, valid for the old geometry,
            // moves by ΔB and only then is clamped to the new one.
            setOffset(currentOffset + bottomShift, cause: .viewport)
            takeAnchor()
        }
        reposition(.viewport)
    }

    private mutating func keyboardMoved(to height: Double) {
        let shift = height - keyboardHeight
        keyboardHeight = height
        if mode == .detached, !userHoldsView, geometryKnown {
            setOffset(currentOffset + shift, cause: .keyboard)
            takeAnchor()
        }
        reposition(.keyboard)
    }

    // MARK: Content

    private mutating func historyLoaded(_ messages: [ChatMessage], hasMoreOlder more: Bool, firstUnreadID: String?) {
        let first = !initialLoadDone && store.count == 0
        store.reserveCapacity(additional: messages.count)
        for message in messages {
            guard store.key(of: message.id) == nil else { continue }
            store.append(sanitized(message))
        }
        older.hasMore = more
        // A restore waits only while nothing is loaded, so this history is the one that opens.
        let restore = store.count > 0 ? pendingRestore : nil
        if first || restore != nil, store.count > 0 {
            initialLoadDone = true
            pendingRestore = nil
            let firstUnread =
                first ? firstUnreadID.flatMap { firstUnreadKey($0, opening: restore == nil ? .bottom : .restore) } : nil
            if let firstUnread { markUnread(from: firstUnread) }
            if userHoldsView {
                if restore != nil { warn("the view is held; the position is not restored") }
                reposition(.growth)
            } else {
                open(restoring: restore, firstUnread: firstUnread)
            }
        } else {
            reposition(.growth)
        }
    }

    /// The command that opens a conversation: a restore that waited for the messages, else the
    /// first unread message at its top, else the bottom (specification §10 and §13).
    mutating func open(restoring restore: SavedPosition?, firstUnread: MessageKey?) {
        if let restore {
            applyRestore(restore, firstUnread: firstUnread)
        } else if let firstUnread {
            issueFirstUnreadCommand(firstUnread, reason: .initialLoad)
        } else {
            issueBottomCommand(.initialLoad, animated: false)
        }
    }

    private mutating func messageAppended(_ message: ChatMessage) {
        guard store.key(of: message.id) == nil else {
            warn("duplicate id \(quoted(message.id)) ignored")
            return
        }
        let isSystem = message.direction == .system
        let key = store.append(sanitized(message), flags: isSystem ? [] : .animating)
        if !isSystem {
            animatingKeys.append(key)
            animatingCount += 1
        }
        switch message.direction {
        case .outgoing:
            let reason: ScrollCommand.Reason = configuration.layout == .top ? .newQuestion : .outgoingMessage
            if userHoldsView {
                hold.deferredCommand = reason
                if reason == .newQuestion { questionKey = key }
                reposition(.growth)
            } else if reason == .newQuestion {
                issuePinCommand(key)
            } else {
                issueBottomCommand(.outgoingMessage, animated: true)
            }
        case .incoming:
            if mode == .following, !userHoldsView {
                issueBottomCommand(.incomingMessage, animated: true)
            } else {
                reposition(.growth)
                if geometryKnown, top(key) >= currentOffset + visibleHeight {
                    // The first of a new run of unread arrivals gets the divider, if it still counts
                    // at the end of the step (a held view that ends it following reads it).
                    if configuration.dividerOnArrival, unreadCount == 0 { step.arrivalDividerKey = key }
                    store.setUnread(true, for: key)
                }
            }
        case .system:
            reposition(.growth)
        }
    }

    private mutating func messageConfirmed(_ id: String, newID: String?) {
        // A window may already hold the confirmed message under its server id (specification §11). Only
        // once history is windowed: a v1 log replays with v1's warning.
        if hasMoreNewer || windowReplaced, store.key(of: id) == nil, let newID, store.key(of: newID) != nil { return }
        guard let key = liveKey(id) else { return }
        switch store.direction(key) {
        case .outgoing: break
        case .incoming: warn("\(quoted(id)) is incoming; only outgoing messages are confirmed")
        case .system: warn("\(quoted(id)) is a system row; only outgoing messages are confirmed")
        }
        guard let newID, newID != id else { return }
        if store.key(of: newID) != nil {
            warn("new id \(quoted(newID)) is already loaded; \(quoted(id)) keeps its id")
            return
        }
        store.rename(key, to: newID)
    }

    private mutating func tokensAppended(_ id: String, delta: Double?, height: Double?) {
        guard let key = liveKey(id) else { return }
        let newHeight: Double
        if let height {
            newHeight = sanitized(height, "height")
        } else if let delta {
            if delta.isNaN || delta < 0 {
                newHeight = store.height(key) + sanitized(delta, "heightDelta")
            } else {
                // One warning at most: the grown height is what gets clamped.
                newHeight = sanitized(store.height(key) + delta, "height")
            }
        } else {
            return
        }
        store.setHeight(newHeight, for: key)
        reposition(.growth)
    }

    private mutating func messageRemoved(_ id: String) {
        guard let key = liveKey(id) else { return }
        if var moved = anchor, moved.key == key {
            if let next = store.key(after: key) ?? store.key(before: key) {
                moved.key = next
                anchor = moved
            } else {
                anchor = nil
            }
        }
        if highlightedKey == key { highlightedKey = nil }
        if unread.dividerKey == key { unread.dividerKey = nil }
        if unread.readUpToKey == key { unread.readUpToKey = store.messageKey(before: key) }
        let flags = store.remove(key)
        if flags.contains(.animating) {
            animatingCount -= 1
            compactAnimatingKeys()
        }
        reposition(.remove)
    }

    private mutating func olderLoaded(_ messages: [ChatMessage], hasMoreOlder more: Bool) {
        if !older.isLoading {
            guard !windowReplaced else {
                warn("no loadOlder request was in flight; the page is ignored")
                return
            }
            warn("no loadOlder request was in flight")
        }
        insert(messages, prepending: true)
        older = Paging(hasMore: more)
        reposition(.prepend)
    }

    /// Inserts `messages`, in their order, after the newest loaded message or before the
    /// oldest, skipping ids that are loaded (or repeated), with one warning that lists them.
    ///
    /// - Complexity: O(m log n) for m messages.
    mutating func insert(_ messages: [ChatMessage], prepending: Bool) {
        var skipped: [String] = []
        store.reserveCapacity(additional: messages.count)
        for k in messages.indices {
            // Prepending inserts the newest first, so that the page keeps its order.
            let message = messages[prepending ? messages.count - 1 - k : k]
            guard store.key(of: message.id) == nil else {
                skipped.append(message.id)
                continue
            }
            if prepending { store.prepend(sanitized(message)) } else { store.append(sanitized(message)) }
        }
        if prepending { skipped.reverse() }
        if !skipped.isEmpty {
            warn("duplicate ids skipped: \(skipped.map(quoted).joined(separator: ", "))")
        }
    }

    // MARK: The user's finger

    private mutating func userScrolled(to value: Double) {
        guard let value = finiteOffset(value) else { return }
        if userHoldsView {
            setOffset(value, cause: .user)
            takeAnchor()
        } else if mode == .detached {
            setOffset(value, cause: .user)
            takeAnchor()
        }
    }

    private mutating func dragEnded(at value: Double, velocity: Double?) {
        guard hold.touch else {
            // The finger that was down when a window replaced the content lifts: no problem.
            if !hold.windowEndedTheDrag { warn("no drag was in progress") }
            hold.windowEndedTheDrag = false
            userScrolled(to: value)
            return
        }
        if let value = finiteOffset(value) {
            setOffset(value, cause: .user)
            takeAnchor()
        }
        if velocity == nil || velocity == 0 || velocity?.isNaN == true {
            // The scroll settles here, as with scrollSettled.
            endTouchHold()
            effects.append(.persistPosition(currentPosition))
        }
    }

    private mutating func endTouchHold() {
        hold.touch = false
        if !hold.selection { endHold() }
    }

    private mutating func appeared(restoring restore: SavedPosition) {
        if !restore.wasAtBottom, restore.anchorID != nil, store.count == 0 {
            // Nothing to restore to yet: the position waits for the messages (specification §13),
            // even under a finger, since waiting moves nothing.
            var waiting = restore
            waiting.delta = finiteDelta(restore.delta)
            pendingRestore = waiting
            return
        }
        if userHoldsView {
            warn("the view is held; the position is not restored")
            return
        }
        applyRestore(restore, firstUnread: nil)
    }

    /// Restores a saved position (specification §6): the bottom, or a loaded anchor at its delta.
    /// An anchor that is not loaded opens at `firstUnread` when there is one, else at the bottom.
    private mutating func applyRestore(_ restore: SavedPosition, firstUnread: MessageKey?) {
        if restore.wasAtBottom {
            issueBottomCommand(.restore, animated: false)
        } else if let id = restore.anchorID, let key = store.key(of: id) {
            issueRestoreCommand(key, delta: finiteDelta(restore.delta))
        } else {
            let landing = firstUnread == nil ? "restored to the bottom" : "opened at the first unread message"
            if let id = restore.anchorID {
                warn("restore anchor \(quoted(id)) is not loaded; \(landing)")
            } else {
                warn("restore has no anchorID; \(landing)")
            }
            if let firstUnread {
                issueFirstUnreadCommand(firstUnread, reason: .initialLoad)
            } else {
                issueBottomCommand(.restore, animated: false)
            }
        }
    }

    /// A restore's delta, or 0 with a warning when it is not finite.
    private mutating func finiteDelta(_ delta: Double) -> Double {
        guard !delta.isFinite else { return delta }
        warn("restore delta \(formatNumber(delta)) replaced by 0")
        return 0
    }

    // MARK: End of step

    private mutating func finishStep() {
        if pendingRestore != nil, store.count > 0 {
            // Messages arrived without opening the conversation (a live message, a page): the
            // position they were to open at is gone.
            pendingRestore = nil
            warn("the restore that waited for the history is dropped")
        }
        if userHoldsView { decideModeByDistance() }
        if mode == .following { clearUnread() } else { consumeVisibleUnread() }
        if let key = step.arrivalDividerKey {
            step.arrivalDividerKey = nil
            if store.flags(key).contains(.unread) { unread.dividerKey = key }
        }
        advanceReadMarker()
        requestOlderIfNeeded()
        requestNewerIfNeeded()
    }

    private mutating func clearUnread() {
        unread.unloadedCount = 0
        while let key = store.oldestUnread {
            store.setUnread(false, for: key)
        }
    }

    /// Unread messages stop counting once they have been visible.
    private mutating func consumeVisibleUnread() {
        guard geometryKnown, store.unreadCount > 0, visibleHeight > 0,
            let first = key(at: currentOffset)
        else { return }
        let end = currentOffset + visibleHeight
        var next = store.firstUnread(from: first)
        while let key = next {
            let top = top(key)
            guard top < end else { break }
            let height = store.height(key)
            if top + height > currentOffset || (height == 0 && top >= currentOffset) {
                store.setUnread(false, for: key)
            }
            next = store.firstUnread(from: key.successor)
        }
    }

    private mutating func requestOlderIfNeeded() {
        guard geometryKnown, older.wantsPage(atDistance: currentOffset, threshold: configuration.loadOlderThreshold),
            let oldest = store.firstKey
        else { return }
        older.isLoading = true
        effects.append(.loadOlder(before: store.id(oldest)))
    }

    private mutating func compactAnimatingKeys() {
        if animatingCount == 0 {
            animatingKeys.removeAll(keepingCapacity: true)
        } else if animatingKeys.count > 32, animatingCount * 2 < animatingKeys.count {
            animatingKeys.removeAll { !store.flags($0).contains(.animating) }
        }
    }

    // MARK: Input checks

    /// Notes one problem with the event; ``reduce(_:)`` joins a step's problems into one line
    /// that names the event.
    mutating func warn(_ text: String) {
        warnings.append(text)
    }

    /// The live message `id`, or a warning that it is not loaded. While ``hasMoreNewer`` an
    /// id that is not loaded may belong to the messages after the window: no warning then.
    private mutating func liveKey(_ id: String) -> MessageKey? {
        if let key = lastLookup.key, store.isValid(key), store.flags(key).contains(.live), store.id(key) == id {
            return key
        }
        if let key = store.key(of: id) {
            lastLookup.key = key
            return key
        }
        if !hasMoreNewer { warnUnknown(id) }
        return nil
    }

    /// Notes that the event names a message that is not loaded.
    private mutating func warnUnknown(_ id: String) {
        warn("unknown id \(quoted(id))")
    }

    /// A length clamped to `0...maximumLength`, with a warning when it had to be.
    mutating func sanitized(_ value: Double, _ field: @autoclosure () -> String) -> Double {
        if value.isNaN {
            warn("\(field()) is not a number; 0 used")
            return 0
        }
        if value < 0 {
            warn("negative \(field()) \(formatNumber(value)) clamped to 0")
            return 0
        }
        if value > Self.maximumLength {
            warn("\(field()) \(formatNumber(value)) clamped to \(formatNumber(Self.maximumLength))")
            return Self.maximumLength
        }
        return value
    }

    mutating func sanitized(_ message: ChatMessage) -> ChatMessage {
        var message = message
        message.height = sanitized(message.height, "height of \(quoted(message.id))")
        return message
    }

    /// A user offset, or `nil` with a warning when it cannot be applied. Out-of-range offsets
    /// are overscroll and are clamped silently by ``setOffset(_:cause:)``.
    private mutating func finiteOffset(_ value: Double) -> Double? {
        guard geometryKnown else {
            warn("offset before the first viewportChanged ignored")
            return nil
        }
        guard !value.isNaN else {
            warn("offset is not a number; ignored")
            return nil
        }
        return value
    }
}

/// `"id"`, for warnings.
func quoted(_ id: String) -> String { "\"\(id)\"" }
