// Codable conformances for users of Encoder and Decoder implementations such as Foundation's
// JSONEncoder and JSONDecoder. They use the keys of the wire format and agree with
// ChatLogLine(decoding:) and ChatLogLine.encoded() on every valid line; the hand-written
// codec is the faster path and the one that reports columns.

/// Every key of an event object, `"t"` included.
enum ChatEventCodingKey: String, CodingKey {
    case type, t
    case height, insetTop, insetBottom
    case messages, hasMoreOlder, hasMoreNewer, firstUnreadID
    case id, direction, streaming, newID
    case text, heightDelta
    case duration, offset, velocity, active, restore
}

extension ChatMessage: Codable {
    private enum CodingKeys: String, CodingKey {
        case id, direction, height
    }

    /// Decodes `{"id", "direction", "height"}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        try self.init(
            id: container.decode(String.self, forKey: .id),
            direction: container.decode(MessageDirection.self, forKey: .direction),
            height: container.decode(Double.self, forKey: .height)
        )
    }

    /// Encodes `{"id", "direction", "height"}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(direction, forKey: .direction)
        try container.encode(height, forKey: .height)
    }
}

extension SavedPosition: Codable {
    private enum CodingKeys: String, CodingKey {
        case anchorID, delta, wasAtBottom
    }

    /// Decodes `{"anchorID"?, "delta", "wasAtBottom"}`; an absent or `null` anchor is `nil`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        try self.init(
            anchorID: container.decodeIfPresent(String.self, forKey: .anchorID),
            delta: container.decode(Double.self, forKey: .delta),
            wasAtBottom: container.decode(Bool.self, forKey: .wasAtBottom)
        )
    }

    /// Encodes `{"anchorID"?, "delta", "wasAtBottom"}`, omitting a `nil` anchor.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(anchorID, forKey: .anchorID)
        try container.encode(delta, forKey: .delta)
        try container.encode(wasAtBottom, forKey: .wasAtBottom)
    }
}

extension ChatConfiguration: Codable {
    private enum CodingKeys: String, CodingKey {
        case layout, atBottomThreshold, jumpToLatestThreshold, loadOlderThreshold
        case focusScrollsToBottom, pinMargin, reduceMotion
        case loadNewerThreshold, readReceipts, windowedHistory
    }

