/// `bottom-visible`: a list that follows the conversation, with no animated command
/// running, shows the newest message's bottom at the visible bottom in every frame, and is not
/// pushed past it: an overshoot may only shrink (a bounce that the keyboard carries back), never
/// start or grow, but by the bounce's own last frame or along the keyboard (content that fits
/// until it has risen), and never rests with neither a bounce nor the keyboard moving.
///
/// It does not judge frames that a navigation, an arrival's scroll, the settling of a list left
/// near the bottom or momentum moves.
struct BottomVisibleCheck: FrameCheck {
    func judge(_ frame: TrackedFrame, into found: inout FrameFindings) {
        let (previous, current) = (frame.previous, frame.current)
        let appScrolls = frame.navigating || frame.settling || frame.view.isDecelerating
        let overshoot = current.offset - current.maxOffset
        // (Past the bottom with nothing to take it back: no bounce, and the keyboard at rest,
        // blank space shows below the newest message, where the app's insets put it.)
        let overshootGrew =
            overshoot > max(0, previous.offset - previous.maxOffset) + 0.5 && !previous.decelerating
            && !current.keyboardMoving
            || overshoot > 0.5 && !current.decelerating && !previous.decelerating && !current.keyboardMoving
                && !previous.keyboardMoving
        guard frame.following, previous.shown, !previous.finger, !current.finger, !appScrolls, current.offset >= 0,
            !current.atBottom || overshootGrew
        else { return }
        found.add(
            .bottomStaysVisible,
            current.atBottom
                ? "\(overshoot) points past the bottom"
                : "\(current.maxOffset - current.offset) points of new content below the screen")
    }
}
