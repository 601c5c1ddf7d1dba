import ChatScrollUtilities
import Foundation
import PropertyBased
import Testing

/// How many events a run checks, and from which seed: read once from the environment.
///
/// - `CHAT_SOAK_EVENTS`: the number of random events the reducer properties check in total
///   (default 200,000). A soak run raises it: `CHAT_SOAK_EVENTS=10000000`.
/// - `CHAT_PROPERTY_SEED`: a run seed (decimal, or hexadecimal with `0x`). Every scenario's
///   seed is then derived from it and the scenario's number, so the same run seed and the same
///   number of events check the same scenarios again. Without it every scenario gets a fresh
///   random seed from the library.
enum RunSettings {
    static let defaultEvents = 200_000

    static let totalEvents: Int = {
        guard let text = ProcessInfo.processInfo.environment["CHAT_SOAK_EVENTS"] else { return defaultEvents }
        let digits = text.filter { $0 != "_" && $0 != "," }
        if let value = Int(digits), value > 0 { return value }
        if let value = Double(digits), value.isFinite, value >= 1 { return Int(value) }
        return defaultEvents
    }()

    /// The run seed from `CHAT_PROPERTY_SEED`, or `nil`: then each scenario is drawn from the
    /// fresh seed the library hands over, which is the seed its failure message names.
    static let runSeed: UInt64? = {
        guard let text = ProcessInfo.processInfo.environment["CHAT_PROPERTY_SEED"] else { return nil }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("0x") { return UInt64(trimmed.dropFirst(2), radix: 16) }
        return UInt64(trimmed)
    }()

    /// "run seed 0x…", or how the seeds were drawn without one.
    static var runSeedText: String {
        runSeed.map { "run seed 0x" + String($0, radix: 16) } ?? "a fresh seed per scenario"
    }

    /// Whether the test being run carries `.fixedSeed(...)`; the generators then use the
    /// seed that the trait hands them, even with a run seed.
    static var fixedSeedActive: Bool {
        Test.current?.traits.contains { $0 is FixedSeedTrait } ?? false
    }
}

extension SplitMix64 {
    /// The generator state of scenario `index` of the property salted with `salt`.
    static func scenarioState(runSeed: UInt64, salt: UInt64, index: Int) -> Xoshiro {
        var mix = SplitMix64(seed: runSeed ^ (salt &* 0xD6E8_FEB8_6659_FD93))
        mix.state &+= UInt64(truncatingIfNeeded: index) &* 0xA076_1D64_78BD_642F
        return Xoshiro(seed: (mix.next(), mix.next(), mix.next(), mix.next()))
    }
}

/// A counter shared by a generator's runs, which happen one after another.
final class Tally: @unchecked Sendable {
    private let lock = NSLock()
    private var scenarios = 0
    private var events = 0
    private var messages = 0

    /// Claims the next scenario number, 0-based.
    func claim() -> Int {
        lock.lock()
        defer { lock.unlock() }
        scenarios += 1
        return scenarios - 1
    }

    /// Counts the events and messages of a generated scenario.
    func record(events count: Int, messages messageCount: Int) {
        lock.lock()
        defer { lock.unlock() }
        events += count
        messages += messageCount
    }

    var totals: (scenarios: Int, events: Int, messages: Int) {
        lock.lock()
        defer { lock.unlock() }
        return (scenarios, events, messages)
    }
}

extension Xoshiro {
    /// The state as the base64 text that `.fixedSeed(...)` takes.
    var seedText: String { currentSeed }
}

/// A number for people: `12`, `0.5`, `nan`, `inf`.
func describe(_ value: Double) -> String {
    if value.isFinite, value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return String(value)
}

func describe(_ value: Double?) -> String { value.map(describe) ?? "nil" }

/// Elapsed wall-clock seconds since `start`.
func seconds(since start: ContinuousClock.Instant) -> Double {
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}
