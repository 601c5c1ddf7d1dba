/// Who holds the view (specification §2): the finger from `dragBegan` until the scroll settles,
/// an active text selection, and what waits for the hold to end.
struct ViewHold: Sendable, Equatable {
    /// From `dragBegan` until the scroll settles.
    var touch = false
    /// While a text selection is active.
    var selection = false
    /// An `outgoingMessage` or `newQuestion` command waiting for the hold to end.
    var deferredCommand: ScrollCommand.Reason?
    /// Whether a window arrived while the finger was down: the `dragEnded` of that finger is
    /// expected, not a problem.
    var windowEndedTheDrag = false

    /// Whether the user holds the view.
    var isHeld: Bool { touch || selection }

    /// A user command (or a window that replaces the content) takes over: nothing holds the view,
    /// and a deferred command is dropped.
    mutating func release() {
        touch = false
        selection = false
        deferredCommand = nil
    }
}
