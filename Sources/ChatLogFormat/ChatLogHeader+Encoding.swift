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
        let defaults = ChatConfiguration()
        if loadNewerThreshold != defaults.loadNewerThreshold {
            writer.key("loadNewerThreshold")
            writer.number(loadNewerThreshold)
        }
        if readReceipts != defaults.readReceipts {
            writer.key("readReceipts")
            writer.bool(readReceipts)
        }
        if windowedHistory != defaults.windowedHistory {
            writer.key("windowedHistory")
            writer.bool(windowedHistory)
        }
        if footerReserve != defaults.footerReserve {
            writer.key("footerReserve")
            writer.number(footerReserve)
        }
        if dividerOnArrival != defaults.dividerOnArrival {
            writer.key("dividerOnArrival")
            writer.bool(dividerOnArrival)
        }
        writer.endObject()
    }
}
