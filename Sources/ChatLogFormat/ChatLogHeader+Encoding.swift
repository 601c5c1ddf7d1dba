import ChatEvents
import ChatJSON

extension ChatLogHeader {
    /// Writes the header object.
    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("chatlog")
        writer.integer(version)
        writer.key("config")
        configuration.write(to: &writer)
        if !metadata.isEmpty {
            writer.key("meta")
            writer.beginObject()
            for key in metadata.keys.sorted() {
                writer.key(key)
                writer.string(metadata[key] ?? "")
            }
            writer.endObject()
        }
        writer.endObject()
    }
}

extension ChatConfiguration {
    /// Writes the configuration object in the order of section 8: every key of v1, and each key
    /// of v1.1 and v1.2 that is not its default (so that a v1 configuration is written as it
    /// always was).
    func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.key("layout")
        writer.string(layout.rawValue)
        writer.key("atBottomThreshold")
        writer.number(atBottomThreshold)
        writer.key("jumpToLatestThreshold")
        writer.number(jumpToLatestThreshold)
        writer.key("loadOlderThreshold")
        writer.number(loadOlderThreshold)
        writer.key("focusScrollsToBottom")
        writer.bool(focusScrollsToBottom)
        writer.key("pinMargin")
        writer.number(pinMargin)
        writer.key("reduceMotion")
        writer.bool(reduceMotion)
        // The later keys, each only where it is not its default.
        let defaults = ChatConfiguration()
        func number(_ key: String, _ value: Double, _ fallback: Double) {
            guard value != fallback else { return }
            writer.key(key)
            writer.number(value)
        }
        func bool(_ key: String, _ value: Bool, _ fallback: Bool) {
            guard value != fallback else { return }
            writer.key(key)
            writer.bool(value)
        }
        number("loadNewerThreshold", loadNewerThreshold, defaults.loadNewerThreshold)
        bool("readReceipts", readReceipts, defaults.readReceipts)
        bool("windowedHistory", windowedHistory, defaults.windowedHistory)
        number("footerReserve", footerReserve, defaults.footerReserve)
        bool("dividerOnArrival", dividerOnArrival, defaults.dividerOnArrival)
        writer.endObject()
    }
}