    /// Decodes a header's `config` object; absent or `null` keys take their defaults and
    /// unknown keys are ignored.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = ChatConfiguration()
        try self.init(
            layout: container.decodeIfPresent(ChatLayout.self, forKey: .layout) ?? defaults.layout,
            atBottomThreshold: container.decodeIfPresent(Double.self, forKey: .atBottomThreshold)
                ?? defaults.atBottomThreshold,
            jumpToLatestThreshold: container.decodeIfPresent(Double.self, forKey: .jumpToLatestThreshold)
                ?? defaults.jumpToLatestThreshold,
            loadOlderThreshold: container.decodeIfPresent(Double.self, forKey: .loadOlderThreshold)
                ?? defaults.loadOlderThreshold,
            focusScrollsToBottom: container.decodeIfPresent(Bool.self, forKey: .focusScrollsToBottom)
                ?? defaults.focusScrollsToBottom,
            pinMargin: container.decodeIfPresent(Double.self, forKey: .pinMargin) ?? defaults.pinMargin,
            reduceMotion: container.decodeIfPresent(Bool.self, forKey: .reduceMotion) ?? defaults.reduceMotion,
            loadNewerThreshold: container.decodeIfPresent(Double.self, forKey: .loadNewerThreshold)
                ?? defaults.loadNewerThreshold,
            readReceipts: container.decodeIfPresent(Bool.self, forKey: .readReceipts) ?? defaults.readReceipts,
            windowedHistory: container.decodeIfPresent(Bool.self, forKey: .windowedHistory)
                ?? defaults.windowedHistory
        )
    }

    /// Encodes the seven keys of v1 and each of v1.1's that is not its default, so a v1
    /// configuration encodes as it always did.
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
        let name = try container.decode(String.self, forKey: .type)
        guard let type = EventType(rawValue: name) else {
            throw DecodingError.dataCorruptedError(
                forKey: .type, in: container, debugDescription: "unknown event type \(String(reflecting: name))"
            )
        }
        let c = container
        switch type {
        case .viewportChanged:
            self = try .viewportChanged(
                height: c.decode(Double.self, forKey: .height),
                insetTop: c.decode(Double.self, forKey: .insetTop),
                insetBottom: c.decode(Double.self, forKey: .insetBottom)
            )
        case .historyLoaded:
            self = try .historyLoaded(
                messages: c.decode([ChatMessage].self, forKey: .messages),
                hasMoreOlder: c.decode(Bool.self, forKey: .hasMoreOlder),
                firstUnreadID: c.decodeIfPresent(String.self, forKey: .firstUnreadID)
            )
        case .messageAppended:
            let message = try ChatMessage(
                id: c.decode(String.self, forKey: .id),
                direction: c.decode(MessageDirection.self, forKey: .direction),
                height: c.decode(Double.self, forKey: .height)
            )
            self = try .messageAppended(message, streaming: c.decodeIfPresent(Bool.self, forKey: .streaming))
        case .messageConfirmed:
            self = try .messageConfirmed(
                id: c.decode(String.self, forKey: .id),
                newID: c.decodeIfPresent(String.self, forKey: .newID)
            )
        case .tokensAppended:
            self = try .tokensAppended(
                id: c.decode(String.self, forKey: .id),
                text: c.decodeIfPresent(String.self, forKey: .text),
                heightDelta: c.decodeIfPresent(Double.self, forKey: .heightDelta),
                height: c.decodeIfPresent(Double.self, forKey: .height)
            )
        case .streamFinished:
            self = try .streamFinished(id: c.decode(String.self, forKey: .id))
        case .itemMeasured:
            self = try .itemMeasured(
                id: c.decode(String.self, forKey: .id),
                height: c.decode(Double.self, forKey: .height)
            )
        case .messageRemoved:
            self = try .messageRemoved(id: c.decode(String.self, forKey: .id))
        case .olderLoaded:
            self = try .olderLoaded(
                messages: c.decode([ChatMessage].self, forKey: .messages),
                hasMoreOlder: c.decode(Bool.self, forKey: .hasMoreOlder)
            )
        case .loadOlderFailed:
            self = .loadOlderFailed
        case .newerLoaded:
            self = try .newerLoaded(
                messages: c.decode([ChatMessage].self, forKey: .messages),
                hasMoreNewer: c.decode(Bool.self, forKey: .hasMoreNewer)
            )
        case .loadNewerFailed:
            self = .loadNewerFailed
        case .windowLoaded:
            self = try .windowLoaded(
                messages: c.decode([ChatMessage].self, forKey: .messages),
                hasMoreOlder: c.decode(Bool.self, forKey: .hasMoreOlder),
                hasMoreNewer: c.decode(Bool.self, forKey: .hasMoreNewer)
            )
        case .windowLoadFailed:
            self = .windowLoadFailed
        case .keyboardWillShow:
            self = try .keyboardWillShow(
                height: c.decode(Double.self, forKey: .height),
                duration: c.decodeIfPresent(Double.self, forKey: .duration)
            )
        case .keyboardWillHide:
            self = try .keyboardWillHide(duration: c.decodeIfPresent(Double.self, forKey: .duration))
        case .dragBegan:
            self = .dragBegan
        case .scrolled:
            self = try .scrolled(offset: c.decode(Double.self, forKey: .offset))
        case .dragEnded:
            self = try .dragEnded(
                offset: c.decode(Double.self, forKey: .offset),
                velocity: c.decodeIfPresent(Double.self, forKey: .velocity)
            )
        case .scrollSettled:
            self = try .scrollSettled(offset: c.decode(Double.self, forKey: .offset))
        case .selectionChanged:
            self = try .selectionChanged(active: c.decode(Bool.self, forKey: .active))
        case .inputFocused:
            self = .inputFocused
        case .inputBlurred:
            self = .inputBlurred
        case .jumpToLatestTapped:
            self = .jumpToLatestTapped
        case .jumpToMessage:
            self = try .jumpToMessage(id: c.decode(String.self, forKey: .id))
        case .highlightFinished:
            self = .highlightFinished
        case .entranceAnimationFinished:
            self = try .entranceAnimationFinished(id: c.decode(String.self, forKey: .id))
        case .appeared:
            self = try .appeared(restore: c.decodeIfPresent(SavedPosition.self, forKey: .restore))
        case .disappeared:
            self = .disappeared
        }
    }

    /// Encodes `"type"` and the case's fields into an event object's container.
    func encodeMembers(to c: inout KeyedEncodingContainer<ChatEventCodingKey>) throws {
        try c.encode(type.rawValue, forKey: .type)
        switch self {
        case .viewportChanged(let height, let insetTop, let insetBottom):
            try c.encode(height, forKey: .height)
            try c.encode(insetTop, forKey: .insetTop)
            try c.encode(insetBottom, forKey: .insetBottom)
        case .historyLoaded(let messages, let hasMoreOlder, let firstUnreadID):
            try c.encode(messages, forKey: .messages)
            try c.encode(hasMoreOlder, forKey: .hasMoreOlder)
            try c.encodeIfPresent(firstUnreadID, forKey: .firstUnreadID)
        case .olderLoaded(let messages, let hasMoreOlder):
            try c.encode(messages, forKey: .messages)
            try c.encode(hasMoreOlder, forKey: .hasMoreOlder)
        case .newerLoaded(let messages, let hasMoreNewer):
            try c.encode(messages, forKey: .messages)
            try c.encode(hasMoreNewer, forKey: .hasMoreNewer)
        case .windowLoaded(let messages, let hasMoreOlder, let hasMoreNewer):
            try c.encode(messages, forKey: .messages)
            try c.encode(hasMoreOlder, forKey: .hasMoreOlder)
            try c.encode(hasMoreNewer, forKey: .hasMoreNewer)
        case .messageAppended(let message, let streaming):
            try c.encode(message.id, forKey: .id)
            try c.encode(message.direction, forKey: .direction)
            try c.encode(message.height, forKey: .height)
            try c.encodeIfPresent(streaming, forKey: .streaming)
        case .messageConfirmed(let id, let newID):
            try c.encode(id, forKey: .id)
            try c.encodeIfPresent(newID, forKey: .newID)
        case .tokensAppended(let id, let text, let heightDelta, let height):
            try c.encode(id, forKey: .id)
            try c.encodeIfPresent(text, forKey: .text)
            try c.encodeIfPresent(heightDelta, forKey: .heightDelta)
            try c.encodeIfPresent(height, forKey: .height)
        case .streamFinished(let id), .messageRemoved(let id), .jumpToMessage(let id),
            .entranceAnimationFinished(let id):
            try c.encode(id, forKey: .id)
        case .itemMeasured(let id, let height):
            try c.encode(id, forKey: .id)
            try c.encode(height, forKey: .height)
        case .keyboardWillShow(let height, let duration):
            try c.encode(height, forKey: .height)
            try c.encodeIfPresent(duration, forKey: .duration)
        case .keyboardWillHide(let duration):
            try c.encodeIfPresent(duration, forKey: .duration)
        case .scrolled(let offset), .scrollSettled(let offset):
            try c.encode(offset, forKey: .offset)
        case .dragEnded(let offset, let velocity):
            try c.encode(offset, forKey: .offset)
            try c.encodeIfPresent(velocity, forKey: .velocity)
        case .selectionChanged(let active):
            try c.encode(active, forKey: .active)
        case .appeared(let restore):
            try c.encodeIfPresent(restore, forKey: .restore)
        case .loadOlderFailed, .loadNewerFailed, .windowLoadFailed, .dragBegan, .inputFocused, .inputBlurred,
            .jumpToLatestTapped, .highlightFinished, .disappeared:
            break
        }
    }
}

extension LoggedEvent: Codable {
    /// Decodes an event object and its optional `"t"`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: ChatEventCodingKey.self)
        try self.init(ChatEvent(from: container), time: container.decodeIfPresent(Double.self, forKey: .t))
    }

    /// Encodes the event's keys and, when present, `"t"`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: ChatEventCodingKey.self)
        try event.encodeMembers(to: &container)
        try container.encodeIfPresent(time, forKey: .t)
    }
}
