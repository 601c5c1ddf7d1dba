/// `pinned-question`: in layout `top`, a question sent is pinned at the top; from the end
/// of its pin's animation, or from the first frame it rests at its place if that comes sooner,
/// it holds still where it rests until the user touches the screen or leaves it (specification
/// §2: the answer streaming below never moves it, nor does the keyboard, §5), but for a new
/// layout (a turn).
struct PinnedQuestionCheck: FrameCheck {
    /// The question pinned, until the user touches the screen or leaves it.
    private(set) var question: String?
    /// Where it rests: where it was first judged, or where it was last found to have moved to.
    private var top: Double?
    /// The frame from which it must hold still.
    private var settlesAt = 0

    /// `question` is pinned by a navigation whose animation is over at frame `settlesAt`.
    mutating func pin(_ question: String, settlingAt settlesAt: Int) {
        self.question = question
        top = nil
        self.settlesAt = settlesAt
    }

    /// The user left the question (a touch, jump to latest).
    mutating func release() { question = nil }

    mutating func judge(_ frame: TrackedFrame, into found: inout FrameFindings) {
        if frame.current.finger { release() }
        guard let question else { return }
        let now = frame.current.rows.top(question)
        // (Its pin has landed once it rests at its place: what moves it from there is no longer
        // the pin's animation.)
        let place = frame.current.insetTop + frame.pinMargin
        if frame.index < settlesAt, let now, let last = frame.previous.rows.top(question),
            abs(now - place) <= 0.5, abs(last - now) <= 0.5
        {
            settlesAt = frame.index
        }
        // (Judged against where it rests, not the last frame: a slow creep adds up.)
        let pinned = top
        top = frame.index < settlesAt || frame.current.layoutChanged ? nil : pinned ?? now
        guard frame.index >= settlesAt, let now, let pinned, !frame.current.layoutChanged, abs(now - pinned) > 0.5
        else { return }
        top = now
        found.add(.pinnedQuestion, "the question moved from \(pinned) to \(now)")
    }
}
