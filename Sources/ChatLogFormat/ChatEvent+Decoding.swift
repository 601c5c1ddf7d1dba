import ChatEvents
import ChatJSON

extension ChatEvent.EventType {
    /// The UTF-8 of every wire name, for matching a `"type"` value without decoding it.
    fileprivate static let wireNames: [(utf8: [UInt8], type: Self)] = allCases.map {
        (Array($0.rawValue.utf8), $0)
    }

    /// The wire names by their length in bytes: a name without escapes is compared only with
    /// the names of its length (one or two of them).
    fileprivate static let wireNamesByLength: [[(utf8: [UInt8], type: Self)]] = {
        var table = [[(utf8: [UInt8], type: Self)]](repeating: [], count: (wireNames.map(\.utf8.count).max() ?? 0) + 1)
        for entry in wireNames { table[entry.utf8.count].append(entry) }
        return table
    }()

    /// The event type whose wire name the validated string `name` spells, if any.
    ///
    /// - Complexity: O(1) for a name without escapes.
    init?(named name: JSONStringRef, in scanner: JSONScanner) {
        let length = name.end - name.start
        let candidates =
            name.isPlain
            ? (length < Self.wireNamesByLength.count ? Self.wireNamesByLength[length] : [])
            : Self.wireNames
        for entry in candidates where entry.utf8.withUnsafeBufferPointer({ scanner.stringEquals(name, $0) }) {
            self = entry.type
            return
        }
        return nil
    }
}

extension ChatEvent {
    /// Decodes the fields of an event of type `type` from its object.
    ///
    /// Field names and optionality follow section 5 of the specification; unknown keys are
    /// ignored; values are decoded exactly, without clamping.
    init(type: EventType, fields: JSONFieldReader) throws(JSONScanError) {
        switch type {
        case .viewportChanged:
            self = try .viewportChanged(
                height: fields.number("height"),
                insetTop: fields.number("insetTop"),
                insetBottom: fields.number("insetBottom")
            )
        case .historyLoaded:
            self = try .historyLoaded(
                messages: fields.messages("messages"), hasMoreOlder: fields.bool("hasMoreOlder"),
                firstUnreadID: fields.optionalString("firstUnreadID"))
        case .messageAppended:
            self = try .messageAppended(ChatMessage(fields: fields), streaming: fields.optionalBool("streaming"))
        case .messageConfirmed:
            self = try .messageConfirmed(id: fields.string("id"), newID: fields.optionalString("newID"))
        case .tokensAppended:
            self = try .tokensAppended(
                id: fields.string("id"),
                text: fields.optionalString("text"),
                heightDelta: fields.optionalNumber("heightDelta"),
                height: fields.optionalNumber("height")
            )
        case .streamFinished:
            self = try .streamFinished(id: fields.string("id"))
        case .itemMeasured:
            self = try .itemMeasured(id: fields.string("id"), height: fields.number("height"))
        case .messageRemoved:
            self = try .messageRemoved(id: fields.string("id"))
        case .olderLoaded:
            self = try .olderLoaded(messages: fields.messages("messages"), hasMoreOlder: fields.bool("hasMoreOlder"))
        case .loadOlderFailed:
            self = .loadOlderFailed
        case .newerLoaded:
            self = try .newerLoaded(messages: fields.messages("messages"), hasMoreNewer: fields.bool("hasMoreNewer"))
        case .loadNewerFailed:
            self = .loadNewerFailed
        case .windowLoaded:
            self = try .windowLoaded(
                messages: fields.messages("messages"), hasMoreOlder: fields.bool("hasMoreOlder"),
                hasMoreNewer: fields.bool("hasMoreNewer"))
        case .windowLoadFailed:
            self = .windowLoadFailed
        case .keyboardWillShow:
            self = try .keyboardWillShow(height: fields.number("height"), duration: fields.optionalNumber("duration"))
        case .keyboardWillHide:
            self = try .keyboardWillHide(duration: fields.optionalNumber("duration"))
        case .dragBegan:
            self = .dragBegan
        case .scrolled:
            self = try .scrolled(offset: fields.number("offset"))
        case .dragEnded:
            self = try .dragEnded(offset: fields.number("offset"), velocity: fields.optionalNumber("velocity"))
        case .scrollSettled:
            self = try .scrollSettled(offset: fields.number("offset"))
        case .selectionChanged:
            self = try .selectionChanged(active: fields.bool("active"))
        case .inputFocused:
            self = .inputFocused
        case .inputBlurred:
            self = .inputBlurred
        case .jumpToLatestTapped:
            self = .jumpToLatestTapped
        case .jumpToMessage:
            self = try .jumpToMessage(id: fields.string("id"))
        case .highlightFinished:
            self = .highlightFinished
        case .entranceAnimationFinished:
            self = try .entranceAnimationFinished(id: fields.string("id"))
        case .appeared:
            self = try .appeared(restore: fields.optionalObject("restore").map(SavedPosition.init(fields:)))
        case .disappeared:
            self = .disappeared
        }
    }
}

extension ChatMessage {
    /// Decodes `{"id", "direction", "height"}` from an object's members.
    init(fields: JSONFieldReader) throws(JSONScanError) {
        try self.init(
            id: fields.string("id"), direction: fields.direction("direction"), height: fields.number("height"))
    }
}

extension JSONFieldReader {
    /// The required direction `key`: `"outgoing"` or `"incoming"`.
    func direction(_ key: StaticString) throws(JSONScanError) -> MessageDirection {
        let member = try required(key)
        let name = try stringRef(member, key)
        if let direction = MessageDirection(named: name, in: scanner) { return direction }
        throw JSONScanError(
            offset: member.valueStart,
            message:
                #"unknown direction \#(JSONWriter.quoted(scanner.string(name))); expected "outgoing" or "incoming""#
        )
    }
}

extension MessageDirection {
    /// The direction the validated string `name` spells, if any.
    init?(named name: JSONStringRef, in scanner: JSONScanner) {
        let outgoing: StaticString = "outgoing"
        let incoming: StaticString = "incoming"
        if outgoing.withUTF8Buffer({ scanner.stringEquals(name, $0) }) {
            self = .outgoing
        } else if incoming.withUTF8Buffer({ scanner.stringEquals(name, $0) }) {
            self = .incoming
        } else {
            return nil
        }
    }
}

extension SavedPosition {
    /// Decodes `{"anchorID"?, "delta", "wasAtBottom"}` from an object's members.
    init(fields: JSONFieldReader) throws(JSONScanError) {
        try self.init(
            anchorID: fields.optionalString("anchorID"),
            delta: fields.number("delta"),
            wasAtBottom: fields.bool("wasAtBottom")
        )
    }
}

extension JSONFieldReader {
    /// The required array of messages `key`.
    func messages(_ key: StaticString) throws(JSONScanError) -> [ChatMessage] {
        var messages: [ChatMessage] = []
        try forEachObject(inArray: key) { (element) throws(JSONScanError) in
            try messages.append(ChatMessage(fields: element))
        }
        return messages
    }
}
