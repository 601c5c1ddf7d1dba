import ChatEvents
import ChatReducer

// Events to the reducer, and the scroll view kept where the model is.
extension DriverStateMachine {
    mutating func cellMeasured(id: String, height: Double, _ out: inout some DriverActionSink) {
        let move = viewMove
        viewMove = nil
        guard let message = state.message(id: id), message.height != height else { return }
        // A row below what is shown moves the bottom away from a bounce past it; one above moves
        // the bottom and what is shown alike.
        if let top = state.top(ofMessage: id), let shown = state.offset, top + message.height > shown {
            endBounceAtTheBottom(&out)
        }
        // A view that keeps what it shows when a row above it changes height (a table view
        // with estimated heights) has just moved by the change itself: the model learns the
        // height from where the view was, so that the move is not made twice.
        if let move, abs(contentOffsetY - move.from - (height - message.height)) <= 0.5,
            let top = state.top(ofMessage: id), top + message.height <= move.from + insetTop
        {
            contentOffsetY = move.from
            if move.forwarded { apply(.scrolled(offset: move.from + insetTop), &out) }
        }
        apply(.itemMeasured(id: id, height: height), &out)
    }

    /// Reduces `event`, reports it and its effects, and moves the scroll view where the model went.
    mutating func apply(_ event: ChatEvent, _ out: inout some DriverActionSink) {
        let facts = event.driverFacts
        let before = state.offset
        // (An event applied inside another's keeps what the first one found shown.)
        let outermost = shownBottomBeforeEvent == nil
        if outermost, before != nil { shownBottomBeforeEvent = contentOffsetY + insetTop + state.visibleHeight }
        defer { if outermost { shownBottomBeforeEvent = nil } }
        // During a command's animation, the row whose change above what is shown moves it: the
        // view then moves with it at once, and only the rest of the path bends.
        let edgeAboveShown = isAnimatingCommand ? self.edgeAboveShown(facts) : nil
        // During the driver's scroll along the keyboard, the row whose change above what the list
        // showed when it set off moves what is on screen (the rows of its end are measured at
        // its start).
        let edgeAboveKeyboardScroll =
            isScrollingAlongKeyboard ? keyboardAnimationStart.flatMap { self.edgeAbove($0.shownTop, facts) } : nil
        // How far the view shows the content past an edge (the model clamps it): position
        // keeping keeps it, so a page that arrives under a rubber-banding finger does not jump.
        let overscroll = self.overscroll
        // Past the top, or past the bottom of a conversation that fits, the oldest row is shown
        // first: it keeps its place on screen, also where the model's offset stops at the
        // content's end (a page above a conversation that fits).
        let shownRow = overscroll < 0 || overscroll > 0 && state.maxOffset == 0 ? oldestRow : nil
        // Past the bottom of a conversation that does not fit, the view shows rows below the
        // model's clamped offset: a row that changes between the two moves what is shown.
        let edgePastBottom =
            overscroll > 0 && state.maxOffset > 0 && facts.role != .contentAbove ? self.edgeAboveShown(facts) : nil
        let countBefore = state.messageCount
        state.reduce(event)
        if let message = facts.appended, state.messageCount > countBefore { noteEntrance(of: message) }
        warnings += state.warnings
        _ = out.take(.sent(event), from: self)
        for effect in state.effects { _ = out.take(.effect(effect), from: self) }
        if runNewCommand(&out) { return }
        if phase == .decelerating, !state.userHoldsView, facts.role == .tap {
            // A tap that ends the hold stops the momentum, as the tap's touch does in UIKit. One
            // that asks for a window (jump to latest or to a message that is not loaded) has
            // nothing to scroll to yet: the list rests where the window will replace it, and a
            // bounce past an edge goes back to the edge. Where the hold's end moved the model (a
            // list that follows snaps its last points), the list eases the rest (below).
            let modelStays = state.offset == before
            if !isBouncing {
                endDeceleration()
                move(to: contentOffsetY, animation: .jump, &out)
            } else if modelStays {
                phase = .bouncingBack
            }
            if modelStays { return }
        }
        if isAnimatingCommand, let edge = edgeAboveShown, !holdingMoves {
            // Content above what is shown moved it: the view moves with it at once, as it would
            // at rest, and the rest of the way bends to where the model now is when that moved
            // otherwise (an anchor below the change, the content's end).
            shiftCommandAnimation(by: moved(edge), &out)
            if let target = modelledContentOffsetY, let running = commandAnimation, abs(running.to - target) > 0.5 {
                redirectCommandAnimation(&out)
            }
            return
        }
        if let edge = edgeAboveKeyboardScroll, state.offset == before, !holdingMoves {
            keepShownAlongKeyboard(moved(edge), &out)
            return
        }
        if let edge = edgePastBottom, !isAnimatingCommand, !holdingMoves,
            state.userHoldsView || phase == .bouncingBack, let offset = state.offset, let before,
            abs(moved(edge) - (offset - before)) > 0.5
        {
            // (The model kept a row at its clamped offset, above the change: the view keeps
            // what it shows, past the bottom by as much more.)
            heldOverscroll = contentOffsetY + insetTop + moved(edge) - offset
            keepModelledOffset(animation: .none, overscroll: heldOverscroll, &out)
            return
        }
        guard state.offset != before || state.offsetReason == .clamp, !holdingMoves else { return }
        follow(facts, from: before, overscroll: overscroll, shownRow: shownRow, &out)
    }

