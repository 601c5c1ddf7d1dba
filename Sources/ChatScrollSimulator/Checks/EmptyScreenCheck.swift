/// A screen that showed rows shows some in the next frame: a list thrown past its content is
/// seen (`reading-stays-put` for a reader away from the bottom, else `bottom-visible`). The
/// finger's rubber band and momentum's bounce may pass a small visible region, and are not judged.
struct EmptyScreenCheck: FrameCheck {
    func judge(_ frame: TrackedFrame, into found: inout FrameFindings) {
        let (previous, current) = (frame.previous, frame.current)
        guard previous.shown, !current.shown, current.contentHeight > 0, !frame.view.isDecelerating, !current.finger
        else { return }
        found.add(frame.wasAway ? .readingStaysPut : .bottomStaysVisible, "the screen shows no row")
    }
}
