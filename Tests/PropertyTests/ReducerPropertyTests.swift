import ChatEvents
import ChatReducer
import Foundation
import PropertyBased
import Testing

/// The reducer never breaks, whatever it is fed: random event sequences, checked after every
/// step against the invariants of specification §7 and the rules behind them (see `Property`).
///
/// The default run checks about 200,000 events; `CHAT_SOAK_EVENTS` sets the total for a soak
/// run, and `CHAT_PROPERTY_SEED` the run seed. A failure is shrunk to a minimal log and
/// reported with the seed that draws it again and the log `replay run` reads.
@Suite("Reducer properties")
struct ReducerPropertyTests {
    /// How the event budget is shared: plausible scenarios, hostile ones, and a few with
    /// huge histories (one per 250,000 events, at least two).
    static let plausible = PlausibleEvents(length: 500)
    static let hostile = HostileEvents(length: 250)
    static let huge = HostileEvents(length: 120, hugeHistory: true)
    static let plausibleThirds = PlausibleEvents(length: 500, thirds: true)
    static let hostileFractions = HostileEvents(length: 250, anyFraction: true)
    static let messenger = PlausibleEvents(length: 500, messenger: true)

    /// Properties the reducer is known to break; the main tests skip them. Empty: the bugs
    /// these tests found are fixed and pinned in `KnownReducerBugs`.
    static let knownBugs: Set<Property> = []

    static func scenarios(share: Double, length: Int) -> Int {
        max(1, Int((Double(RunSettings.totalEvents) * share / Double(length)).rounded(.up)))
    }

    @Test("Plausible app sessions keep every property after every step")
    func plausibleSessions() async {
        await run(Self.plausible, name: "plausible", count: Self.scenarios(share: 0.55, length: Self.plausible.length))
    }

    @Test("Plausible sessions: a bottom-inset change shifts a detached offset by ΔB")
    func plausibleInsetBottom() async {
        await run(
            Self.plausible, name: "plausible-inset-bottom",
            count: Self.scenarios(share: 0.1, length: Self.plausible.length), ignoring: [])
    }

    @Test("Hostile input keeps every property after every step")
    func hostileInput() async {
        await run(Self.hostile, name: "hostile", count: Self.scenarios(share: 0.45, length: Self.hostile.length))
    }

    @Test("Histories of hundreds of thousands of messages in one event keep every property")
    func hugeHistories() async {
        await run(Self.huge, name: "huge-history", count: max(2, RunSettings.totalEvents / 250_000))
    }

    // Heights in thirds of a point make a Fenwick tree's running total and the sum of its
    // nodes differ in the last bit, where a search must still stay inside its segment
    // (`KnownReducerBugs` keeps the log that showed it).
    @Test("Plausible sessions with heights in thirds of a point keep every property")
    func plausibleThirdPoints() async {
        await run(
            Self.plausibleThirds, name: "plausible-thirds",
            count: Self.scenarios(share: 0.1, length: Self.plausibleThirds.length))
    }

    @Test("Messenger sessions (first unread, read receipts, windows) keep every property")
    func messengerSessions() async {
        await run(Self.messenger, name: "messenger", count: Self.scenarios(share: 0.2, length: Self.messenger.length))
    }

    @Test("Hostile input with heights whose sums round keeps every property")
    func hostileFractionalHeights() async {
        await run(
            Self.hostileFractions, name: "hostile-fractions",
            count: Self.scenarios(share: 0.1, length: Self.hostileFractions.length))
    }

    private func run(
        _ drawing: some ScenarioDrawing, name: String, count: Int, ignoring ignored: Set<Property> = knownBugs
    ) async {
        let tally = Tally()
        let start = ContinuousClock.now
        await propertyCheck(count: count, input: drawing.generator(tally: tally, name: name, ignoring: ignored)) {
            scenario in
            Harness.check(scenario, name: name)
        }
        Breadcrumb.clear(name)
        let totals = tally.totals
        let elapsed = seconds(since: start)
        print(
            """
            PropertyTests \(name): \(totals.events) events (\(totals.messages) messages) in \
            \(totals.scenarios) scenarios, \(String(format: "%.1f", elapsed)) s, \
            \(RunSettings.runSeedText)
            """)
    }
}