    /// Runs a command the reducer issued since the last one ran: at once, or animated from the
    /// next tick. Returns whether there was one.
    private mutating func runNewCommand(_ out: inout some DriverActionSink) -> Bool {
        guard let command = state.scrollTarget, command.seq != executedSeq, command.offset != nil else { return false }
        executedSeq = command.seq
        // The user's gesture is over once a command takes the view.
        if !state.userHoldsView, phase == .dragging || phase == .decelerating { phase = .idle }
        if command.animated {
            startCommandAnimation(&out)
        } else {
            commandAnimation = nil
            keepModelledOffset(animation: .jump, &out)
        }
        if pendingKeyboard != nil, phase != .dragging, phase != .decelerating { sendPendingKeyboard(&out) }
        return true
    }

    /// The model moved for a reason other than a command: the view goes where it is, in the way
    /// the reason asks for.
    private mutating func follow(
        _ facts: DriverFacts, from before: Double?, overscroll: Double, shownRow: (id: String, top: Double)?,
        _ out: inout some DriverActionSink
    ) {
        switch state.offsetReason {
        case .user?, nil:
            // The user's own scrolling: the scroll view is already there.
            return
        case .keyboard?:
            if phase == .dragging, !isAnimatingCommand, let offset = state.offset {
                // The finger places the view: a model that the keyboard's share clamps to a new
                // bottom (the keyboard following the finger down) moves nothing under it.
                heldOverscroll = contentOffsetY + insetTop - offset
                return
            }
            let animation = keyboardAnimation(duration: facts.keyboardDuration)
            guard isAnimatingCommand else {
                keepModelledOffset(animation: animation, &out)
                return
            }
            if animation == .none, let offset = state.offset, let before {
                // A share that changes at once (a new frame laid out around a keyboard that stays)
                // moves the whole path with it, as the new layout moves everything on screen.
                shiftCommandAnimation(by: offset - before, &out)
                return
            }
            var left = 0.0
            if case .alongKeyboard(let duration) = animation { left = duration }
            takeOverCommandAlongKeyboard(duration: left, &out)
        case .command?, .growth?, .prepend?, .viewport?, .measure?, .remove?, .settle?, .clamp?:
            if isAnimatingCommand, state.offsetReason == .viewport, let left = layoutAlongKeyboard {
                // A frame laid out for the keyboard moves the bottom edge as the keyboard's event
                // does (a frame pinned to the bar).
                takeOverCommandAlongKeyboard(duration: left, &out)
            } else if isAnimatingCommand, state.offsetReason == .viewport,
                !(layoutKeepsShownTop && state.mode == .following),
                let offset = state.offset, let before
            {
                // A new frame (a rotation) moves the whole path with it: the list keeps its place
                // on it, as everything on screen moves with the new layout at once. (Not a
                // following model's bottom far below what the path shows: that path bends, below.)
                shiftCommandAnimation(by: offset - before, &out)
            } else if isAnimatingCommand {
                // The destination moved (the live end grew, a cell below was measured): the path
                // bends to it at the view's speed, ending on time unless that would lurch.
                redirectCommandAnimation(&out)
            } else if overscroll != 0 || heldOverscroll != 0, state.offsetReason != .viewport,
                state.userHoldsView || phase == .bouncingBack
            {
                keepOverscroll(overscroll, from: before, shownRow: shownRow, &out)
            } else if state.offsetReason == .settle, !state.userHoldsView,
                facts.role == .mayEndTheUsersHold || facts.role == .tap
            {
                // The user's hold ends at the bottom (within `atBottomThreshold`): the list eases
                // there from where the finger, the momentum, a bounce or the tap that stopped them
                // left it, not in one step.
                startCommandAnimation(&out)
            } else if state.offsetReason == .viewport, let left = layoutAlongKeyboard {
                // A frame laid out for the keyboard moves what it shows along the keyboard.
                keepModelledOffset(animation: .alongKeyboard(duration: left), &out)
            } else if let left = keyboardTimeRemaining, resizesBelowTheKeyboardsScroll(facts) {
                // A row below what the list showed when it set off along the keyboard moved where
                // it goes, not what it shows: the rest of the way bends to the new end.
                keepModelledOffset(animation: .alongKeyboard(duration: left), &out)
            } else {
                keepModelledOffset(animation: .none, &out)
            }
        }
    }

