import ChatEvents
import ChatJSON
import ChatPlatform

/// Why a log could not be read: the file could not be opened or read, or a line could not be decoded.
///
/// The ``description`` is what the `replay` command prints:
///
/// ```text
/// chat.jsonl:3:42: expected a number for "height", found a string
///     {"type":"itemMeasured","id":"m1","height":"80"}
///                                              ^
/// ```
public struct LogReadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Hashable {
        /// The file is missing, is a directory, or could not be read (the `replay` exit code 66).
        case unreadable
        /// A line is not a valid log line (the `replay` exit code 65).
        case undecodable
    }

    /// What went wrong.
    public var kind: Kind
    /// The file as it was named to the reader.
    public var file: String
    /// The 1-based line number, or 0 when the file itself could not be read.
    public var line: Int
    /// The 1-based column in Unicode scalars, or 0 when the file itself could not be read.
    public var column: Int
    /// The explanation, such as `expected a number for "height", found a string`.
    public var message: String
    /// The text of the offending line, without its line break; empty for ``Kind/unreadable``.
    public var lineText: String

    /// Creates an error.
    public init(kind: Kind, file: String, line: Int, column: Int, message: String, lineText: String) {
        self.kind = kind
        self.file = file
        self.line = line
        self.column = column
        self.message = message
        self.lineText = lineText
    }

    /// `FILE:LINE:COLUMN`, or `FILE` when the file itself could not be read.
    public var location: String {
        kind == .unreadable ? file : "\(file):\(line):\(column)"
    }

    /// `FILE:LINE:COLUMN: message`, on one line.
    public var summary: String { "\(location): \(message)" }

    /// The offending line, shortened to about 120 characters around the column, and a caret
    /// under the column, each indented by four spaces; empty for ``Kind/unreadable``.
    public var excerpt: String {
        guard kind == .undecodable else { return "" }
        let (text, caret) = Self.excerpt(of: lineText, column: column)
        return "    \(text)\n    \(String(repeating: " ", count: caret))^"
    }

    /// ``summary`` followed by the ``excerpt`` lines.
    public var description: String {
        kind == .unreadable ? summary : "\(summary)\n\(excerpt)"
    }

    static let excerptWidth = 120

    /// The shown text and the caret's distance from its start.
    static func excerpt(of line: String, column: Int) -> (text: String, caret: Int) {
        let scalars = line.unicodeScalars.map { scalar -> Unicode.Scalar in
            scalar.properties.generalCategory == .control ? " " : scalar
        }
        let index = max(0, column - 1)
        guard scalars.count > excerptWidth else {
            return (String(String.UnicodeScalarView(scalars)), index)
        }
        var lower = max(0, index - excerptWidth / 2)
        let upper = min(scalars.count, lower + excerptWidth)
        lower = max(0, upper - excerptWidth)
        var text = String(String.UnicodeScalarView(scalars[lower..<upper]))
        var caret = index - lower
        if lower > 0 {
            text = "…" + text
            caret += 1
        }
        if upper < scalars.count { text += "…" }
        return (text, caret)
    }
}

/// Reads a log, one line at a time, without holding the whole file in memory.
///
/// Lines may end in LF or CRLF; a UTF-8 byte-order mark at the very start and blank lines are
/// skipped. The header `{"chatlog": 1, "config": {...}}` is read when the reader is created and
/// is only allowed on the first non-blank line.
///
/// ```swift
/// let reader = try ChatLogReader(contentsOf: "Examples/messaging.jsonl")
/// var replayer = Replayer(configuration: reader.configuration)
/// while let event = try reader.next() {
///     print(replayer.apply(event).jsonLine)
/// }
/// ```
public final class ChatLogReader {
    /// The name of the log in messages: the path it was opened with.
    public let file: String
    /// The header of the log, or `nil` when its first line is an event.
    public private(set) var header: ChatLogHeader?
    /// Whether undecodable lines are skipped (and handed to the skip handler) instead of thrown.
    public let skipsInvalidLines: Bool

    /// The configuration to replay the log with: the header's, or the defaults without a header.
    public var configuration: ChatConfiguration { header?.configuration ?? ChatConfiguration() }

    /// The bytes of the lines read so far, line breaks included.
    @exclusivity(unchecked) private(set) var bytesRead = 0

