// Codable conformances for users of Encoder and Decoder implementations such as Foundation's
// JSONEncoder and JSONDecoder. They use the keys of the wire format and agree with
// ChatLogLine(decoding:) and ChatLogLine.encoded() on every valid line; the hand-written
// codec is the faster path and the one that reports columns.

/// A key of an event object, `"t"` included, or of an object nested in one.
struct ChatEventCodingKey: CodingKey {
    var key: ChatEventKey?
    var stringValue: String
    var intValue: Int? { nil }

    init(_ key: ChatEventKey) {
        self.key = key
        stringValue = key.text
    }

    init?(stringValue: String) {
        key = ChatEventKey.allCases.first { $0.text == stringValue }
        self.stringValue = stringValue
    }

    init?(intValue: Int) { nil }
}

/// A `Codable` container read as the events' field source.
struct CodableFieldSource: ChatEventFieldSource {
    let container: KeyedDecodingContainer<ChatEventCodingKey>

    init(_ decoder: any Decoder) throws {
        container = try decoder.container(keyedBy: ChatEventCodingKey.self)
    }

    init(_ container: KeyedDecodingContainer<ChatEventCodingKey>) {
        self.container = container
    }

    func missing(_ key: ChatEventKey) -> any Error {
        DecodingError.keyNotFound(
            ChatEventCodingKey(key),
            DecodingError.Context(codingPath: container.codingPath, debugDescription: "missing \(key.text)"))
    }

    private func read<Value: Decodable>(_ type: Value.Type, _ key: ChatEventKey, _ required: Bool) throws -> Value? {
        required
            ? try container.decode(type, forKey: ChatEventCodingKey(key))
            : try container.decodeIfPresent(type, forKey: ChatEventCodingKey(key))
    }

    func number(_ key: ChatEventKey, required: Bool) throws -> Double? { try read(Double.self, key, required) }
    func string(_ key: ChatEventKey, required: Bool) throws -> String? { try read(String.self, key, required) }
    func bool(_ key: ChatEventKey, required: Bool) throws -> Bool? { try read(Bool.self, key, required) }
    func direction(_ key: ChatEventKey, required: Bool) throws -> MessageDirection? {
        try read(MessageDirection.self, key, required)
    }
    func messages(_ key: ChatEventKey, required: Bool) throws -> [ChatMessage]? {
        try read([ChatMessage].self, key, required)
    }
    func position(_ key: ChatEventKey, required: Bool) throws -> SavedPosition? {
        try read(SavedPosition.self, key, required)
    }
}

/// A `Codable` container written as the events' field visitor: absent optional fields are
/// omitted, and the first error is kept.
struct CodableFieldWriter: ChatEventFieldVisitor {
    var container: KeyedEncodingContainer<ChatEventCodingKey>
    var error: (any Error)?

    init(_ container: KeyedEncodingContainer<ChatEventCodingKey>) {
        self.container = container
    }

    mutating func visit(_ field: ChatEventField) {
        guard error == nil, let value = field.value else { return }
        let key = ChatEventCodingKey(field.key)
        do {
            switch value {
            case .number(let number): try container.encode(number, forKey: key)
            case .string(let string): try container.encode(string, forKey: key)
            case .bool(let bool): try container.encode(bool, forKey: key)
            case .direction(let direction): try container.encode(direction, forKey: key)
            case .messages(let messages): try container.encode(messages, forKey: key)
            case .position(let position): try container.encode(position, forKey: key)
            }
        } catch {
            self.error = error
        }
    }

    /// Throws the first error a field met.
    func finish() throws {
        if let error { throw error }
    }
}

/// An object of the log described by its fields: a message, a saved position. Its `Codable`
/// conformance goes through that description.
protocol FieldObject {
    init<Source: ChatEventFieldSource>(fields: Source) throws(Source.Failure)
    func visitFields<Visitor: ChatEventFieldVisitor>(_ visitor: inout Visitor)
}

