/// Who wrote a message, as seen from the device that shows the conversation, or that the row
/// is not a message at all.
public enum MessageDirection: String, Sendable, Hashable, Codable, CaseIterable {
    /// Written on this device: the user's own message or question.
    case outgoing
    /// Written by someone else: a reply, an answer, another participant.
    case incoming
    /// A row that is not a message: a date separator, a "joined the conversation" line, an
    /// encryption banner. It takes part in the geometry like any row, and is never unread,
    /// animated or scrolled to by itself (specification §12).
    case system
}

/// A message as the scroll engine sees it: an id, a direction and a height.
///
/// The engine never sees text or layout; it needs only the height the message occupies
/// in the scroll view, estimated when the message is appended and corrected later by
/// ``ChatEvent/itemMeasured(id:height:)`` or grown by ``ChatEvent/tokensAppended(id:text:heightDelta:height:)``.
///
/// ```swift
/// let message = ChatMessage(id: "m42", direction: .incoming, height: 64)
/// ```
public struct ChatMessage: Sendable, Hashable {
    /// The message's stable identifier, unique within the conversation.
    public var id: String
    /// Whether the message was written here or received, or is a system row.
    public var direction: MessageDirection
    /// The message's height in points.
    public var height: Double

    /// Creates a message.
    public init(id: String, direction: MessageDirection, height: Double) {
        self.id = id
        self.direction = direction
        self.height = height
    }
}