    /// The number of the last line read, 1-based.
    @exclusivity(unchecked) public private(set) var lineNumber = 0

    private enum Source {
        case file(ReadableFile)
        case memory
    }

    private static let chunkSize = 1 << 20
    private var source: Source
    /// The skip handler; ``ReadAheadEvents`` stands in for it while it reads on its own thread.
    var onSkip: (LogReadError) -> Void
    /// The bytes read and not yet dropped, held in memory of their own so that reading a line
    /// costs no reference counting. Allocated by the first read, so that a reader whose
    /// creation fails holds no memory.
    @exclusivity(unchecked) private var storage: ByteBuffer?
    private var buffered: Int { storage?.count ?? 0 }
    private var buffer: UnsafeBufferPointer<UInt8> { storage?.bytes ?? UnsafeBufferPointer(start: nil, count: 0) }
    @exclusivity(unchecked) private var start = 0
    @exclusivity(unchecked) private var scanned = 0
    @exclusivity(unchecked) private var atEnd = false
    @exclusivity(unchecked) private var checkedByteOrderMark = false
    @exclusivity(unchecked) private var firstEvent: LoggedEvent?

    /// Opens the log at `path` and reads its header.
    ///
    /// - Parameters:
    ///   - path: The log file.
    ///   - skipInvalidLines: Skip lines that cannot be decoded instead of throwing; each is
    ///     handed to `onSkip`.
    ///   - onSkip: Called with each skipped line's error.
    /// - Throws: ``LogReadError`` when the file cannot be read, when its header cannot be
    ///   decoded (even when skipping: the header configures the whole replay) or, unless
    ///   skipping, its first line cannot be decoded.
    public init(
        contentsOf path: String, skipInvalidLines: Bool = false,
        onSkip: @escaping (LogReadError) -> Void = { _ in }
    ) throws(LogReadError) {
        file = path
        skipsInvalidLines = skipInvalidLines
        self.onSkip = onSkip
        switch ReadableFile.open(path) {
        case .success(let opened): source = .file(opened)
        case .failure(let failure): throw Self.unreadable(path, failure.reason)
        }
        try readHeader()
    }

    /// Reads a log held in memory, as if it were a file named `name`.
    ///
    /// - Parameters:
    ///   - bytes: The log's bytes.
    ///   - name: The name of the log in messages.
    ///   - skipInvalidLines: Skip lines that cannot be decoded instead of throwing.
    ///   - onSkip: Called with each skipped line's error.
    /// - Throws: ``LogReadError`` when the header cannot be decoded (even when skipping) or,
    ///   unless skipping, the first line cannot be decoded.
    public init(
        bytes: [UInt8], name: String = "<memory>", skipInvalidLines: Bool = false,
        onSkip: @escaping (LogReadError) -> Void = { _ in }
    ) throws(LogReadError) {
        file = name
        skipsInvalidLines = skipInvalidLines
        self.onSkip = onSkip
        source = .memory
        append(bytes)
        atEnd = true
        try readHeader()
    }

    deinit {
        if case .file(let opened) = source { opened.close() }
    }

    /// The next event, or `nil` at the end of the log.
    ///
    /// - Throws: ``LogReadError`` when the file cannot be read or, unless skipping, a line
    ///   cannot be decoded, or a header appears after the first line.
    public func next() throws(LogReadError) -> LoggedEvent? {
        if let event = firstEvent {
            firstEvent = nil
            return event
        }
        while let (range, terminated) = try nextLine() {
            if isBlank(range) { continue }
            let outcome = self.outcome(
                ofEventLine: UnsafeBufferPointer(rebasing: buffer[range]), number: lineNumber, terminated: terminated)
            switch outcome {
            case .event(let event): return event
            case .skipped(let error): onSkip(error)
            case .failed(let error): throw error
            }
        }
        return nil
    }

    /// What a line after the first one brings to the events: an event, a line to skip, or the
    /// error that ends the log.
    enum EventLineOutcome {
        case event(LoggedEvent)
        case skipped(LogReadError)
        case failed(LogReadError)
    }

