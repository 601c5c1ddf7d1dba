/// What the reader has not read yet and what they have (specification §§10–12): the divider,
/// read receipts, and arrivals beyond the loaded window. Unread loaded messages themselves are
/// flags in the store.
struct UnreadTracking: Sendable, Equatable {
    /// The first unread message, above which the client draws a divider.
    var dividerKey: MessageKey?
    /// With `readReceipts`: the newest message the user has seen.
    var readUpToKey: MessageKey?
    /// Incoming messages appended while the loaded window stops short of the present: not
    /// inserted, but unread until the view follows the newest message again.
    var unloadedCount = 0
    /// The first unread message of an open at it, while the open's first layout settles (the
    /// `itemMeasured` events that directly follow the open): the mode is decided again after each.
    var openingAtKey: MessageKey?
    /// Whether the screen is shown: from the first `viewportChanged` or an `appeared` until
    /// `disappeared`. Read receipts are sent only while it is.
    var screenShown = false
}
