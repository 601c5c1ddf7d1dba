/// `finger-lock`: under the finger, what is on screen moves with it, 1:1, or past an edge
/// along the rubber band, by a part of the finger's move in its direction; and as the finger
/// comes down, it moves no farther than what moved it in the last frame (momentum, a bounce, an
/// animation, which the touch stops) and, for a following list, the content that grew below
/// it: the finger lands on what it saw.
enum FingerLockCheck {
    /// What is wrong with the frame `current` after `previous`, in order.
    ///
    /// - Parameters:
    ///   - common: The rows seen in both frames.
    ///   - moved: How far the screen moved a row (its growth taken out).
    ///   - rubberBanded: Whether the view pulled past an edge in this frame.
    ///   - wasAway: Whether the reader was away from the bottom before this frame.
    ///   - violatedLastFrame: Whether the last frame violated a check: what moved it then is no
    ///     measure for the finger's landing (unless this frame has already violated one).
    static func violations(
        previous: Simulator.Frame, current: Simulator.Frame, common: [String], moved: (String) -> Double,
        rubberBanded: Bool, wasAway: Bool, violatedLastFrame: Bool
    ) -> [String] {
        var found: [String] = []
        func followsFinger(_ id: String) -> Bool {
            let dy = current.fingerDy
            if abs(moved(id) - dy) <= 0.5 { return true }
            guard rubberBanded || !previous.inRange || !current.inRange else { return false }
            return dy >= 0 ? moved(id) >= -0.5 && moved(id) <= dy + 0.5 : moved(id) <= 0.5 && moved(id) >= dy - 0.5
        }
        if previous.finger, current.finger, let id = common.first(where: { !followsFinger($0) }) {
            found.append("\(id) moved \(moved(id)) under a finger that moved \(current.fingerDy)")
        }
        if !previous.finger, current.finger, !current.layoutChanged, !current.keyboardMoving,
            !violatedLastFrame || !found.isEmpty,
            case let carried = abs(previous.movement) + abs(previous.bounceStep ?? 0) + abs(previous.animationStep)
                + (wasAway ? 0 : abs(current.contentHeight - previous.contentHeight)) + abs(current.fingerDy) + 2,
            let id = common.first(where: { abs(moved($0)) > carried })
        {
            found.append("\(id) moved \(moved(id)) as the finger came down")
        }
        return found
    }
}