    /// Decodes a non-blank line after the first one. It depends on nothing but the line and the
    /// reader's settings, so that another thread may decode lines the reader has read.
    func outcome(ofEventLine bytes: UnsafeBufferPointer<UInt8>, number: Int, terminated: Bool) -> EventLineOutcome {
        let error: LogReadError
        do throws(ChatLogLineError) {
            switch try ChatLogLine(decoding: bytes) {
            case .event(let event):
                return .event(event)
            case .header:
                error = LogReadError(
                    kind: .undecodable, file: file, line: number, column: 1,
                    message: "a header is only allowed on the first line",
                    lineText: String(decoding: bytes, as: UTF8.self))
            }
        } catch let failure {
            error = readError(failure, line: bytes, number: number, terminated: terminated, isBadHeader: false)
        }
        return skipsInvalidLines ? .skipped(error) : .failed(error)
    }

    /// The error for an undecodable line.
    private func readError(
        _ failure: ChatLogLineError, line: UnsafeBufferPointer<UInt8>, number: Int, terminated: Bool, isBadHeader: Bool
    ) -> LogReadError {
        var message = failure.message
        if !terminated, failure.isIncomplete {
            message += " (the log ends in the middle of this line; the recording was cut off)"
        }
        if isBadHeader, skipsInvalidLines {
            message += " (a bad header is never skipped: it configures the whole replay)"
        }
        return LogReadError(
            kind: .undecodable, file: file, line: number, column: failure.column,
            message: message, lineText: String(decoding: line, as: UTF8.self))
    }

    /// Whether the event the header line turned out to be is still to be returned.
    var hasFirstEvent: Bool { firstEvent != nil }

    /// Appends the next non-blank line's bytes to `lines`, undecoded; false at the end of the log.
    func appendNextLine(to lines: RawLines) throws(LogReadError) -> Bool {
        while let (range, terminated) = try nextLine() {
            if isBlank(range) { continue }
            lines.append(UnsafeBufferPointer(rebasing: buffer[range]), number: lineNumber, terminated: terminated)
            return true
        }
        return false
    }

    /// Reads the remaining events into an array.
    ///
    /// - Throws: ``LogReadError``, as ``next()`` does.
    public func readAll() throws(LogReadError) -> [LoggedEvent] {
        var events: [LoggedEvent] = []
        while let event = try next() { events.append(event) }
        return events
    }

    // MARK: Lines

    /// Whether the first non-blank line, which may be the header, is being read.
    private var readingHeader = false

    private func readHeader() throws(LogReadError) {
        readingHeader = true
        defer { readingHeader = false }
        guard let line = try nextDecodedLine() else { return }
        switch line {
        case .header(let header): self.header = header
        case .event(let event): firstEvent = event
        }
    }

    /// Decodes the next non-blank line, the header or the first event; an undecodable line is
    /// thrown or skipped.
    private func nextDecodedLine() throws(LogReadError) -> ChatLogLine? {
        while let (range, terminated) = try nextLine() {
            if isBlank(range) { continue }
            var isBadHeader = false
            let line = UnsafeBufferPointer(rebasing: buffer[range])
            let result: Result<ChatLogLine, LogReadError>
            do throws(ChatLogLineError) {
                result = .success(try ChatLogLine(decoding: line))
            } catch {
                isBadHeader = readingHeader && error.isHeader
                result = .failure(
                    readError(
                        error, line: line, number: lineNumber, terminated: terminated, isBadHeader: isBadHeader))
            }
            switch result {
            case .success(let line):
                return line
            case .failure(let error):
                // The header configures every step: replaying with defaults instead would
                // silently change them all, so a bad header is never skipped.
                guard skipsInvalidLines, !isBadHeader else { throw error }
                onSkip(error)
            }
        }
        return nil
    }

