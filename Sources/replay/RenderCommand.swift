import ArgumentParser
import ChatPlatform
import ChatReplay

extension TimelinePicture.Options.VerticalScale: ExpressibleByArgument {}

extension ReplayCommand {
    struct Render: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Draw a picture of a whole replay as SVG or HTML, or a page that plays it back.",
            discussion: """
                Steps run across (seconds with --time, when events carry "t"); content offsets \
                run down, on one scale for the whole picture. The picture shows the content \
                height, the visible window coloured by mode (following, detached, pinned), the \
                keyboard below it, message boundaries near the window, every scroll command with \
                its reason, and ticks for effects and warnings. The HTML page embeds the SVG and \
                shows the event and the state of the step under the pointer. The player page \
                (--player) shows the screen itself, step by step: the rows at their heights and \
                positions, the bars, the keyboard and the jump-to-latest button, with a scrubber, \
                and each step's event, changes and state.
                """)

        @Argument(help: ArgumentHelp("The log to draw: a JSON Lines file.", valueName: "log"))
        var log: String

        @Option(help: ArgumentHelp("Write the picture as SVG to this file.", valueName: "file"))
        var svg: String?

        @Option(help: ArgumentHelp("Write the picture as an HTML page to this file.", valueName: "file"))
        var html: String?

        @Option(
            help: ArgumentHelp(
                "Write a page that plays the replay back on a phone-shaped screen, step by step, to this file.",
                valueName: "file"))
        var player: String?

        @Option(
            help: ArgumentHelp(
                "Keep only these steps in the player's page (FROM..TO, both included; 0 is before the first event).",
                valueName: "range"))
        var steps: String?

        @Flag(help: "Place steps by their \"t\" (seconds) instead of one column per step.")
        var time = false

        @Option(
            help: """
                The vertical scale: content (0 to the largest content height), window (the range the \
                visible window covers), or auto (window when the window would be too thin to see).
                """)
        var scale: TimelinePicture.Options.VerticalScale = .auto

        @Flag(help: "Skip lines that cannot be decoded, with a warning on standard error, instead of failing.")
        var skipInvalid = false

        func validate() throws {
            if svg == nil, html == nil, player == nil {
                throw ValidationError("Give --svg FILE, --html FILE, --player FILE, or several.")
            }
            if steps != nil, player == nil { throw ValidationError("--steps goes with --player.") }
            if let steps, Self.range(steps) == nil {
                throw ValidationError("--steps takes FROM..TO, two whole numbers, FROM at most TO: not \(steps)")
            }
        }

        /// `FROM..TO` as a range, or `nil`.
        static func range(_ text: String) -> ClosedRange<Int>? {
            guard let dots = text.firstRange(of: ".."), let from = Int(text[..<dots.lowerBound]),
                let to = Int(text[dots.upperBound...]), from >= 0, from <= to
            else { return nil }
            return from...to
        }

        func run() throws {
            if let player {
                let replayed = try Exit.readingLog { () throws(LogReadError) in
                    try ReplayPlayer.replaying(
                        log: log, steps: steps.flatMap(Self.range), skipInvalidLines: skipInvalid,
                        onSkip: Exit.reportSkipped)
                }
                guard replayed.stepCount > 0 else {
                    throw ValidationError("--steps \(steps ?? ""): the log has no step in that range")
                }
                let page = replayed.html()
                if let reason = page.map({ writeFile($0, to: player) }) ?? "zlib could not compress it" {
                    Console.error("\(player): cannot write: \(reason)")
                    throw Exit.unreadable
                }
            }
            guard svg != nil || html != nil else { return }
            let picture = try Exit.readingLog { () throws(LogReadError) in
                try TimelinePicture.replaying(
                    log: log, options: TimelinePicture.Options(timeAxis: time, verticalScale: scale),
                    keepsStateJSON: html != nil,
                    skipInvalidLines: skipInvalid, onSkip: Exit.reportSkipped)
            }
            for (path, text) in [(svg, { picture.svg() }), (html, { picture.html() })] as [(String?, () -> String)] {
                guard let path else { continue }
                if let reason = writeFile(text(), to: path) {
                    Console.error("\(path): cannot write: \(reason)")
                    throw Exit.unreadable
                }
            }
        }
    }
}
