import ArgumentParser
import ChatEvents
import ChatPlatform
import ChatReducer
import ChatReplay

extension ReplayCommand {
    struct Shrink: ParsableCommand {
        /// `seconds` with two decimals, as `%.2f` prints it.
        static func twoDecimals(_ seconds: Double) -> String {
            let hundredths = Int((seconds * 100).rounded())
            let fraction = hundredths % 100
            return "\(hundredths / 100)." + (fraction < 10 ? "0" : "") + "\(fraction)"
        }

        static let configuration = CommandConfiguration(
            abstract: "Cut a log down to a minimal one that still shows a behaviour.",
            discussion: """
                Give exactly one condition. --until-diverges GOLDEN keeps the way the log's \
                timeline differs from GOLDEN at its first differing step (the same keys differ, in \
                the same direction, at the same event). --until-warning TEXT keeps a step whose \
                warnings contain TEXT. --until-command REASON keeps a step that issues a command \
                with REASON (initialLoad, outgoingMessage, newQuestion, incomingMessage, \
                jumpToLatest, jumpToMessage, restore, focus).

                The search is delta debugging over the events, then dropping messages from \
                history arrays and optional fields. The result keeps the header and replays as \
                is. Progress and the final size go to standard error. Exit code 1 when the log \
                does not show the behaviour.
                """)

        @Argument(help: ArgumentHelp("The log to shrink: a JSON Lines file.", valueName: "log"))
        var log: String

        @Option(help: ArgumentHelp("Keep the log's divergence from this golden timeline.", valueName: "golden"))
        var untilDiverges: String?

        @Option(help: ArgumentHelp("Keep a step whose warnings contain this text.", valueName: "text"))
        var untilWarning: String?

        @Option(help: ArgumentHelp("Keep a step that issues a command with this reason.", valueName: "reason"))
        var untilCommand: String?

        @Option(
            name: [.short, .customLong("output")], help: "Where to write the shrunk log; standard output by default.")
        var output: String?

        @Option(help: "The number of candidate logs replayed at most.")
        var maxEvaluations: Int = 20_000

        func validate() throws {
            let given = [untilDiverges, untilWarning, untilCommand].compactMap { $0 }.count
            guard given == 1 else {
                throw ValidationError("give exactly one of --until-diverges, --until-warning and --until-command")
            }
            if let untilCommand, ScrollCommand.Reason(rawValue: untilCommand) == nil {
                let reasons = ScrollCommand.Reason.allCases.map(\.rawValue).joined(separator: ", ")
                throw ValidationError("unknown command reason \"\(untilCommand)\"; expected one of \(reasons)")
            }
            guard maxEvaluations > 0 else { throw ValidationError("--max-evaluations must be positive") }
        }

        func run() throws {
            let original = try Exit.readingLog { () throws(LogReadError) in try ChatLog(contentsOf: log) }
            let condition: ShrinkCondition
            if let untilDiverges {
                guard let golden = try? String(contentsOfFile: untilDiverges, encoding: .utf8) else {
                    Console.error("cannot read the golden \(untilDiverges)")
                    throw Exit.unreadable
                }
                condition = .diverges(golden: golden)
            } else if let untilWarning {
                condition = .warning(containing: untilWarning)
            } else {
                condition = .command(reason: ScrollCommand.Reason(rawValue: untilCommand ?? "") ?? .initialLoad)
            }
            let started = ContinuousClock.now
            var shrinker: LogShrinker
            do throws(ShrinkError) {
                shrinker = try LogShrinker(
                    log: original, condition: condition, maxEvaluations: maxEvaluations,
                    progress: { Console.error("shrink: " + $0) })
            } catch {
                Console.error("error: \(error.description)")
                throw Exit.mismatch
            }
            let result = shrinker.shrink()
            let elapsed = (ContinuousClock.now - started).components
            let seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
            try writeLog(result.log.jsonLines, to: output)
            Console.error(
                "shrunk \(result.originalEventCount) events to \(result.log.events.count) in "
                    + "\(Self.twoDecimals(seconds)) s (\(result.evaluations) evaluations"
                    + (result.reachedLimit ? ", stopped at --max-evaluations" : "") + ")")
        }
    }
}
