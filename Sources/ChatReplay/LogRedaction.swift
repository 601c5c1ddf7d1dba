import ChatEvents
import ChatLogFormat

/// Removes message text and real ids from a whole log: the library behind `replay redact`.
///
/// ```swift
/// let log = try ChatLog(contentsOf: "report.jsonl")
/// let safe = LogRedaction.redact(log)                 // text dropped, ids m1, m2, …
/// let text = safe.jsonLines                         // write it where you like
/// ```
///
/// The result replays exactly like the original, apart from the ids: the reducer never reads
/// text, and ids are renamed consistently. Lines are re-encoded from the decoded events, so
/// keys a decoder ignores (unknown keys, anywhere) are gone, and of the header metadata only
/// the keys in `keepingMetadata` survive.
public enum LogRedaction {
    /// `log` with `tokensAppended.text` dropped (unless `keepingText`) and every id replaced by
    /// `m1`, `m2`, … in order of first appearance (unless `keepingIDs`).
    ///
    /// The result always has a header: the original configuration (the defaults when the log
    /// had no header), the metadata keys in `keepingMetadata` (by default only `package`), and
    /// `redacted` naming what was removed.
    public static func redact(
        _ log: ChatLog, keepingText: Bool = false, keepingIDs: Bool = false,
        keepingMetadata: Set<String> = [ChatLogRedactor.packageMetadataKey]
    ) -> ChatLog {
        var redactor = ChatLogRedactor(dropsText: !keepingText, redactsIDs: !keepingIDs)
        let header = redactor.redact(log.header ?? ChatLogHeader(), keeping: keepingMetadata)
        var events: [LoggedEvent] = []
        events.reserveCapacity(log.events.count)
        for logged in log.events { events.append(redactor.redact(logged)) }
        return ChatLog(header: header, events: events)
    }
}

extension ChatLog {
    /// The log as JSON Lines: the header when there is one, then one event per line, each
    /// `ChatLogLine.encoded()` and ending in a line break.
    public var jsonLines: String {
        var output = ""
        if let header { output += ChatLogLine.header(header).encoded() + "\n" }
        for logged in events {
            output += ChatLogLine.event(logged).encoded()
            output += "\n"
        }
        return output
    }
}
