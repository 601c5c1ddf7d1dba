/// A list that catches up with the keyboard after the finger lifts (the keyboard moved while the
/// finger held the list) moves what is read no farther than the keyboard moved under the finger
/// and since, until the navigation that catch-up is ends or the finger comes down again
/// (`reading-stays-put` for a reader away from the bottom, else `bottom-visible`). Momentum, a
/// bounce, the release's own frame and a list easing the last points to the bottom are judged by
/// their own rules.
struct CatchUpCheck: FrameCheck {
    /// How far it may move, and has moved.
    private var running: (allowed: Double, moved: Double)?

    /// The finger lifted after the keyboard moved `keyboardMoved` points under it.
    mutating func fingerLifted(keyboardMoved: Double) { running = (keyboardMoved, 0) }

    mutating func judge(_ frame: TrackedFrame, into found: inout FrameFindings) {
        guard var catchUp = running else { return }
        let (previous, current, motion) = (frame.previous, frame.current, frame.motion)
        let ownRules =
            frame.view.isDecelerating || previous.decelerating || previous.coasting || previous.bouncing
            || current.bouncing || previous.finger || frame.settling
        catchUp.allowed += abs(frame.keyboardDelta)
        catchUp.moved += ownRules ? 0 : frame.common.first.map { abs(motion.moved($0)) } ?? 0
        running = current.finger || frame.navigationOver ? nil : catchUp
        guard catchUp.moved > catchUp.allowed + 2, let id = frame.common.first else { return }
        running = nil
        found.add(
            frame.wasAway ? .readingStaysPut : .bottomStaysVisible,
            "\(id) moved \(catchUp.moved) points after the finger lifted, more than the keyboard moved "
                + "under it and since (\(catchUp.allowed))")
    }
}
