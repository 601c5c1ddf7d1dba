import ChatEvents
import ChatReducer

// The frame, its insets and the keyboard: what the user sees of the content.
extension DriverStateMachine {
    /// The scroll view was laid out; see ``ChatScrollDriver/layout(frameHeight:insetTop:insetBottom:frameBottom:)``.
    mutating func layout(
        frameHeight: Double, insetTop: Double, insetBottom: Double, frameBottom: Double?,
        _ out: inout some DriverActionSink
    ) {
        let height = sanitized(frameHeight, "frameHeight")
        let top = sanitized(insetTop, "insetTop")
        let bottom = sanitized(insetBottom, "insetBottom")
        // The layout a keyboard's notification causes moves the frame against the notified top.
        // A later one moves it for another reason (a rotation also moves the window, whose old
        // coordinates that top is in): the frame keeps what covers it.
        if let frameBottom, frameBottom.isFinite, coveredEdgeAwaitsLayout {
            coveredEdge.overlap = frameBottom - coveredEdge.top
            coveredEdgeAwaitsLayout = false
        }
        let keyboardAfter = keyboardShare(frameHeight: height, insetBottom: bottom)
        let keyboardTurned = keyboardAwaitsLayout && keyboardAfter != state.keyboardHeight
        keyboardAwaitsLayout = false
        guard
            height != self.frameHeight || top != self.insetTop || bottom != self.insetBottom || keyboardTurned
                || frameBottom != nil && keyboardAfter != state.keyboardHeight && pendingKeyboard == nil
        else { return }
        let topMoved = top != self.insetTop
        // A bounce back to the bottom is the user at the bottom: it ends there before the layout,
        // which a held view would otherwise read as a reader away from the new bottom (past the
        // top of a conversation that fits, where the layout turns the screen or makes the
        // conversation too tall to fit; a keyboard's layout that leaves it fitting lets the
        // bounce go on).
        let fitsAfter = state.contentHeight <= height - top - bottom - keyboardAfter
        if isMovingOnItsOwn, isBouncingPastBottom || isBouncingAtTheBottom && (topMoved || !fitsAfter) {
            endBottomBounce(&out)
        }
        // The visible region's bottom edge in the frame, before and after: a frame that shrinks
        // (or grows) by what the keyboard covers leaves it where it is.
        let edgeBefore = self.frameHeight.map { $0 - self.insetBottom - state.keyboardHeight }
        let edgeAfter = height - bottom - keyboardAfter
        let edgeStays =
            !topMoved && height != self.frameHeight && edgeBefore.map { abs($0 - edgeAfter) <= 0.5 } ?? false
        // A keyboard share that the new bottom inset changes ends plain momentum (below): it
        // settles first, so for the reader the inset's change and the share's cancel out. So does
        // a layout under momentum that leaves a list within the threshold of its bottom: the hold
        // ends there, and the list follows to the new bottom.
        if phase == .decelerating, !isBouncing, keyboardAfter != state.keyboardHeight || state.mode == .following {
            settleMomentum(&out)
        }
        // A running animation carries what it shows along with the visible top at once (the
        // rest of the way is bent to the new destination below).
        if topMoved, isAnimatingCommand { shiftCommandAnimation(by: self.insetTop - top, &out) }
        if height != self.frameHeight, !edgeStays, keyboardAnimationTarget != nil {
            keyboardAnimationLaidOutAnew = true
        }
        self.frameHeight = height
        self.insetTop = top
        self.insetBottom = bottom
        if edgeStays {
            relayOut(height: height, insetTop: top, insetBottom: bottom, &out)
        } else {
            let edges = (before: edgeBefore, after: edgeAfter)
            resize(height: height, insetTop: top, insetBottom: bottom, topMoved: topMoved, edges: edges, &out)
        }
    }

    /// A layout that changed what the user sees: the model learns the new viewport and the
    /// keyboard's share of it.
    private mutating func resize(
        height: Double, insetTop top: Double, insetBottom bottom: Double, topMoved: Bool,
        edges: (before: Double?, after: Double), _ out: inout some DriverActionSink
    ) {
        // A layout the keyboard caused (the frame grows back as it hides) goes along the rest of
        // its animation.
        let keyboardLeft = topMoved ? nil : keyboardTimeLeft()
        let offsetBefore = state.offset
        layoutAlongKeyboard = keyboardLeft
        // (What a command's animation shows more than a screen above the content's end is read
        // at the top: the turn keeps it there, not at the bottom edge.)
        let shownBottom = contentOffsetY + insetTop + state.visibleHeight
        layoutKeepsShownTop = topMoved && state.contentHeight - shownBottom > state.visibleHeight
        // (A command's scroll that already rests at its end, and only runs out its time.)
        let arrived = topMoved && commandAnimation.map { abs($0.to - modelOffsetY) <= 0.5 } ?? false
        apply(.viewportChanged(height: height, insetTop: top, insetBottom: bottom), &out)
        layoutAlongKeyboard = nil
        layoutKeepsShownTop = false
        // The same offset is another contentOffset.y under another top inset: where the model
        // kept the offset (a held view), the view moves so what is read stays under the top.
        if topMoved, !isAnimatingCommand { keepModelledOffset(animation: .none, &out) }
        // The keyboard's share depends on the frame and the bottom inset.
        updateKeyboard(duration: keyboardLeft, &out)
        // A following list whose command's scroll has arrived is at the bottom after a turn, not
        // on a path whose rest of the way a later growth would ease along.
        if arrived, isAnimatingCommand, state.mode == .following, !state.userHoldsView {
            commandAnimation = nil
            keepModelledOffset(animation: .none, &out)
        }
        // A frame the keyboard grows or shrinks moves the visible bottom edge as the keyboard
        // does: what sat at it stays there for a reader (specification §2's bottom edge).
        guard let keyboardLeft, let offsetBefore, let edgeBefore = edges.before, state.mode == .detached,
            !state.userHoldsView, !isAnimatingCommand
        else { return }
        let target = min(max(0, offsetBefore + edgeBefore - edges.after), state.maxOffset)
        if let offset = state.offset, abs(target - offset) > 0.5 {
            apply(.scrolled(offset: target), &out)
            keepModelledOffset(animation: .alongKeyboard(duration: keyboardLeft), &out)
        }
    }