extension FieldObject {
    /// Decodes the object's fields, with the keys of the wire format.
    static func decoded(from decoder: any Decoder) throws -> Self {
        try Self(fields: CodableFieldSource(decoder))
    }

    /// Encodes the object's fields, with the keys of the wire format; absent optional fields
    /// are omitted.
    func encodeFields(to encoder: any Encoder) throws {
        var writer = CodableFieldWriter(encoder.container(keyedBy: ChatEventCodingKey.self))
        visitFields(&writer)
        try writer.finish()
    }
}

extension ChatMessage: Codable, FieldObject {
    /// Decodes `{"id", "direction", "height"}`.
    public init(from decoder: any Decoder) throws { self = try Self.decoded(from: decoder) }

    /// Encodes `{"id", "direction", "height"}`.
    public func encode(to encoder: any Encoder) throws { try encodeFields(to: encoder) }
}

extension SavedPosition: Codable, FieldObject {
    /// Decodes `{"anchorID"?, "delta", "wasAtBottom"}`; an absent or `null` anchor is `nil`.
    public init(from decoder: any Decoder) throws { self = try Self.decoded(from: decoder) }

    /// Encodes `{"anchorID"?, "delta", "wasAtBottom"}`, omitting a `nil` anchor.
    public func encode(to encoder: any Encoder) throws { try encodeFields(to: encoder) }
}

extension ChatConfiguration: Codable {
    private enum CodingKeys: String, CodingKey {
        case layout, atBottomThreshold, jumpToLatestThreshold, loadOlderThreshold
        case focusScrollsToBottom, pinMargin, reduceMotion
        case loadNewerThreshold, readReceipts, windowedHistory
        case footerReserve, dividerOnArrival
    }

    /// Decodes a header's `config` object; absent keys take their defaults, `null` is a value of
    /// the wrong type for every key (specification §13), and unknown keys are ignored.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = ChatConfiguration()
        func setting<Value: Decodable>(_ key: CodingKeys, _ fallback: Value) throws -> Value {
            // `decode` rejects `null`, where `decodeIfPresent` would read it as absent.
            container.contains(key) ? try container.decode(Value.self, forKey: key) : fallback
        }
        try self.init(
            layout: setting(.layout, defaults.layout),
            atBottomThreshold: setting(.atBottomThreshold, defaults.atBottomThreshold),
            jumpToLatestThreshold: setting(.jumpToLatestThreshold, defaults.jumpToLatestThreshold),
            loadOlderThreshold: setting(.loadOlderThreshold, defaults.loadOlderThreshold),
            focusScrollsToBottom: setting(.focusScrollsToBottom, defaults.focusScrollsToBottom),
            pinMargin: setting(.pinMargin, defaults.pinMargin),
            reduceMotion: setting(.reduceMotion, defaults.reduceMotion),
            loadNewerThreshold: setting(.loadNewerThreshold, defaults.loadNewerThreshold),
            readReceipts: setting(.readReceipts, defaults.readReceipts),
            windowedHistory: setting(.windowedHistory, defaults.windowedHistory),
            footerReserve: setting(.footerReserve, defaults.footerReserve),
            dividerOnArrival: setting(.dividerOnArrival, defaults.dividerOnArrival)
        )
    }

    /// Encodes the seven keys of v1 and each of v1.1's and v1.2's that is not its default, so a
    /// v1 configuration encodes as it always did.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(layout, forKey: .layout)
        try container.encode(atBottomThreshold, forKey: .atBottomThreshold)
        try container.encode(jumpToLatestThreshold, forKey: .jumpToLatestThreshold)
        try container.encode(loadOlderThreshold, forKey: .loadOlderThreshold)
        try container.encode(focusScrollsToBottom, forKey: .focusScrollsToBottom)
        try container.encode(pinMargin, forKey: .pinMargin)
        try container.encode(reduceMotion, forKey: .reduceMotion)
        let defaults = ChatConfiguration()
        if loadNewerThreshold != defaults.loadNewerThreshold {
            try container.encode(loadNewerThreshold, forKey: .loadNewerThreshold)
        }
        if readReceipts != defaults.readReceipts { try container.encode(readReceipts, forKey: .readReceipts) }
        if windowedHistory != defaults.windowedHistory {
            try container.encode(windowedHistory, forKey: .windowedHistory)
        }
        if footerReserve != defaults.footerReserve { try container.encode(footerReserve, forKey: .footerReserve) }
        if dividerOnArrival != defaults.dividerOnArrival {
            try container.encode(dividerOnArrival, forKey: .dividerOnArrival)
        }
    }
}

