// The one description of every event's wire fields: their keys, types, optionality and order.
// Decoders read an event through `init(type:fields:)`; encoders, the timeline text, the
// redactor and the shrinker walk one through `visitFields(_:)`. `FieldDescriptionTests` checks
// that the two halves agree, key for key, on every event type.

/// A key of an event line, or of an object nested in one: the wire format's keys, each once.
@_spi(ChatEventFields)
public enum ChatEventKey: UInt8, CaseIterable, Sendable, Hashable {
    case type, t, id, height, insetTop, insetBottom, messages, hasMoreOlder, hasMoreNewer
    case firstUnreadID, direction, streaming, newID, text, heightDelta, duration, offset
    case velocity, active, restore, anchorID, delta, wasAtBottom

    /// The key's text in a log.
    @inlinable
    public var name: StaticString {
        switch self {
        case .type: "type"
        case .t: "t"
        case .id: "id"
        case .height: "height"
        case .insetTop: "insetTop"
        case .insetBottom: "insetBottom"
        case .messages: "messages"
        case .hasMoreOlder: "hasMoreOlder"
        case .hasMoreNewer: "hasMoreNewer"
        case .firstUnreadID: "firstUnreadID"
        case .direction: "direction"
        case .streaming: "streaming"
        case .newID: "newID"
        case .text: "text"
        case .heightDelta: "heightDelta"
        case .duration: "duration"
        case .offset: "offset"
        case .velocity: "velocity"
        case .active: "active"
        case .restore: "restore"
        case .anchorID: "anchorID"
        case .delta: "delta"
        case .wasAtBottom: "wasAtBottom"
        }
    }

    /// The kind of value the key holds: the same in every object it appears in.
    @inlinable @inline(__always)
    public var kind: ChatEventFieldKind {
        switch self {
        case .t, .height, .insetTop, .insetBottom, .heightDelta, .duration, .offset, .velocity, .delta: .number
        case .type, .id, .firstUnreadID, .newID, .text, .anchorID: .string
        case .hasMoreOlder, .hasMoreNewer, .streaming, .active, .wasAtBottom: .bool
        case .direction: .direction
        case .messages: .messages
        case .restore: .position
        }
    }

    /// The key's text in a log, as a `String`.
    public var text: String { name.withUTF8Buffer { String(decoding: $0, as: UTF8.self) } }

    /// A bit of its own, for sets of keys.
    @inlinable @inline(__always)
    public var bit: UInt32 { 1 << UInt32(rawValue) }
}

/// The kinds of value a field holds.
@_spi(ChatEventFields)
public enum ChatEventFieldKind: Sendable, Hashable {
    /// A JSON number.
    case number
    /// A JSON string.
    case string
    /// `true` or `false`.
    case bool
    /// `"outgoing"`, `"incoming"` or `"system"`.
    case direction
    /// An array of message objects.
    case messages
    /// A saved-position object.
    case position
}

/// Where a decoder reads an event's fields from: a line's object, a `Codable` container, a
/// set of fields collected from another event.
///
/// Each read names its key and says whether the field is required. A required read returns a
/// value or throws (the missing or mistyped field); an optional one returns `nil` for an
/// absent field and, as the format says, for `null`.
@_spi(ChatEventFields)
public protocol ChatEventFieldSource {
    /// What a failed read throws.
    associatedtype Failure: Error

    /// The error for a required field that was not there.
    func missing(_ key: ChatEventKey) -> Failure
    /// The number `key`.
    func number(_ key: ChatEventKey, required: Bool) throws(Failure) -> Double?
    /// The string `key`.
    func string(_ key: ChatEventKey, required: Bool) throws(Failure) -> String?
    /// The boolean `key`.
    func bool(_ key: ChatEventKey, required: Bool) throws(Failure) -> Bool?
    /// The message direction `key`: `"outgoing"`, `"incoming"` or `"system"`.
    func direction(_ key: ChatEventKey, required: Bool) throws(Failure) -> MessageDirection?
    /// The array of message objects `key`.
    func messages(_ key: ChatEventKey, required: Bool) throws(Failure) -> [ChatMessage]?
    /// The saved-position object `key`.
    func position(_ key: ChatEventKey, required: Bool) throws(Failure) -> SavedPosition?
}

