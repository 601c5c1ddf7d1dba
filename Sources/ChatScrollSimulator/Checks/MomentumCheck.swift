/// `reading-stays-put` under momentum: what is on screen moves only as the momentum carries it,
/// each frame's movement the last one's decayed by 0.998 per millisecond (a prepend that is not
/// compensated shows as a jump); momentum that ends carries the content no farther than its last
/// frame did; and the app does not stop a fling that still moves the content. While the keyboard
/// moves too, what is on screen moves no farther in a frame, also the one in which momentum ends,
/// than the momentum's last step and the keyboard's move together (for a reader, whom neither an
/// arrival nor the catch-up with the keyboard scrolls, also during those).
///
/// As the finger lifts, what is on screen moves no farther than the momentum's first step, or the
/// bounce back over the overshoot the finger left, plus the keyboard's first step when it starts
/// to move then: the app keeps what the finger left in place, and a jump or an animation of its
/// own starting here is seen (`reading-stays-put` for a reader away from the bottom, else
/// `bottom-visible`). A list that follows may also follow what grew below it (the typing
/// indicator that shows as the finger lifts).
struct MomentumCheck: FrameCheck {
    func judge(_ frame: TrackedFrame, into found: inout FrameFindings) {
        if let what = Self.coasting(frame) { found.add(.readingStaysPut, what) }
        if let what = Self.release(frame) { found.add(frame.wasAway ? .readingStaysPut : .bottomStaysVisible, what) }
    }

    private static func coasting(_ frame: TrackedFrame) -> String? {
        let (previous, current, motion, view) = (frame.previous, frame.current, frame.motion, frame.view)
        let decay = Simulator.momentumDecayPerFrame
        if current.coasting, previous.coasting, previous.coastedSince, let id = motion.common.first {
            let expected = previous.movement * decay
            guard abs(motion.moved(id) - expected) > 1 else { return nil }
            return "\(id) moved \(motion.moved(id)) during momentum that carried it \(expected)"
        }
        if previous.decelerating, current.keyboardMoving || previous.keyboardMoving,
            !current.bouncing, !previous.bouncing, !current.finger, !previous.finger, !current.layoutChanged,
            // (An arrival, or a catch-up with the keyboard, scrolls no reader: the hold took the
            // keyboard in.)
            !current.animated
                || frame.wasAway && !view.isAnimatingScroll && (frame.navigationOver || frame.onlyCatchingUp),
            let id = motion.common.first,
            // (Right after the release, the fling's speed is the finger's.)
            case let speed = max(abs(previous.movement), abs(previous.releaseVelocity ?? 0) / Simulator.frameRate),
            abs(motion.moved(id)) > speed + abs(frame.keyboardDelta) * (1 + frame.keyboardExtra) + 2
        {
            // Momentum the keyboard's move meets: it decays (or ends), and the keyboard adds its
            // own share.
            return "\(id) moved \(motion.moved(id)) during momentum of \(speed) a frame and the keyboard's "
                + "move of \(frame.keyboardDelta)"
        }
        if !current.coasting, previous.coasting, previous.coastedSince, !current.finger, !current.layoutChanged,
            frame.navigationOver, let id = motion.common.first,
            abs(motion.moved(id)) > abs(previous.movement * decay) + 1
        {
            // Momentum that ends (at rest, at an edge, or stopped) carries the content no farther
            // than its last frame did.
            return "\(id) moved \(motion.moved(id)) as momentum of \(previous.movement) a frame ended"
        }
        if !current.coasting, previous.coasting, previous.coastedSince || previous.releaseVelocity != nil,
            !view.isDecelerating, !current.finger, !frame.userActed, !current.layoutChanged, !current.keyboardMoving,
            frame.navigationOver,
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

    private static func release(_ frame: TrackedFrame) -> String? {
        let (previous, current, motion) = (frame.previous, frame.current, frame.motion)
        // (A keyboard that starts to move as the finger lifts, notified then, may carry what is
        // read by its own first step.)
        // (A navigation that the release itself starts, the catch-up with the keyboard or a send
        // that waited for the finger, has not moved the list yet.)
        guard previous.finger, !current.finger, let release = current.releaseVelocity, !current.layoutChanged,
            frame.navigationOver || frame.navigationStartsFromRest,
            let id = motion.firstMoved(
                fartherThan: abs(release) / Simulator.frameRate * 1.5 + abs(previous.overshoot) + 2
                    + abs(frame.keyboardDelta),
                orThan: !frame.wasAway ? -(motion.grownBelow() ?? 0) : 0)
        else { return nil }
        return "\(id) moved \(motion.moved(id)) as the finger lifted at \(release) points/s"
    }
}
