import ChatEvents
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
    /// The keys an event line can hold, as bits of ``Fields/present``.
    private enum Key: UInt32 {
        case type, t, id, height, insetTop, insetBottom, messages, hasMoreOlder, hasMoreNewer
        case firstUnreadID, direction, streaming, newID, text, heightDelta, duration, offset
        case velocity, active, restore

        @inline(__always) var bit: UInt32 { 1 << rawValue }
    }

    /// What the line's known keys hold. A key's bit in `present` is set once its value has been
    /// read with the expected type; a `null` leaves it clear, so that optional fields read `nil`
    /// and required ones decline. (Which keys were given at all, `null` or not, is kept apart
    /// while the object is read, to decline a key given twice.)
    private struct Fields {
        var present: UInt32 = 0
        var type = JSONStringRef(start: 0, end: 0, isPlain: true)
        var id = JSONStringRef(start: 0, end: 0, isPlain: true)
        var direction = JSONStringRef(start: 0, end: 0, isPlain: true)
        var firstUnreadID = JSONStringRef(start: 0, end: 0, isPlain: true)
        var newID = JSONStringRef(start: 0, end: 0, isPlain: true)
        var text = JSONStringRef(start: 0, end: 0, isPlain: true)
        var t = 0.0
        var height = 0.0
        var insetTop = 0.0
        var insetBottom = 0.0
        var heightDelta = 0.0
        var duration = 0.0
        var offset = 0.0
        var velocity = 0.0
        var hasMoreOlder = false
        var hasMoreNewer = false
        var streaming = false
        var active = false
        var messages: [ChatMessage] = []
        var restore = SavedPosition(anchorID: nil, delta: 0, wasAtBottom: false)

        @inline(__always) func has(_ key: Key) -> Bool { present & key.bit != 0 }
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
        var fields = Fields()
        guard let end = readObject(at: start, into: &fields) else { return nil }
        guard scanner.skipWhitespace(from: end) == bytes.count, fields.has(.type),
            let type = eventType(fields.type),
            let event = event(of: type, from: &fields)
        else { return nil }
        return LoggedEvent(event, time: fields.has(.t) ? fields.t : nil)
    }

    // MARK: The line's object

    /// Reads the event object whose `{` is at `offset` into `fields`; returns the offset past
    /// its `}`.
    private func readObject(at offset: Int, into fields: inout Fields) -> Int? {
        var unknown = UnknownKeys()
        var seen: UInt32 = 0
        return readMembers(ofObjectAt: offset) { keyStart, keyEnd, valueStart in
            if let key = Self.key(in: bytes, from: keyStart, to: keyEnd) {
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
        switch key {
        case .type: return record(readString(at: offset), in: &fields.type, key, &fields.present)
        case .id: return record(readString(at: offset), in: &fields.id, key, &fields.present)
        case .direction: return record(readString(at: offset), in: &fields.direction, key, &fields.present)
        case .firstUnreadID: return record(readString(at: offset), in: &fields.firstUnreadID, key, &fields.present)
        case .newID: return record(readString(at: offset), in: &fields.newID, key, &fields.present)
        case .text: return record(readString(at: offset), in: &fields.text, key, &fields.present)
        case .t: return record(readNumber(at: offset), in: &fields.t, key, &fields.present)
        case .height: return record(readNumber(at: offset), in: &fields.height, key, &fields.present)
        case .insetTop: return record(readNumber(at: offset), in: &fields.insetTop, key, &fields.present)
        case .insetBottom: return record(readNumber(at: offset), in: &fields.insetBottom, key, &fields.present)
        case .heightDelta: return record(readNumber(at: offset), in: &fields.heightDelta, key, &fields.present)
        case .duration: return record(readNumber(at: offset), in: &fields.duration, key, &fields.present)
        case .offset: return record(readNumber(at: offset), in: &fields.offset, key, &fields.present)
        case .velocity: return record(readNumber(at: offset), in: &fields.velocity, key, &fields.present)
        case .hasMoreOlder: return record(readBool(at: offset), in: &fields.hasMoreOlder, key, &fields.present)
        case .hasMoreNewer: return record(readBool(at: offset), in: &fields.hasMoreNewer, key, &fields.present)
        case .streaming: return record(readBool(at: offset), in: &fields.streaming, key, &fields.present)
        case .active: return record(readBool(at: offset), in: &fields.active, key, &fields.present)
        case .messages:
            guard first == ASCII.openBracket else { return nil }
            return record(readMessages(at: offset), in: &fields.messages, key, &fields.present)
        case .restore:
            guard first == ASCII.openBrace else { return nil }
            return record(readRestore(at: offset), in: &fields.restore, key, &fields.present)
        }
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
            switch Self.key(in: bytes, from: keyStart, to: keyEnd) {
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
        // Bits: 1 anchorID, 2 delta, 4 wasAtBottom; a null anchorID sets its bit without a value.
        var present: UInt32 = 0
        var anchorID: JSONStringRef?
        var delta = 0.0
        var wasAtBottom = false
        var unknown = UnknownKeys()
        let end = readMembers(ofObjectAt: offset) { keyStart, keyEnd, valueStart in
            switch keyEnd - keyStart {
            case 8 where Self.matches("anchorID", bytes, keyStart):
                guard present & 1 == 0 else { return nil }
                present |= 1
                if scanner.peek(valueStart) == ASCII.n { return try? scanner.skipValue(at: valueStart, depth: 3) }
                guard let (ref, end) = readString(at: valueStart) else { return nil }
                anchorID = ref
                return end
            case 5 where Self.matches("delta", bytes, keyStart):
                guard present & 2 == 0, let (value, end) = readNumber(at: valueStart) else { return nil }
                present |= 2
                delta = value
                return end
            case 11 where Self.matches("wasAtBottom", bytes, keyStart):
                guard present & 4 == 0, let (value, end) = readBool(at: valueStart) else { return nil }
                present |= 4
                wasAtBottom = value
                return end
            default:
                guard unknown.insert(start: keyStart, end: keyEnd, in: bytes) else { return nil }
                return try? scanner.skipValue(at: valueStart, depth: 3)
            }
        }
        guard let end, present & 6 == 6 else { return nil }
        return (SavedPosition(anchorID: anchorID.map(scanner.string), delta: delta, wasAtBottom: wasAtBottom), end)
    }

    // MARK: The event

    /// The event of type `type` from the fields read, or `nil` when a required one is missing.
    private func event(of type: ChatEvent.EventType, from f: inout Fields) -> ChatEvent? {
        func string(_ key: Key, _ ref: JSONStringRef) -> String? { f.has(key) ? scanner.string(ref) : nil }
        func number(_ key: Key, _ value: Double) -> Double? { f.has(key) ? value : nil }
        func bool(_ key: Key, _ value: Bool) -> Bool? { f.has(key) ? value : nil }
        switch type {
        case .viewportChanged:
            guard let height = number(.height, f.height), let top = number(.insetTop, f.insetTop),
                let bottom = number(.insetBottom, f.insetBottom)
            else { return nil }
            return .viewportChanged(height: height, insetTop: top, insetBottom: bottom)
        case .historyLoaded:
            guard f.has(.messages), let more = bool(.hasMoreOlder, f.hasMoreOlder) else { return nil }
            return .historyLoaded(
                messages: f.messages, hasMoreOlder: more, firstUnreadID: string(.firstUnreadID, f.firstUnreadID))
        case .messageAppended:
            guard let id = string(.id, f.id), f.has(.direction),
                let direction = MessageDirection(named: f.direction, in: scanner),
                let height = number(.height, f.height)
            else { return nil }
            return .messageAppended(
                ChatMessage(id: id, direction: direction, height: height), streaming: bool(.streaming, f.streaming))
        case .messageConfirmed:
            guard let id = string(.id, f.id) else { return nil }
            return .messageConfirmed(id: id, newID: string(.newID, f.newID))
        case .tokensAppended:
            guard let id = string(.id, f.id) else { return nil }
            return .tokensAppended(
                id: id, text: string(.text, f.text), heightDelta: number(.heightDelta, f.heightDelta),
                height: number(.height, f.height))
        case .streamFinished:
            guard let id = string(.id, f.id) else { return nil }
            return .streamFinished(id: id)
        case .itemMeasured:
            guard let id = string(.id, f.id), let height = number(.height, f.height) else { return nil }
            return .itemMeasured(id: id, height: height)
        case .messageRemoved:
            guard let id = string(.id, f.id) else { return nil }
            return .messageRemoved(id: id)
        case .olderLoaded:
            guard f.has(.messages), let more = bool(.hasMoreOlder, f.hasMoreOlder) else { return nil }
            return .olderLoaded(messages: f.messages, hasMoreOlder: more)
        case .loadOlderFailed:
            return .loadOlderFailed
        case .newerLoaded:
            guard f.has(.messages), let more = bool(.hasMoreNewer, f.hasMoreNewer) else { return nil }
            return .newerLoaded(messages: f.messages, hasMoreNewer: more)
        case .loadNewerFailed:
            return .loadNewerFailed
        case .windowLoaded:
            guard f.has(.messages), let older = bool(.hasMoreOlder, f.hasMoreOlder),
                let newer = bool(.hasMoreNewer, f.hasMoreNewer)
            else { return nil }
            return .windowLoaded(messages: f.messages, hasMoreOlder: older, hasMoreNewer: newer)
        case .windowLoadFailed:
            return .windowLoadFailed
        case .keyboardWillShow:
            guard let height = number(.height, f.height) else { return nil }
            return .keyboardWillShow(height: height, duration: number(.duration, f.duration))
        case .keyboardWillHide:
            return .keyboardWillHide(duration: number(.duration, f.duration))
        case .dragBegan:
            return .dragBegan
        case .scrolled:
            guard let offset = number(.offset, f.offset) else { return nil }
            return .scrolled(offset: offset)
        case .dragEnded:
            guard let offset = number(.offset, f.offset) else { return nil }
            return .dragEnded(offset: offset, velocity: number(.velocity, f.velocity))
        case .scrollSettled:
            guard let offset = number(.offset, f.offset) else { return nil }
            return .scrollSettled(offset: offset)
        case .selectionChanged:
            guard let active = bool(.active, f.active) else { return nil }
            return .selectionChanged(active: active)
        case .inputFocused:
            return .inputFocused
        case .inputBlurred:
            return .inputBlurred
        case .jumpToLatestTapped:
            return .jumpToLatestTapped
        case .jumpToMessage:
            guard let id = string(.id, f.id) else { return nil }
            return .jumpToMessage(id: id)
        case .highlightFinished:
            return .highlightFinished
        case .entranceAnimationFinished:
            guard let id = string(.id, f.id) else { return nil }
            return .entranceAnimationFinished(id: id)
        case .appeared:
            return .appeared(restore: f.has(.restore) ? f.restore : nil)
        case .disappeared:
            return .disappeared
        }
    }

    // MARK: Keys

    /// The event type the `"type"` string names: a plain name is told by its length and a byte
    /// or two, then compared in full; any other goes through ``ChatEvent/EventType/init(named:in:)``.
    private func eventType(_ name: JSONStringRef) -> ChatEvent.EventType? {
        if name.isPlain, let type = Self.plainEventType(bytes, from: name.start, to: name.end) { return type }
        return ChatEvent.EventType(named: name, in: scanner)
    }

    static func plainEventType(
        _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int
    ) -> ChatEvent.EventType? {
        @inline(__always) func named(_ name: StaticString, _ type: ChatEvent.EventType) -> ChatEvent.EventType? {
            matches(name, bytes, start) ? type : nil
        }
        @inline(__always) func byte(_ k: Int) -> UInt8 { bytes[start + k] }
        switch end - start {
        case 8:
            return byte(0) == UInt8(ascii: "s") ? named("scrolled", .scrolled) : named("appeared", .appeared)
        case 9:
            return byte(4) == UInt8(ascii: "B") ? named("dragBegan", .dragBegan) : named("dragEnded", .dragEnded)
        case 11:
            switch byte(0) {
            case UInt8(ascii: "o"): return named("olderLoaded", .olderLoaded)
            case UInt8(ascii: "n"): return named("newerLoaded", .newerLoaded)
            default: return named("disappeared", .disappeared)
            }
        case 12:
            switch byte(1) {
            case UInt8(ascii: "t"): return named("itemMeasured", .itemMeasured)
            case UInt8(ascii: "i"): return named("windowLoaded", .windowLoaded)
            default:
                return byte(5) == UInt8(ascii: "F")
                    ? named("inputFocused", .inputFocused) : named("inputBlurred", .inputBlurred)
            }
        case 13:
            switch byte(0) {
            case UInt8(ascii: "h"): return named("historyLoaded", .historyLoaded)
            case UInt8(ascii: "s"): return named("scrollSettled", .scrollSettled)
            default: return named("jumpToMessage", .jumpToMessage)
            }
        case 14:
            switch byte(0) {
            case UInt8(ascii: "t"): return named("tokensAppended", .tokensAppended)
            case UInt8(ascii: "s"): return named("streamFinished", .streamFinished)
            default: return named("messageRemoved", .messageRemoved)
            }
        case 15:
            switch byte(0) {
            case UInt8(ascii: "v"): return named("viewportChanged", .viewportChanged)
            case UInt8(ascii: "m"): return named("messageAppended", .messageAppended)
            default:
                return byte(4) == UInt8(ascii: "O")
                    ? named("loadOlderFailed", .loadOlderFailed) : named("loadNewerFailed", .loadNewerFailed)
            }
        case 16:
            switch byte(0) {
            case UInt8(ascii: "m"): return named("messageConfirmed", .messageConfirmed)
            case UInt8(ascii: "w"): return named("windowLoadFailed", .windowLoadFailed)
            case UInt8(ascii: "s"): return named("selectionChanged", .selectionChanged)
            default:
                return byte(12) == UInt8(ascii: "S")
                    ? named("keyboardWillShow", .keyboardWillShow) : named("keyboardWillHide", .keyboardWillHide)
            }
        case 17:
            return named("highlightFinished", .highlightFinished)
        case 18:
            return named("jumpToLatestTapped", .jumpToLatestTapped)
        case 25:
            return named("entranceAnimationFinished", .entranceAnimationFinished)
        default:
            return nil
        }
    }

    /// Whether the plain key at `start..<end` is `chatlog`, which makes the line a header.
    private static func isReserved(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Bool {
        end - start == 7 && matches("chatlog", bytes, start)
    }

    /// The known key spelled by the plain key text at `start..<end`.
    @inline(__always)
    private static func key(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Key? {
        let first = bytes[start]
        switch end - start {
        case 1:
            return first == ASCII.t ? .t : nil
        case 2:
            return matches("id", bytes, start) ? .id : nil
        case 4:
            if matches("type", bytes, start) { return .type }
            return matches("text", bytes, start) ? .text : nil
        case 5:
            return matches("newID", bytes, start) ? .newID : nil
        case 7:
            return matches("restore", bytes, start) ? .restore : nil
        case 6:
            if first == UInt8(ascii: "o") { return matches("offset", bytes, start) ? .offset : nil }
            if matches("height", bytes, start) { return .height }
            return matches("active", bytes, start) ? .active : nil
        case 8:
            if matches("insetTop", bytes, start) { return .insetTop }
            if matches("messages", bytes, start) { return .messages }
            if matches("duration", bytes, start) { return .duration }
            return matches("velocity", bytes, start) ? .velocity : nil
        case 9:
            if matches("direction", bytes, start) { return .direction }
            return matches("streaming", bytes, start) ? .streaming : nil
        case 11:
            if matches("insetBottom", bytes, start) { return .insetBottom }
            return matches("heightDelta", bytes, start) ? .heightDelta : nil
        case 12:
            if matches("hasMoreOlder", bytes, start) { return .hasMoreOlder }
            return matches("hasMoreNewer", bytes, start) ? .hasMoreNewer : nil
        case 13:
            return matches("firstUnreadID", bytes, start) ? .firstUnreadID : nil
        default:
            return nil
        }
    }

    /// Whether the bytes at `start` are `literal`'s (the caller has checked that as many lie
    /// there): eight bytes at a time, then four, then one.
    @inline(__always)
    private static func matches(_ literal: StaticString, _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard let base = bytes.baseAddress, start + count <= bytes.count else { return false }
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
