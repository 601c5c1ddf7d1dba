@_spi(ChatEventFields) import ChatEvents
import Testing

/// The fields of each event are described twice, side by side: how a source is read
/// (`init(type:fields:)`) and how the fields are walked (`visitFields`). These tests hold the two
/// halves to the same keys, kinds, optionality and order, for every event type.
@Suite("The description of every event's fields")
struct FieldDescriptionTests {
    /// A field as either half describes it.
    struct Described: Equatable, CustomStringConvertible {
        var key: ChatEventKey
        var kind: String
        var isOptional: Bool

        var description: String { "\(key.text):\(kind)\(isOptional ? "?" : "")" }
    }

    /// A source that gives every field, optional ones too, and notes what was asked for.
    final class RecordingSource: ChatEventFieldSource {
        var asked: [Described] = []

        struct NotGiven: Error {}
        typealias Failure = NotGiven
        func missing(_ key: ChatEventKey) -> NotGiven { NotGiven() }

        private func note(_ key: ChatEventKey, _ kind: String, _ required: Bool) {
            asked.append(Described(key: key, kind: kind, isOptional: !required))
        }
        func number(_ key: ChatEventKey, required: Bool) -> Double? {
            note(key, "number", required)
            return 1
        }
        func string(_ key: ChatEventKey, required: Bool) -> String? {
            note(key, "string", required)
            return "s"
        }
        func bool(_ key: ChatEventKey, required: Bool) -> Bool? {
            note(key, "bool", required)
            return true
        }
        func direction(_ key: ChatEventKey, required: Bool) -> MessageDirection? {
            note(key, "direction", required)
            return .incoming
        }
        func messages(_ key: ChatEventKey, required: Bool) -> [ChatMessage]? {
            note(key, "messages", required)
            return [ChatMessage(id: "m", direction: .outgoing, height: 2)]
        }
        func position(_ key: ChatEventKey, required: Bool) -> SavedPosition? {
            note(key, "position", required)
            return SavedPosition(anchorID: "a", delta: 3, wasAtBottom: false)
        }
    }

    /// A visitor that notes what it walks.
    struct RecordingVisitor: ChatEventFieldVisitor {
        var walked: [Described] = []

        mutating func visit(_ field: ChatEventField) {
            let kind =
                switch field.value {
                case .number?: "number"
                case .string?: "string"
                case .bool?: "bool"
                case .direction?: "direction"
                case .messages?: "messages"
                case .position?: "position"
                case nil: "absent"
                }
            walked.append(Described(key: field.key, kind: kind, isOptional: field.isOptional))
        }
    }

    @Test("decoding and walking agree on every event type", arguments: ChatEvent.EventType.allCases)
    func halvesAgree(type: ChatEvent.EventType) throws {
        let source = RecordingSource()
        let event = try ChatEvent(type: type, fields: source)
        #expect(event.type == type)
        var visitor = RecordingVisitor()
        event.visitFields(&visitor)
        #expect(visitor.walked == source.asked)
        // Each key holds the kind it is declared to hold.
        #expect(source.asked.filter { $0.kind != Self.name(of: $0.key.kind) } == [])
        // Taken apart and put together again, the event is the same.
        #expect(ChatEventFields(event).event == event)
    }

    @Test("the nested objects' halves agree too")
    func nestedHalvesAgree() throws {
        let messageSource = RecordingSource()
        var messageVisitor = RecordingVisitor()
        try ChatMessage(fields: messageSource).visitFields(&messageVisitor)
        #expect(messageVisitor.walked == messageSource.asked)
        let positionSource = RecordingSource()
        var positionVisitor = RecordingVisitor()
        try SavedPosition(fields: positionSource).visitFields(&positionVisitor)
        #expect(positionVisitor.walked == positionSource.asked)
        let asked = messageSource.asked + positionSource.asked
        #expect(asked.filter { $0.kind != Self.name(of: $0.key.kind) } == [])
    }

    @Test("an event's fields in wire order, with their kinds and optionality")
    func oneDescription() throws {
        let source = RecordingSource()
        _ = try ChatEvent(type: .tokensAppended, fields: source)
        #expect(
            source.asked.map(\.description) == ["id:string", "text:string?", "heightDelta:number?", "height:number?"])
        let appended = RecordingSource()
        _ = try ChatEvent(type: .messageAppended, fields: appended)
        #expect(
            appended.asked.map(\.description) == [
                "id:string", "direction:direction", "height:number", "streaming:bool?",
            ])
        let restored = RecordingSource()
        _ = try SavedPosition(fields: restored)
        #expect(restored.asked.map(\.description) == ["anchorID:string?", "delta:number", "wasAtBottom:bool"])
    }

    @Test("a required field removed from taken-apart fields gives no event; an optional one gives the smaller event")
    func rebuilding() {
        var parts = ChatEventFields(.tokensAppended(id: "m1", text: "hi", heightDelta: 4, height: nil))
        parts.fields[1].value = nil
        #expect(parts.event == .tokensAppended(id: "m1", text: nil, heightDelta: 4, height: nil))
        parts.fields[0].value = nil
        #expect(parts.event == nil)
        parts.fields[0].value = .number(1)
        #expect(parts.event == nil)
    }

    static func name(of kind: ChatEventFieldKind) -> String {
        switch kind {
        case .number: "number"
        case .string: "string"
        case .bool: "bool"
        case .direction: "direction"
        case .messages: "messages"
        case .position: "position"
        }
    }

    @Test("every key has a distinct name and bit, and the nested kinds one key each")
    func keys() {
        // A bit each in a 32-bit set, and a slot each in the single-pass parser's 32.
        #expect(ChatEventKey.allCases.count <= 32)
        #expect(ChatEventKey.allCases.filter { $0.kind == .messages } == [.messages])
        #expect(ChatEventKey.allCases.filter { $0.kind == .position } == [.restore])
        #expect(Set(ChatEventKey.allCases.map(\.text)).count == ChatEventKey.allCases.count)
        #expect(Set(ChatEventKey.allCases.map(\.bit)).count == ChatEventKey.allCases.count)
        #expect(ChatEventKey.firstUnreadID.text == "firstUnreadID")
    }
}
