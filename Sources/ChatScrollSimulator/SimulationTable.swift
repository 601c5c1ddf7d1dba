import ChatEvents
import ChatJSON
import ChatLogFormat

/// The measured table of `replay simulate`: on each scroll-view personality and input-bar setup,
/// for the driver and each model of a hand-written approach, the frames that violate each check
/// and the programmatic scrolls, per 1,000 frames.
public struct SimulationTable: Sendable {
    /// One policy's totals on one personality and setup.
    public struct Row: Sendable, Hashable {
        /// The view's personality.
        public var personality: String
        /// The input-bar setup.
        public var setup: String
        /// The policy's name.
        public var policy: String
        /// Sessions run.
        public var sessions = 0
        /// Frames drawn.
        public var frames = 0
        /// Violating frames per check.
        public var violations: [ScreenCheck: Int] = [:]
        /// Programmatic scrolls.
        public var scrollCalls = 0
        /// Sessions with at least one violation, with their first violation.
        public var failures: [String] = []

        /// `count` per 1,000 frames.
        public func perThousand(_ count: Int) -> Double {
            frames == 0 ? 0 : Double(count) * 1000 / Double(frames)
        }

        /// The block it belongs to, as the table names it: `uikit accessory`.
        var block: String { personality + " " + setup }
    }

    /// How often the checks catch each broken driver on one personality and setup.
    public struct CatchRates: Sendable {
        /// The view's personality.
        public var personality: String
        /// The input-bar setup.
        public var setup: String
        /// Each broken driver run there, in ``BrokenDrivers/Kind`` order.
        public var rates: [BrokenDrivers.CatchRate]
    }

    /// The sessions run.
    public var sessions: Int
    /// The frames run per policy on each personality's accessory setup.
    public var frames: Int
    /// For each personality and setup in turn, the driver first, then each baseline.
    public var rows: [Row]
    /// The driver's event log of each session, by session name (when recorded).
    public var logs: [(name: String, log: String)]
    /// How often the checks catch each deliberately broken driver, per personality and setup (when
    /// run).
    public var catchRates: [CatchRates] = []

    /// The personalities and setups of the table, in order: each personality's setups that apply
    /// to it, the accessory first.
    public static func blocks(_ personalities: [ViewPersonality]) -> [(ViewPersonality, InputBarSetup)] {
        personalities.flatMap { personality in
            InputBarSetup.allCases.filter { $0.applies(to: personality) }.map { (personality, $0) }
        }
    }

    /// Whether `session` runs on `setup` of a view of `personality`: every session on the
    /// accessory setup; on the others, every scripted scenario, and a third of the seeded
    /// sessions, chosen by seed so that on a UIKit view each meets one of the three others (the
    /// table stays within its time, and each setup still meets hundreds of sessions).
    public static func meets(_ session: SimSession, _ setup: InputBarSetup, on personality: ViewPersonality) -> Bool {
        guard setup != .accessory, let seed = session.seed else { return true }
        let others = InputBarSetup.allCases.filter { $0 != .accessory && $0.applies(to: personality) }
        return others.firstIndex(of: setup) == Int(seed % 3)
    }

    /// Runs every broken driver over `sessions` on each personality and setup of the table, into
    /// ``catchRates``: every broken driver on the accessory setup, the keyboard's on every setup.
    public mutating func runBrokenDrivers(_ sessions: [SimSession]) {
        catchRates = Self.blocks(personalities.compactMap(ViewPersonality.named)).map { personality, setup in
            let kinds = (setup == .accessory ? BrokenDrivers.Kind.allCases : BrokenDrivers.Kind.keyboard)
                .filter { $0.applies(to: personality) }
            let met = sessions.filter { Self.meets($0, setup, on: personality) }
            return CatchRates(
                personality: personality.name, setup: setup.rawValue,
                rates: BrokenDrivers.catchRates(met, kinds: kinds, personality: personality, setup: setup))
        }
    }

    /// The policy names, the driver's first.
    public static let policies =
        ["driver"] + BaselinePolicy.Kind.allCases.map(\.rawValue) + [
            "baseline-careful-uikit", "baseline-inverted-table",
        ]

    /// A new policy for `session` by its name in ``policies``, or `nil` for another name. The
    /// driver records every event it sends when `recording`.
    public static func policy(named name: String, for session: SimSession, recording: Bool = false) -> (
        any ScrollPolicy
    )? {
        if let kind = BaselinePolicy.Kind(rawValue: name) { return BaselinePolicy(kind) }
        if name == "baseline-careful-uikit" { return CarefulUIKitPolicy() }
        if name == "baseline-inverted-table" { return InvertedTablePolicy() }
        if let kind = BrokenDrivers.Kind(rawValue: name) {
            return BrokenDrivers.Policy(kind, configuration: session.configuration)
        }
        guard name == "driver" else { return nil }
        return DriverPolicy(configuration: session.configuration, recording: recording)
    }

