import ChatEvents

extension ChatRecorder {
    /// The header of an exported log: ``configuration``, and `metadata` with the package version
    /// under ``ChatLogRedactor/packageMetadataKey``, what was redacted, and, when the buffer
    /// wrapped, the number of dropped events under `droppedEvents`.
    public func exportHeader(metadata: [String: String] = [:], redactor: ChatLogRedactor) -> ChatLogHeader {
        var meta = metadata
        meta[ChatLogRedactor.packageMetadataKey] = ChatScrollPackage.version
        if let summary = redactor.redactionSummary { meta[ChatLogRedactor.redactedMetadataKey] = summary }
        if droppedCount > 0 { meta["droppedEvents"] = String(droppedCount) }
        return ChatLogHeader(configuration: configuration, metadata: meta)
    }

    /// The exported log as lines, without line breaks: the header, then one event per line,
    /// oldest first, each ``ChatLogLine/encoded()``.
    ///
    /// - Parameters:
    ///   - metadata: The app's own metadata for the header, such as its version and device.
    ///     It is written as given; do not put personal data in it.
    ///   - keepingText: Keep `tokensAppended.text`; false by default.
    ///   - redactingIDs: Replace every id by a pseudonym `m1`, `m2`, …; false by default.
    ///   - includingEvictedViewport: Begin with the last dropped `viewportChanged` when the
    ///     buffer wrapped; true by default.
    public func exportLines(
        metadata: [String: String] = [:], keepingText: Bool = false, redactingIDs: Bool = false,
        includingEvictedViewport: Bool = true
    ) -> [String] {
        var redactor = ChatLogRedactor(dropsText: !keepingText, redactsIDs: redactingIDs)
        var lines: [String] = []
        lines.reserveCapacity(count + 2)
        lines.append(ChatLogLine.header(exportHeader(metadata: metadata, redactor: redactor)).encoded())
        for logged in exportedEvents(includingEvictedViewport: includingEvictedViewport) {
            lines.append(ChatLogLine.event(redactor.redact(logged)).encoded())
        }
        return lines
    }

    /// The exported log as one JSON Lines string ending in a line break; see
    /// ``exportLines(metadata:keepingText:redactingIDs:includingEvictedViewport:)``.
    public func exportLog(
        metadata: [String: String] = [:], keepingText: Bool = false, redactingIDs: Bool = false,
        includingEvictedViewport: Bool = true
    ) -> String {
        var output = ""
        for line in exportLines(
            metadata: metadata, keepingText: keepingText, redactingIDs: redactingIDs,
            includingEvictedViewport: includingEvictedViewport)
        {
            output += line
            output += "\n"
        }
        return output
    }
}
