import ChatEvents
import ChatReducer

// The user's gesture: the finger, momentum and the bounce at an edge.
extension DriverStateMachine {
    mutating func willBeginDragging(_ out: inout some DriverActionSink) {
        phase = .dragging
        // A touch stops a running animation, as UIKit does.
        commandAnimation = nil
        keyboardAnimationTarget = nil
        apply(.dragBegan, &out)
    }

    /// The view moved, not by the machine's own move: the user's scrolling while the user drags or
    /// the scroll decelerates, or a reader's view moved by the view itself.
    mutating func didScroll(to y: Double, _ out: inout some DriverActionSink) {
        guard y.isFinite else {
            warnings.append("contentOffsetY \(y) is not a finite number; ignored")
            return
        }
        viewMove = (contentOffsetY, false)
        contentOffsetY = y
        takeReportedOffset(&out)
    }

    /// Takes the view's last reported `contentOffsetY` as where the list is, where it is the
    /// user's (a drag, momentum, a reader's view), not the callback of the machine's own move.
    mutating func takeReportedOffset(_ out: inout some DriverActionSink) {
        let y = contentOffsetY
        if let target = keyboardAnimationTarget {
            if phase == .dragging || abs(target - y) <= 0.5 {
                keyboardAnimationTarget = nil
                return
            }
            guard isKeyboardTargetStale else { return }
            keyboardAnimationTarget = nil
        }
        if isAnimatingCommand { return }
        guard state.offset != nil else {
            warnings.append("didScroll before the first layout: the offset is not known yet; ignored")
            return
        }
        // Following or pinned with nobody scrolling, the callbacks come from an animation
        // the machine started (along the keyboard) or from layout: not the user's.
        if phase == .dragging || phase == .decelerating || state.mode == .detached {
            heldOverscroll = 0
            let offset = y + insetTop
            if offset != state.offset {
                viewMove?.forwarded = true
                apply(.scrolled(offset: offset), &out)
            }
        }
    }

    mutating func willEndDragging(velocity: Double, _ out: inout some DriverActionSink) {
        if phase != .dragging { warnings.append("willEndDragging without willBeginDragging") }
        if !velocity.isFinite { warnings.append("velocity \(velocity) is not a finite number; 0 used") }
        let velocity = velocity.isFinite ? velocity : 0
        if velocity != 0 {
            phase = .decelerating
        } else if phase == .dragging || phase == .decelerating {
            phase = .idle
        }
        apply(.dragEnded(offset: contentOffsetY + insetTop, velocity: velocity), &out)
        sendPendingKeyboard(&out)
    }

    /// Where a fling that would stop at `targetContentOffsetY` lands: on the bottom when it would
    /// stop within `atBottomThreshold` above it.
    package func landing(of targetContentOffsetY: Double) -> Double {
        let end = targetContentOffsetY + insetTop
        let bottom = state.maxOffset
        guard phase == .decelerating, end.isFinite, end < bottom, bottom - end <= state.configuration.atBottomThreshold
        else { return targetContentOffsetY }
        return bottom - insetTop
    }

    mutating func didEndDecelerating(_ out: inout some DriverActionSink) {
        // Momentum the driver already ended itself (for the keyboard, a command, a tap, a bounce
        // at the bottom) is over: the view's late report of it names an offset the driver has
        // moved on from. Only a keyboard kept for the end is due.
        guard isMovingOnItsOwn else { return sendPendingKeyboard(&out) }
        let bounced = phase == .bouncingBack
        endDeceleration()
        if bounced { bounceBackEnded() }
        apply(.scrollSettled(offset: contentOffsetY + insetTop), &out)
        // A bounce ends at the edge the view's spring went to; where the model moved meanwhile
        // (content that grew under a short list at the bottom, or past the screen under a
        // conversation that fitted, which follows), the list eases the rest of the way, as a
        // release near the bottom does.
        if bounced, !isAnimatingCommand, let target = modelledContentOffsetY, abs(target - contentOffsetY) > 0.5,
            abs(target - contentOffsetY) <= state.configuration.atBottomThreshold || state.mode == .following
        {
            startCommandAnimation(&out)
        }
        sendPendingKeyboard(&out)
    }

    mutating func didEndDragging(willDecelerate: Bool, _ out: inout some DriverActionSink) {
        if willDecelerate, phase != .decelerating, isBouncing { phase = .bouncingBack }
        guard !willDecelerate, phase == .decelerating else { return }
        didEndDecelerating(&out)
    }

    /// Momentum or a bounce back moves the view on its own.
    var isMovingOnItsOwn: Bool { phase == .decelerating || phase == .bouncingBack }

    /// Momentum is over.
    mutating func endDeceleration() {
        if phase == .decelerating { phase = .idle }
    }

    /// A bounce back without velocity is over: what the view showed past the edge is gone.
    mutating func bounceBackEnded() {
        if phase == .bouncingBack { phase = .idle }
        heldOverscroll = 0
    }

    /// Whether the scroll view shows the content pulled past an edge.
    var isBouncing: Bool { contentOffsetY + insetTop < 0 || isBouncingPastBottom }

    /// Whether the scroll view shows the content pulled past the bottom edge.
    var isBouncingPastBottom: Bool {
        guard let offset = state.offset else { return false }
        return contentOffsetY + insetTop > offset && offset >= state.maxOffset
    }

    /// Whether a following list bounces back to its bottom: past the bottom, or past the top of a
    /// conversation that fits, whose top is its bottom.
    var isBouncingAtTheBottom: Bool {
        isBouncingPastBottom || state.mode == .following && state.maxOffset == 0 && isBouncing
    }

    /// How far the scroll view shows the content past an edge: negative above the top, positive
    /// below the bottom.
    var overscroll: Double {
        guard let offset = state.offset else { return 0 }
        let shown = contentOffsetY + insetTop
        if shown < 0 { return shown }
        return offset >= state.maxOffset && shown > state.maxOffset ? shown - state.maxOffset : 0
    }

    /// Ends a bounce past the bottom before it is over: the list stops where it is (its next move
    /// takes it on), and the hold ends at the bottom, where the bounce was taking it.
    mutating func endBottomBounce(_ out: inout some DriverActionSink) {
        move(to: contentOffsetY, animation: .jump, &out)
        settleAtTheBottom(&out)
    }

    /// The user's hold ends at the modelled bottom, and the view stays where it is.
    private mutating func settleAtTheBottom(_ out: inout some DriverActionSink) {
        endDeceleration()
        holdingMoves = true
        apply(.scrollSettled(offset: state.maxOffset), &out)
        holdingMoves = false
    }

    /// Content that grows during a following list's bounce past the bottom (or past the top of a
    /// conversation that fits, whose top is its bottom) ends the user's hold at the bottom, where
    /// the bounce is taking the list, so the list goes on following; the view springs back on its
    /// own, its overshoot kept through the growth.
    mutating func endBounceAtTheBottom(_ out: inout some DriverActionSink) {
        guard isMovingOnItsOwn, isBouncingAtTheBottom, state.mode == .following else { return }
        settleAtTheBottom(&out)
        phase = .bouncingBack
    }
}
