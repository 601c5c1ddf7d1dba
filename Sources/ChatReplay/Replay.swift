import ChatEvents
import ChatReducer

/// How `replay run` prints a replay.
public enum ReplayFormat: String, Sendable, Hashable, CaseIterable {
    /// The readable timeline, the text golden files hold.
    case text
    /// The final state, as one indented JSON object.
    case json
    /// One JSON object per event: the state after it.
    case jsonl
}

/// Replays logs: the library behind `replay run`.
public enum Replay {
    /// Replays the log at `path` and hands the output to `write` piece by piece, as it is
    /// produced; memory does not grow with the length of the log for ``ReplayFormat/text``
    /// and ``ReplayFormat/jsonl``.
    ///
    /// The log is read and decoded on a second thread while this one replays it; `write` and
    /// `onSkip` are called on the calling thread, in the order of the log, as if it were read
    /// here.
    ///
    /// ```swift
    /// try Replay.run(log: "Examples/messaging.jsonl", format: .jsonl) { print($0, terminator: "") }
    /// ```
    ///
    /// - Parameters:
    ///   - path: The log file.
    ///   - format: What to print.
    ///   - skipInvalidLines: Skip undecodable lines, handing each to `onSkip`, instead of failing.
    ///   - onSkip: Called with each skipped line's error.
    ///   - write: Receives the output; every piece ends in a line break.
    /// - Throws: ``LogReadError`` when the file cannot be read or a line cannot be decoded;
    ///   what was written before stays written.
    public static func run(
        log path: String, format: ReplayFormat = .text, skipInvalidLines: Bool = false,
        onSkip: @escaping (LogReadError) -> Void = { _ in }, write: (String) -> Void
    ) throws(LogReadError) {
        let reader = try ChatLogReader(contentsOf: path, skipInvalidLines: skipInvalidLines, onSkip: onSkip)
        try run(reader, format: format, write: write)
    }

    /// Replays the rest of `reader`'s log and hands the output to `write` piece by piece.
    ///
    /// The reader is read on a second thread until the call returns (its skip handler is then
    /// called on the calling thread, in the order of the log); do not use it elsewhere
    /// meanwhile.
    ///
    /// - Throws: ``LogReadError`` when the file cannot be read or a line cannot be decoded.
    public static func run(_ reader: ChatLogReader, format: ReplayFormat, write: (String) -> Void) throws(LogReadError)
    {
        try run(reader, format: format, decoding: .shared, write: write)
    }

    /// Replays the rest of `reader`'s log, with the lines decoded as `policy` says (a hook for
    /// tests, which check that every policy replays alike).
    package static func run(
        _ reader: ChatLogReader, format: ReplayFormat, decoding policy: ReadAheadEvents.Policy,
        write: (String) -> Void
    ) throws(LogReadError) {
        try run(
            reader, format: format, decoding: policy, writeText: write,
            writeBytes: { write(String(decoding: $0, as: UTF8.self)) })
    }

    /// Replays the rest of `reader`'s log, handing text pieces to `writeText` and pieces already
    /// in UTF-8 (the JSON lines, about 256 KiB at a time) to `writeBytes`, so that a caller
    /// writing bytes out never has them turned into a `String` and back.
    package static func run(
        _ reader: ChatLogReader, format: ReplayFormat, decoding policy: ReadAheadEvents.Policy = .shared,
        writeText write: (String) -> Void, writeBytes: (UnsafeBufferPointer<UInt8>) -> Void
    ) throws(LogReadError) {
        var replayer = Replayer(configuration: reader.configuration)
        // The log is read and decoded on a second thread while this one replays it.
        let events = ReadAheadEvents(reader, policy: policy)
        defer { events.finish() }
        switch format {
        case .text:
            var renderer = TimelineRenderer(configuration: reader.configuration)
            write(renderer.header)
            try events.forEach(updating: &replayer) { replayer, event in
                write(renderer.render(replayer.apply(event)))
            }
        case .jsonl:
            // The lines are handed over in pieces of about 256 KiB, a write call each. The
            // writer reads the state where it lies: borrowed, it would be copied for every line.
            var lines = JSONLineWriter()
            do throws(LogReadError) {
                try events.forEach(updating: &replayer) { replayer, event in
                    let extraWarnings = replayer.advance(event)
                    let step = replayer.step
                    replayer.lendState { state in
                        lines.write(&state, step: step, event: event.event, extraWarnings: extraWarnings)
                    }
                    if lines.pendingCount >= 1 << 18 { lines.flush(writeBytes) }
                }
            } catch {
                lines.flush(writeBytes)
                throw error
            }
            lines.flush(writeBytes)
        case .json:
            // Only the final state is printed: no snapshot per step. Each event is swapped with
            // the one kept as the last, instead of copied: the one it replaces is destroyed with
            // its batch, on the reading thread. `dragBegan` stands in until the first event.
            var lastEvent = ChatEvent.dragBegan
            var lastExtra: [String] = []
            try events.forEach(updating: &replayer) { replayer, event in
                lastExtra = replayer.advance(event)
                swap(&lastEvent, &event.event)
            }
            let last =
                replayer.step > 0
                ? ReplaySnapshot(state: replayer.state, step: replayer.step, event: lastEvent, extraWarnings: lastExtra)
                : replayer.initialSnapshot
            write(last.prettyJSON + "\n")
        }
    }

    /// The output of `events` replayed with `configuration` in `format`, as one string.
    public static func render(
        _ events: [LoggedEvent], configuration: ChatConfiguration = ChatConfiguration(), format: ReplayFormat = .text
    ) -> String {
        var replayer = Replayer(configuration: configuration)
        switch format {
        case .text:
            return TimelineRenderer.timeline(of: events, configuration: configuration)
        case .jsonl:
            return events.map { replayer.apply($0).jsonLine + "\n" }.joined()
        case .json:
            var lastExtra: [String] = []
            for event in events { lastExtra = replayer.advance(event) }
            let last =
                events.last.map {
                    ReplaySnapshot(
                        state: replayer.state, step: replayer.step, event: $0.event, extraWarnings: lastExtra)
                } ?? replayer.initialSnapshot
            return last.prettyJSON + "\n"
        }
    }
}
