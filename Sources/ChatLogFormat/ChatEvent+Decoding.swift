@_spi(ChatEventFields) import ChatEvents
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

extension JSONFieldReader: ChatEventFieldSource {
    func missing(_ key: ChatEventKey) -> JSONScanError { missingField(key.name) }

    func number(_ key: ChatEventKey, required: Bool) throws(JSONScanError) -> Double? {
        required ? try number(key.name) : try optionalNumber(key.name)
    }

    func string(_ key: ChatEventKey, required: Bool) throws(JSONScanError) -> String? {
        required ? try string(key.name) : try optionalString(key.name)
    }

    func bool(_ key: ChatEventKey, required: Bool) throws(JSONScanError) -> Bool? {
        required ? try bool(key.name) : try optionalBool(key.name)
    }

    /// The direction `key`: `"outgoing"`, `"incoming"` or `"system"`.
    func direction(_ key: ChatEventKey, required: Bool) throws(JSONScanError) -> MessageDirection? {
        guard let member = required ? try self.required(key.name) : present(key.name) else { return nil }
        let name = try stringRef(member, key.name)
        if let direction = MessageDirection(named: name, in: scanner) { return direction }
        throw JSONScanError(
            offset: member.valueStart,
            message:
                "unknown direction \(JSONWriter.quoted(scanner.string(name))); "
                + #"expected "outgoing", "incoming" or "system""#
        )
    }

    /// The array of messages `key`.
    func messages(_ key: ChatEventKey, required: Bool) throws(JSONScanError) -> [ChatMessage]? {
        guard required || present(key.name) != nil else { return nil }
        var messages: [ChatMessage] = []
        try forEachObject(inArray: key.name) { (element) throws(JSONScanError) in
            try messages.append(ChatMessage(fields: element))
        }
        return messages
    }

    /// The saved-position object `key`.
    func position(_ key: ChatEventKey, required: Bool) throws(JSONScanError) -> SavedPosition? {
        guard let object = try optionalObject(key.name) else {
            if required { throw missing(key) }
            return nil
        }
        return try SavedPosition(fields: object)
    }
}

extension MessageDirection {
    /// The direction the validated string `name` spells, if any.
    init?(named name: JSONStringRef, in scanner: JSONScanner) {
        for direction in Self.allCases
        where direction.rawValue.utf8.withContiguousStorageIfAvailable({ scanner.stringEquals(name, $0) }) == true {
            self = direction
            return
        }
        return nil
    }
}
