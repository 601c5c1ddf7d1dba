import ChatEvents
import ChatJSON

extension ChatEvent {
    /// Writes `"type"` and the event's fields, in the order of section 5, into an open object.
    func writeMembers(to writer: inout JSONWriter) {
        writer.key("type")
        writer.string(type.rawValue)
        switch self {
        case .viewportChanged(let height, let insetTop, let insetBottom):
            writer.key("height")
            writer.number(height)
            writer.key("insetTop")
            writer.number(insetTop)
            writer.key("insetBottom")
            writer.number(insetBottom)
        case .historyLoaded(let messages, let hasMoreOlder, let firstUnreadID):
            writer.messages(messages)
            writer.key("hasMoreOlder")
            writer.bool(hasMoreOlder)
            writer.optionalField("firstUnreadID", firstUnreadID)
        case .olderLoaded(let messages, let hasMoreOlder):
            writer.messages(messages)
            writer.key("hasMoreOlder")
            writer.bool(hasMoreOlder)
        case .newerLoaded(let messages, let hasMoreNewer):
            writer.messages(messages)
            writer.key("hasMoreNewer")
            writer.bool(hasMoreNewer)
        case .windowLoaded(let messages, let hasMoreOlder, let hasMoreNewer):
            writer.messages(messages)
            writer.key("hasMoreOlder")
            writer.bool(hasMoreOlder)
            writer.key("hasMoreNewer")
            writer.bool(hasMoreNewer)
        case .messageAppended(let message, let streaming):
            message.writeMembers(to: &writer)
            writer.optionalField("streaming", streaming)
        case .messageConfirmed(let id, let newID):
            writer.key("id")
            writer.string(id)
            writer.optionalField("newID", newID)
        case .tokensAppended(let id, let text, let heightDelta, let height):
            writer.key("id")
            writer.string(id)
            writer.optionalField("text", text)
            writer.optionalField("heightDelta", heightDelta)
            writer.optionalField("height", height)
        case .streamFinished(let id), .messageRemoved(let id), .jumpToMessage(let id),
            .entranceAnimationFinished(let id):
            writer.key("id")
            writer.string(id)
        case .itemMeasured(let id, let height):
            writer.key("id")
            writer.string(id)
            writer.key("height")
            writer.number(height)
        case .keyboardWillShow(let height, let duration):
            writer.key("height")
            writer.number(height)
            writer.optionalField("duration", duration)
        case .keyboardWillHide(let duration):
            writer.optionalField("duration", duration)
        case .scrolled(let offset), .scrollSettled(let offset):
            writer.key("offset")
            writer.number(offset)
        case .dragEnded(let offset, let velocity):
            writer.key("offset")
            writer.number(offset)
            writer.optionalField("velocity", velocity)
        case .selectionChanged(let active):
            writer.key("active")
            writer.bool(active)
        case .appeared(let restore):
            if let restore {
                writer.key("restore")
                writer.beginObject()
                writer.optionalField("anchorID", restore.anchorID)
                writer.key("delta")
                writer.number(restore.delta)
                writer.key("wasAtBottom")
                writer.bool(restore.wasAtBottom)
                writer.endObject()
            }
        case .loadOlderFailed, .loadNewerFailed, .windowLoadFailed, .dragBegan, .inputFocused, .inputBlurred,
            .jumpToLatestTapped, .highlightFinished, .disappeared:
            break
        }
    }
}

extension ChatMessage {
    /// Writes `"id"`, `"direction"` and `"height"` into an open object.
    func writeMembers(to writer: inout JSONWriter) {
        writer.key("id")
        writer.string(id)
        writer.key("direction")
        writer.string(direction.rawValue)
        writer.key("height")
        writer.number(height)
    }
}

extension JSONWriter {
    /// Writes `"messages"` and the array of messages.
    mutating func messages(_ messages: [ChatMessage]) {
        key("messages")
        beginArray()
        for message in messages {
            beginObject()
            message.writeMembers(to: &self)
            endObject()
        }
        endArray()
    }

    /// Writes `key` and the string `value` unless `value` is `nil`.
    mutating func optionalField(_ key: String, _ value: String?) {
        guard let value else { return }
        self.key(key)
        string(value)
    }

    /// Writes `key` and the number `value` unless `value` is `nil`.
    mutating func optionalField(_ key: String, _ value: Double?) {
        guard let value else { return }
        self.key(key)
        number(value)
    }

    /// Writes `key` and the boolean `value` unless `value` is `nil`.
    mutating func optionalField(_ key: String, _ value: Bool?) {
        guard let value else { return }
        self.key(key)
        bool(value)
    }
}
