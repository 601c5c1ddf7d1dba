// libFuzzer target for the log reader and `replay run`'s output.
//
// Built by `Fuzz/run.sh --target replay` together with the sources of ChatReplay. For every
// input it:
//
// 1. reads the bytes with `ChatLogReader(bytes:skipInvalidLines: true)`, which throws only for
//    a bad header (a header line before any line that decodes: it configures the whole replay,
//    so it is never skipped), and compares its events with those of a plain line splitter
//    (byte-order mark at the very start, LF or CRLF, blank lines skipped, a header only on the
//    first line that decodes) that decodes each line with `ChatLogLine(decoding:)`;
// 2. reads the bytes strictly with `ChatLog(decoding:)`: it decodes the same events, or throws
//    an undecodable-line error at a line and column inside the input, and the first skipped
//    line of step 1 is that line;
// 3. replays the events in every format of `replay run` (text, json, jsonl) with
//    `Replay.run`, which must not throw when skipping; jsonl prints one `{"step":...}` line
//    per event.
//
// Any failed check calls `fatalError`, which libFuzzer reports as a crash and saves the input.

import ChatEvents
import ChatLogFormat

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReplay(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data, size > 0 else { return 0 }
    checkReplay(Array(UnsafeBufferPointer(start: data, count: size)))
    return 0
}

/// The expected reading: the events, the header, the line numbers (1-based) that are skipped,
/// and the line of a bad header, which even a skipping reader throws for.
func expectedReading(
    _ bytes: [UInt8]
) -> (header: ChatLogHeader?, events: [LoggedEvent], skipped: [Int], badHeaderLine: Int?) {
    var start = 0
    if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { start = 3 }
    var header: ChatLogHeader?
    var events: [LoggedEvent] = []
    var skipped: [Int] = []
    var lineNumber = 0
    var sawLine = false
    while start < bytes.count {
        var newline = start
        while newline < bytes.count, bytes[newline] != 0x0A { newline += 1 }
        var end = newline
        if end > start, bytes[end - 1] == 0x0D { end -= 1 }
        lineNumber += 1
        let line = Array(bytes[start..<end])
        start = newline + 1
        if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0x0B || $0 == 0x0C }) { continue }
        // With skipping, the header is the first line that decodes, even after skipped lines.
        let decoded: ChatLogLine?
        do throws(ChatLogLineError) {
            decoded = try ChatLogLine(decoding: line)
        } catch {
            if !sawLine, error.isHeader { return (nil, [], skipped, lineNumber) }
            decoded = nil
        }
        switch decoded {
        case .header(let decoded)?:
            if !sawLine { header = decoded } else { skipped.append(lineNumber) }
            sawLine = true
        case .event(let event)?:
            events.append(event)
            sawLine = true
        case nil:
            skipped.append(lineNumber)
        }
    }
    return (header, events, skipped, nil)
}

func checkReplay(_ bytes: [UInt8]) {
    let expected = expectedReading(bytes)

    var skipped: [LogReadError] = []
    let reader: ChatLogReader
    let events: [LoggedEvent]
    do throws(LogReadError) {
        reader = try ChatLogReader(bytes: bytes, name: "fuzz.jsonl", skipInvalidLines: true) { skipped.append($0) }
        events = try reader.readAll()
    } catch {
        guard let badHeaderLine = expected.badHeaderLine else {
            fatalError("a skipping reader threw: \(error.summary)")
        }
        guard error.kind == .undecodable, error.line == badHeaderLine, error.column >= 1 else {
            fatalError("a bad header at line \(badHeaderLine) was reported as \(error.summary)")
        }
        return
    }
    if let badHeaderLine = expected.badHeaderLine {
        fatalError("a skipping reader accepted the bad header at line \(badHeaderLine)")
    }
    if reader.header != expected.header {
        fatalError("header \(String(describing: reader.header)), expected \(String(describing: expected.header))")
    }
    if events != expected.events {
        fatalError("read \(events.count) events, expected \(expected.events.count)")
    }
    if skipped.map(\.line) != expected.skipped {
        fatalError("skipped lines \(skipped.map(\.line)), expected \(expected.skipped)")
    }
    for error in skipped where error.kind != .undecodable || error.column < 1 {
        fatalError("a skipped line reported \(error.summary)")
    }

    do throws(LogReadError) {
        let log = try ChatLog(decoding: bytes, name: "fuzz.jsonl")
        if !skipped.isEmpty {
            fatalError("a strict reading accepted lines that were skipped: \(skipped.map(\.summary))")
        }
        if log.events != events || log.header != reader.header { fatalError("a strict reading differs") }
    } catch {
        guard error.kind == .undecodable, error.line >= 1, error.column >= 1 else {
            fatalError("a strict reading threw \(error.summary)")
        }
        if error.line != skipped.first?.line {
            fatalError(
                "a strict reading stopped at line \(error.line), "
                    + "the first skipped line is \(String(describing: skipped.first?.line))"
            )
        }
        _ = error.description
    }

    for format in ReplayFormat.allCases {
        var output = ""
        do throws(LogReadError) {
            let again = try ChatLogReader(bytes: bytes, name: "fuzz.jsonl", skipInvalidLines: true)
            try Replay.run(again, format: format) { output += $0 }
        } catch {
            fatalError("replay in \(format) threw \(error.summary)")
        }
        if !output.isEmpty, !output.hasSuffix("\n") { fatalError("\(format) output does not end in a line break") }
        if format == .jsonl {
            let lines = output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            if lines.count != events.count {
                fatalError("jsonl printed \(lines.count) lines for \(events.count) events")
            }
            for line in lines where !(line.hasPrefix("{\"step\":") && line.hasSuffix("}")) {
                fatalError("jsonl printed a line that is not a state: \(line.prefix(200))")
            }
        }
    }
}