    private func isBlank(_ range: Range<Int>) -> Bool {
        // Nearly every line starts with `{`: answer without scanning.
        if let first = range.first, buffer[first] == UInt8(ascii: "{") { return false }
        return buffer[range].allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0x0B || $0 == 0x0C }
    }

    /// The next line's bytes without LF or CRLF, and whether it ended with a line break.
    private func nextLine() throws(LogReadError) -> (Range<Int>, Bool)? {
        while true {
            if !checkedByteOrderMark, buffer.count - start >= 3 || atEnd {
                checkedByteOrderMark = true
                if buffer.count - start >= 3, buffer[start] == 0xEF, buffer[start + 1] == 0xBB,
                    buffer[start + 2] == 0xBF
                {
                    start += 3
                    scanned = max(scanned, start)
                }
            }
            if checkedByteOrderMark {
                if let newline = Self.firstLineBreak(in: buffer, from: max(start, scanned)) {
                    var end = newline
                    if end > start, buffer[end - 1] == 0x0D { end -= 1 }
                    let line = start..<end
                    bytesRead &+= newline + 1 - start
                    start = newline + 1
                    scanned = start
                    lineNumber += 1
                    return (line, true)
                }
                scanned = buffer.count
            }
            if atEnd {
                guard start < buffer.count else { return nil }
                var end = buffer.count
                bytesRead &+= end - start
                if buffer[end - 1] == 0x0D { end -= 1 }
                let line = start..<end
                start = buffer.count
                lineNumber += 1
                return (line, false)
            }
            try fill()
        }
    }

    /// The index of the first LF in `bytes` at or after `offset` (memchr, not a byte-by-byte loop).
    private static func firstLineBreak(in buffer: UnsafeBufferPointer<UInt8>, from offset: Int) -> Int? {
        guard offset < buffer.count, let base = buffer.baseAddress else { return nil }
        guard let found = firstByte(0x0A, in: base + offset, count: buffer.count - offset) else { return nil }
        return base.distance(to: found)
    }

    /// Appends `bytes` to the buffer.
    private func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        reserve(bytes.count).append(bytes)
    }

    /// Makes room for `count` more bytes after the buffered ones; returns the buffer.
    private func reserve(_ count: Int) -> ByteBuffer {
        let buffer = storage ?? ByteBuffer(capacity: count)
        storage = buffer
        buffer.reserve(buffer.count + count)
        return buffer
    }

    private func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append($0) }
    }

    /// Drops the consumed bytes and reads the next chunk.
    private func fill() throws(LogReadError) {
        guard case .file(let opened) = source else {
            atEnd = true
            return
        }
        if start > 0 {
            storage?.removeFirst(start)
            scanned -= start
            start = 0
        }
        // Read straight into the buffer, after the bytes it holds.
        let buffer = reserve(Self.chunkSize)
        let count: Int
        switch opened.read(into: buffer.base + buffer.count, count: Self.chunkSize) {
        case .success(let read): count = read
        case .failure(let failure): throw Self.unreadable(file, failure.reason)
        }
        buffer.count += count
        if count == 0 { atEnd = true }
    }

    private static func unreadable(_ path: String, _ reason: String) -> LogReadError {
        LogReadError(
            kind: .unreadable, file: path, line: 0, column: 0,
            message: "cannot read the log: \(reason.prefix(1).lowercased() + reason.dropFirst())",
            lineText: "")
    }
}

/// A whole log in memory: its header and events.
public struct ChatLog: Sendable, Hashable {
    /// The header, or `nil` when the log has none.
    public var header: ChatLogHeader?
    /// The events, in order.
    public var events: [LoggedEvent]

    /// The configuration to replay the log with: the header's, or the defaults.
    public var configuration: ChatConfiguration { header?.configuration ?? ChatConfiguration() }

    /// Creates a log.
    public init(header: ChatLogHeader? = nil, events: [LoggedEvent]) {
        self.header = header
        self.events = events
    }

    /// Reads the log at `path`.
    ///
    /// - Throws: ``LogReadError`` when the file cannot be read or a line cannot be decoded.
    public init(contentsOf path: String, skipInvalidLines: Bool = false) throws(LogReadError) {
        let reader = try ChatLogReader(contentsOf: path, skipInvalidLines: skipInvalidLines)
        self.init(header: reader.header, events: try reader.readAll())
    }

    /// Decodes a log held in memory, named `name` in errors.
    ///
    /// - Throws: ``LogReadError`` when a line cannot be decoded.
    public init(decoding bytes: [UInt8], name: String = "<memory>", skipInvalidLines: Bool = false) throws(LogReadError)
    {
        let reader = try ChatLogReader(bytes: bytes, name: name, skipInvalidLines: skipInvalidLines)
        self.init(header: reader.header, events: try reader.readAll())
    }
}
