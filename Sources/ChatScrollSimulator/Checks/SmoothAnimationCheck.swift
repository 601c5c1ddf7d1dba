/// `smooth-animation`: an animated scroll moves what is on screen each frame at most five
/// times as far as in the frame before while it starts (an eased curve's second frame by four
/// times), twice once it has gone two steps the same way (a cubic ease's third frame by 1.7
/// times), plus 2 points, and never turns back. A jump inside the animation (a page kept
/// wrong, a snap at its end, a restart, a leap on the way) shows here.
///
/// A following list may also move with the content that grew below it: pushed by it at once,
/// or by an animation that takes it on the way. The first frame of an animation starts it from
/// whatever moved before (momentum, a finger), and so do a navigation the user starts in this
/// frame (a tap, a send: the list turns as the user asked) and a rotation's frame (everything
/// moves with the visible top): the animation's steps count from the next frame on.
struct SmoothAnimationCheck: FrameCheck {
    /// Whether an animation's step `step` may follow its last step `last`, and `before` it (0
    /// where the animation had not moved yet), with the content grown by `growth` (0 for a list
    /// away from the bottom). An eased start speeds up by at most four times in its second frame;
    /// once two steps went the same way, by less than twice in any frame; a step up, by as much
    /// more as the content grew (what grew below is taken on the way).
    static func isSmooth(_ step: Double, after last: Double, before: Double = 0, growth: Double = 0) -> Bool {
        let underWay = abs(before) >= 0.5 && before * last > 0
        let pushed = step < 0 ? max(0, growth) : 0
        return abs(step) <= abs(last) * (underWay ? 2 : 5) + 2 + pushed && (step * last >= 0 || abs(step) <= 0.5)
    }

    /// The steps an animation may have taken row `id` this frame: with rows' growth taken out
    /// (``FrameMotion/moved(_:)``), with the content that grew below a following list, or as the
    /// screen moved it. (A footer that grows under a list landing at the bottom can be taken for
    /// a push of the rows up, where the screen shows them going on the way they went.)
    static func steps(of id: String, in motion: FrameMotion, growth: Double) -> [Double] {
        [motion.moved(id), motion.moved(id) + growth, motion.movedOnScreen(id)]
    }

    /// The first of the steps row `id` may have taken (``steps(of:in:growth:)``) that an animation
    /// may take after its steps up to `previous`, or nil where none may.
    static func smoothStep(
        of id: String, in motion: FrameMotion, growth: Double, after previous: Simulator.Frame
    ) -> Double? {
        steps(of: id, in: motion, growth: growth).first {
            isSmooth($0, after: previous.animationStep, before: previous.stepBefore, growth: growth)
        }
    }

    func judge(_ frame: TrackedFrame, into found: inout FrameFindings) {
        let (previous, current, motion) = (frame.previous, frame.current, frame.motion)
        let growth = frame.wasAway ? 0 : current.contentHeight - previous.contentHeight
        let last = previous.animationStep
        guard current.animated, previous.animated, !previous.finger, !current.layoutChanged,
            !current.keyboardMoving, !previous.keyboardMoving, !frame.navigationStarts, abs(last) >= 0.5,
            let id = motion.common.first, Self.smoothStep(of: id, in: motion, growth: growth, after: previous) == nil
        else { return }
        found.add(.smoothAnimation, "\(id) moved \(motion.moved(id)) in an animation whose last step was \(last)")
    }
}