    /// A layout after which the region the user sees is the same, only made up otherwise by the
    /// frame, the inset and the keyboard: nothing moves, and a reader's model keeps what the view
    /// shows (the frame's change and the keyboard's would otherwise move it twice).
    private mutating func relayOut(
        height: Double, insetTop top: Double, insetBottom bottom: Double, _ out: inout some DriverActionSink
    ) {
        let shown = keyboardAnimationTarget ?? contentOffsetY
        holdingMoves = true
        apply(.viewportChanged(height: height, insetTop: top, insetBottom: bottom), &out)
        updateKeyboard(duration: nil, &out)
        holdingMoves = false
        if state.mode == .detached, !state.userHoldsView, let model = modelledContentOffsetY, abs(model - shown) > 0.5 {
            apply(.scrolled(offset: shown + insetTop), &out)
        }
    }

    /// The keyboard will move to its end frame; see
    /// ``ChatScrollDriver/keyboardWillChange(keyboardTop:scrollViewBottom:barAboveKeyboard:duration:beforeLayout:)``.
    mutating func keyboardWillChange(
        keyboardTop: Double, scrollViewBottom: Double, barAboveKeyboard: Double, duration: Double?,
        _ out: inout some DriverActionSink
    ) {
        guard let edge = coveredEdge(keyboardTop: keyboardTop, scrollViewBottom: scrollViewBottom, barAboveKeyboard)
        else { return }
        // A view that an earlier keyboard animation left elsewhere than its end (a turn met it)
        // moves from where it last reported it was.
        if isKeyboardTargetStale { takeReportedOffset(&out) }
        // (A layout that tells where the keyboard is, without a duration, ends no animation
        // that takes it there.)
        if duration != nil || edge != coveredEdge {
            keyboardMotion = duration.map { (max(0, $0), now ?? lastFrameTime, false) }
        }
        if edge != coveredEdge { coveredEdgeAwaitsLayout = true }
        coveredEdge = edge
        updateKeyboard(duration: duration, &out)
    }

    /// The keyboard turns with the screen to its end frame: nothing moves until the turned layout,
    /// which applies it with the frame, at once.
    mutating func keyboardTurns(keyboardTop: Double, scrollViewBottom: Double, barAboveKeyboard: Double) {
        guard let edge = coveredEdge(keyboardTop: keyboardTop, scrollViewBottom: scrollViewBottom, barAboveKeyboard)
        else { return }
        keyboardMotion = nil
        if edge != coveredEdge { coveredEdgeAwaitsLayout = true }
        coveredEdge = edge
        keyboardAwaitsLayout = true
    }

    /// What a keyboard whose top is at `keyboardTop` covers of a frame whose bottom is at
    /// `scrollViewBottom`, with a bar `barAboveKeyboard` tall riding on it; nil, with a warning,
    /// when a value is not a number.
    private mutating func coveredEdge(
        keyboardTop: Double, scrollViewBottom: Double, _ barAboveKeyboard: Double
    ) -> CoveredEdge? {
        guard !keyboardTop.isNaN, !scrollViewBottom.isNaN, !barAboveKeyboard.isNaN else {
            warnings.append("keyboard frame is not a number; ignored")
            return nil
        }
        let top = keyboardTop - max(0, barAboveKeyboard)
        // A keyboard that covers nothing of the frame covers nothing wherever the frame goes
        // (a hidden keyboard's top is the screen's bottom, which a rotation moves).
        return CoveredEdge(top: top < scrollViewBottom ? top : .infinity, overlap: scrollViewBottom - top)
    }

    /// How long the keyboard's last animation still runs, nil when it is over. Without a clock,
    /// the first layout after its notification is the one it causes.
    private mutating func keyboardTimeLeft() -> Double? {
        guard let motion = keyboardMotion, motion.duration > 0 else { return nil }
        defer { keyboardMotion?.laidOut = true }
        guard motion.start != nil, now ?? lastFrameTime != nil else { return motion.laidOut ? nil : motion.duration }
        return keyboardTimeRemaining
    }

