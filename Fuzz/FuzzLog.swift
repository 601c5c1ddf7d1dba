// libFuzzer target for the log decoder and the reducer.
//
// Built by Fuzz/run.sh together with the sources of ChatReducer, so that the `package`
// invariant checks of ChatState are visible. For every input it:
//
// 1. splits the bytes into lines as ChatLogReader does (a UTF-8 byte-order mark at the very
//    start is dropped, lines end in LF or CRLF, blank lines are skipped);
// 2. decodes every line with `ChatLogLine(decoding:)`; a decoding error must carry a column
//    inside the line (1 through the number of scalars plus one), and a decoded line must
//    survive `encoded()` and decoding again unchanged;
// 3. replays the events through a fresh `ChatState(configuration:)`, with the header's
//    configuration when the first non-blank line is a header, as `replay run --skip-invalid`
//    would (undecodable lines and later headers are skipped);
// 4. checks `invariantViolations(thorough: true)` after every event, and that a second
//    replay of the same events ends in an equal state.
//
// The positions of messages are sums kept in Fenwick trees, updated by differences. A height
// that changes from a very large value to a fraction that is not a binary fraction leaves an
// error of the order of the last bit of the large value (`top` 0.5199999995529652 instead of
// 0.52 after a 10,000,000-point message is measured at 0.52). The exact comparison of `top`
// in the thorough check is therefore replaced by one with a tolerance of 1e-12 of the
// largest content height the state has held.
//
// Any failed check calls `fatalError`, which libFuzzer reports as a crash and saves the input.

import ChatEvents
import ChatLogFormat

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLog(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data, size > 0 else { return 0 }
    checkLog(UnsafeBufferPointer(start: data, count: size))
    return 0
}

/// The lines of a log as `ChatLogReader` sees them: without the byte-order mark and the
/// line breaks, blank lines left out.
func logLines(_ bytes: UnsafeBufferPointer<UInt8>) -> [UnsafeBufferPointer<UInt8>] {
    var start = 0
    if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { start = 3 }
    var lines: [UnsafeBufferPointer<UInt8>] = []
    while start < bytes.count {
        var newline = start
        while newline < bytes.count, bytes[newline] != 0x0A { newline += 1 }
        var end = newline
        if end > start, bytes[end - 1] == 0x0D { end -= 1 }
        let line = UnsafeBufferPointer(rebasing: bytes[start..<end])
        if !line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0x0B || $0 == 0x0C }) {
            lines.append(line)
        }
        start = newline + 1
    }
    return lines
}

func checkLog(_ bytes: UnsafeBufferPointer<UInt8>) {
    var header: ChatLogHeader?
    var events: [ChatEvent] = []
    for (index, line) in logLines(bytes).enumerated() {
        let decoded: ChatLogLine
        do throws(ChatLogLineError) {
            decoded = try ChatLogLine(decoding: line)
        } catch {
            let scalars = line.reduce(0) { $1 & 0xC0 == 0x80 ? $0 : $0 + 1 }
            if !(1...scalars + 1).contains(error.column) {
                fail("column \(error.column) outside 1...\(scalars + 1) for \"\(error.message)\"", line)
            }
            continue
        }
        checkRoundTrip(decoded, line)
        switch decoded {
        case .header(let decodedHeader):
            if index == 0 { header = decodedHeader }
        case .event(let logged):
            events.append(logged.event)
        }
    }

    let configuration = header?.configuration ?? ChatConfiguration()
    var state = ChatState(configuration: configuration)
    var largestContent = 0.0
    checkInvariants(state, step: 0, events, largestContent: &largestContent)
    for (step, event) in events.enumerated() {
        state.reduce(event)
        checkInvariants(state, step: step + 1, events, largestContent: &largestContent)
    }
    var again = ChatState(configuration: configuration)
    for event in events { again.reduce(event) }
    if again != state {
        fatalError("replaying the same \(events.count) events twice ended in different states\n\(describe(events))")
    }
}

/// Decoding the encoding of a decoded line gives the same line.
func checkRoundTrip(_ decoded: ChatLogLine, _ line: UnsafeBufferPointer<UInt8>) {
    let encoded = decoded.encoded()
    do throws(ChatLogLineError) {
        let again = try ChatLogLine(decoding: encoded)
        if again != decoded {
            fail("the line does not survive encoding and decoding; encoded as \(encoded)", line)
        }
    } catch {
        fail("the encoding \(encoded) does not decode: \(error.column): \(error.message)", line)
    }
}

func checkInvariants(_ state: ChatState, step: Int, _ events: [ChatEvent], largestContent: inout Double) {
    largestContent = max(largestContent, state.contentHeight)
    var violations = state.invariantViolations(thorough: true).filter { !$0.hasPrefix("top of ") }
    let tolerance = 1e-12 * max(1, largestContent)
    var top = 0.0
    for message in state.messages {
        let actual = state.top(ofMessage: message.id) ?? -1
        if !(abs(actual - top) <= tolerance) {
            violations.append("top of \(message.id) is \(actual), expected \(top) within \(tolerance)")
            break
        }
        top += message.height
    }
    guard !violations.isEmpty else { return }
    fatalError(
        """
        invariant violated after step \(step): \(violations.joined(separator: "; "))
        \(describe(events.prefix(step)))
        """)
}

func describe(_ events: some Collection<ChatEvent>) -> String {
    events.map { ChatLogLine.event(LoggedEvent($0)).encoded() }.joined(separator: "\n")
}

func fail(_ message: String, _ line: UnsafeBufferPointer<UInt8>) -> Never {
    let text = String(decoding: line.prefix(400), as: UTF8.self)
    fatalError("\(message)\nline: \(text)")
}
