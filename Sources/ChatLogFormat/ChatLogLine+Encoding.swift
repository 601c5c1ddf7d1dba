import ChatEvents
import ChatJSON

extension ChatLogLine {
    /// The line as one compact JSON object, without a newline.
    ///
    /// Keys come in a canonical order. An event writes `"type"` first, then its fields in the
    /// order of section 5 of the specification, then `"t"`; `nil` optionals are omitted. A
    /// header writes `"chatlog"`, then `"config"` with all seven keys in the order of section 8,
    /// then `"meta"` with sorted keys, omitted when empty. Numbers use the canonical form of
    /// the wire format (`100`, `0.5`, `1e-07`), so that `init(decoding:)`
    /// returns an equal value for every finite number.
    ///
    /// ```swift
    /// ChatLogLine.event(LoggedEvent(.scrolled(offset: 120), time: 1.5)).encoded()
    /// // {"type":"scrolled","offset":120,"t":1.5}
    /// ```
    ///
    /// Non-finite numbers, which JSON cannot hold, are written as `null`.
    public func encoded() -> String {
        var writer = JSONWriter(reservingCapacity: 64)
        switch self {
        case .header(let header):
            header.write(to: &writer)
        case .event(let logged):
            logged.write(to: &writer)
        }
        return writer.output
    }
}

extension LoggedEvent {
    /// Writes the event object with `"t"` last.
    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        event.writeMembers(to: &writer)
        if let time {
            writer.key("t")
            writer.number(time)
        }
        writer.endObject()
    }
}