    /// How long the keyboard's last animation still runs by the clock, nil when it is over or
    /// there is no clock.
    var keyboardTimeRemaining: Double? {
        guard let motion = keyboardMotion, motion.duration > 0, let start = motion.start,
            let now = now ?? lastFrameTime
        else { return nil }
        let left = motion.duration - (now - start)
        return left > 0.001 ? left : nil
    }

    private mutating func updateKeyboard(duration: Double?, _ out: inout some DriverActionSink) {
        if isMovingOnItsOwn, isBouncingPastBottom {
            // The keyboard ends a bounce past the bottom edge, which it moves: the list stops
            // where it is, and goes the rest of the way to the new bottom along the keyboard.
            endBottomBounce(&out)
            keyboardAnimationTarget = nil
            sendKeyboard(duration: duration, &out)
            if keyboardAnimationTarget == nil, modelledContentOffsetY != contentOffsetY {
                keepModelledOffset(
                    animation: .alongKeyboard(duration: max(duration ?? 0, CommandAnimation.shortestRemainder)),
                    &out)
            }
            return
        }
        let held = phase == .dragging || phase == .decelerating && isBouncing
        // (A keyboard the finger itself pulls, told without a duration, has already moved what
        // the finger shows: the model hears of it at once, and nothing moves.)
        if held, state.mode != .detached, duration != nil || phase != .dragging {
            // A following view under the finger, or bouncing back from past an edge, keeps the
            // keyboard waiting for the gesture to end: it ends at the bottom it began at, and
            // then follows the keyboard.
            pendingKeyboard = (duration, now)
            return
        }
        // A reader's held view hears of it at once: nothing moves while it is held (specification §2),
        // and nothing jumps when it is released. Plain momentum ends: the keyboard takes over.
        if phase == .decelerating, !held { settleMomentum(&out) }
        sendKeyboard(duration: duration, &out)
    }

    /// The keyboard's animation replaces the momentum: the scroll settles where it is now, and the
    /// view stops there (`setContentOffset(_:animated: false)` ends a deceleration), also where the
    /// keyboard then moves nothing.
    mutating func settleMomentum(_ out: inout some DriverActionSink) {
        endDeceleration()
        move(to: contentOffsetY, animation: .jump, &out)
        apply(.scrollSettled(offset: contentOffsetY + insetTop), &out)
    }

    /// What the keyboard covers of the visible region beyond the bottom inset, in a frame
    /// `frameHeight` tall (by default the one the driver has).
    private func keyboardShare(frameHeight: Double? = nil, insetBottom: Double? = nil) -> Double {
        let height = frameHeight ?? self.frameHeight ?? .infinity
        return max(0, coveredEdge.covers(frameHeight: height) - (insetBottom ?? self.insetBottom))
    }

    /// Sends the keyboard's height when it differs from the state's.
    private mutating func sendKeyboard(duration: Double?, _ out: inout some DriverActionSink) {
        let height = keyboardShare()
        defer { catchingUpAfterFling = false }
        guard height != state.keyboardHeight else { return }
        apply(
            height > 0 ? .keyboardWillShow(height: height, duration: duration) : .keyboardWillHide(duration: duration),
            &out)
    }

    /// After the user's gesture ended: the keyboard that moved during it, over what is left of
    /// its animation.
    mutating func sendPendingKeyboard(_ out: inout some DriverActionSink) {
        guard let (duration, start) = pendingKeyboard, phase != .dragging else { return }
        pendingKeyboard = nil
        // A keyboard that a layout has applied meanwhile moves nothing: momentum goes on.
        guard keyboardShare() != state.keyboardHeight else { return }
        if phase == .decelerating {
            settleMomentum(&out)
            catchingUpAfterFling = true
        }
        var remaining = duration
        if let duration, let start, let now { remaining = max(0, duration - (now - start)) }
        sendKeyboard(duration: remaining, &out)
    }

    /// How the keyboard's event moves the view: along the keyboard over its duration, at once
    /// without one (but eased after a fling's gesture).
    func keyboardAnimation(duration given: Double?) -> ScrollAnimation {
        let duration = given ?? 0
        if catchingUpAfterFling { return .alongKeyboard(duration: max(duration, CommandAnimation.shortestRemainder)) }
        return duration > 0 ? .alongKeyboard(duration: duration) : .none
    }
}

/// What covers the scroll view's bottom (the keyboard, the bar riding on it), as the keyboard's
/// last notification put it.
struct CoveredEdge: Sendable, Equatable {
    /// Its top, in the window.
    var top: Double
    /// How far above the frame's bottom it begins (negative below it): the frame's bottom in the
    /// window, less ``top``.
    var overlap: Double

    /// How much of a frame `frameHeight` tall it covers.
    func covers(frameHeight: Double) -> Double { max(0, min(overlap, frameHeight)) }
}
