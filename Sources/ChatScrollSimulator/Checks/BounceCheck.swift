/// `reading-stays-put` during a bounce back to an edge and as it ends: the spring moves what is on screen
/// smoothly, each frame at most five times as far as in the frame before, plus 2 points, turning
/// back only where it stops (at its peak); a following list may also move with the content that
/// grew below it, or with the keyboard's edge. A bounce that ends carries the content no farther.
enum BounceCheck {
    /// Notes in `current` whether a bounce ran in it and its step, and returns what is wrong with
    /// it, if anything.
    ///
    /// - Parameters:
    ///   - wasAway: Whether the reader was away from the bottom before this frame.
    ///   - navigationOver: Whether no navigation the user asked for runs.
    static func judge(
        previous: Simulator.Frame, current: inout Simulator.Frame, motion: FrameMotion, view: SimulatedScrollView,
        wasAway: Bool, navigationOver: Bool
    ) -> String? {
        let bouncing = view.bounce != nil && !current.finger
        let growth = wasAway ? 0 : current.contentHeight - previous.contentHeight
        let keyboardDelta = current.keyboard - previous.keyboard
        let keyboardMoves = current.keyboardMoving || previous.keyboardMoving
        let steps: [Double] =
            motion.common.first.map { id in
                let moved = motion.moved(id)
                return [moved, moved + growth] + (keyboardMoves ? [moved + keyboardDelta] : [])
            } ?? []
        func springLike(_ step: Double) -> Bool {
            guard let last = previous.bounceStep else { return true }
            return abs(step) <= abs(last) * 5 + 2 && (step * last >= 0 || abs(step) <= 2)
        }
        current.bouncing = bouncing
        current.bounceStep =
            bouncing && !current.layoutChanged ? steps.first(where: springLike) ?? steps.first : nil
        // (A bounce that momentum starts in this frame is clamped at the edge, and goes on at the
        // momentum's speed.)
        if let started = view.bounce, started.start == view.time,
            abs(started.v0 / Simulator.frameRate) > abs(current.bounceStep ?? 0)
        {
            current.bounceStep = -started.v0 / Simulator.frameRate
        }
        guard previous.bouncing, !current.finger, !current.layoutChanged, navigationOver,
            let id = motion.common.first, let last = previous.bounceStep, !steps.contains(where: springLike)
        else { return nil }
        // Content added above that the view cannot keep in place, since the list would have to go
        // past the content's end, leaves the list at that end, with the bounce's overshoot.
        let overshoot = abs(previous.overshoot)
        let kept = current.offset + motion.moved(id)
        let stoppedAtTheEnd =
            kept > current.maxOffset + 0.5 && current.offset >= current.maxOffset - overshoot - 0.5
            || kept < -0.5 && current.offset <= overshoot + 0.5
        guard !stoppedAtTheEnd else { return nil }
        return "\(id) moved \(motion.moved(id)) as a bounce's spring carried it \(last)"
    }
}