@_spi(ChatEventFields)
extension ChatEventFieldSource {
    /// Unwraps a required read; a source that returns `nil` for one reads as missing.
    @inlinable @inline(__always)
    func required<Value>(_ value: Value?, _ key: ChatEventKey) throws(Failure) -> Value {
        guard let value else { throw missing(key) }
        return value
    }
}

/// The value of one field, as a visitor sees it.
@_spi(ChatEventFields)
public enum ChatEventFieldValue: Sendable, Hashable {
    /// A JSON number.
    case number(Double)
    /// A JSON string.
    case string(String)
    /// `true` or `false`.
    case bool(Bool)
    /// `"outgoing"`, `"incoming"` or `"system"`.
    case direction(MessageDirection)
    /// An array of `{"id", "direction", "height"}` objects.
    case messages([ChatMessage])
    /// A `{"anchorID"?, "delta", "wasAtBottom"}` object.
    case position(SavedPosition)
}

/// One field of an event: its key, its value (`nil` for an absent optional field) and whether
/// the format lets it be absent.
@_spi(ChatEventFields)
public struct ChatEventField: Sendable, Hashable {
    /// The field's key.
    public var key: ChatEventKey
    /// Its value, or `nil` when an optional field is absent.
    public var value: ChatEventFieldValue?
    /// Whether the format lets the field be absent.
    public var isOptional: Bool

    /// Creates a field.
    @inlinable
    public init(_ key: ChatEventKey, _ value: ChatEventFieldValue?, isOptional: Bool = false) {
        self.key = key
        self.value = value
        self.isOptional = isOptional
    }
}

/// What walks an event's fields in wire order: an encoder, the timeline text, the redactor.
@_spi(ChatEventFields)
public protocol ChatEventFieldVisitor {
    /// Visits one field; absent optional fields are visited too, with a `nil` value.
    mutating func visit(_ field: ChatEventField)
}

