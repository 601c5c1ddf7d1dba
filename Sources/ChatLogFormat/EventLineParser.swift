@_spi(ChatEventFields) import ChatEvents
import ChatJSON

/// The single-pass decoder of an event line: the path nearly every line of a log takes.
///
/// It reads the line's object once, from `{` to `}`: each key is recognised as it is scanned,
/// and the value of a key the wire format knows is decoded where it stands (a number converted,
/// a string's extent noted, an array of messages built), while any other value is validated and
/// skipped. No index of members is built and no member is looked up afterwards.
///
/// It handles the shape well-formed logs have, and declines anything else by returning `nil`:
/// a header, a key with an escape, a key given twice (also after a `null`), a known key whose
/// value has another JSON type, a `null` where a value is required, more than four unknown keys
/// in one object, and every kind of malformed JSON. The caller then decodes the line with the
/// full decoder, which produces the value or the error. So the result is, by construction,
/// either `nil` or exactly what the full decoder returns — the same values and never a line it
/// would reject — which `FastPathDifferentialTests` checks on every log and corpus line the
/// tests hold.
///
/// - Complexity: O(*n*) in the length of the line, with one look at each byte (two for the
///   bytes of a string that is turned into a `String`).
struct EventLineParser {
    typealias Key = ChatEventKey

    /// What the line's known keys hold. A key's bit in `present` is set once its value has been
    /// read with the expected type; a `null` leaves it clear, so that optional fields read `nil`
    /// and required ones decline. (Which keys were given at all, `null` or not, is kept apart
    /// while the object is read, to decline a key given twice.)
    private struct Fields {
        /// Room for one value of each key: there are fewer than 32 (a bit each in `present`).
        static let capacity = 32

        var present: UInt32 = 0
        /// The numbers read, by key (``ChatEventKey/rawValue``); only those in `present` are set.
        let numbers: UnsafeMutablePointer<Double>
        /// The strings read, by key: where their text starts and ends (two slots a key), and
        /// whether it has no escapes (a bit a key); only those in `present` are set.
        let strings: UnsafeMutablePointer<Int>
        var plainStrings: UInt32 = 0
        /// The booleans read, a bit per key.
        var bools: UInt32 = 0
        /// The one key of each nested kind: `messages` and `restore`.
        var messages: [ChatMessage] = []
        var restore = SavedPosition(anchorID: nil, delta: 0, wasAtBottom: false)

        @inline(__always) func has(_ key: Key) -> Bool { present & key.bit != 0 }

        @inline(__always) func string(_ key: Key) -> JSONStringRef {
            let index = 2 * Int(key.rawValue)
            return JSONStringRef(start: strings[index], end: strings[index + 1], isPlain: plainStrings & key.bit != 0)
        }

        @inline(__always) mutating func setString(_ string: JSONStringRef, for key: Key) {
            let index = 2 * Int(key.rawValue)
            strings[index] = string.start
            strings[index + 1] = string.end
            if string.isPlain { plainStrings |= key.bit }
        }

