/// Everything that can happen to a chat screen, as the scroll engine hears of it.
///
/// Each case is one line of a log: `{"type": "<case name>", ...fields}`. The case names,
/// labels and their JSON keys are a wire contract; recorded logs replay unchanged forever.
///
/// ```swift
/// let events: [ChatEvent] = [
///     .viewportChanged(height: 800, insetTop: 100, insetBottom: 50),
///     .historyLoaded(messages: history, hasMoreOlder: true),
///     .messageAppended(ChatMessage(id: "m9", direction: .incoming, height: 60), streaming: true),
///     .tokensAppended(id: "m9", text: "Hello", heightDelta: 20, height: nil),
/// ]
/// ```
public enum ChatEvent: Sendable, Hashable {
    /// The scroll view's frame height or its obscured insets changed (`viewportChanged`).
    case viewportChanged(height: Double, insetTop: Double, insetBottom: Double)
    /// Stored or fetched history arrived; merged after the loaded messages (`historyLoaded`).
    /// `firstUnreadID` names the oldest incoming message the user has not read; the open that
    /// this history causes starts there, under a "new messages" divider.
    case historyLoaded(messages: [ChatMessage], hasMoreOlder: Bool, firstUnreadID: String? = nil)
    /// A live message was appended, sent here or received (`messageAppended`).
    /// `streaming` is the optional wire flag for an answer whose tokens follow.
    case messageAppended(ChatMessage, streaming: Bool?)
    /// The server echoed an outgoing message, optionally renaming it (`messageConfirmed`).
    case messageConfirmed(id: String, newID: String?)
    /// A streaming message grew by `heightDelta`, or to `height`, which wins (`tokensAppended`).
    case tokensAppended(id: String, text: String?, heightDelta: Double?, height: Double?)
    /// A streaming message is complete (`streamFinished`).
    case streamFinished(id: String)
    /// The layout measured a message's real height (`itemMeasured`).
    case itemMeasured(id: String, height: Double)
    /// A message was deleted (`messageRemoved`).
    case messageRemoved(id: String)
    /// A page of older history arrived and is prepended (`olderLoaded`).
    case olderLoaded(messages: [ChatMessage], hasMoreOlder: Bool)
    /// The request for older history failed (`loadOlderFailed`).
    case loadOlderFailed
    /// A page of newer history arrived and is appended after the newest loaded message
    /// (`newerLoaded`); `hasMoreNewer` tells whether the page still stops short of the present.
    case newerLoaded(messages: [ChatMessage], hasMoreNewer: Bool)
    /// The request for newer history failed (`loadNewerFailed`).
    case loadNewerFailed
    /// A window of history arrived and replaces every loaded message (`windowLoaded`).
    /// `firstUnreadID` names the oldest incoming message the user has not read when the window
    /// opens the conversation: the app loaded it around that message itself (v1.3).
    case windowLoaded(messages: [ChatMessage], hasMoreOlder: Bool, hasMoreNewer: Bool, firstUnreadID: String? = nil)
    /// The request for a window of history failed (`windowLoadFailed`).
    case windowLoadFailed
    /// The keyboard is about to cover `height` more points of the scroll view (`keyboardWillShow`).
    case keyboardWillShow(height: Double, duration: Double?)
    /// The keyboard is about to hide (`keyboardWillHide`).
    case keyboardWillHide(duration: Double?)
    /// The user's finger touched down and began dragging (`dragBegan`).
    case dragBegan
    /// The scroll view reported a new offset (`scrolled`).
    case scrolled(offset: Double)
    /// The user lifted the finger; momentum follows when `velocity` is non-zero (`dragEnded`).
    case dragEnded(offset: Double, velocity: Double?)
    /// Scrolling came to rest (`scrollSettled`).
    case scrollSettled(offset: Double)
    /// A text selection became active or inactive (`selectionChanged`).
    case selectionChanged(active: Bool)
    /// The message input gained focus (`inputFocused`).
    case inputFocused
    /// The message input lost focus (`inputBlurred`).
    case inputBlurred
    /// The user tapped the jump-to-latest button (`jumpToLatestTapped`).
    case jumpToLatestTapped
    /// The app asked to show a particular message, such as a search result or a reply's source (`jumpToMessage`).
    case jumpToMessage(id: String)
    /// The highlight of a jumped-to message finished (`highlightFinished`).
    case highlightFinished
    /// A message's entrance animation finished (`entranceAnimationFinished`).
    case entranceAnimationFinished(id: String)
    /// The chat screen appeared, optionally with a position to restore (`appeared`).
    case appeared(restore: SavedPosition?)
    /// The chat screen went away (`disappeared`).
    case disappeared
    /// The row above the oldest loaded message changed height: a "loading older messages"
    /// spinner, a "start of the conversation" banner; 0 when there is none (`headerChanged`).
    case headerChanged(height: Double)
    /// The row below the newest message changed height: a typing indicator, "thinking…"; 0 when
    /// there is none (`footerChanged`).
    case footerChanged(height: Double)
    /// The user tapped the "new messages" pill that jumps to the first unread message
    /// (`jumpToUnreadTapped`).
    case jumpToUnreadTapped
}

