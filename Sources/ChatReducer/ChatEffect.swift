import ChatEvents

/// Work a step asks the app to do. Effects are reported by the step that emits them only.
public enum ChatEffect: Sendable, Hashable {
    /// Fetch the page of history before the message `before`, then send
    /// `ChatEvent.olderLoaded(messages:hasMoreOlder:)` or `ChatEvent.loadOlderFailed`.
    case loadOlder(before: String)
    /// Store this position and hand it back in `ChatEvent.appeared(restore:)`.
    case persistPosition(SavedPosition)
    /// With `readReceipts`: tell the server that the user has seen every message up to and
    /// including `upTo`. The server keeps the newest marker it has seen, since a jump into older
    /// history can report an older one.
    case markRead(upTo: String)
    /// Fetch the page of history after the message `after`, then send
    /// `ChatEvent.newerLoaded(messages:hasMoreNewer:)` or `ChatEvent.loadNewerFailed`.
    case loadNewer(after: String)
    /// Fetch a window of history around the message `around` (`nil`: the newest page), then
    /// send `ChatEvent.windowLoaded(messages:hasMoreOlder:hasMoreNewer:firstUnreadID:)` or
    /// `ChatEvent.windowLoadFailed`. A later `loadWindow` supersedes this one: cancel it.
    case loadWindow(around: String?)
}

/// A window of history that has been requested and has not arrived: the `pendingWindow` key.
public struct PendingWindow: Sendable, Hashable {
    /// The message the window is requested around; `nil` for the newest page.
    public var around: String?
    /// The navigation the window answers: `jumpToMessage`, `jumpToLatest`, `outgoingMessage`
    /// or `newQuestion`; the command issued when it arrives carries this reason.
    public var reason: ScrollCommand.Reason

    /// Creates a pending window.
    public init(around: String?, reason: ScrollCommand.Reason) {
        self.around = around
        self.reason = reason
    }
}

/// Who holds the view: how the offset is kept after an event.
public enum ScrollMode: String, Sendable, Hashable, CaseIterable {
    /// Pinned to the bottom: `offset == maxOffset`.
    case following
    /// Scrolled away: the topmost visible message keeps its place on screen.
    case detached
    /// Layout `top`: the newest question is held under the top inset.
    case pinned
}

/// Why the modelled offset changed at a step: the `offsetReason` key.
public enum OffsetReason: String, Sendable, Hashable, CaseIterable {
    /// The user's scroll.
    case user
    /// A scroll command issued at this step.
    case command
    /// Content grew at the bottom: appends, history, tokens.
    case growth
    /// Older history was prepended.
    case prepend
    /// The keyboard moved.
    case keyboard
    /// The viewport's height or insets changed.
    case viewport
    /// A message's height was corrected.
    case measure
    /// A message was removed.
    case remove
    /// A hold ended and the mode's invariant was applied.
    case settle
    /// The offset no longer fitted the content and no other cause applies.
    case clamp
}