        /// Calls `body` with fields whose values live on the stack for the call.
        @inline(__always)
        static func withFields(_ body: (inout Fields) -> LoggedEvent?) -> LoggedEvent? {
            withUnsafeTemporaryAllocation(of: Double.self, capacity: capacity) { numbers in
                withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * capacity) { strings in
                    // Never without an address (the capacity is not 0); declining would be safe.
                    guard let numbers = numbers.baseAddress, let strings = strings.baseAddress else { return nil }
                    var fields = Fields(numbers: numbers, strings: strings)
                    return body(&fields)
                }
            }
        }
    }

    /// The keys of one object that the wire format does not know, kept to find a duplicate
    /// among them: up to four, as offsets of their text.
    private struct UnknownKeys {
        var starts = SIMD4<Int>()
        var ends = SIMD4<Int>()
        var count = 0

        /// Adds a plain key; false when it repeats one already there or there is no room.
        mutating func insert(start: Int, end: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            for k in 0..<count where ends[k] - starts[k] == end - start {
                var same = true
                for j in 0..<(end - start) where bytes[starts[k] + j] != bytes[start + j] {
                    same = false
                    break
                }
                if same { return false }
            }
            guard count < 4 else { return false }
            starts[count] = start
            ends[count] = end
            count += 1
            return true
        }
    }

    let scanner: JSONScanner
    private var bytes: UnsafeBufferPointer<UInt8> { scanner.bytes }

    init(_ scanner: JSONScanner) {
        self.scanner = scanner
    }

    /// The line's event, or `nil` when the line is not the plain shape this parser reads.
    func parse() -> LoggedEvent? {
        let start = scanner.skipWhitespace(from: 0)
        guard scanner.peek(start) == ASCII.openBrace else { return nil }
        return Fields.withFields { fields in
            guard let end = readObject(at: start, into: &fields),
                scanner.skipWhitespace(from: end) == bytes.count, fields.has(.type),
                let type = eventType(fields.string(.type)),
                let event = event(of: type, from: &fields)
            else { return nil }
            return LoggedEvent(event, time: fields.has(.t) ? fields.numbers[Int(Key.t.rawValue)] : nil)
        }
    }

    // MARK: The line's object

    /// Reads the event object whose `{` is at `offset` into `fields`; returns the offset past
    /// its `}`.
    private func readObject(at offset: Int, into fields: inout Fields) -> Int? {
        var unknown = UnknownKeys()
        var seen: UInt32 = 0
        return readMembers(ofObjectAt: offset) { keyStart, keyEnd, valueStart in
            if let key = Self.key(bytes, from: keyStart, to: keyEnd) {
                guard seen & key.bit == 0 else { return nil }
                seen |= key.bit
                return readValue(of: key, at: valueStart, into: &fields)
            }
            guard unknown.insert(start: keyStart, end: keyEnd, in: bytes),
                !Self.isReserved(bytes, from: keyStart, to: keyEnd)
            else { return nil }
            return skipValue(at: valueStart, depth: 2)
        }
    }

    /// Reads the members of the object whose `{` is at `offset`: `member` gets each key's text
    /// and where its value starts, and returns the offset past the value (`nil` declines the
    /// line). Returns the offset past the `}`.
    @inline(__always)
    private func readMembers(
        ofObjectAt offset: Int, _ member: (_ keyStart: Int, _ keyEnd: Int, _ valueStart: Int) -> Int?
    ) -> Int? {
        var i = scanner.skipWhitespace(from: offset + 1)
        if scanner.peek(i) == ASCII.closeBrace { return i + 1 }
        while true {
            guard let (keyStart, keyEnd, valueStart) = readKey(at: i),
                let valueEnd = member(keyStart, keyEnd, valueStart)
            else { return nil }
            i = scanner.skipWhitespace(from: valueEnd)
            switch scanner.peek(i) {
            case ASCII.comma:
                i = scanner.skipWhitespace(from: i + 1)
            case ASCII.closeBrace:
                return i + 1
            default:
                return nil
            }
        }
    }

    /// Reads `"key":` at `offset`: the key's text (printable ASCII without escapes), and where
    /// its value starts.
    @inline(__always)
    private func readKey(at offset: Int) -> (start: Int, end: Int, valueStart: Int)? {
        guard scanner.peek(offset) == ASCII.quote else { return nil }
        let start = offset + 1
        // The first byte that is not plain ASCII must be the closing quote.
        var i = scanner.skipPlainStringBytes(from: start)
        let count = bytes.count
        while i < count {
            let byte = bytes[i]
            if byte == ASCII.quote { break }
            guard byte >= ASCII.space, byte != ASCII.backslash, byte < 0x80 else { return nil }
            i += 1
        }
        guard i < count else { return nil }
        let colon = scanner.skipWhitespace(from: i + 1)
        guard scanner.peek(colon) == ASCII.colon else { return nil }
        return (start, i, scanner.skipWhitespace(from: colon + 1))
    }

    /// Reads the value of the known key `key` at `offset`; returns the offset past it.
    private func readValue(of key: Key, at offset: Int, into fields: inout Fields) -> Int? {
        let first = scanner.peek(offset)
        if first == ASCII.n {
            // `null`: the key reads as absent.
            return try? scanner.skipValue(at: offset, depth: 2)
        }
        // (Every key has a slot; FieldDescriptionTests keeps them fewer than `capacity`.)
        guard Int(key.rawValue) < Fields.capacity else { return nil }
        let end: Int
        switch key.kind {
        case .number:
            guard let (number, numberEnd) = readNumber(at: offset) else { return nil }
            fields.numbers[Int(key.rawValue)] = number
            end = numberEnd
        case .string, .direction:
            guard let (string, stringEnd) = readString(at: offset) else { return nil }
            fields.setString(string, for: key)
            end = stringEnd
        case .bool:
            guard let (bool, boolEnd) = readBool(at: offset) else { return nil }
            if bool { fields.bools |= key.bit }
            end = boolEnd
        case .messages:
            guard first == ASCII.openBracket, let (messages, messagesEnd) = readMessages(at: offset) else {
                return nil
            }
            fields.messages = messages
            end = messagesEnd
        case .position:
            guard first == ASCII.openBrace, let (position, positionEnd) = readRestore(at: offset) else { return nil }
            fields.restore = position
            end = positionEnd
        }
        fields.present |= key.bit
        return end
    }

    /// Stores a value read for `key` and marks the key present; returns the offset past the
    /// value, or `nil` when nothing was read.
    @inline(__always)
    private func record<Value>(
        _ read: (Value, Int)?, in value: inout Value, _ key: Key, _ present: inout UInt32
    ) -> Int? {
        guard let (read, end) = read else { return nil }
        value = read
        present |= key.bit
        return end
    }

    /// The string at `offset`, as the extent of its text, and the offset past it.
    @inline(__always)
    private func readString(at offset: Int) -> (JSONStringRef, Int)? {
        guard scanner.peek(offset) == ASCII.quote, let scanned = try? scanner.scanString(at: offset)
        else { return nil }
        return (scanned.content, scanned.end)
    }

    /// The number at `offset`, exactly as the full decoder reads it, and the offset past it.
    @inline(__always)
    private func readNumber(at offset: Int) -> (Double, Int)? {
        if let short = readShortNumber(at: offset) { return short }
        let first = scanner.peek(offset)
        guard first == ASCII.minus || ASCII.isDigit(first),
            let scanned = try? scanner.scanNumber(at: offset),
            let number = try? scanner.value(of: scanned)
        else { return nil }
        return (number, scanned.end)
    }

    /// Reads a number of at most 19 digits without an exponent whose digits, as an integer, are
    /// at most 2^53 and whose fraction has at most 22 digits: the value is that integer divided
    /// by a power of ten, both exact Doubles, so one division rounds it correctly — the value
    /// the full decoder gives. `nil` for any other number, which ``JSONScanner/scanNumber(at:)``
    /// reads (or rejects).
    @inline(__always)
    private func readShortNumber(at offset: Int) -> (Double, Int)? {
        var i = offset
        let isNegative = scanner.peek(i) == ASCII.minus
        if isNegative { i += 1 }
        let first = scanner.peek(i)
        guard ASCII.isDigit(first), first != ASCII.zero || !ASCII.isDigit(scanner.peek(i + 1)) else { return nil }
        var significand: UInt64 = 0
        let integerStart = i
        while ASCII.isDigit(scanner.peek(i)) {
            significand = significand &* 10 &+ UInt64(scanner.peek(i) &- ASCII.zero)
            i &+= 1
        }
        let digits = i &- integerStart
        var fractionDigits = 0
        if scanner.peek(i) == ASCII.period {
            i &+= 1
            let fractionStart = i
            while ASCII.isDigit(scanner.peek(i)) {
                significand = significand &* 10 &+ UInt64(scanner.peek(i) &- ASCII.zero)
                i &+= 1
            }
            fractionDigits = i &- fractionStart
            guard fractionDigits > 0 else { return nil }
        }
        let next = scanner.peek(i)
        guard digits + fractionDigits <= 19, significand <= 1 << 53, fractionDigits <= 22,
            next != ASCII.lowerE, next != ASCII.upperE
        else { return nil }
        let magnitude =
            fractionDigits == 0 ? Double(significand) : Double(significand) / Self.powerOfTen(fractionDigits)
        return (isNegative ? -magnitude : magnitude, i)
    }

    /// The boolean at `offset` and the offset past it.
    @inline(__always)
    private func readBool(at offset: Int) -> (Bool, Int)? {
        let first = scanner.peek(offset)
        guard first == ASCII.t || first == ASCII.f, let end = try? scanner.skipValue(at: offset, depth: 2)
        else { return nil }
        return (first == ASCII.t, end)
    }

    /// Validates and skips the value at `offset`; a short number (a sequence number, a time
    /// stamp) without the general number scan.
    @inline(__always)
    private func skipValue(at offset: Int, depth: Int) -> Int? {
        if let (_, end) = readShortNumber(at: offset) { return end }
        return try? scanner.skipValue(at: offset, depth: depth)
    }

    /// 10^`exponent` for 1 ≤ `exponent` ≤ 22, each an exact Double.
    @inline(__always)
    private static func powerOfTen(_ exponent: Int) -> Double {
        switch exponent {
        case 1: 1e1
        case 2: 1e2
        case 3: 1e3
        case 4: 1e4
        case 5: 1e5
        case 6: 1e6
        case 7: 1e7
        case 8: 1e8
        case 9: 1e9
        case 10: 1e10
        case 11: 1e11
        case 12: 1e12
        case 13: 1e13
        case 14: 1e14
        case 15: 1e15
        case 16: 1e16
        case 17: 1e17
        case 18: 1e18
        case 19: 1e19
        case 20: 1e20
        case 21: 1e21
        default: 1e22
        }
    }

    // MARK: Messages

    /// Reads an array of message objects whose `[` is at `offset`; returns the messages and the
    /// offset past `]`.
    private func readMessages(at offset: Int) -> ([ChatMessage], Int)? {
        var messages: [ChatMessage] = []
        var i = scanner.skipWhitespace(from: offset + 1)
        if scanner.peek(i) == ASCII.closeBracket { return (messages, i + 1) }
        while true {
            guard scanner.peek(i) == ASCII.openBrace, let (message, end) = readMessage(at: i) else { return nil }
            messages.append(message)
            i = scanner.skipWhitespace(from: end)
            switch scanner.peek(i) {
            case ASCII.comma:
                i = scanner.skipWhitespace(from: i + 1)
            case ASCII.closeBracket:
                return (messages, i + 1)
            default:
                return nil
            }
        }
    }

    /// Reads one `{"id", "direction", "height"}` object (depth 3) whose `{` is at `offset`.
    private func readMessage(at offset: Int) -> (ChatMessage, Int)? {
        var present: UInt32 = 0
        var id = JSONStringRef(start: 0, end: 0, isPlain: true)
        var direction = JSONStringRef(start: 0, end: 0, isPlain: true)
        var height = 0.0
        var unknown = UnknownKeys()
        let end = readMembers(ofObjectAt: offset) { keyStart, keyEnd, valueStart in
            switch Self.key(bytes, from: keyStart, to: keyEnd) {
            case .id?:
                guard present & Key.id.bit == 0 else { return nil }
                return record(readString(at: valueStart), in: &id, .id, &present)
            case .direction?:
                guard present & Key.direction.bit == 0 else { return nil }
                return record(readString(at: valueStart), in: &direction, .direction, &present)
            case .height?:
                guard present & Key.height.bit == 0 else { return nil }
                return record(readNumber(at: valueStart), in: &height, .height, &present)
            case let known?:
                // Another event key, unknown in a message: skipped, but remembered as seen.
                guard present & known.bit == 0 else { return nil }
                present |= known.bit
                return try? scanner.skipValue(at: valueStart, depth: 4)
            case nil:
                guard unknown.insert(start: keyStart, end: keyEnd, in: bytes) else { return nil }
                return skipValue(at: valueStart, depth: 4)
            }
        }
        let required = Key.id.bit | Key.direction.bit | Key.height.bit
        guard let end, present & required == required,
            let direction = MessageDirection(named: direction, in: scanner)
        else { return nil }
        return (ChatMessage(id: scanner.string(id), direction: direction, height: height), end)
    }

    /// Reads a `{"anchorID"?, "delta", "wasAtBottom"}` object (depth 2) whose `{` is at `offset`.
    private func readRestore(at offset: Int) -> (SavedPosition, Int)? {
        // A null anchorID sets its bit without a value.
        var present: UInt32 = 0
        var anchorID: JSONStringRef?
        var delta = 0.0
        var wasAtBottom = false
        var unknown = UnknownKeys()
        let end = readMembers(ofObjectAt: offset) { keyStart, keyEnd, valueStart in
            let key = Self.key(bytes, from: keyStart, to: keyEnd)
            if let key {
                guard present & key.bit == 0 else { return nil }
                present |= key.bit
            }
            switch key {
            case .anchorID?:
                if scanner.peek(valueStart) == ASCII.n { return try? scanner.skipValue(at: valueStart, depth: 3) }
                guard let (ref, end) = readString(at: valueStart) else { return nil }
                anchorID = ref
                return end
            case .delta?:
                guard let (value, end) = readNumber(at: valueStart) else { return nil }
                delta = value
                return end
            case .wasAtBottom?:
                guard let (value, end) = readBool(at: valueStart) else { return nil }
                wasAtBottom = value
                return end
            case .some:
                // Another key of the format, unknown in a position: skipped, but remembered as seen.
                return try? scanner.skipValue(at: valueStart, depth: 3)
            case nil:
                guard unknown.insert(start: keyStart, end: keyEnd, in: bytes) else { return nil }
                return try? scanner.skipValue(at: valueStart, depth: 3)
            }
        }
        let required = Key.delta.bit | Key.wasAtBottom.bit
        guard let end, present & required == required else { return nil }
        return (SavedPosition(anchorID: anchorID.map(scanner.string), delta: delta, wasAtBottom: wasAtBottom), end)
    }

    // MARK: The event

    /// The fields read, as the events' field source: a required field that is missing declines.
    private struct ReadFields: ChatEventFieldSource {
        let fields: UnsafePointer<Fields>
        let scanner: JSONScanner

        struct Declined: Error {}

        func missing(_ key: ChatEventKey) -> Declined { Declined() }

        /// Whether `key` was read; a required key that was not declines the line.
        @inline(__always)
        private func has(_ key: Key, _ required: Bool) throws(Declined) -> Bool {
            if fields.pointee.has(key) { return true }
            if required { throw Declined() }
            return false
        }

        @inline(__always)
        func number(_ key: Key, required: Bool) throws(Declined) -> Double? {
            guard try has(key, required) else { return nil }
            return fields.pointee.numbers[Int(key.rawValue)]
        }

        @inline(__always)
        func string(_ key: Key, required: Bool) throws(Declined) -> String? {
            guard try has(key, required) else { return nil }
            return scanner.string(fields.pointee.string(key))
        }

        @inline(__always)
        func bool(_ key: Key, required: Bool) throws(Declined) -> Bool? {
            guard try has(key, required) else { return nil }
            return fields.pointee.bools & key.bit != 0
        }

        @inline(__always)
        func direction(_ key: Key, required: Bool) throws(Declined) -> MessageDirection? {
            guard try has(key, required) else { return nil }
            guard let direction = MessageDirection(named: fields.pointee.string(key), in: scanner) else {
                throw Declined()
            }
            return direction
        }

        @inline(__always)
        func messages(_ key: Key, required: Bool) throws(Declined) -> [ChatMessage]? {
            guard try has(key, required) else { return nil }
            return fields.pointee.messages
        }

        @inline(__always)
        func position(_ key: Key, required: Bool) throws(Declined) -> SavedPosition? {
            guard try has(key, required) else { return nil }
            return fields.pointee.restore
        }
    }

    /// The event of type `type` from the fields read, or `nil` when a required one is missing.
    private func event(of type: ChatEvent.EventType, from fields: inout Fields) -> ChatEvent? {
        withUnsafePointer(to: &fields) { try? ChatEvent(type: type, fields: ReadFields(fields: $0, scanner: scanner)) }
    }

    // MARK: Keys

    /// The event type the `"type"` string names: a plain name by its length and then in full
    /// (see EventLineParser+Names.swift), any other through ``ChatEvent/EventType/init(named:in:)``.
    private func eventType(_ name: JSONStringRef) -> ChatEvent.EventType? {
        if name.isPlain, let type = Self.plainEventType(bytes, from: name.start, to: name.end) { return type }
        return ChatEvent.EventType(named: name, in: scanner)
    }

    /// Whether the plain key at `start..<end` is `chatlog`, which makes the line a header.
    private static func isReserved(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Bool {
        end - start == 7 && matches("chatlog", bytes, start)
    }

    /// Whether the bytes at `start` are `literal`'s (the caller has checked that as many lie
    /// there): eight bytes at a time, then four, then one.
    @inline(__always)
    static func matches(_ literal: StaticString, _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard literal.hasPointerRepresentation, let base = bytes.baseAddress, start + count <= bytes.count else {
            return false
        }
        let actual = UnsafeRawPointer(base + start)
        let expected = UnsafeRawPointer(literal.utf8Start)
        var k = 0
        while k + 8 <= count {
            guard
                actual.loadUnaligned(fromByteOffset: k, as: UInt64.self)
                    == expected.loadUnaligned(fromByteOffset: k, as: UInt64.self)
            else { return false }
            k += 8
        }
        if k + 4 <= count {
            guard
                actual.loadUnaligned(fromByteOffset: k, as: UInt32.self)
                    == expected.loadUnaligned(fromByteOffset: k, as: UInt32.self)
            else { return false }
            k += 4
        }
        while k < count {
            guard actual.load(fromByteOffset: k, as: UInt8.self) == expected.load(fromByteOffset: k, as: UInt8.self)
            else {
                return false
            }
            k += 1
        }
        return true
    }
}
