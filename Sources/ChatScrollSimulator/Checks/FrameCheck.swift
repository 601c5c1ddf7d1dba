/// A check of what the user sees: it judges every frame of a session in order, after the frame is
/// laid out, and reports what is wrong with it. Each check states its rule in its doc comment.
///
/// Checks judge a ``TrackedFrame`` (what the screen shows, where the rows read in the last frame
/// went, and what moves the screen) and keep only the state their rule needs across frames.
protocol FrameCheck {
    /// Judges `frame`, adding what is wrong with it to `found`.
    mutating func judge(_ frame: TrackedFrame, into found: inout FrameFindings)
}

/// What the checks found wrong with one frame, in the order they found it.
struct FrameFindings {
    /// A violation, described when its description is kept.
    struct Finding {
        var check: ScreenCheck
        var what: String?
    }

    private(set) var all: [Finding] = []
    /// A violation is described only where the run keeps it: in a drawn frame, or as its check's
    /// first (most violations are only counted).
    private let drawn: Bool
    private let described: [ScreenCheck: String]

    /// Findings for a frame that is `drawn` or not, after the first violations `described`.
    init(drawn: Bool, described: [ScreenCheck: String]) {
        self.drawn = drawn
        self.described = described
    }

    /// Adds a violation of `check`; `what` is built only when it is kept.
    mutating func add(_ check: ScreenCheck, _ what: @autoclosure () -> String) {
        all.append(Finding(check: check, what: drawn || described[check] == nil ? what() : nil))
    }
}
