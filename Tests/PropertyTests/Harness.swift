import ChatEvents
import ChatReducer
import ChatScrollUtilities
import Foundation
import PropertyBased
import Testing

/// The first step of a scenario at which a property fails.
struct Failure: Sendable, Equatable {
    /// 1-based, as `replay` numbers steps.
    var step: Int
    var event: ChatEvent
    var violations: [Violation]

    var property: Property { violations[0].property }
}

enum Harness {
    /// Feeds the scenario to a fresh state, checking every property after every step; stops
    /// at the first failure. With `scenario.target` set, only that property counts.
    static func firstFailure(of scenario: Scenario) -> Failure? {
        var state = ChatState(configuration: scenario.configuration)
        var checker = StepChecker(
            configuration: scenario.configuration,
            expectsNoWarnings: scenario.flavor.isPlausible && scenario.pristine,
            exactSums: scenario.flavor.hasExactSums)
        for (index, event) in scenario.events.enumerated() {
            let before = Observation(state)
            let loaded = event.messageID.map { state.message(id: $0) != nil } ?? false
            let warning = checker.expectedWarning(for: event, in: state)
            state.reduce(event)
            var violations = checker.check(
                event: event, before: before, idLoadedBefore: loaded, expectedWarning: warning, state: state)
            violations.removeAll { scenario.ignored.contains($0.property) }
            if let target = scenario.target { violations.removeAll { $0.property != target } }
            if !violations.isEmpty {
                return Failure(step: index + 1, event: event, violations: violations)
            }
        }
        return nil
    }

    /// Checks a scenario and records an issue with its log when a property fails. Runs once
    /// per generated scenario and once per shrinking candidate; the library reports only the
    /// issues of the last, smallest failing scenario.
    static func check(_ scenario: Scenario, name: String) {
        guard let failure = firstFailure(of: scenario) else { return }
        Issue.record(Comment(rawValue: report(failure, of: scenario, name: name)))
    }

    /// The failure, how to reproduce it, and the scenario as a log `replay` can run.
    static func report(_ failure: Failure, of scenario: Scenario, name: String) -> String {
        let log = PrintedLog(scenario)
        let file = save(log, name: name)
        let shown =
            log.lines.count <= 400
            ? log.text
            : log.lines.prefix(400).joined(separator: "\n") + "\n… (\(log.lines.count - 400) more lines in the file)\n"
        var text = """
            Property "\(failure.property.rawValue)" failed at step \(failure.step) of \(scenario.events.count) \
            (\(failure.event.type.rawValue)):
            \(failure.violations.map { "  - [\($0.property.rawValue)] \($0.message)" }.joined(separator: "\n"))
            The \(scenario.flavor.rawValue) scenario this log shrank from was drawn from seed \(scenario.seed) \
            (\(RunSettings.runSeedText)).
            Reproduce: add `.fixedSeed("\(scenario.seed)")` to the test, which draws and shrinks it again, or replay \
            the log:
              replay run \(file ?? "failure.jsonl") --format jsonl

            """
        if !log.notes.isEmpty {
            text +=
                "Values JSON cannot hold were replaced in the log:\n"
                + log.notes.map { "  " + $0 }.joined(separator: "\n") + "\n"
        }
        text += "Log (\(log.lines.count - 1) events):\n" + shown
        return text
    }

    /// Writes the log to the system's temporary folder; returns its path.
    static func save(_ log: PrintedLog, name: String) -> String? {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "chat-property-failures", isDirectory: true)
        let file = folder.appendingPathComponent("\(name).jsonl")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(log.text.utf8).write(to: file)
            return file.path
        } catch {
            return nil
        }
    }
}

extension ChatEvent {
    /// The message id the event names, if it names one.
    var messageID: String? {
        switch self {
        case .messageAppended(let message, _): message.id
        case .messageConfirmed(let id, _), .tokensAppended(let id, _, _, _), .streamFinished(let id),
            .itemMeasured(let id, _), .messageRemoved(let id), .jumpToMessage(let id),
            .entranceAnimationFinished(let id):
            id
        default: nil
        }
    }
}

// MARK: - Generators

/// How one flavour draws a scenario from a random generator.
protocol ScenarioDrawing: Sendable {
    var flavor: Scenario.Flavor { get }
    /// Mixed into the run seed so that each flavour draws different scenarios.
    var salt: UInt64 { get }
    func draw(using rng: inout Xoshiro) -> (ChatConfiguration, [ChatEvent])
}

extension ScenarioDrawing {
    /// A generator of scenarios that shrinks failures to a minimal log.
    ///
    /// A scenario is drawn from the seed the library hands over (a fresh one, or the one of
    /// `.fixedSeed(...)`), which is the seed a failure names; with `CHAT_PROPERTY_SEED` set
    /// (and no fixed seed), scenario number `i` is drawn from a state derived from the run
    /// seed and `i` instead. Each scenario leaves a breadcrumb (see `Breadcrumb`) before it is
    /// drawn, in case it traps the reducer.
    func generator(tally: Tally, name: String, ignoring ignored: Set<Property> = []) -> Generator<
        Scenario, ScenarioShrinks
    > {
        Generator(
            run: { rng in
                var source: Xoshiro
                let index = tally.claim()
                if let runSeed = RunSettings.runSeed, !RunSettings.fixedSeedActive {
                    source = SplitMix64.scenarioState(runSeed: runSeed, salt: salt, index: index)
                } else {
                    source = (rng as? Xoshiro) ?? Xoshiro()
                }
                let seed = source.seedText
                // Drawing a plausible scenario runs the reducer too, so the breadcrumb comes first.
                Breadcrumb.leave(flavor: flavor, seed: seed, name: name)
                let (configuration, events) = draw(using: &source)
                var scenario = Scenario(flavor: flavor, seed: seed, configuration: configuration, events: events)
                scenario.ignored = ignored
                tally.record(events: events.count, messages: scenario.messageCount)
                return scenario
            },
            shrink: { ScenarioShrinks($0) })
    }
}
