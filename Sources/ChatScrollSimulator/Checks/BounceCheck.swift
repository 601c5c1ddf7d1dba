/// `reading-stays-put` during a bounce back to an edge and as it ends (`bottom-visible` for a
/// list that follows): the spring moves what is on screen smoothly, each frame at most five times
/// as far as in the frame before, plus 2 points, turning back only where it stops (at its peak);
/// a following list may also move with the content that grew below it, or with the keyboard's
/// edge. A bounce that ends carries the content no farther.
struct BounceCheck: FrameCheck {
    /// Whether a spring's step `step` may follow its last step `last`.
    static func isSpringLike(_ step: Double, after last: Double?) -> Bool {
        guard let last else { return true }
        return abs(step) <= abs(last) * 5 + 2 && (step * last >= 0 || abs(step) <= 2)
    }

    func judge(_ frame: TrackedFrame, into found: inout FrameFindings) {
        let (previous, current, motion) = (frame.previous, frame.current, frame.motion)
        let steps = current.bounceSteps(
            after: previous, motion: motion, growth: frame.wasAway ? 0 : current.contentHeight - previous.contentHeight)
        guard previous.bouncing, !current.finger, !current.layoutChanged, frame.navigationOver,
            let id = motion.common.first, let last = previous.bounceStep,
            !steps.contains(where: { Self.isSpringLike($0, after: last) })
        else { return }
        // Content added above that the view cannot keep in place, since the list would have to go
        // past the content's end, leaves the list at that end, with the bounce's overshoot.
        let overshoot = abs(previous.overshoot)
        let kept = current.offset + motion.moved(id)
        let stoppedAtTheEnd =
            kept > current.maxOffset + 0.5 && current.offset >= current.maxOffset - overshoot - 0.5
            || kept < -0.5 && current.offset <= overshoot + 0.5
        guard !stoppedAtTheEnd else { return }
        found.add(
            frame.wasAway ? .readingStaysPut : .bottomStaysVisible,
            "\(id) moved \(motion.moved(id)) as a bounce's spring carried it \(last)")
    }
}
