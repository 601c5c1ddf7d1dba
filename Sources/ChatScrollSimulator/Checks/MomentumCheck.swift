/// `reading-stays-put` under momentum: what is on screen moves only as the momentum carries it, each frame's
/// movement the last one's decayed by 0.998 per millisecond (a prepend that is not compensated
/// shows as a jump); momentum that ends carries the content no farther than its last frame did;
/// and the app does not stop a fling that still moves the content.
enum MomentumCheck {
    /// Notes in `current` whether momentum coasted in it and how far it moved what is on screen,
    /// and returns what is wrong with it, if anything.
    ///
    /// - Parameters:
    ///   - userActed: Whether the user tapped or sent in this frame.
    ///   - navigationOver: Whether no navigation the user asked for runs.
    static func judge(
        previous: Simulator.Frame, current: inout Simulator.Frame, motion: FrameMotion, view: SimulatedScrollView,
        userActed: Bool, navigationOver: Bool
    ) -> String? {
        let decay = Simulator.momentumDecayPerFrame
        let coasting =
            view.isDecelerating && view.animation == nil && view.bounce == nil && !current.finger
            && !current.layoutChanged
            && current.offset > 0 && current.offset < current.maxOffset && !current.keyboardMoving
        current.coasting = coasting
        // The previous frame's movement was momentum's own only if it coasted too.
        current.coastedSince = coasting && previous.coasting && !motion.common.isEmpty
        current.movement = motion.common.first.map(motion.moved) ?? 0
        if coasting, previous.coasting, previous.coastedSince, let id = motion.common.first {
            let expected = previous.movement * decay
            guard abs(motion.moved(id) - expected) > 1 else { return nil }
            return "\(id) moved \(motion.moved(id)) during momentum that carried it \(expected)"
        }
        if !coasting, previous.coasting, previous.coastedSince, !current.finger, !current.layoutChanged,
            navigationOver, let id = motion.common.first, abs(motion.moved(id)) > abs(previous.movement * decay) + 1
        {
            // Momentum that ends (at rest, at an edge, or stopped) carries the content no farther
            // than its last frame did.
            return "\(id) moved \(motion.moved(id)) as momentum of \(previous.movement) a frame ended"
        }
        if !coasting, previous.coasting, previous.coastedSince || previous.releaseVelocity != nil,
            !view.isDecelerating, !current.finger, !userActed, !current.layoutChanged, !current.keyboardMoving,
            navigationOver,
            // (Right after the release, the fling's speed is the finger's.)
            case let speed = previous.coastedSince
                ? previous.movement : (previous.releaseVelocity ?? 0) / Simulator.frameRate,
            case let step = speed * decay,
            abs(step) > 2, case let reach = previous.offset - step,
            reach > 0.5, reach < previous.maxOffset - 0.5, current.offset > 0.5,
            current.offset < current.maxOffset - 0.5
        {
            // Only the finger, a tap or a send, a navigation the user asked for, an edge or a new
            // layout stop a fling.
            return "momentum of \(speed) a frame stopped with no touch"
        }
        return nil
    }

    /// As the finger lifts, what is on screen moves no farther than the momentum's first step,
    /// or the bounce back over the overshoot the finger left: the app keeps what the finger left
    /// in place, and a jump or an animation of its own starting here is seen. A list that follows
    /// may also follow what grew below it (the typing indicator that shows as the finger lifts).
    static func judgeRelease(
        previous: Simulator.Frame, current: Simulator.Frame, motion: FrameMotion, following: Bool,
        navigationOver: Bool
    ) -> String? {
        guard previous.finger, !current.finger, let release = current.releaseVelocity, !current.layoutChanged,
            !current.keyboardMoving, navigationOver,
            let id = motion.firstMoved(
                fartherThan: abs(release) / Simulator.frameRate * 1.5 + abs(previous.overshoot) + 2,
                orThan: following ? -(motion.grownBelow() ?? 0) : 0)
        else { return nil }
        return "\(id) moved \(motion.moved(id)) as the finger lifted at \(release) points/s"
    }
}
