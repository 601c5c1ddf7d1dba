@_spi(ChatEventFields) import ChatEvents
import ChatJSON

extension ChatLogLine {
    /// Decodes one line of a log: the UTF-8 of a single JSON object, without its newline.
    ///
    /// An object with a `"chatlog"` key is a ``ChatLogHeader``; any other object is an event
    /// named by its `"type"`, with an optional time `"t"`. Unknown keys are ignored, absent
    /// optional fields and `null` both decode as `nil`, and numbers decode exactly, without
    /// clamping or range checks.
    ///
    /// ```swift
    /// let line = try ChatLogLine(decoding: #"{"type":"scrolled","offset":120,"t":1.5}"#)
    /// // line == .event(LoggedEvent(.scrolled(offset: 120), time: 1.5))
    /// ```
    ///
    /// - Throws: ``ChatLogLineError`` with a 1-based column for malformed JSON (including
    ///   invalid UTF-8 in a string, a lone surrogate escape, a duplicate key, nesting deeper
    ///   than 256 levels, a number that does not fit a Double, or text after the object), a
    ///   line that is not an object, an unknown event type, a missing required field, a value
    ///   of the wrong JSON type, an unknown direction or layout, or an unsupported version.
    /// - Complexity: O(*n*) in the length of the line.
    public init(decoding line: UnsafeBufferPointer<UInt8>) throws(ChatLogLineError) {
        let scanner = JSONScanner(line)
        do throws(JSONScanError) {
            self = try ChatLogLine(scanning: scanner)
        } catch {
            throw ChatLogLineError(
                column: scanner.column(ofByte: error.offset), message: error.message,
                isIncomplete: error.isIncomplete, isHeader: Self.isHeader(scanner))
        }
    }

    /// Whether an undecodable line is a header: its object has a `"chatlog"` key or, when it is
    /// not a well-formed object, `"chatlog"` stands in it as a key (followed by a colon).
    static func isHeader(_ scanner: JSONScanner) -> Bool {
        let start = scanner.skipWhitespace(from: 0)
        if scanner.peek(start) == ASCII.openBrace, let object = try? scanner.indexObject(at: start, depth: 1) {
            return scanner.member("chatlog", in: object) != nil
        }
        let key = Array(#""chatlog""#.utf8)
        let bytes = scanner.bytes
        guard bytes.count >= key.count else { return false }
        for i in 0...(bytes.count - key.count) where bytes[i] == ASCII.quote {
            guard (0..<key.count).allSatisfy({ bytes[i + $0] == key[$0] }) else { continue }
            if scanner.peek(scanner.skipWhitespace(from: i + key.count)) == ASCII.colon { return true }
        }
        return false
    }

    /// Decodes one line of a log from its text, without its newline.
    ///
    /// The rules and errors are those of decoding the line's bytes from an
    /// `UnsafeBufferPointer<UInt8>`.
    public init(decoding line: some StringProtocol) throws(ChatLogLineError) {
        let result = line.utf8.withContiguousStorageIfAvailable { bytes in
            Result { () throws(ChatLogLineError) in try ChatLogLine(decoding: bytes) }
        }
        if let result {
            self = try result.get()
        } else {
            self = try ChatLogLine(decoding: Array(line.utf8))
        }
    }

    /// Decodes one line of a log from its UTF-8 bytes, without its newline.
    ///
    /// The rules and errors are those of decoding the line's bytes from an
    /// `UnsafeBufferPointer<UInt8>`.
    public init(decoding line: [UInt8]) throws(ChatLogLineError) {
        let result = line.withUnsafeBufferPointer { bytes in
            Result { () throws(ChatLogLineError) in try ChatLogLine(decoding: bytes) }
        }
        self = try result.get()
    }

    /// Decodes the line a scanner covers, reporting errors by byte offset: in one pass when the
    /// line has the plain shape of an event (``EventLineParser``), with the full decoder otherwise.
    init(scanning scanner: JSONScanner) throws(JSONScanError) {
        if let event = EventLineParser(scanner).parse() {
            self = .event(event)
            return
        }
        try self.init(scanningFully: scanner)
    }

    /// Decodes the line a scanner covers with the full decoder: every member indexed and
    /// validated first, then read by key; the source of every decoding error.
    init(scanningFully scanner: JSONScanner) throws(JSONScanError) {
        let start = scanner.skipWhitespace(from: 0)
        guard scanner.peek(start) == ASCII.openBrace else {
            guard start < scanner.bytes.count else {
                throw scanner.unexpected(at: start, expected: "a JSON object")
            }
            _ = try scanner.skipValue(at: start, depth: 1)
            throw JSONScanError(
                offset: start, message: "expected a JSON object, found \(scanner.kind(at: start).description)"
            )
        }
        let object = try scanner.indexObject(at: start, depth: 1)
        let end = scanner.skipWhitespace(from: object.end)
        guard end == scanner.bytes.count else {
            throw scanner.unexpected(at: end, expected: "the end of the line after the JSON object")
        }
        let fields = JSONFieldReader(scanner: scanner, object: object, context: .line, depth: 1)
        if fields.member("chatlog") != nil {
            self = try .header(ChatLogHeader(fields: fields))
            return
        }
        let typeMember = try fields.required("type")
        let typeName = try fields.stringRef(typeMember, "type")
        guard let type = ChatEvent.EventType(named: typeName, in: scanner) else {
            throw JSONScanError(
                offset: typeMember.valueStart,
                message: "unknown event type \(JSONWriter.quoted(scanner.string(typeName)))"
            )
        }
        let eventFields = JSONFieldReader(scanner: scanner, object: object, context: .event(type), depth: 1)
        let event = try ChatEvent(type: type, fields: eventFields)
        self = try .event(LoggedEvent(event, time: eventFields.optionalNumber("t")))
    }
}