    /// The keyboard's animation takes over the command's: the rest of the way goes along the
    /// keyboard's curve, over what is left of it, so the bottom edge and the content arrive together.
    private mutating func takeOverCommandAlongKeyboard(duration: Double, _ out: inout some DriverActionSink) {
        commandAnimation = nil
        keepModelledOffset(
            animation: .alongKeyboard(duration: max(duration, CommandAnimation.shortestRemainder)), &out)
    }

    /// Under the finger or in a bounce, the view shows the content past the model's clamped
    /// offset: what is shown keeps its place, by that much, until the user's next scroll tells the
    /// model where the view is. (Out of the finger's hold, only what the view shows past the edge
    /// now is held.)
    private mutating func keepOverscroll(
        _ overscroll: Double, from before: Double?, shownRow: (id: String, top: Double)?,
        _ out: inout some DriverActionSink
    ) {
        if overscroll != 0 || !state.userHoldsView { heldOverscroll = overscroll }
        if let row = shownRow, let now = state.top(ofMessage: row.id), let offset = state.offset {
            heldOverscroll = contentOffsetY + insetTop + now - row.top - offset
        } else if phase == .bouncingBack, state.offsetReason == .growth, let offset = state.offset, let before,
            offset < before
        {
            // The live end shrank (the typing indicator went) under a bounce past the bottom:
            // what is shown stays, and the spring carries the larger overshoot back.
            heldOverscroll = contentOffsetY + insetTop - offset
        }
        keepModelledOffset(animation: .none, overscroll: heldOverscroll, &out)
    }

    /// Whether the event resizes a row that starts below what the view showed when the driver's
    /// animation along the keyboard set off (under the keyboard that covered it, or below the
    /// frame): it changes where the list goes, and nothing the list showed.
    private func resizesBelowTheKeyboardsScroll(_ facts: DriverFacts) -> Bool {
        guard keyboardAnimationTarget != nil, let shownBottom = keyboardAnimationStart?.shownBottom,
            let id = facts.resizedMessageID, let top = state.top(ofMessage: id)
        else { return false }
        return top >= shownBottom
    }

    /// The oldest loaded row and its top.
    private var oldestRow: (id: String, top: Double)? {
        state.oldestMessageID.flatMap { id in state.top(ofMessage: id).map { (id, $0) } }
    }

    /// A reader's model kept its anchor, the new visible top of the keyboard's end, when a row
    /// there changed: the rows below it, on screen now, would step by the change. The whole path
    /// along the keyboard moves with them instead, and the model learns where the list is.
    private mutating func keepShownAlongKeyboard(_ moved: Double, _ out: inout some DriverActionSink) {
        guard abs(moved) > 0.5, let end = keyboardAnimationTarget, state.mode == .detached, !state.userHoldsView,
            let offset = state.offset
        else { return }
        move(to: end + moved, animation: .none, &out)
        apply(.scrolled(offset: offset + moved), &out)
    }

    /// The row that an event changes and that starts above what the scroll view shows now, or
    /// that a page (or the header) arrives above.
    private func edgeAboveShown(_ facts: DriverFacts) -> EdgeAboveShown? {
        edgeAbove(contentOffsetY + insetTop, facts)
    }

    /// The row that an event changes and that starts above `shownTop`, or that a page (or the
    /// header) arrives above.
    private func edgeAbove(_ shownTop: Double, _ facts: DriverFacts) -> EdgeAboveShown? {
        if facts.role == .contentAbove {
            return oldestRow.map { EdgeAboveShown(id: $0.id, top: $0.top, height: 0, pageAbove: true) }
        }
        // (A row that starts above what is shown counts as above it: what is read is below it.)
        guard let id = facts.resizedMessageID, let top = state.top(ofMessage: id),
            let message = state.message(id: id), top < shownTop
        else { return nil }
        return EdgeAboveShown(id: id, top: top, height: message.height, pageAbove: false)
    }

    /// How far the event moved what is shown below `edge` (a removed row takes its height).
    private func moved(_ edge: EdgeAboveShown) -> Double {
        guard let top = state.top(ofMessage: edge.id), let message = state.message(id: edge.id) else {
            return -edge.height
        }
        return edge.pageAbove ? top - edge.top : top + message.height - edge.top - edge.height
    }
}

/// A row above what the scroll view shows, as it was before an event: what is shown hangs from
/// its bottom, or from its top when a page arrives above it.
private struct EdgeAboveShown {
    var id: String
    var top: Double
    var height: Double
    var pageAbove: Bool
}