extension ChatLogHeader: Codable {
    private enum CodingKeys: String, CodingKey {
        case chatlog, config, meta
    }

    /// Decodes `{"chatlog": 1, "config"?: {...}, "meta"?: {...}}`.
    ///
    /// - Throws: `DecodingError.dataCorrupted` when `chatlog` is not ``currentVersion``.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let version = try container.decode(Int.self, forKey: .chatlog)
        guard version == Self.currentVersion else {
            throw DecodingError.dataCorruptedError(
                forKey: .chatlog, in: container,
                debugDescription:
                    "unsupported chatlog version \(version); this reader understands version \(Self.currentVersion)"
            )
        }
        try self.init(
            version: version,
            configuration: container.decodeIfPresent(ChatConfiguration.self, forKey: .config) ?? ChatConfiguration(),
            metadata: container.decodeIfPresent([String: String].self, forKey: .meta) ?? [:]
        )
    }

    /// Encodes `chatlog`, `config` and, when not empty, `meta`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(version, forKey: .chatlog)
        try container.encode(configuration, forKey: .config)
        if !metadata.isEmpty {
            try container.encode(metadata, forKey: .meta)
        }
    }
}

extension ChatEvent: Codable {
    /// Decodes a flat event object whose `"type"` names the case.
    ///
    /// - Throws: `DecodingError.dataCorrupted` for an unknown type, and the decoder's errors
    ///   for missing fields or values of the wrong type.
    public init(from decoder: any Decoder) throws {
        try self.init(from: decoder.container(keyedBy: ChatEventCodingKey.self))
    }

    /// Encodes a flat event object: `"type"` and the case's fields; `nil` optionals are omitted.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: ChatEventCodingKey.self)
        try encodeMembers(to: &container)
    }

    /// Decodes the event's members from an event object's container.
    init(from container: KeyedDecodingContainer<ChatEventCodingKey>) throws {
        let typeKey = ChatEventCodingKey(.type)
        let name = try container.decode(String.self, forKey: typeKey)
        guard let type = EventType(rawValue: name) else {
            throw DecodingError.dataCorruptedError(
                forKey: typeKey, in: container, debugDescription: "unknown event type \(String(reflecting: name))"
            )
        }
        try self.init(type: type, fields: CodableFieldSource(container))
    }

    /// Encodes `"type"` and the case's fields into an event object's container.
    func encodeMembers(to container: inout KeyedEncodingContainer<ChatEventCodingKey>) throws {
        try container.encode(type.rawValue, forKey: ChatEventCodingKey(.type))
        var writer = CodableFieldWriter(container)
        visitFields(&writer)
        try writer.finish()
        container = writer.container
    }
}

extension LoggedEvent: Codable {
    /// Decodes an event object and its optional `"t"`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: ChatEventCodingKey.self)
        try self.init(
            ChatEvent(from: container), time: container.decodeIfPresent(Double.self, forKey: ChatEventCodingKey(.t)))
    }

    /// Encodes the event's keys and, when present, `"t"`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: ChatEventCodingKey.self)
        try event.encodeMembers(to: &container)
        try container.encodeIfPresent(time, forKey: ChatEventCodingKey(.t))
    }
}
