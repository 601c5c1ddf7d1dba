import ChatEvents

/// A message as the screens hold it: the reducer's message and its text.
public struct Bubble: Identifiable, Sendable {
    public var message: ChatMessage
    public var text: String
    public var id: String { message.id }

    public init(_ message: ChatMessage, text: String) {
        self.message = message
        self.text = text
    }
}
