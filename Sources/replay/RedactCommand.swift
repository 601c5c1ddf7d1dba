import ArgumentParser
import ChatEvents
import ChatLogFormat
import ChatPlatform
import ChatReplay

extension ReplayCommand {
    struct Redact: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Remove message text and real ids from a log, keeping how it replays.",
            discussion: """
                Every tokensAppended text is dropped and every id (message ids, newID, anchorID, the \
                ids in historyLoaded and olderLoaded) becomes m1, m2, … in order of first \
                appearance, consistently within the log. Lines are re-encoded from the decoded \
                events, so unknown keys are gone; of the header metadata only "package" is kept, \
                and "redacted" says what was removed. The result replays with the same timeline \
                apart from the ids.
                """)

        @Argument(help: ArgumentHelp("The log to redact: a JSON Lines file.", valueName: "log"))
        var log: String

        @Option(
            name: [.short, .customLong("output")], help: "Where to write the redacted log; standard output by default.")
        var output: String?

        @Flag(name: .customLong("keep-ids"), help: "Keep the original ids.")
        var keepIDs = false

        @Flag(help: "Keep tokensAppended text.")
        var keepText = false

        @Option(
            name: .customLong("keep-meta"),
            help: ArgumentHelp("A header metadata key to keep besides \"package\"; repeatable.", valueName: "key"))
        var keepMeta: [String] = []

        func run() throws {
            let original = try Exit.readingLog { () throws(LogReadError) in try ChatLog(contentsOf: log) }
            let redacted = LogRedaction.redact(
                original, keepingText: keepText, keepingIDs: keepIDs,
                keepingMetadata: Set(keepMeta + [ChatLogRedactor.packageMetadataKey]))
            try writeLog(redacted.jsonLines, to: output)
        }
    }
}

/// Writes `text` to the file at `path`, or to standard output when `path` is nil or `-`.
func writeLog(_ text: String, to path: String?) throws {
    guard let path, path != "-" else {
        var console = Console()
        console.write(text)
        console.flush()
        return
    }
    if let reason = writeFile(text, to: path) {
        Console.error("cannot write \(path): \(reason)")
        throw Exit.unreadable
    }
}