@_spi(ChatEventFields)
extension ChatEvent {
    /// Reads an event of type `type` from `fields`, in wire order.
    ///
    /// - Complexity: O(*m*) in the number of messages it carries.
    @inlinable
    public init<Source: ChatEventFieldSource>(type: EventType, fields s: Source) throws(Source.Failure) {
        switch type {
        case .viewportChanged:
            self = try .viewportChanged(
                height: s.required(s.number(.height, required: true), .height),
                insetTop: s.required(s.number(.insetTop, required: true), .insetTop),
                insetBottom: s.required(s.number(.insetBottom, required: true), .insetBottom))
        case .historyLoaded:
            self = try .historyLoaded(
                messages: s.required(s.messages(.messages, required: true), .messages),
                hasMoreOlder: s.required(s.bool(.hasMoreOlder, required: true), .hasMoreOlder),
                firstUnreadID: s.string(.firstUnreadID, required: false))
        case .messageAppended:
            self = try .messageAppended(ChatMessage(fields: s), streaming: s.bool(.streaming, required: false))
        case .messageConfirmed:
            self = try .messageConfirmed(
                id: s.required(s.string(.id, required: true), .id), newID: s.string(.newID, required: false))
        case .tokensAppended:
            self = try .tokensAppended(
                id: s.required(s.string(.id, required: true), .id),
                text: s.string(.text, required: false),
                heightDelta: s.number(.heightDelta, required: false),
                height: s.number(.height, required: false))
        case .streamFinished:
            self = try .streamFinished(id: s.required(s.string(.id, required: true), .id))
        case .itemMeasured:
            self = try .itemMeasured(
                id: s.required(s.string(.id, required: true), .id),
                height: s.required(s.number(.height, required: true), .height))
        case .messageRemoved:
            self = try .messageRemoved(id: s.required(s.string(.id, required: true), .id))
        case .olderLoaded:
            self = try .olderLoaded(
                messages: s.required(s.messages(.messages, required: true), .messages),
                hasMoreOlder: s.required(s.bool(.hasMoreOlder, required: true), .hasMoreOlder))
        case .loadOlderFailed:
            self = .loadOlderFailed
        case .newerLoaded:
            self = try .newerLoaded(
                messages: s.required(s.messages(.messages, required: true), .messages),
                hasMoreNewer: s.required(s.bool(.hasMoreNewer, required: true), .hasMoreNewer))
        case .loadNewerFailed:
            self = .loadNewerFailed
        case .windowLoaded:
            self = try .windowLoaded(
                messages: s.required(s.messages(.messages, required: true), .messages),
                hasMoreOlder: s.required(s.bool(.hasMoreOlder, required: true), .hasMoreOlder),
                hasMoreNewer: s.required(s.bool(.hasMoreNewer, required: true), .hasMoreNewer),
                firstUnreadID: s.string(.firstUnreadID, required: false))
        case .windowLoadFailed:
            self = .windowLoadFailed
        case .keyboardWillShow:
            self = try .keyboardWillShow(
                height: s.required(s.number(.height, required: true), .height),
                duration: s.number(.duration, required: false))
        case .keyboardWillHide:
            self = try .keyboardWillHide(duration: s.number(.duration, required: false))
        case .dragBegan:
            self = .dragBegan
        case .scrolled:
            self = try .scrolled(offset: s.required(s.number(.offset, required: true), .offset))
        case .dragEnded:
            self = try .dragEnded(
                offset: s.required(s.number(.offset, required: true), .offset),
                velocity: s.number(.velocity, required: false))
        case .scrollSettled:
            self = try .scrollSettled(offset: s.required(s.number(.offset, required: true), .offset))
        case .selectionChanged:
            self = try .selectionChanged(active: s.required(s.bool(.active, required: true), .active))
        case .inputFocused:
            self = .inputFocused
        case .inputBlurred:
            self = .inputBlurred
        case .jumpToLatestTapped:
            self = .jumpToLatestTapped
        case .jumpToMessage:
            self = try .jumpToMessage(id: s.required(s.string(.id, required: true), .id))
        case .highlightFinished:
            self = .highlightFinished
        case .entranceAnimationFinished:
            self = try .entranceAnimationFinished(id: s.required(s.string(.id, required: true), .id))
        case .appeared:
            self = try .appeared(restore: s.position(.restore, required: false))
        case .disappeared:
            self = .disappeared
        case .headerChanged:
            self = try .headerChanged(height: s.required(s.number(.height, required: true), .height))
        case .footerChanged:
            self = try .footerChanged(height: s.required(s.number(.height, required: true), .height))
        case .jumpToUnreadTapped:
            self = .jumpToUnreadTapped
        }
    }

