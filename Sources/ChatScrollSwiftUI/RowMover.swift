import ChatEvents
import ChatReducer
import ChatScrollDriver

/// Turns each move of the driver into a ``ChatScrollRequest``: the model's row at the target and
/// where that row's top goes, or the content's end, which SwiftUI resolves where it has the row
/// when the change lands, so that the lazy stack's estimates, which the model does not share,
/// never move what is shown.
@available(iOS 18.0, *)
@MainActor
final class RowMover: @MainActor ChatScrollViewTarget {
    weak var model: ChatScrollModel?
    /// A stop the driver asked for while the view reported a layout the driver had not applied
    /// yet (momentum that a turn settles): the driver's next move in that report stops the view,
    /// or, without one, the view stops where it is once the driver has that layout, as SwiftUI
    /// keeps the top of a turned screen without momentum.
    var stopAwaitingLayout = false
    /// While the driver hears of the keyboard: a stop past the end, in a bounce, waits here for
    /// the move along the keyboard that follows it, which sets off from where the bounce has
    /// the view (SwiftUI would put the end there at once, a leap of the overshoot).
    var hearingKeyboard = false
    /// The stop past the end that waits, until the driver has heard of the keyboard.
    var stopPastEnd: ChatScrollRequest?
    /// The last request was a move along the keyboard to SwiftUI's end from afar (more than half a
    /// screen beyond what the keyboard's share moves), or a command to the end that took such a
    /// move over: while the keyboard moves, it goes to the end wherever the end is by then.
    var movingToEndFromAfar = false
    /// The last request was a move along the keyboard, which SwiftUI animates while the keyboard
    /// moves (set by ``run(_:)`` from the request).
    private(set) var movingAlongKeyboard = false
    /// A command to the end that started during a move along the keyboard runs as SwiftUI's own
    /// animation to the end for as long as the driver's would run: the command's number and the
    /// time by the driver's clock until which its frames are not asked for.
    var commandRidingToEnd: (seq: Int, until: Double)?

    func setContentOffsetY(_ y: Double, animation: ScrollAnimation) {
        guard let model else { return }
        let state = model.driver.state
        let target = y + state.insetTop
        // (A move after a stop that waits for the layout stops the view in its place.)
        let jump = animation != .none || stopAwaitingLayout
        // Whether the target is the model's bottom: SwiftUI's end is where the rows it has really
        // end, which a row not measured yet, or a footer gone before the message that replaced it,
        // puts elsewhere. Below a question pinned at the top (layout `top`), the end is the model's
        // spacer after the rows SwiftUI has: the question's row is where the model has the bottom.
        let atBottom =
            state.trailingSpacer == 0
            && (model.driver.isAnimatingCommand
                ? abs(target - state.maxOffset) < 0.001 : target >= state.maxOffset - 0.5)
        // A command to the end that starts while SwiftUI moves the view along the keyboard (or a new
        // one, whose path the driver bends from the last, while such a command rides there): an
        // unanimated position would cut that move short, a leap of what it had still to go, so
        // SwiftUI's animation goes on from where it draws the view to the end, wherever that is.
        let now = model.driver.clock?()
        var startsCommand = animation == .jump
        if let riding = commandRidingToEnd, state.scrollTarget?.seq != riding.seq { startsCommand = true }
        if startsCommand, movingAlongKeyboard, model.driver.keyboardAnimates, model.driver.isAnimatingCommand,
            let command = state.scrollTarget, command.kind == .bottom, state.trailingSpacer == 0, let now
        {
            let duration = ChatScrollDriver.commandDuration
            run(.bottomAlongKeyboard(duration: duration))
            movingToEndFromAfar = true
            commandRidingToEnd = (command.seq, now + duration)
            return
        }
        // (The command's frames are SwiftUI's while its animation runs; after that the view keeps
        // the end, as a following list does, until the driver's command ends.)
        if let riding = commandRidingToEnd, animation == .none, model.driver.isAnimatingCommand,
            state.scrollTarget?.seq == riding.seq
        {
            if let now, now < riding.until { return }
            return model.run(.bottom(jump: false))
        }
        if case .alongKeyboard(let duration) = animation {
            // (To the end SwiftUI has when the keyboard's move ends: an offset found through the
            // row at the top would miss it by what the rows below differ from the model's.)
            if atBottom {
                stopPastEnd = nil
                let fromAfar = farFromTheEnd(state, model: model)
                run(.bottomAlongKeyboard(duration: duration))
                movingToEndFromAfar = fromAfar
                return
            }
            guard let resolved = resolve(target, in: state, model: model) else { return }
            stopPastEnd = nil
            return run(.alongKeyboard(y: resolved - model.geometry.insetTop, duration: duration))
        }
        // Under the finger nothing is kept but by SwiftUI itself: a write of the position would
        // take the content from the finger.
        if !jump, model.driver.isDragging { return }
        // A command's frames go where the model's rows are, but the one that lands on the model's
        // bottom: at SwiftUI's end.
        if atBottom {
            // (Momentum or a bounce moves the view: a write of the position fights SwiftUI's own
            // deceleration, and the driver brings a following list to the bottom when it ends.)
            if !jump, model.driver.isMovingOnItsOwn { return }
            // (Nor while the move along the keyboard goes there from afar, wherever the end is by
            // then: the end asked for again in another transaction may be put there at once, a
            // leap. A list that the keyboard alone moves shows what grew below it at once.)
            if !jump, movingToEndFromAfar, model.driver.keyboardAnimates { return }
            if hearingKeyboard, animation == .jump, target > state.maxOffset + 0.5 {
                stopPastEnd = .bottom(jump: true)
                return
            }
            return run(.bottom(jump: jump))
        }
        // Position keeping (a move that is not a command's): the id position keeps the row at the
        // top where it is, inside layout, from where the view is now rather than from the model's
        // offset, which is a frame old.
        if animation == .none, !model.driver.isAnimatingCommand { return }
        // (SwiftUI places a row by the visible height it has when the request lands: a stop
        // measured against the driver's old layout would land elsewhere.)
        if jump, model.reporting,
            model.geometry.height != state.viewportHeight || model.geometry.insetTop != state.insetTop
        {
            stopAwaitingLayout = true
            return
        }
        guard let (id, anchor) = Self.row(at: target, in: state, shown: model.rows) else { return }
        run(.row(id: id, anchorY: anchor, jump: jump))
    }

