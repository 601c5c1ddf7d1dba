/// One `"key": value` member of a scanned object, as byte offsets into the line.
public struct JSONMember: Sendable, Hashable {
    /// The key's text between its quotes, still escaped.
    public var key: JSONStringRef
    /// The offset of the key's opening quote.
    public var keyOffset: Int
    /// The offset of the value's first byte.
    public var valueStart: Int
    /// The offset just past the value's last byte.
    public var valueEnd: Int
    /// The value's scan when it is a number: indexing scans it once, and reading it does not
    /// scan it again.
    public var number: JSONNumberScan?
}

/// The keys an object has shown so far, for finding a duplicate: the members, and for large
/// objects a set of key hashes.
public struct ObjectKeys {
    public var members: [JSONMember] = []
    public var seenHashes: Set<UInt64>?
}

/// The members of one scanned object, in the order they appear.
public struct JSONObjectIndex: Sendable, Hashable {
    /// The offset of the object's `{`.
    public var start: Int
    /// The offset just past the object's `}`.
    public var end: Int
    /// The members, in order; keys are unique.
    public var members: [JSONMember]
}

extension JSONScanner {
    /// Validates the object whose `{` is at `offset` and indexes its members.
    ///
    /// Every member value is validated and skipped, not decoded; a duplicate key is an error
    /// reported at the second occurrence.
    ///
    /// - Parameter depth: The nesting depth of this object; the top-level value is 1.
    public func indexObject(at offset: Int, depth: Int) throws(JSONScanError) -> JSONObjectIndex {
        guard depth <= Self.maximumDepth else { throw tooDeep(at: offset) }
        var i = skipWhitespace(from: offset + 1)
        if peek(i) == ASCII.closeBrace {
            return JSONObjectIndex(start: offset, end: i + 1, members: [])
        }
        var keys = ObjectKeys()
        keys.members.reserveCapacity(8)
        while true {
            let valueStart = try scanKey(at: i, into: &keys)
            let last = keys.members.count - 1
            let first = peek(valueStart)
            let valueEnd: Int
            if first == ASCII.minus || (first >= ASCII.zero && first <= ASCII.nine) {
                let number = try scanNumber(at: valueStart)
                keys.members[last].number = number
                valueEnd = number.end
            } else {
                valueEnd = try skipValue(at: valueStart, depth: depth + 1)
            }
            keys.members[last].valueStart = valueStart
            keys.members[last].valueEnd = valueEnd
            i = skipWhitespace(from: valueEnd)
            switch peek(i) {
            case ASCII.comma:
                i = skipWhitespace(from: i + 1)
            case ASCII.closeBrace:
                return JSONObjectIndex(start: offset, end: i + 1, members: keys.members)
            default:
                throw unexpected(at: i, expected: #""," or "}" in the object"#)
            }
        }
    }

    /// Validates `"key":` at `offset` in an object whose keys so far are `keys`, adds the key to
    /// them (its value's offsets unset), and returns where the value starts. A key the object
    /// has shown already is an error reported at its opening quote.
    public func scanKey(at offset: Int, into keys: inout ObjectKeys) throws(JSONScanError) -> Int {
        guard peek(offset) == ASCII.quote else {
            throw unexpected(at: offset, expected: "a quoted key")
        }
        let scannedKey = try scanString(at: offset)
        let member = JSONMember(key: scannedKey.content, keyOffset: offset, valueStart: 0, valueEnd: 0, number: nil)
        if isDuplicate(member, among: keys.members, seenHashes: &keys.seenHashes) {
            throw JSONScanError(offset: offset, message: "duplicate key \(JSONWriter.quoted(string(member.key)))")
        }
        keys.members.append(member)
        let colon = skipWhitespace(from: scannedKey.end)
        guard peek(colon) == ASCII.colon else {
            throw unexpected(at: colon, expected: #"":" after the key"#)
        }
        return skipWhitespace(from: colon + 1)
    }

    /// Whether `member`'s key equals one in `members`. Small objects compare linearly (a key
    /// of another length costs one comparison); large ones first consult a set of key hashes,
    /// computed only then, so that hostile lines stay linear.
    private func isDuplicate(
        _ member: JSONMember, among members: [JSONMember], seenHashes: inout Set<UInt64>?
    ) -> Bool {
        let linearLimit = 16
        if members.count >= linearLimit {
            if seenHashes == nil {
                seenHashes = Set(members.lazy.map { self.hashUnescaped($0.key) })
            }
            if seenHashes?.insert(hashUnescaped(member.key)).inserted ?? true {
                return false
            }
        }
        for other in members where keysEqual(other.key, member.key) {
            return true
        }
        return false
    }

    /// The member whose unescaped key is `name`, if any.
    public func member(_ name: StaticString, in object: JSONObjectIndex) -> JSONMember? {
        name.withUTF8Buffer { name in
            // Through a pointer, so that only each key is read, not each whole member.
            object.members.withUnsafeBufferPointer { members in
                for index in members.indices where stringEquals(members[index].key, name) {
                    return members[index]
                }
                return nil
            }
        }
    }

    /// FNV-1a over the unescaped bytes of a string.
    private func hashUnescaped(_ string: JSONStringRef) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        if string.isPlain {
            for i in string.start..<max(string.start, min(string.end, self.bytes.count)) {
                hash = (hash ^ UInt64(self.bytes[i])) &* 0x0000_0100_0000_01B3
            }
            return hash
        }
        var bytes = unescapedBytes(string)
        while let byte = bytes.next() {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        return hash
    }
}
