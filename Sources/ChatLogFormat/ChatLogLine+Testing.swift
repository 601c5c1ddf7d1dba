import ChatEvents
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

extension ChatEvent.EventType {
    /// The type the single-pass parser tells from an unescaped `"type"` value by its length
    /// and a byte or two, without the general lookup; `nil` when it does not.
    package static func toldByShape(_ name: [UInt8]) -> ChatEvent.EventType? {
        name.withUnsafeBufferPointer { EventLineParser.plainEventType($0, from: 0, to: $0.count) }
    }
}
