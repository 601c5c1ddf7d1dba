import ArgumentParser
import ChatPlatform
import ChatReplay

@main
struct ReplayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replay chat scroll logs, explain every decision, and pin them with golden files.",
        discussion: """
            A log is a JSON Lines file: an optional header {"chatlog": 1, "config": {...}} and one \
            event per line, as an app records them (docs/specification.md).

            Exit codes: 0 success; 1 a golden mismatch or missing golden; 64 bad usage; \
            65 a log that cannot be decoded; 66 a file that cannot be read.
            """,
        groupedSubcommands: [
            CommandGroup(name: "Replay", subcommands: [Run.self, Check.self, Accept.self]),
            CommandGroup(name: "Log", subcommands: [Redact.self, Shrink.self, Generate.self]),
            CommandGroup(name: "Picture and simulation", subcommands: [Render.self, Simulate.self]),
        ])
}

extension ReplayFormat: ExpressibleByArgument {}

/// Exit codes of the command, from the specification.
enum Exit {
    static let mismatch = ExitCode(1)
    static let undecodable = ExitCode(65)
    static let unreadable = ExitCode(66)

    static func code(for error: LogReadError) -> ExitCode {
        error.kind == .unreadable ? unreadable : undecodable
    }

    /// What `read` returns; a log it cannot read or decode is reported on standard error and
    /// ends the command with the error's exit code.
    static func readingLog<Value>(_ read: () throws(LogReadError) -> Value) throws -> Value {
        do throws(LogReadError) {
            return try read()
        } catch {
            Console.error(error.description)
            throw code(for: error)
        }
    }

    /// Reports a line that `--skip-invalid` skipped.
    static func reportSkipped(_ error: LogReadError) {
        Console.error("warning: \(error.summary) (line skipped)")
    }
}

/// Rejects a file that is neither a log, a golden nor a pending golden (exit code 64).
func validatePairPaths(_ paths: [String]) throws {
    for path in paths {
        guard FileSystem.exists(path), !FileSystem.isDirectory(path) else { continue }
        guard [".jsonl", ".golden", ".golden.new"].contains(where: path.hasSuffix) else {
            throw ValidationError("\(path) is not a log (.jsonl), a golden (.golden) or a folder")
        }
    }
}

extension ReplayCommand {
    struct Run: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Replay a log and print what the reducer decided at every step.",
            discussion: """
                text (the default) is the readable timeline that golden files hold: each event \
                and what it changed. json is the final state as one object. jsonl is one state \
                object per event, with every key, and nothing else.
                """)

        @Argument(help: ArgumentHelp("The log to replay: a JSON Lines file.", valueName: "log"))
        var log: String

        @Option(
            help: "What to print: text (the timeline), json (the final state) or jsonl (the state after each event).")
        var format: ReplayFormat = .text

        @Flag(help: "Skip lines that cannot be decoded, with a warning on standard error, instead of failing.")
        var skipInvalid = false

        @Flag(help: "Draw the viewport in plain text after every step instead of printing --format.")
        var frames = false

        func run() throws {
            var console = Console()
            do throws(LogReadError) {
                if frames {
                    try Replay.runFrames(
                        log: log, skipInvalidLines: skipInvalid,
                        onSkip: Exit.reportSkipped,
                        write: { console.write($0) })
                } else {
                    let reader = try ChatLogReader(
                        contentsOf: log, skipInvalidLines: skipInvalid,
                        onSkip: Exit.reportSkipped)
                    try Replay.run(
                        reader, format: format, writeText: { console.write($0) },
                        writeBytes: { console.write(bytes: $0) })
                }
                console.flush()
            } catch {
                console.flush()
                Console.error(error.description)
                throw Exit.code(for: error)
            }
        }
    }

    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Compare every log's timeline with the golden file beside it.",
            discussion: """
                Each NAME.jsonl is replayed and its timeline compared with NAME.golden. A folder \
                is searched recursively (hidden folders are skipped). A mismatch names the first \
                differing step with a diff and writes NAME.golden.new for `replay accept`.

                Recording: --update, or CHAT_GOLDEN_RECORD=never|missing|failed|all (default \
                missing: a missing golden is recorded). When CI is set and is not false or 0, \
                nothing is ever recorded and nothing is written beside the goldens: the diff is \
                printed, and with CHAT_GOLDEN_ARTIFACTS=DIR each new timeline is written to \
                DIR/PATH.golden.new (PATH relative to the current folder) for the CI job to keep.
                """)

        @Argument(
            help: ArgumentHelp(
                "Logs (.jsonl), goldens (.golden) or folders to check; the current folder by default.",
                valueName: "path"))
        var paths: [String] = []

        @Flag(help: "Record the golden of every checked log, replacing those that differ (ignored when CI is set).")
        var update = false

        func validate() throws {
            try validatePairPaths(paths)
        }

        func run() throws {
            let environment = processEnvironment
            let policy: GoldenRecordPolicy
            do throws(GoldenError) {
                policy = try GoldenRecordPolicy.resolve(update: update, environment: environment)
            } catch {
                throw ValidationError(error.description)
            }
            if update, GoldenRecordPolicy.isContinuousIntegration(environment) {
                Console.error("note: CI is set, so goldens are never recorded; --update is ignored")
            }
            let pending = PendingGoldenLocation.resolve(environment: environment)
            var console = Console()
            let summary: GoldenSummary
            do throws(GoldenError) {
                summary = try GoldenSuite.check(paths.isEmpty ? ["."] : paths, policy: policy, pending: pending) {
                    result in
                    console.write(result.description + "\n")
                    console.flush()
                }
            } catch {
                Console.error(error.description)
                throw Exit.unreadable
            }
            console.write(summary.summaryLine + "\n")
            console.flush()
            if pending == .nowhere, summary.failed > 0 {
                Console.error(
                    "note: CI is set, so nothing was written beside the goldens; set "
                        + "\(PendingGoldenLocation.environmentVariable)=DIR to collect the new timelines in DIR")
            }
            var code = ExitCode.success
            for result in summary.results {
                guard case .failed(let failure) = result.outcome else { continue }
                switch failure {
                case .fileError:
                    code = Exit.unreadable
                case .log(let error):
                    if error.kind == .unreadable {
                        code = Exit.unreadable
                    } else if code != Exit.unreadable {
                        code = Exit.undecodable
                    }
                case .mismatch, .missingGolden, .missingLog:
                    if code == .success { code = Exit.mismatch }
                }
            }
            if code != .success { throw code }
        }
    }

    struct Accept: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Make every pending NAME.golden.new the new NAME.golden.",
            discussion: """
                `replay check` writes NAME.golden.new beside a golden that differs or is missing. \
                Review the difference, then accept it with this command.
                """)

        @Argument(
            help: ArgumentHelp(
                "Folders to search recursively, or files naming a pair; the current folder by default.",
                valueName: "path"))
        var paths: [String] = []

        func validate() throws {
            try validatePairPaths(paths)
        }

        func run() throws {
            let accepted: [String]
            do throws(GoldenError) {
                accepted = try GoldenSuite.accept(paths.isEmpty ? ["."] : paths)
            } catch {
                Console.error(error.description)
                throw Exit.unreadable
            }
            var console = Console()
            for golden in accepted { console.write("accepted \(golden)\n") }
            console.write(accepted.isEmpty ? "nothing to accept\n" : "\(accepted.count) accepted\n")
            console.flush()
        }
    }
}
