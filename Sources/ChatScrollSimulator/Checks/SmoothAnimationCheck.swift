/// `smooth-animation`: an animated scroll under way moves what is on screen each frame at
/// most five times as far as in the frame before (an eased curve speeds up by less; its second
/// frame by four times), plus 2 points, and never turns back. A jump inside the animation (a
/// page kept wrong, a snap at its end, a restart) shows here.
///
/// A following list may also move with the content that grew below it: pushed by it at once,
/// or by an animation that takes it on the way. The first frame of an animation starts it from
/// whatever moved before (momentum, a finger), and so do a navigation the user starts in this
/// frame (a tap, a send: the list turns as the user asked) and a rotation's frame (everything
/// moves with the visible top): the animation's steps count from the next frame on.
enum SmoothAnimationCheck {
    /// Notes in `current` whether an animation ran in it and its step, and returns what is wrong
    /// with it, if anything.
    ///
    /// - Parameters:
    ///   - common: The rows seen in both frames.
    ///   - moved: How far the screen moved a row (its growth taken out).
    ///   - animating: Whether an animated scroll or a navigation runs in this frame.
    ///   - decelerating: Whether momentum runs.
    ///   - wasAway: Whether the reader was away from the bottom before this frame.
    ///   - navigationStarts: Whether the user started a navigation in this frame.
    static func judge(
        previous: Simulator.Frame, current: inout Simulator.Frame, common: [String], moved: (String) -> Double,
        animating: Bool, decelerating: Bool, wasAway: Bool, navigationStarts: Bool
    ) -> String? {
        current.animated = animating && !current.finger && !decelerating
        let growth = wasAway ? 0 : current.contentHeight - previous.contentHeight
        let steps: [Double] = common.first.map { [moved($0), moved($0) + growth] } ?? [0]
        let last = previous.animationStep
        func smooth(_ step: Double) -> Bool {
            abs(step) <= abs(last) * 5 + 2 && (step * last >= 0 || abs(step) <= 0.5)
        }
        current.animationStep =
            previous.animated && !navigationStarts && !current.layoutChanged
            ? steps.first(where: smooth) ?? steps[0] : 0
        guard current.animated, previous.animated, !previous.finger, !current.layoutChanged,
            !current.keyboardMoving, !previous.keyboardMoving, !navigationStarts, abs(last) >= 0.5,
            let id = common.first, !steps.contains(where: smooth)
        else { return nil }
        return "\(id) moved \(moved(id)) in an animation whose last step was \(last)"
    }
}
