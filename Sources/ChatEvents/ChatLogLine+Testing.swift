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
