/// An event taken apart: its type and its fields in wire order, which can be changed and put
/// back together. The redactor and the shrinker rewrite events this way, so that they know no
/// event by name.
@_spi(ChatEventFields)
public struct ChatEventFields: Sendable, Hashable, ChatEventFieldVisitor, ChatEventFieldSource {
    /// The event's type.
    public var type: ChatEvent.EventType
    /// Its fields in wire order; absent optional ones have a `nil` value.
    public var fields: [ChatEventField] = []

    /// Fields of an event of type `type`; fill them by visiting, or read them as a source.
    public init(type: ChatEvent.EventType, fields: [ChatEventField] = []) {
        self.type = type
        self.fields = fields
    }

    /// The fields of `event`.
    public init(_ event: ChatEvent) {
        type = event.type
        event.visitFields(&self)
    }

    /// The event these fields describe, or `nil` when a required field was removed or given a
    /// value of another kind.
    public var event: ChatEvent? { try? ChatEvent(type: type, fields: self) }

    /// Appends a visited field.
    public mutating func visit(_ field: ChatEventField) { fields.append(field) }

    /// A field that a rewrite left without a value it must have.
    public struct Missing: Error {
        /// Its key.
        public var key: ChatEventKey
    }

    /// The error for the required field `key`.
    public func missing(_ key: ChatEventKey) -> Missing { Missing(key: key) }

    private func value(_ key: ChatEventKey) -> ChatEventFieldValue? {
        fields.first { $0.key == key }?.value
    }

    /// The number field `key`; a field with a value of another kind reads as absent.
    public func number(_ key: ChatEventKey, required: Bool) throws(Missing) -> Double? {
        guard case .number(let value)? = value(key) else { return try absent(key, required) }
        return value
    }

    /// The string field `key`; a field with a value of another kind reads as absent.
    public func string(_ key: ChatEventKey, required: Bool) throws(Missing) -> String? {
        guard case .string(let value)? = value(key) else { return try absent(key, required) }
        return value
    }

    /// The bool field `key`; a field with a value of another kind reads as absent.
    public func bool(_ key: ChatEventKey, required: Bool) throws(Missing) -> Bool? {
        guard case .bool(let value)? = value(key) else { return try absent(key, required) }
        return value
    }

    /// The direction field `key`; a field with a value of another kind reads as absent.
    public func direction(_ key: ChatEventKey, required: Bool) throws(Missing) -> MessageDirection? {
        guard case .direction(let value)? = value(key) else { return try absent(key, required) }
        return value
    }

    /// The messages field `key`; a field with a value of another kind reads as absent.
    public func messages(_ key: ChatEventKey, required: Bool) throws(Missing) -> [ChatMessage]? {
        guard case .messages(let value)? = value(key) else { return try absent(key, required) }
        return value
    }

    /// The position field `key`; a field with a value of another kind reads as absent.
    public func position(_ key: ChatEventKey, required: Bool) throws(Missing) -> SavedPosition? {
        guard case .position(let value)? = value(key) else { return try absent(key, required) }
        return value
    }

    private func absent<Value>(_ key: ChatEventKey, _ required: Bool) throws(Missing) -> Value? {
        if required { throw Missing(key: key) }
        return nil
    }
}
