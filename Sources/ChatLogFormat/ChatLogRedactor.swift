import ChatEvents
import ChatJSON

/// Removes what a log does not need to replay: message text, and optionally the real ids.
///
/// The reducer never reads text, so `tokensAppended.text` is dropped. With ``redactsIDs``
/// every id — message ids, `messageConfirmed.newID`, a restore's `anchorID`, the ids in
/// `historyLoaded` (and its `firstUnreadID`), `olderLoaded`, `newerLoaded` and `windowLoaded` —
/// is replaced by a pseudonym `m1`, `m2`, … in order of first appearance. The same original id
/// always gets the same pseudonym within one redactor, so a redacted log replays exactly like
/// the original, apart from the ids.
///
/// ```swift
/// var redactor = ChatLogRedactor(redactsIDs: true)
/// let line = redactor.redact(LoggedEvent(.jumpToMessage(id: "msg-7f3a"))) // id "m1"
/// ```
///
/// A redactor is a value; redact one log with one redactor, in order.
public struct ChatLogRedactor: Sendable {
    /// The metadata key that holds `ChatScrollPackage.version`.
    public static let packageMetadataKey = "package"
    /// The metadata key that says what was removed, such as `text,ids`.
    public static let redactedMetadataKey = "redacted"

    /// Whether `tokensAppended.text` is dropped; true by default.
    public var dropsText: Bool
    /// Whether every id is replaced by a pseudonym; false by default.
    public var redactsIDs: Bool
    /// Original id to pseudonym.
    private var pseudonyms: [String: String] = [:]

    /// Creates a redactor.
    public init(dropsText: Bool = true, redactsIDs: Bool = false) {
        self.dropsText = dropsText
        self.redactsIDs = redactsIDs
    }

    /// The number of distinct ids given a pseudonym so far.
    public var pseudonymCount: Int { pseudonyms.count }

    /// The value of the ``redactedMetadataKey`` this redactor writes, or `nil` when it removes
    /// nothing: `text`, `ids` or `text,ids`.
    public var redactionSummary: String? {
        let parts = (dropsText ? ["text"] : []) + (redactsIDs ? ["ids"] : [])
        return parts.isEmpty ? nil : parts.joined(separator: ",")
    }

    /// The pseudonym of `id`, assigning the next one on its first appearance; `id` itself
    /// when ids are not redacted.
    public mutating func pseudonym(for id: String) -> String {
        guard redactsIDs else { return id }
        if let existing = pseudonyms[id] { return existing }
        let name = "m\(pseudonyms.count + 1)"
        pseudonyms[id] = name
        return name
    }

    /// `event` with its text dropped and its ids replaced, as configured.
    public mutating func redact(_ event: ChatEvent) -> ChatEvent {
        switch event {
        case .historyLoaded(let messages, let hasMoreOlder, let firstUnreadID):
            let redacted = redact(messages)
            return .historyLoaded(
                messages: redacted, hasMoreOlder: hasMoreOlder, firstUnreadID: firstUnreadID.map { pseudonym(for: $0) })
        case .olderLoaded(let messages, let hasMoreOlder):
            return .olderLoaded(messages: redact(messages), hasMoreOlder: hasMoreOlder)
        case .newerLoaded(let messages, let hasMoreNewer):
            return .newerLoaded(messages: redact(messages), hasMoreNewer: hasMoreNewer)
        case .windowLoaded(let messages, let hasMoreOlder, let hasMoreNewer):
            return .windowLoaded(messages: redact(messages), hasMoreOlder: hasMoreOlder, hasMoreNewer: hasMoreNewer)
        case .messageAppended(let message, let streaming):
            return .messageAppended(redact(message), streaming: streaming)
        case .messageConfirmed(let id, let newID):
            let renamed = pseudonym(for: id)
            return .messageConfirmed(id: renamed, newID: newID.map { pseudonym(for: $0) })
        case .tokensAppended(let id, let text, let heightDelta, let height):
            return .tokensAppended(
                id: pseudonym(for: id), text: dropsText ? nil : text, heightDelta: heightDelta, height: height)
        case .streamFinished(let id):
            return .streamFinished(id: pseudonym(for: id))
        case .itemMeasured(let id, let height):
            return .itemMeasured(id: pseudonym(for: id), height: height)
        case .messageRemoved(let id):
            return .messageRemoved(id: pseudonym(for: id))
        case .jumpToMessage(let id):
            return .jumpToMessage(id: pseudonym(for: id))
        case .entranceAnimationFinished(let id):
            return .entranceAnimationFinished(id: pseudonym(for: id))
        case .appeared(let restore):
            guard var position = restore else { return event }
            position.anchorID = position.anchorID.map { pseudonym(for: $0) }
            return .appeared(restore: position)
        case .viewportChanged, .loadOlderFailed, .loadNewerFailed, .windowLoadFailed, .keyboardWillShow,
            .keyboardWillHide, .dragBegan, .scrolled,
            .dragEnded, .scrollSettled, .selectionChanged, .inputFocused, .inputBlurred, .jumpToLatestTapped,
            .highlightFinished, .disappeared:
            return event
        }
    }

    /// `logged` with its event redacted; the timestamp is kept.
    public mutating func redact(_ logged: LoggedEvent) -> LoggedEvent {
        LoggedEvent(redact(logged.event), time: logged.time)
    }

    /// `message` with its id replaced.
    public mutating func redact(_ message: ChatMessage) -> ChatMessage {
        guard redactsIDs else { return message }
        var copy = message
        copy.id = pseudonym(for: message.id)
        return copy
    }

    /// `messages` with their ids replaced, in order.
    public mutating func redact(_ messages: [ChatMessage]) -> [ChatMessage] {
        guard redactsIDs else { return messages }
        var result: [ChatMessage] = []
        result.reserveCapacity(messages.count)
        for message in messages { result.append(redact(message)) }
        return result
    }

    /// A header for the redacted log: the same configuration, and of the metadata only the
    /// keys in `keeping`, plus ``redactedMetadataKey``. Metadata is free text an app may have
    /// filled with anything, so by default only the package version survives.
    public func redact(_ header: ChatLogHeader, keeping: Set<String> = [ChatLogRedactor.packageMetadataKey])
        -> ChatLogHeader
    {
        var metadata = header.metadata.filter { keeping.contains($0.key) }
        if let summary = redactionSummary { metadata[Self.redactedMetadataKey] = summary }
        return ChatLogHeader(version: header.version, configuration: header.configuration, metadata: metadata)
    }
}