extension ChatEvent {
    /// The event's wire name, the value of its `"type"` key.
    ///
    /// - Complexity: O(1).
    public var type: EventType {
        switch self {
        case .viewportChanged: .viewportChanged
        case .historyLoaded: .historyLoaded
        case .messageAppended: .messageAppended
        case .messageConfirmed: .messageConfirmed
        case .tokensAppended: .tokensAppended
        case .streamFinished: .streamFinished
        case .itemMeasured: .itemMeasured
        case .messageRemoved: .messageRemoved
        case .olderLoaded: .olderLoaded
        case .loadOlderFailed: .loadOlderFailed
        case .newerLoaded: .newerLoaded
        case .loadNewerFailed: .loadNewerFailed
        case .windowLoaded: .windowLoaded
        case .windowLoadFailed: .windowLoadFailed
        case .keyboardWillShow: .keyboardWillShow
        case .keyboardWillHide: .keyboardWillHide
        case .dragBegan: .dragBegan
        case .scrolled: .scrolled
        case .dragEnded: .dragEnded
        case .scrollSettled: .scrollSettled
        case .selectionChanged: .selectionChanged
        case .inputFocused: .inputFocused
        case .inputBlurred: .inputBlurred
        case .jumpToLatestTapped: .jumpToLatestTapped
        case .jumpToMessage: .jumpToMessage
        case .highlightFinished: .highlightFinished
        case .entranceAnimationFinished: .entranceAnimationFinished
        case .appeared: .appeared
        case .disappeared: .disappeared
        case .headerChanged: .headerChanged
        case .footerChanged: .footerChanged
        case .jumpToUnreadTapped: .jumpToUnreadTapped
        }
    }

    /// The wire names of the events: the values of the `"type"` key.
    public enum EventType: String, Sendable, Hashable, CaseIterable, Codable {
        /// `viewportChanged`
        case viewportChanged
        /// `historyLoaded`
        case historyLoaded
        /// `messageAppended`
        case messageAppended
        /// `messageConfirmed`
        case messageConfirmed
        /// `tokensAppended`
        case tokensAppended
        /// `streamFinished`
        case streamFinished
        /// `itemMeasured`
        case itemMeasured
        /// `messageRemoved`
        case messageRemoved
        /// `olderLoaded`
        case olderLoaded
        /// `loadOlderFailed`
        case loadOlderFailed
        /// `keyboardWillShow`
        case keyboardWillShow
        /// `keyboardWillHide`
        case keyboardWillHide
        /// `dragBegan`
        case dragBegan
        /// `scrolled`
        case scrolled
        /// `dragEnded`
        case dragEnded
        /// `scrollSettled`
        case scrollSettled
        /// `selectionChanged`
        case selectionChanged
        /// `inputFocused`
        case inputFocused
        /// `inputBlurred`
        case inputBlurred
        /// `jumpToLatestTapped`
        case jumpToLatestTapped
        /// `jumpToMessage`
        case jumpToMessage
        /// `highlightFinished`
        case highlightFinished
        /// `entranceAnimationFinished`
        case entranceAnimationFinished
        /// `appeared`
        case appeared
        /// `disappeared`
        case disappeared
        /// `newerLoaded`
        case newerLoaded
        /// `loadNewerFailed`
        case loadNewerFailed
        /// `windowLoaded`
        case windowLoaded
        /// `windowLoadFailed`
        case windowLoadFailed
        /// `headerChanged`
        case headerChanged
        /// `footerChanged`
        case footerChanged
        /// `jumpToUnreadTapped`
        case jumpToUnreadTapped
    }
}

/// One line of a log: an event and its optional informational timestamp `"t"`.
public struct LoggedEvent: Sendable, Hashable {
    /// Seconds since an arbitrary origin, non-decreasing within a log; informational only.
    public var time: Double?
    /// The event.
    public var event: ChatEvent

    /// Creates a logged event.
    public init(_ event: ChatEvent, time: Double? = nil) {
        self.event = event
        self.time = time
    }
}
