/// One decoded line of a log: the optional header, or an event.
public enum ChatLogLine: Sendable, Hashable {
    /// The header line `{"chatlog": 1, "config": {...}}`; only valid as a log's first line.
    case header(ChatLogHeader)
    /// An event line `{"type": ..., "t"?: ..., ...}`.
    case event(LoggedEvent)
}

/// Why a log line could not be decoded, and where in the line.
public struct ChatLogLineError: Error, Sendable, Hashable {
    /// 1-based column of the offending text, counted in Unicode scalars of the line.
    public var column: Int
    /// A human-readable explanation, such as `expected a number for "height", found a string`.
    public var message: String
    /// Whether the line ends before its JSON does — an unterminated string, an object without
    /// its closing brace — so that more bytes could have made it valid: the mark of a recording
    /// that was cut off. False for a complete line that is simply wrong.
    public var isIncomplete: Bool
    /// Whether the line is a header: an object with a `"chatlog"` key or, when it is not
    /// well-formed JSON, a line that has one. A bad header decides the whole replay, so readers
    /// never skip it.
    public var isHeader: Bool

    /// Creates a line error.
    public init(column: Int, message: String, isIncomplete: Bool = false, isHeader: Bool = false) {
        self.column = column
        self.message = message
        self.isIncomplete = isIncomplete
        self.isHeader = isHeader
    }
}
