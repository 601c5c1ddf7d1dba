@_spi(ChatEventFields) import ChatEvents
import ChatJSON

extension ChatEvent {
    /// Writes `"type"` and the event's fields, in wire order, into an open object.
    func writeMembers(to writer: inout JSONWriter) {
        writer.key("type")
        writer.string(type.rawValue)
        withUnsafeMutablePointer(to: &writer) { writer in
            var fields = JSONFieldWriter(writer: writer)
            visitFields(&fields)
        }
    }
}

/// Writes the fields it visits as members of an open object.
private struct JSONFieldWriter: ChatEventFieldVisitor {
    /// The writer, borrowed for one event's fields.
    let writer: UnsafeMutablePointer<JSONWriter>

    /// Writes a field; an absent optional field is omitted.
    mutating func visit(_ field: ChatEventField) {
        guard let value = field.value else { return }
        writer.pointee.write(field.key, value, fields: &self)
    }
}

extension JSONWriter {
    /// Writes `key` and `value`; a nested object's fields go through `fields`.
    fileprivate mutating func write(_ key: ChatEventKey, _ value: ChatEventFieldValue, fields: inout JSONFieldWriter) {
        self.key(literal: key.name)
        switch value {
        case .number(let value):
            number(value)
        case .string(let value):
            string(value)
        case .bool(let value):
            bool(value)
        case .direction(let direction):
            string(direction.rawValue)
        case .messages(let messages):
            beginArray()
            for message in messages {
                beginObject()
                message.visitFields(&fields)
                endObject()
            }
            endArray()
        case .position(let position):
            beginObject()
            position.visitFields(&fields)
            endObject()
        }
    }
}
