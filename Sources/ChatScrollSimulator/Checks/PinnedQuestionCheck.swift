/// `pinned-question`: in layout `top`, a question sent is pinned at the top; from the end
/// of its pin's animation, while an answer streams and nobody touches the screen, it holds still.
struct PinnedQuestionCheck {
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

    /// What is wrong with frame `index`, or `nil`.
    mutating func check(_ frame: Simulator.Frame, index: Int, answerStreams: Bool) -> String? {
        if frame.finger { release() }
        guard let question else { return nil }
        let now = frame.tops[question]
        defer { top = index < settlesAt ? nil : now }
        guard index >= settlesAt, let now, let pinned = top, answerStreams, abs(now - pinned) > 0.5 else { return nil }
        return "the question moved from \(pinned) to \(now)"
    }
}
