import ChatScrollUtilities
import Foundation
import PropertyBased
import TestSupport
import Testing

/// The same log replays to the same bytes in different processes, whatever their hash seeds:
/// the built `replay` executable runs each log once with `SWIFT_DETERMINISTIC_HASHING=1` and
/// twice without it (so each run hashes with a fresh random seed).
@Suite("Determinism")
struct DeterminismTests {
    /// Every example, a spread of golden logs, and a generated session.
    static func logs() throws -> [URL] {
        let manager = FileManager.default
        func jsonl(in folder: String) throws -> [URL] {
            let url = packageRoot.appendingPathComponent(folder, isDirectory: true)
            return try manager.contentsOfDirectory(at: url, includingPropertiesForKeys: nil)
                .filter { $0.pathExtension == "jsonl" }
                .sorted { $0.lastPathComponent < $1.lastPathComponent }
        }
        let examples = try jsonl(in: "Examples")
        let goldens = try jsonl(in: "Tests/Golden")
        let stride = max(1, goldens.count / 8)
        let spread = Swift.stride(from: 0, to: goldens.count, by: stride).map { goldens[$0] }
        return examples + spread
    }

    /// A plausible session of 500 events from a fixed seed, written to a temporary file.
    static func generatedSession() throws -> URL {
        var rng = SplitMix64.scenarioState(runSeed: 2026, salt: 7, index: 0)
        let seed = rng.seedText
        let (configuration, events) = ReducerPropertyTests.plausible.draw(using: &rng)
        let log = PrintedLog(Scenario(flavor: .plausible, seed: seed, configuration: configuration, events: events))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "determinism-\(UUID().uuidString).jsonl")
        try Data(log.text.utf8).write(to: file)
        return file
    }

    @Test(
        "Examples and golden logs replay to identical bytes across processes and hash seeds",
        arguments: ["jsonl", "text"])
    func identicalBytes(format: String) throws {
        let generated = try Self.generatedSession()
        defer { try? FileManager.default.removeItem(at: generated) }
        let logs = try Self.logs() + [generated]
        #expect(logs.count >= 3)
        for log in logs {
            let arguments = ["run", log.path, "--format", format]
            let fixed = try ReplayBinary.run(arguments, environment: ["SWIFT_DETERMINISTIC_HASHING": "1"])
            let random1 = try ReplayBinary.run(arguments, environment: ["SWIFT_DETERMINISTIC_HASHING": nil])
            let random2 = try ReplayBinary.run(arguments, environment: ["SWIFT_DETERMINISTIC_HASHING": nil])
            let name = log.lastPathComponent
            #expect(fixed.status == 0, "\(name): exit status \(fixed.status): \(fixed.stderr)")
            #expect(!fixed.stdout.isEmpty, "\(name): no output")
            #expect(
                random1.stdout == fixed.stdout,
                "\(name) --format \(format): output differs without deterministic hashing")
            #expect(
                random2.stdout == fixed.stdout,
                "\(name) --format \(format): output differs between two random hash seeds")
            #expect(random1.status == fixed.status && random2.status == fixed.status)
        }
    }
}
