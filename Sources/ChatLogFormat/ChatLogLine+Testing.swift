@_spi(ChatEventFields) import ChatEvents
import ChatJSON

extension ChatLogLine {
    /// The line decoded by the full decoder alone, without the single-pass parser, so that
    /// tests can compare the two.
    package static func decodedFully(_ line: [UInt8]) -> Result<ChatLogLine, JSONScanError> {
        line.withUnsafeBufferPointer { bytes in
            Result { () throws(JSONScanError) in try ChatLogLine(scanningFully: JSONScanner(bytes)) }
        }
    }

    /// The event the single-pass parser reads from `line`, or `nil` when it declines the line.
    package static func parsedInOnePass(_ line: [UInt8]) -> LoggedEvent? {
        line.withUnsafeBufferPointer { EventLineParser(JSONScanner($0)).parse() }
    }
}

extension ChatLogLine {
    /// The event type the single-pass parser reads from a `"type"` value spelled `name`, if any.
    package static func parsedType(_ name: [UInt8]) -> ChatEvent.EventType? {
        let quoted = [ASCII.quote] + name + [ASCII.quote]
        return quoted.withUnsafeBufferPointer { bytes in
            let scanner = JSONScanner(bytes)
            guard let scanned = try? scanner.scanString(at: 0) else { return nil }
            if scanned.content.isPlain {
                return EventLineParser.plainEventType(bytes, from: scanned.content.start, to: scanned.content.end)
            }
            return ChatEvent.EventType(named: scanned.content, in: scanner)
        }
    }

    /// The key the single-pass parser reads from the plain key text `name`, if any.
    package static func parsedKey(_ name: [UInt8]) -> ChatEventKey? {
        name.withUnsafeBufferPointer { EventLineParser.key($0, from: 0, to: $0.count) }
    }
}
