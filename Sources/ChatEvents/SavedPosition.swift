/// A reading position that survives the screen going away, as emitted by the
/// `persistPosition` effect and handed back through ``ChatEvent/appeared(restore:)``.
///
/// `anchorID` is the topmost visible message and `delta` how far the visible top lies
/// below that message's top (`offset - top(anchorID)`), so the position survives
/// changes of content height elsewhere in the conversation.
public struct SavedPosition: Sendable, Hashable {
    /// The topmost visible message when the position was taken, or `nil` if none was.
    public var anchorID: String?
    /// `offset - top(anchorID)` in points; may be negative.
    public var delta: Double
    /// Whether the view was at the bottom; restoring then returns to the bottom.
    public var wasAtBottom: Bool

    /// Creates a saved position.
    public init(anchorID: String?, delta: Double, wasAtBottom: Bool) {
        self.anchorID = anchorID
        self.delta = delta
        self.wasAtBottom = wasAtBottom
    }
}