    /// Runs every session under the driver and every baseline, on each of `personalities` and
    /// the setups it meets there; the driver's logs are recorded on the first personality's
    /// accessory setup.
    public static func run(
        _ sessions: [SimSession], personalities: [ViewPersonality] = ViewPersonality.all, recording: Bool = false
    ) -> SimulationTable {
        let blocks = Self.blocks(personalities)
        var rows = blocks.flatMap { personality, setup in
            policies.map { Row(personality: personality.name, setup: setup.rawValue, policy: $0) }
        }
        let template = rows
        // Each session on its own worker; the rows are summed in session order.
        let outcomes = parallelMap(sessions.count) { sessionIndex in
            let session = sessions[sessionIndex]
            var results: [(index: Int, result: SimulationResult)] = []
            var log: String?
            for index in template.indices {
                guard let personality = ViewPersonality.named(template[index].personality),
                    let setup = InputBarSetup.named(template[index].setup), meets(session, setup, on: personality),
                    let policy = Self.policy(
                        named: template[index].policy, for: session,
                        recording: recording && index < policies.count)
                else { continue }
                let view = SimulatedScrollView(personality: personality, setup: setup)
                var result = Simulator.run(session, policy: policy, view: view)
                // Only the counts are summed: each frame's screen goes at once, so memory stays flat.
                result.screens = []
                results.append((index, result))
                if let recorded = (policy as? DriverPolicy)?.recordedLog { log = recorded }
            }
            return (results: results, log: log)
        }
        var logs: [(name: String, log: String)] = []
        for (session, outcome) in zip(sessions, outcomes) {
            for (index, result) in outcome.results {
                rows[index].sessions += 1
                rows[index].frames += result.frames
                rows[index].scrollCalls += result.scrollCalls
                for (check, count) in result.violations { rows[index].violations[check, default: 0] += count }
                if let first = result.firstViolations.min(by: { $0.key.rank < $1.key.rank }) {
                    rows[index].failures.append("\(session.name) \(first.key.rawValue): \(first.value)")
                }
            }
            if let log = outcome.log { logs.append((session.name, log)) }
        }
        return SimulationTable(sessions: sessions.count, frames: rows.first?.frames ?? 0, rows: rows, logs: logs)
    }

    /// The column of programmatic scrolls, beside the checks'.
    static let scrollCalls = "scroll-calls"
    /// The table's columns: every check, then the programmatic scrolls.
    static let columns = ScreenCheck.allCases.map(\.rawValue) + [scrollCalls]

    /// The personalities run, in order.
    public var personalities: [String] {
        rows.map(\.personality).reduce(into: []) { names, name in if names.last != name { names.append(name) } }
    }

    /// The blocks run, in order: `uikit accessory`, `uikit layout-guide`, …
    var blockNames: [String] {
        rows.map(\.block).reduce(into: []) { names, name in if names.last != name { names.append(name) } }
    }

