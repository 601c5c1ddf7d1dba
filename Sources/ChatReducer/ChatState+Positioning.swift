import ChatEvents

// Keeping the offset: the invariant of each mode, anchors, and holds.
extension ChatState {
    /// `value` clamped to `0...maxOffset`.
    @inline(__always)
    func clamped(_ value: Double) -> Double { min(max(0, value), maxOffset) }

    /// Moves the modelled offset, recording `cause` when it really changes.
    mutating func setOffset(_ value: Double, cause: OffsetReason?) {
        guard geometryKnown else { return }
        let value = clamped(value)
        if value != currentOffset {
            currentOffset = value
            if let cause { step.cause = cause }
        }
    }

    /// The topmost visible message and the visible top's distance below its top.
    ///
    /// The message of the current anchor is tried first: a scroll mostly stays within the
    /// message it was in, and telling that costs a fraction of searching the heights. It is the
    /// answer when the offset lies inside it, away from its edges by more than the rounding by
    /// which the search's sums may differ from `top` (a billionth of the content height).
    @inline(__always)
    func anchorAtOffset() -> Anchor? {
        if let key = anchor?.key, store.isValid(key), store.flags(key).contains(.live) {
            let top = top(key)
            let margin = rowsHeight * 0x1p-30
            if top + margin < currentOffset, currentOffset < top + store.height(key) - margin {
                return Anchor(key: key, delta: currentOffset - top)
            }
        }
        guard let key = key(at: currentOffset) else {
            return store.lastKey.map { Anchor(key: $0, delta: currentOffset - top($0)) }
        }
        return Anchor(key: key, delta: currentOffset - top(key))
    }

    /// Takes the anchor anew at the current offset.
    mutating func takeAnchor() {
        anchor = geometryKnown ? anchorAtOffset() : anchor
    }

    /// The offset that keeps the anchored message where it is on screen.
    @inline(__always)
    func anchoredOffset() -> Double {
        guard let anchor, store.flags(anchor.key).contains(.live) else { return currentOffset }
        return top(anchor.key) + anchor.delta
    }

    /// Applies the invariant of the mode, or of the hold, after content or geometry changed.
    mutating func reposition(_ cause: OffsetReason?) {
        if mode == .pinned, liveQuestionKey == nil {
            // The pinned question is gone: keep what is on screen, detached.
            mode = .detached
            setOffset(currentOffset, cause: cause)
            takeAnchor()
            return
        }
        guard geometryKnown else { return }
        if userHoldsView {
            setOffset(anchoredOffset(), cause: cause)
            return
        }
        switch mode {
        case .following:
            setOffset(maxOffset, cause: cause)
        case .detached:
            setOffset(anchoredOffset(), cause: cause)
        case .pinned:
            if let question = liveQuestionKey { setOffset(top(question) - configuration.pinMargin, cause: cause) }
        }
    }

    /// While held, the mode follows the distance from the bottom.
    mutating func decideModeByDistance() {
        guard let distance = distanceFromBottom else {
            if mode == .pinned { mode = hasMoreNewer ? .detached : .following }
            return
        }
        if !hasMoreNewer, distance <= configuration.atBottomThreshold {
            mode = .following
        } else {
            if mode != .detached, anchor == nil { takeAnchor() }
            mode = .detached
        }
    }

    /// Starts a hold (a drag or a selection): nothing moves under the finger from here on.
    mutating func beginHold() {
        guard !userHoldsView else { return }
        takeAnchor()
        decideModeByDistance()
    }

    /// The last hold ended: the mode is decided once more, its invariant applied, and a
    /// deferred command issued.
    mutating func endHold() {
        guard geometryKnown else {
            issueDeferredCommand()
            return
        }
        if !hasMoreNewer, let distance = distanceFromBottom, distance <= configuration.atBottomThreshold {
            mode = .following
            setOffset(maxOffset, cause: .settle)
        } else {
            mode = .detached
            takeAnchor()
        }
        issueDeferredCommand()
    }

    /// A user request for a window ends any hold; nothing moves until the window arrives, but
    /// the mode is decided as at the end of a hold (a deferred command is dropped).
    mutating func endHoldForRequest() {
        let held = userHoldsView
        hold.release()
        if held { endHold() }
    }

    private mutating func issueDeferredCommand() {
        guard let reason = hold.deferredCommand else { return }
        hold.deferredCommand = nil
        switch reason {
        case .outgoingMessage:
            issueBottomCommand(.outgoingMessage, animated: true)
        case .newQuestion:
            // The question appended during the hold; the newest one if it was removed since.
            issuePinCommand(liveQuestionKey)
        case .initialLoad, .incomingMessage, .jumpToLatest, .jumpToMessage, .restore, .focus, .jumpToUnread:
            break
        }
    }
}
