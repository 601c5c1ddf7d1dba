/// `pinned-question`: in layout `top`, a question sent is pinned at the top; from the end
/// of its pin's animation, while an answer streams or the keyboard moves and nobody touches the
/// screen, it holds still.
struct PinnedQuestionCheck: FrameCheck {
    /// The question pinned, until the user touches the screen or leaves it.
    private(set) var question: String?
    /// Where it was in the last frame judged.
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
        defer { top = frame.index < settlesAt ? nil : now }
        // (The keyboard leaves a pinned question where it is: specification §5, `keyboardWillShow`.)
        let keyboardMoves = (frame.current.keyboardMoving || frame.previous.keyboardMoving) && !frame.current.rotated
        guard frame.index >= settlesAt, let now, let pinned = top, frame.answerStreams || keyboardMoves,
            abs(now - pinned) > 0.5
        else { return }
        found.add(.pinnedQuestion, "the question moved from \(pinned) to \(now)")
    }
}
