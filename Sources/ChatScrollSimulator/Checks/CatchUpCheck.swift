/// A list that catches up with the keyboard after the finger lifts (the keyboard moved while the
/// finger held the list) moves what is read no farther than the keyboard moved under the finger
/// and since, until the navigation that catch-up is ends or the finger comes down again
/// (`bottom-visible`). A reader away from the bottom has nothing to catch up with: the end of the
/// hold takes what is read anew (specification §2), so it moves no farther than the keyboard
/// moved since (`reading-stays-put`). Momentum, a bounce (or a list past an edge), the release's
/// own frame, a rotation's frame and a list easing the last points to the bottom are judged by
/// their own rules.
struct CatchUpCheck: FrameCheck {
    /// How far the keyboard moved under the finger and since, and how far the list has moved.
    private var running: (underFinger: Double, since: Double, moved: Double)?

    /// The finger lifted after the keyboard moved `keyboardMoved` points under it.
    mutating func fingerLifted(keyboardMoved: Double) { running = (keyboardMoved, 0, 0) }

    /// A navigation the user asked for takes the list where it goes.
    mutating func superseded() { running = nil }

    mutating func judge(_ frame: TrackedFrame, into found: inout FrameFindings) {
        guard var catchUp = running else { return }
        let (previous, current, motion) = (frame.previous, frame.current, frame.motion)
        let ownRules =
            frame.view.isDecelerating || previous.decelerating || previous.coasting || previous.bouncing
            || current.bouncing || !previous.inRange || previous.finger || current.layoutChanged || frame.settling
        catchUp.since += abs(frame.keyboardDelta)
        catchUp.moved += ownRules ? 0 : frame.common.first.map { abs(motion.moved($0)) } ?? 0
        running = current.finger || frame.navigationOver ? nil : catchUp
        let allowed = (frame.wasAway ? 0 : catchUp.underFinger) + catchUp.since
        guard catchUp.moved > allowed + 2, let id = frame.common.first else { return }
        running = nil
        found.add(
            frame.wasAway ? .readingStaysPut : .bottomStaysVisible,
            "\(id) moved \(catchUp.moved) points after the finger lifted, more than the keyboard moved "
                + (frame.wasAway ? "since (\(allowed))" : "under it and since (\(allowed))"))
    }
}