    /// Walks the event's fields in wire order (`"type"` is not a field).
    ///
    /// - Complexity: O(1); a field that carries messages is visited as one value.
    @inlinable
    public func visitFields<Visitor: ChatEventFieldVisitor>(_ v: inout Visitor) {
        switch self {
        case .viewportChanged(let height, let insetTop, let insetBottom):
            v.visit(ChatEventField(.height, .number(height)))
            v.visit(ChatEventField(.insetTop, .number(insetTop)))
            v.visit(ChatEventField(.insetBottom, .number(insetBottom)))
        case .historyLoaded(let messages, let hasMoreOlder, let firstUnreadID):
            v.visit(ChatEventField(.messages, .messages(messages)))
            v.visit(ChatEventField(.hasMoreOlder, .bool(hasMoreOlder)))
            v.visit(ChatEventField(.firstUnreadID, firstUnreadID.map { .string($0) }, isOptional: true))
        case .messageAppended(let message, let streaming):
            message.visitFields(&v)
            v.visit(ChatEventField(.streaming, streaming.map { .bool($0) }, isOptional: true))
        case .messageConfirmed(let id, let newID):
            v.visit(ChatEventField(.id, .string(id)))
            v.visit(ChatEventField(.newID, newID.map { .string($0) }, isOptional: true))
        case .tokensAppended(let id, let text, let heightDelta, let height):
            v.visit(ChatEventField(.id, .string(id)))
            v.visit(ChatEventField(.text, text.map { .string($0) }, isOptional: true))
            v.visit(ChatEventField(.heightDelta, heightDelta.map { .number($0) }, isOptional: true))
            v.visit(ChatEventField(.height, height.map { .number($0) }, isOptional: true))
        case .streamFinished(let id), .messageRemoved(let id), .jumpToMessage(let id),
            .entranceAnimationFinished(let id):
            v.visit(ChatEventField(.id, .string(id)))
        case .itemMeasured(let id, let height):
            v.visit(ChatEventField(.id, .string(id)))
            v.visit(ChatEventField(.height, .number(height)))
        case .olderLoaded(let messages, let hasMoreOlder):
            v.visit(ChatEventField(.messages, .messages(messages)))
            v.visit(ChatEventField(.hasMoreOlder, .bool(hasMoreOlder)))
        case .newerLoaded(let messages, let hasMoreNewer):
            v.visit(ChatEventField(.messages, .messages(messages)))
            v.visit(ChatEventField(.hasMoreNewer, .bool(hasMoreNewer)))
        case .windowLoaded(let messages, let hasMoreOlder, let hasMoreNewer, let firstUnreadID):
            v.visit(ChatEventField(.messages, .messages(messages)))
            v.visit(ChatEventField(.hasMoreOlder, .bool(hasMoreOlder)))
            v.visit(ChatEventField(.hasMoreNewer, .bool(hasMoreNewer)))
            v.visit(ChatEventField(.firstUnreadID, firstUnreadID.map { .string($0) }, isOptional: true))
        case .keyboardWillShow(let height, let duration):
            v.visit(ChatEventField(.height, .number(height)))
            v.visit(ChatEventField(.duration, duration.map { .number($0) }, isOptional: true))
        case .keyboardWillHide(let duration):
            v.visit(ChatEventField(.duration, duration.map { .number($0) }, isOptional: true))
        case .scrolled(let offset), .scrollSettled(let offset):
            v.visit(ChatEventField(.offset, .number(offset)))
        case .dragEnded(let offset, let velocity):
            v.visit(ChatEventField(.offset, .number(offset)))
            v.visit(ChatEventField(.velocity, velocity.map { .number($0) }, isOptional: true))
        case .headerChanged(let height), .footerChanged(let height):
            v.visit(ChatEventField(.height, .number(height)))
        case .selectionChanged(let active):
            v.visit(ChatEventField(.active, .bool(active)))
        case .appeared(let restore):
            v.visit(ChatEventField(.restore, restore.map { .position($0) }, isOptional: true))
        case .loadOlderFailed, .loadNewerFailed, .windowLoadFailed, .dragBegan, .inputFocused, .inputBlurred,
            .jumpToLatestTapped, .highlightFinished, .disappeared, .jumpToUnreadTapped:
            break
        }
    }
}

@_spi(ChatEventFields)
extension ChatMessage {
    /// Reads `{"id", "direction", "height"}`.
    @inlinable
    public init<Source: ChatEventFieldSource>(fields s: Source) throws(Source.Failure) {
        try self.init(
            id: s.required(s.string(.id, required: true), .id),
            direction: s.required(s.direction(.direction, required: true), .direction),
            height: s.required(s.number(.height, required: true), .height))
    }

    /// Walks `id`, `direction` and `height`.
    @inlinable
    public func visitFields<Visitor: ChatEventFieldVisitor>(_ v: inout Visitor) {
        v.visit(ChatEventField(.id, .string(id)))
        v.visit(ChatEventField(.direction, .direction(direction)))
        v.visit(ChatEventField(.height, .number(height)))
    }
}

@_spi(ChatEventFields)
extension SavedPosition {
    /// Reads `{"anchorID"?, "delta", "wasAtBottom"}`.
    @inlinable
    public init<Source: ChatEventFieldSource>(fields s: Source) throws(Source.Failure) {
        try self.init(
            anchorID: s.string(.anchorID, required: false),
            delta: s.required(s.number(.delta, required: true), .delta),
            wasAtBottom: s.required(s.bool(.wasAtBottom, required: true), .wasAtBottom))
    }

    /// Walks `anchorID`, `delta` and `wasAtBottom`.
    @inlinable
    public func visitFields<Visitor: ChatEventFieldVisitor>(_ v: inout Visitor) {
        v.visit(ChatEventField(.anchorID, anchorID.map { .string($0) }, isOptional: true))
        v.visit(ChatEventField(.delta, .number(delta)))
        v.visit(ChatEventField(.wasAtBottom, .bool(wasAtBottom)))
    }
}
