import ArgumentParser
import ChatEvents
import ChatPlatform
import ChatReplay

extension ReplayCommand {
    struct Generate: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print a large, realistic log made from a seed, for benchmarks and stress tests.",
            discussion: """
                The log has a header, the initial history, then streamed answers with many token \
                batches, drags with momentum, the keyboard, paging (every loadOlder is answered \
                by olderLoaded) and about 0.5% bad input. With --messenger the log is a \
                messenger's: it opens at the first unread message, at a saved position sent \
                before the history, or on a window around a first unread message (by seed), \
                sends read receipts, and jumps to replies that are not loaded (every loadWindow \
                and loadNewer is answered). \
                The same seed, sizes and options always print the same bytes.
                """)

        @Option(help: "The number of event lines to print (the header is extra).")
        var events: Int

        @Option(help: "The seed; equal seeds give equal logs.")
        var seed: UInt64 = 1

        @Option(help: "The number of messages in the initial history.")
        var messages: Int = 1_000

        @Option(help: "The layout written to the header: bottom or top.")
        var layout: String = "bottom"

        @Flag(
            help:
                "Make a messenger's log: first unread, read receipts, and reply jumps into history that is not loaded.")
        var messenger = false

        func validate() throws {
            guard events >= 0 else { throw ValidationError("--events must not be negative") }
            guard messages >= 0 else { throw ValidationError("--messages must not be negative") }
            guard ChatLayout(rawValue: layout) != nil else { throw ValidationError("--layout must be bottom or top") }
        }

        func run() throws {
            var generator = ChatLogGenerator(
                seed: seed, messages: messages,
                configuration: ChatConfiguration(layout: ChatLayout(rawValue: layout) ?? .bottom), messenger: messenger)
            var console = Console()
            generator.generate(events: events) { line in
                console.write(line)
                console.write("\n")
            }
            console.flush()
        }
    }
}