    /// The table as text: a block per personality and setup, one row per policy, one column per
    /// check and for scroll calls; the driver's failing sessions; the broken drivers' catch rates.
    public var text: String {
        var lines = [
            "\(sessions) sessions on each scroll-view personality, \(frames) frames per policy at 120 Hz; "
                + "frames violating each check and scroll calls, per 1,000 frames"
        ]
        let widths = Self.columns.map { max(9, $0.count + 2) }
        // (The first column fits the longest block name, and is never narrower than 34.)
        let labelWidth = max(34, (blockNames.map(\.count).max() ?? 0) + 2)
        for block in blockNames {
            let blockRows = rows.filter { $0.block == block }
            lines.append("")
            if let first = blockRows.first, first.setup != InputBarSetup.accessory.rawValue {
                lines.append("\(block): \(first.sessions) sessions, \(first.frames) frames per policy")
            }
            let header = [block.padding(labelWidth)] + zip(Self.columns, widths).map { $0.leftPadding($1) }
            lines.append(header.joined())
            for row in blockRows {
                let values = ScreenCheck.allCases.map { row.violations[$0] ?? 0 } + [row.scrollCalls]
                let cells = zip(values, widths).map { format(row.perThousand($0)).leftPadding($1) }
                lines.append(([row.policy.padding(labelWidth)] + cells).joined())
            }
        }
        lines.append("")
        lines.append("the checks are described in docs/simulation.md; scroll-calls counts programmatic scrolls")
        let uikit = ViewPersonality.all.filter { !$0.reportsAfterLayout }.map(\.name)
        let swiftUI = ViewPersonality.all.filter(\.lazyStackEstimates).map(\.name)
        lines.append(
            "the driver and the broken drivers run through ChatScrollUIKit's adapter on the "
                + "\(uikit.joined(separator: ", ")) views, and through ChatScrollSwiftUI's model on the "
                + "\(swiftUI.joined(separator: ", ")) views")
        for row in rows where row.policy == "driver" && !row.failures.isEmpty {
            lines.append("")
            lines.append(
                "\(row.policy) sessions with a violation on \(row.block) (\(row.failures.count)), the first of each:")
            lines += row.failures.prefix(20).map { "  " + $0 }
        }
        for block in catchRates {
            lines.append("")
            lines.append(
                "broken drivers on \(block.personality) \(block.setup): sessions in which each misbehaved where the "
                    + "user could see it, and how many a check caught")
            for rate in block.rates {
                let percent = Int((rate.rate * 100).rounded(.down))
                lines.append(
                    "  " + rate.kind.rawValue.padding(36) + "\(rate.caught) of \(rate.misbehaving) (\(percent) %)")
                lines += rate.missed.prefix(3).map { "      missed " + $0 }
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The table as one JSON object: `{"sessions", "frames", "policies": {NAME: {CHECK…,
    /// "scroll-calls"}}, "personalities": {PERSONALITY: {NAME: …}}, "setups": {PERSONALITY: {SETUP:
    /// {NAME: …}}}, "brokenDrivers": {PERSONALITY: {SETUP: {NAME: {"misbehaving", "caught",
    /// "rate", "missed"}}}}, "driverSessionsWithAViolation": {PERSONALITY: {SETUP: [SESSION…]}}}`;
    /// `policies` is the first personality's accessory setup, `personalities` every
    /// personality's, `brokenDrivers` is there when they were run, and each session the driver
    /// fails is named with its first violation, as the text names the first twenty.
    public var json: String {
        let accessory = InputBarSetup.accessory.rawValue
        var writer = JSONWriter(reservingCapacity: 2048)
        writer.beginObject()
        writer.key("sessions")
        writer.integer(sessions)
        writer.key("frames")
        writer.integer(frames)
        writer.key("policies")
        writePolicies(rows.filter { $0.personality == personalities.first && $0.setup == accessory }, to: &writer)
        writer.key("personalities")
        writer.beginObject()
        for personality in personalities {
            writer.key(personality)
            writePolicies(rows.filter { $0.personality == personality && $0.setup == accessory }, to: &writer)
        }
        writer.endObject()
        writer.key("setups")
        writeByPersonality(rows.map { ($0.personality, $0.setup) }, to: &writer) { personality, setup, writer in
            writePolicies(rows.filter { $0.personality == personality && $0.setup == setup }, to: &writer)
        }
        if !catchRates.isEmpty {
            writer.key("brokenDrivers")
            writeByPersonality(catchRates.map { ($0.personality, $0.setup) }, to: &writer) {
                personality, setup, writer in
                writer.beginObject()
                for block in catchRates where block.personality == personality && block.setup == setup {
                    for rate in block.rates { write(rate, to: &writer) }
                }
                writer.endObject()
            }
        }
        writer.key("driverSessionsWithAViolation")
        let driverRows = rows.filter { $0.policy == "driver" }
        writeByPersonality(driverRows.map { ($0.personality, $0.setup) }, to: &writer) { personality, setup, writer in
            writer.beginArray()
            for row in driverRows where row.personality == personality && row.setup == setup {
                for failure in row.failures { writer.string(failure) }
            }
            writer.endArray()
        }
        writer.endObject()
        return writer.output
    }

    /// `{PERSONALITY: {SETUP: body}}` over `pairs`, in their order.
    private func writeByPersonality(
        _ pairs: [(String, String)], to writer: inout JSONWriter,
        body: (String, String, inout JSONWriter) -> Void
    ) {
        writer.beginObject()
        var written: [(String, String)] = []
        for personality in personalities {
            writer.key(personality)
            writer.beginObject()
            for (named, setup) in pairs where named == personality && !written.contains(where: { $0 == (named, setup) })
            {
                written.append((named, setup))
                writer.key(setup)
                body(personality, setup, &writer)
            }
            writer.endObject()
        }
        writer.endObject()
    }

    private func write(_ rate: BrokenDrivers.CatchRate, to writer: inout JSONWriter) {
        writer.key(rate.kind.rawValue)
        writer.beginObject()
        writer.key("misbehaving")
        writer.integer(rate.misbehaving)
        writer.key("caught")
        writer.integer(rate.caught)
        writer.key("rate")
        writer.number(rate.rate)
        writer.key("missed")
        writer.beginArray()
        for missed in rate.missed { writer.string(missed) }
        writer.endArray()
        writer.endObject()
    }

    private func writePolicies(_ rows: [Row], to writer: inout JSONWriter) {
        writer.beginObject()
        for row in rows {
            writer.key(row.policy)
            writer.beginObject()
            for check in ScreenCheck.allCases {
                writer.key(check.rawValue)
                writer.number(row.perThousand(row.violations[check] ?? 0))
            }
            writer.key(Self.scrollCalls)
            writer.number(row.perThousand(row.scrollCalls))
            writer.endObject()
        }
        writer.endObject()
    }

    func format(_ value: Double) -> String {
        let hundredths = (value * 100).rounded()
        let whole = Int(hundredths) / 100
        let fraction = Int(hundredths) % 100
        return "\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}

extension String {
    func padding(_ width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
    func leftPadding(_ width: Int) -> String {
        count >= width ? " " + self : String(repeating: " ", count: width - count) + self
    }
}
