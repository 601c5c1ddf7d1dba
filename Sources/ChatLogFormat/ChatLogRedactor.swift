@_spi(ChatEventFields) import ChatEvents
import ChatJSON

/// Removes what a log does not need to replay: message text, and optionally the real ids.
///
/// The reducer never reads text, so `tokensAppended.text` is dropped. With ``redactsIDs``
/// every id — message ids, `messageConfirmed.newID`, a restore's `anchorID`, the ids in
/// `historyLoaded` and `windowLoaded` (and their `firstUnreadID`), `olderLoaded` and
/// `newerLoaded` — is replaced by a pseudonym `m1`, `m2`, … in order of first appearance. The
/// same original id always gets the same pseudonym within one redactor, so a redacted log
/// replays exactly like the original, apart from the ids.
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

    /// `event` with its text dropped and its ids replaced, as configured: every string field
    /// of the format is an id, except `text`.
    public mutating func redact(_ event: ChatEvent) -> ChatEvent {
        var parts = ChatEventFields(event)
        for index in parts.fields.indices {
            guard let value = parts.fields[index].value else { continue }
            parts.fields[index].value = redact(value, of: parts.fields[index].key)
        }
        return parts.event ?? event
    }

    /// A field's value redacted; `nil` drops it.
    private mutating func redact(_ value: ChatEventFieldValue, of key: ChatEventKey) -> ChatEventFieldValue? {
        switch value {
        case .string(let string):
            if key == .text { return dropsText ? nil : value }
            return .string(pseudonym(for: string))
        case .messages(let messages):
            return .messages(redact(messages))
        case .position(var position):
            position.anchorID = position.anchorID.map { pseudonym(for: $0) }
            return .position(position)
        case .number, .bool, .direction:
            return value
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
