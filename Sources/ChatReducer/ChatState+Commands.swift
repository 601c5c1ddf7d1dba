import ChatEvents

// Issuing scroll commands.
extension ChatState {
    /// Records a command; the offset is modelled as already there.
    mutating func issue(
        _ reason: ScrollCommand.Reason, kind: ScrollCommand.Kind, key: MessageKey?,
        anchor commandAnchor: ScrollCommand.Anchor?, animated: Bool, target: Double?, unitAnchorY: Double?
    ) {
        let resolved = geometryKnown ? target.map(clamped) : nil
        scrollTarget = ScrollCommand(
            seq: nextSeq, kind: kind, id: key.map { store.id($0) }, anchor: commandAnchor,
            offset: resolved, unitAnchorY: geometryKnown ? unitAnchorY : nil,
            animated: animated && !configuration.reduceMotion, reason: reason)
        nextSeq += 1
        step.issuedCommand = true
        if let resolved { setOffset(resolved, cause: .command) }
    }

    /// `(T + y) / V` when the viewport has a height.
    func unitAnchor(below y: Double) -> Double? {
        guard let height = viewportHeight, height > 0 else { return nil }
        return (insetTop + y) / height
    }

    /// A command to the bottom; the view follows from here on, unless the loaded window stops
    /// short of the present (then it is `detached` at the loaded bottom).
    mutating func issueBottomCommand(_ reason: ScrollCommand.Reason, animated: Bool) {
        mode = .following
        anchor = nil
        issue(
            reason, kind: .bottom, key: store.lastKey, anchor: nil, animated: animated,
            target: maxOffset, unitAnchorY: nil)
        if hasMoreNewer {
            mode = .detached
            takeAnchor()
        }
    }

    /// Layout `top`: pins `question` (by default the newest outgoing message) under the top inset.
    mutating func issuePinCommand(_ question: MessageKey? = nil, animated: Bool = true) {
        guard let question = question ?? store.lastOutgoingKey else { return }
        questionKey = question
        mode = .pinned
        anchor = nil
        issue(
            .newQuestion, kind: .item, key: question, anchor: .top, animated: animated,
            target: top(question) - configuration.pinMargin,
            unitAnchorY: unitAnchor(below: configuration.pinMargin))
    }

    /// Centres a message, detached, as `jumpToMessage` does.
    mutating func issueCenterCommand(_ key: MessageKey, animated: Bool) {
        mode = .detached
        issue(
            .jumpToMessage, kind: .item, key: key, anchor: .center, animated: animated,
            target: centeredOffset(key), unitAnchorY: unitAnchor(below: visibleHeight / 2))
        takeAnchor()
    }

    /// Restores a detached position at `(key, delta)`: that is the anchor (specification §6).
    mutating func issueRestoreCommand(_ key: MessageKey, delta: Double) {
        mode = .detached
        anchor = Anchor(key: key, delta: delta)
        issue(
            .restore, kind: .item, key: key, anchor: .top, animated: false,
            target: top(key) + delta, unitAnchorY: unitAnchor(below: -delta))
    }

    func centeredOffset(_ key: MessageKey) -> Double {
        top(key) + store.height(key) / 2 - visibleHeight / 2
    }

    /// The geometry just became known: resolve a command issued before, and apply it.
    mutating func resolveScrollTarget() {
        // Only a command issued before the geometry was known has no offset.
        guard var command = scrollTarget, command.offset == nil else { return }
        let key = command.id.flatMap { store.key(of: $0) }
        let target: Double
        switch (command.kind, command.anchor) {
        case (.bottom, _), (.item, nil):
            target = maxOffset
        case (.item, .top):
            if command.reason == .restore, let anchor {
                target = top(anchor.key) + anchor.delta
                command.unitAnchorY = unitAnchor(below: -anchor.delta)
            } else if command.reason == .initialLoad || command.reason == .jumpToUnread {
                // The first unread message (specification §10 and §12), at its top: d = 0.
                target = key.map { top($0) } ?? maxOffset
                command.unitAnchorY = unitAnchor(below: 0)
            } else {
                target = key.map { top($0) - configuration.pinMargin } ?? maxOffset
                command.unitAnchorY = unitAnchor(below: configuration.pinMargin)
            }
        case (.item, .center):
            target = key.map(centeredOffset) ?? maxOffset
            command.unitAnchorY = unitAnchor(below: visibleHeight / 2)
        }
        command.offset = clamped(target)
        scrollTarget = command
        if command.reason == .initialLoad || command.reason == .jumpToUnread, command.kind == .item, let key {
            setOffset(target, cause: .viewport)
            decideOpenMode(at: key)
            if command.reason == .initialLoad { unread.openingAtKey = key }
        } else if mode == .detached, command.reason != .restore || command.kind == .bottom {
            // A detached view lands where the command puts the screen, and is anchored there (a
            // restore to an item keeps the anchor it restores, specification §6). A bottom one is
            // detached only while the window stops short of the present (specification §13).
            setOffset(target, cause: .viewport)
            takeAnchor()
        }
    }
}
