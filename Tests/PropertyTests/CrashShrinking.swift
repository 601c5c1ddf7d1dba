import ChatEvents
import ChatLogFormat
import Foundation
import PropertyBased
import TestSupport
import Testing

/// A trap in the reducer ends the test process, so a trapping scenario cannot be shrunk in it.
/// Before drawing each scenario the property tests write its seed to
/// `$TMPDIR/chat-property-failures/NAME.running` (removed when the test ends); after a crash
/// that file holds the command to run:
///
///     scripts/shrink-crash.sh hostile:SEED
///
/// It draws the scenario again in a child process that writes each event to a journal before
/// the reducer sees it (drawing a plausible scenario runs the reducer, which may trap), then
/// shrinks the journal with the `replay` executable as the judge: a candidate log is kept
/// when `replay run` on it dies of a signal.
enum Breadcrumb {
    static var folder: URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("chat-property-failures", isDirectory: true)
    }

    static func file(_ name: String) -> URL { folder.appendingPathComponent("\(name).running") }

    static func leave(flavor: Scenario.Flavor, seed: String, name: String) {
        let text = """
            A test process that ended here was drawing or checking this scenario. Shrink it with:
            scripts/shrink-crash.sh \(flavor.rawValue):\(seed)

            """
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try? Data(text.utf8).write(to: file(name))
    }

    static func clear(_ name: String) {
        try? FileManager.default.removeItem(at: file(name))
    }
}

/// Events written to a file, one log line each, as they are drawn.
final class Journal: @unchecked Sendable {
    @TaskLocal static var current: Journal?

    private let handle: FileHandle
    private(set) var events = 0
    private(set) var hasHeader = false

    init(path: String) throws {
        FileManager.default.createFile(atPath: path, contents: nil)
        handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    }

    deinit { try? handle.close() }

    func write(header configuration: ChatConfiguration) {
        guard !hasHeader else { return }
        hasHeader = true
        line(ChatLogLine.header(ChatLogHeader(configuration: configuration)).encoded())
    }

    func write(_ event: ChatEvent) {
        var changes: [String] = []
        events += 1
        line(
            ChatLogLine.event(LoggedEvent(PrintedLog.printable(event, modelledOffset: 0, changes: &changes))).encoded())
    }

    private func line(_ text: String) {
        handle.write(Data((text + "\n").utf8))
    }
}

@Suite("Crash shrinking")
struct CrashShrinking {
    static let request = ProcessInfo.processInfo.environment["CHAT_CRASH_SEED"]
    static let journalPath = ProcessInfo.processInfo.environment["CHAT_CRASH_JOURNAL"]

    static func drawing(_ flavor: Scenario.Flavor) -> any ScenarioDrawing {
        switch flavor {
        case .plausible: ReducerPropertyTests.plausible
        case .hostile: ReducerPropertyTests.hostile
        case .hugeHistory: ReducerPropertyTests.huge
        case .plausibleThirds: ReducerPropertyTests.plausibleThirds
        case .hostileFractions: ReducerPropertyTests.hostileFractions
        case .plausibleMessenger: ReducerPropertyTests.messenger
        }
    }

    /// `FLAVOR:SEED` as a flavour and a generator state.
    static func parse(_ request: String) -> (Scenario.Flavor, Xoshiro)? {
        guard let colon = request.firstIndex(of: ":"),
            let flavor = Scenario.Flavor(rawValue: String(request[..<colon])),
            let rng = Xoshiro(seed: String(request[request.index(after: colon)...]))
        else { return nil }
        return (flavor, rng)
    }

    /// In the child process: draws the scenario, journaling every event before it is applied.
    @Test("Journal a scenario as it is drawn (child process of the shrinker)", .enabled(if: journalPath != nil))
    func journalScenario() throws {
        let path = try #require(Self.journalPath)
        let request = try #require(ProcessInfo.processInfo.environment["CHAT_CRASH_JOURNAL_SEED"])
        var (flavor, rng) = try #require(Self.parse(request))
        let journal = try Journal(path: path)
        let drawing = Self.drawing(flavor)
        let (configuration, events) = Journal.$current.withValue(journal) { drawing.draw(using: &rng) }
        // Drawings that do not run the reducer journal nothing on the way.
        journal.write(header: configuration)
        for event in events.dropFirst(journal.events) { journal.write(event) }
    }

    /// Draws the scenario `FLAVOR:SEED` in a child process; its events as far as the drawing got.
    static func journaledScenario(_ request: String) throws -> Scenario? {
        guard let (flavor, rng) = parse(request) else { return nil }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "crash-journal-\(UUID().uuidString).jsonl"
        ).path
        defer { try? FileManager.default.removeItem(atPath: path) }
        _ = try ReplayBinary.run(
            URL(fileURLWithPath: CommandLine.arguments[0]),
            ["--testing-library", "swift-testing", "--filter", "journalScenario"],
            environment: ["CHAT_CRASH_SEED": nil, "CHAT_CRASH_JOURNAL": path, "CHAT_CRASH_JOURNAL_SEED": request],
            timeout: 600)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var configuration = ChatConfiguration()
        var events: [ChatEvent] = []
        for line in text.split(separator: "\n") {
            switch try ChatLogLine(decoding: line) {
            case .header(let header): configuration = header.configuration
            case .event(let logged): events.append(logged.event)
            }
        }
        return Scenario(flavor: flavor, seed: rng.seedText, configuration: configuration, events: events)
    }

    /// Replays the scenario's log in a child process: whether it crashed, and after how many
    /// steps (one state line per completed step that reached standard output).
    static func replay(_ scenario: Scenario) throws -> (crashed: Bool, steps: Int) {
        let log = PrintedLog(scenario, modelling: false)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "crash-candidate-\(UUID().uuidString).jsonl")
        try Data(log.text.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let output = try ReplayBinary.run(["run", file.path, "--format", "jsonl"])
        return (output.signaled, output.stdoutData.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) })
    }

    @Test("A scenario that traps the reducer shrinks to a minimal log", .enabled(if: request != nil))
    func shrinkCrash() throws {
        let request = try #require(Self.request)
        var current = try #require(
            try Self.journaledScenario(request), "CHAT_CRASH_SEED must be FLAVOR:SEED, as the .running file says")
        var result = try Self.replay(current)
        guard result.crashed else {
            Issue.record("replaying the scenario \(request) (\(current.events.count) events) does not crash")
            return
        }
        var tries = 0
        var shrunk = true
        while shrunk {
            shrunk = false
            for candidate in ScenarioShrinks.candidates(of: current, failingStep: result.steps + 1, target: nil) {
                tries += 1
                let attempt = try Self.replay(candidate)
                if attempt.crashed {
                    current = candidate
                    result = attempt
                    shrunk = true
                    break
                }
            }
        }
        let log = PrintedLog(current, modelling: false)
        let file = Harness.save(log, name: "crash")
        let notes =
            log.notes.isEmpty
            ? ""
            : "Values JSON cannot hold were replaced:\n" + log.notes.map { "  " + $0 }.joined(separator: "\n") + "\n"
        Issue.record(
            Comment(
                rawValue: """
                    The reducer traps on this \(current.events.count)-event log (shrunk from scenario \(request) \
                    in \(tries) replays):
                      replay run \(file ?? "crash.jsonl") --format jsonl
                    \(notes)\
                    \(log.text)
                    """))
    }
}
