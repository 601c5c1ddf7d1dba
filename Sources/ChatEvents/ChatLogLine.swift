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

    /// Creates a line error.
    public init(column: Int, message: String) {
        self.column = column
        self.message = message
    }
}
