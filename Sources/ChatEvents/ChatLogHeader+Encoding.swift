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
    /// Writes the configuration object with every key, in the order of section 8.
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
        writer.endObject()
    }
}