    /// Whether the view, where it last reported it was, is farther above the model's end than the
    /// keyboard's share and half a screen.
    private func farFromTheEnd(_ state: ChatState, model: ChatScrollModel) -> Bool {
        guard let delta = model.rows.modelDelta(in: state, geometry: model.geometry) else { return false }
        let distance = state.maxOffset - (model.geometry.offset + delta)
        return distance > state.keyboardHeight + state.visibleHeight / 2
    }

    /// Makes the stop past the end that waited, if no move along the keyboard followed it.
    func runHeldStop() {
        guard let stop = stopPastEnd else { return }
        stopPastEnd = nil
        run(stop)
    }

    /// Runs `request` through the model: a stop that waited for the layout is made by it.
    private func run(_ request: ChatScrollRequest) {
        stopAwaitingLayout = false
        movingToEndFromAfar = false
        switch request {
        case .alongKeyboard, .bottomAlongKeyboard: movingAlongKeyboard = true
        case .row, .bottom: movingAlongKeyboard = false
        }
        commandRidingToEnd = nil
        model?.run(request)
    }

    /// A row of the model's at `target` and the unit anchor that puts that row's top where the
    /// model has it. SwiftUI places the row by its own height for it, so the row is one the view
    /// shows at the model's height wherever there is one: a row it has not laid out has the lazy
    /// stack's estimate, and an anchor far outside 0...1 multiplies the difference. Of those, the
    /// one whose top is nearest: the smaller the anchor, the less any difference moves the landing.
    /// (Not main-actor code: it hands closures to the standard library, which checks no actor.)
    nonisolated private static func row(at target: Double, in state: ChatState, shown: ShownRows) -> (String, Double)? {
        func agrees(_ row: (message: ChatMessage, top: Double)) -> Bool {
            shown[row.message.id]?.height == row.message.height
        }
        // Where an anchor can place a row of `height`: `anchor * (visible - height)` from the visible
        // region's top, nil for a row as tall as the region, which goes to the top at every anchor.
        func span(_ height: Double) -> Double? {
            let span = state.visibleHeight - height
            return abs(span) >= 1 ? span : nil
        }
        // (Where the only rows that agree are as tall as the region, a row around them is named.)
        func placeable(_ row: (message: ChatMessage, top: Double)) -> Bool {
            agrees(row) && span(row.message.height) != nil
        }
        let rows = state.messages(overlapping: target, target + state.visibleHeight)
        let agreed = rows.filter { agrees($0) }
        var candidates = agreed.filter { placeable($0) }[...]
        if candidates.isEmpty, !agreed.isEmpty {
            candidates =
                state.messages(overlapping: target - state.visibleHeight, target + 2 * state.visibleHeight)
                .filter { placeable($0) }[...]
        }
        if candidates.isEmpty { candidates = agreed.isEmpty ? rows.prefix(2) : agreed[...] }
        guard let row = candidates.min(by: { abs($0.top - target) < abs($1.top - target) }) else { return nil }
        guard let span = span(row.message.height) else { return (row.message.id, 0) }
        return (row.message.id, (row.top - target) / span)
    }

    /// `target` as an offset of the view as last reported: a move from where the view is, through
    /// the topmost row it showed (a row below it whose height the view has not caught up with yet,
    /// a streamed answer's, would move the landing), else through the model's row at it.
    private func resolve(_ target: Double, in state: ChatState, model: ChatScrollModel) -> Double? {
        let geometry = model.geometry
        if let delta = model.rows.modelDelta(in: state, geometry: geometry) { return target - delta }
        if let row = state.messages(overlapping: target, target + 1).first, let shown = model.rows[row.message.id] {
            return geometry.offset + (shown.top - geometry.insetTop) - (row.top - target)
        }
        return nil
    }
}
