/// `finger-lock`: under the finger, what is on screen moves with it, 1:1, or past an edge
/// along the rubber band, by a part of the finger's move in its direction; and as the finger
/// comes down, it moves no farther than what moved it in the last frame (momentum, a bounce, an
/// animation, which the touch stops) and, for a following list, the content that grew below
/// it: the finger lands on what it saw.
struct FingerLockCheck: FrameCheck {
    func judge(_ frame: TrackedFrame, into found: inout FrameFindings) {
        let (previous, current, motion) = (frame.previous, frame.current, frame.motion)
        let moved = motion.moved
        func followsFinger(_ id: String) -> Bool {
            let dy = current.fingerDy
            if abs(moved(id) - dy) <= 0.5 { return true }
            guard current.alongRubberBand(after: previous, rubberBanded: frame.view.rubberBanded) else { return false }
            return dy >= 0 ? moved(id) >= -0.5 && moved(id) <= dy + 0.5 : moved(id) <= 0.5 && moved(id) >= dy - 0.5
        }
        var underFinger = false
        if previous.finger, current.finger, let id = motion.common.first(where: { !followsFinger($0) }) {
            underFinger = true
            found.add(.fingerLock, "\(id) moved \(moved(id)) under a finger that moved \(current.fingerDy)")
        }
        // (When the last frame violated a check, what moved it then is no measure for the
        // finger's landing, unless this frame has already violated one.)
        if !previous.finger, current.finger, !current.layoutChanged, !current.keyboardMoving,
            !frame.violatedLastFrame || underFinger,
            case let carried = abs(previous.movement) + abs(previous.bounceStep ?? 0) + abs(previous.animationStep)
                + (frame.wasAway ? 0 : abs(current.contentHeight - previous.contentHeight)) + abs(current.fingerDy) + 2,
            let id = motion.common.first(where: { abs(moved($0)) > carried })
        {
            found.add(.fingerLock, "\(id) moved \(moved(id)) as the finger came down")
        }
    }
}
