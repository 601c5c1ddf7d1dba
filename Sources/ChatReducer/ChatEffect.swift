import ChatEvents

/// Work a step asks the app to do. Effects are reported by the step that emits them only.
public enum ChatEffect: Sendable, Hashable {
    /// Fetch the page of history before the message `before`, then send
    /// `ChatEvent.olderLoaded(messages:hasMoreOlder:)` or `ChatEvent.loadOlderFailed`.
    case loadOlder(before: String)
    /// Store this position and hand it back in `ChatEvent.appeared(restore:)`.
    case persistPosition(SavedPosition)
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
