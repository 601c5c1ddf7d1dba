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

    func setContentOffsetY(_ y: Double, animation: ScrollAnimation) {
        guard let model else { return }
        let state = model.driver.state
        let target = y + state.insetTop
        let jump = animation != .none
        if case .alongKeyboard(let duration) = animation {
            guard let resolved = resolve(target, in: state, model: model) else { return }
            return model.perform(.alongKeyboard(y: resolved - model.geometry.insetTop, duration: duration))
        }
        // Under the finger nothing is kept but by SwiftUI itself: a write of the position would
        // take the content from the finger.
        if !jump, model.driver.isDragging { return }
        if target >= state.maxOffset - 0.5 { return model.perform(.bottom(jump: jump)) }
        // Position keeping (a move that is not a command's): the id position keeps the row at the
        // top where it is, inside layout, from where the view is now rather than from the model's
        // offset, which is a frame old.
        if animation == .none, !model.driver.isAnimatingCommand { return }
        guard let (id, anchor) = Self.row(at: target, in: state) else { return }
        model.perform(.row(id: id, anchorY: anchor, jump: jump))
    }

    /// The model's row at `target`, or the one after it when its top is nearer, and the unit
    /// anchor that puts that row's top where the model has it: the nearer the top, the smaller the
    /// anchor, and the less a height SwiftUI has otherwise than the model moves the landing.
    /// (Not main-actor code: it hands closures to the standard library, which checks no actor.)
    nonisolated private static func row(at target: Double, in state: ChatState) -> (String, Double)? {
        let rows = state.messages(overlapping: target, target + state.visibleHeight)
        guard let first = rows.first else { return nil }
        let second = rows.dropFirst().first
        let row = second.map { $0.top - target < target - first.top ? $0 : first } ?? first
        // Where the row's top goes, from the visible region's top: `anchor * (visible - height)`.
        let span = state.visibleHeight - row.message.height
        guard abs(span) >= 1 else { return (row.message.id, 0) }
        return (row.message.id, (row.top - target) / span)
    }

    /// `target` as an offset of the view as last reported: through the model's row at it when the
    /// view showed that row, else through the topmost row it showed.
    private func resolve(_ target: Double, in state: ChatState, model: ChatScrollModel) -> Double? {
        let geometry = model.geometry
        if let row = state.messages(overlapping: target, target + 1).first, let shown = model.rows[row.message.id] {
            return geometry.offset + (shown.top - geometry.insetTop) - (row.top - target)
        }
        guard let delta = model.rows.modelDelta(in: state, geometry: geometry) else { return nil }
        return target - delta
    }
}
