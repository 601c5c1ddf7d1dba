import ChatReducer

/// The rows a lazy stack lays out, as each last reported its frame in the scroll view's
/// coordinate space: only those near the screen, so every walk over them is short.
struct ShownRows {
    /// A row's top in the scroll view's frame, and its height.
    struct Frame: Equatable {
        var top: Double
        var height: Double
    }

    private var frames: [String: Frame] = [:]

    /// Keeps the row's frame; whether its height is new (a measurement for the driver).
    mutating func update(id: String, top: Double, height: Double) -> Bool {
        let old = frames.updateValue(Frame(top: top, height: height), forKey: id)
        return old?.height != height
    }

    mutating func remove(id: String) { frames[id] = nil }

    subscript(id: String) -> Frame? { frames[id] }

    /// The model's offset less the view's, found from the topmost row shown that the model has:
    /// the lazy stack's estimates of the rows above it never reach the model. `nil` when no such
    /// row is shown.
    ///
    /// - Complexity: O(k log n), for k rows shown.
    func modelDelta(in state: ChatState, geometry: ReportedGeometry) -> Double? {
        var best: (top: Double, model: Double)?
        for (id, frame) in frames where frame.height > 0 && frame.top + frame.height > geometry.insetTop {
            guard best.map({ frame.top < $0.top }) ?? true, let model = state.top(ofMessage: id) else { continue }
            best = (frame.top, model)
        }
        guard let best else { return nil }
        return best.model - (best.top - geometry.insetTop) - geometry.offset
    }
}
