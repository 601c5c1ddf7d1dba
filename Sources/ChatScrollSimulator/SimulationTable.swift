import ChatEvents
import ChatJSON
import ChatLogFormat

/// The measured table of `replay simulate`: on each scroll-view personality, for the driver and
/// each model of a hand-written approach, the frames that violate each check and the
/// programmatic scrolls, per 1,000 frames.
public struct SimulationTable: Sendable {
    /// One policy's totals.
    public struct Row: Sendable, Hashable {
        /// The view's personality.
        public var personality: String
        /// The policy's name.
        public var policy: String
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
    }

    /// The sessions run.
    public var sessions: Int
    /// The frames run per policy and personality.
    public var frames: Int
    /// For each personality in turn, the driver first, then each baseline.
    public var rows: [Row]
    /// The driver's event log of each session, by session name (when recorded).
    public var logs: [(name: String, log: String)]
    /// How often the checks catch each deliberately broken driver, per personality (when run).
    public var catchRates: [(personality: String, rates: [BrokenDrivers.CatchRate])] = []

    /// Runs every broken driver over `sessions` on each personality of the table, into
    /// ``catchRates``.
    public mutating func runBrokenDrivers(_ sessions: [SimSession]) {
        catchRates = personalities.compactMap { name in
            ViewPersonality.named(name).map { (name, BrokenDrivers.catchRates(sessions, personality: $0)) }
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

    /// Runs every session under the driver and every baseline, on each of `personalities`;
    /// the driver's logs are recorded on the first.
    public static func run(
        _ sessions: [SimSession], personalities: [ViewPersonality] = ViewPersonality.all, recording: Bool = false
    ) -> SimulationTable {
        var rows = personalities.flatMap { personality in
            policies.map { Row(personality: personality.name, policy: $0) }
        }
        let template = rows
        // Each session on its own worker; the rows are summed in session order.
        let outcomes = parallelMap(sessions.count) { sessionIndex in
            let session = sessions[sessionIndex]
            var results: [(index: Int, result: SimulationResult)] = []
            var log: String?
            for index in template.indices {
                guard let personality = ViewPersonality.named(template[index].personality),
                    let policy = Self.policy(
                        named: template[index].policy, for: session,
                        recording: recording && template[index].personality == personalities.first?.name)
                else { continue }
                let view = SimulatedScrollView(personality: personality)
                results.append((index, Simulator.run(session, policy: policy, view: view)))
                if let recorder = (policy as? DriverPolicy)?.driver.recorder {
                    log = recorder.exportLog(keepingText: true)
                }
            }
            return (results: results, log: log)
        }
        var logs: [(name: String, log: String)] = []
        for (session, outcome) in zip(sessions, outcomes) {
            for (index, result) in outcome.results {
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

    /// The table as text: a block per personality, one row per policy, one column per check and
    /// for scroll calls.
    public var text: String {
        var lines = [
            "\(sessions) sessions on each scroll-view personality, \(frames) frames per policy at 120 Hz; "
                + "frames violating each check and scroll calls, per 1,000 frames"
        ]
        let widths = Self.columns.map { max(9, $0.count + 2) }
        for personality in personalities {
            lines.append("")
            let header = [personality.padding(34)] + zip(Self.columns, widths).map { $0.leftPadding($1) }
            lines.append(header.joined())
            for row in rows where row.personality == personality {
                let values = ScreenCheck.allCases.map { row.violations[$0] ?? 0 } + [row.scrollCalls]
                let cells = zip(values, widths).map { format(row.perThousand($0)).leftPadding($1) }
                lines.append(([row.policy.padding(34)] + cells).joined())
            }
        }
        lines.append("")
        lines.append("the checks are described in docs/simulation.md; scroll-calls counts programmatic scrolls")
        for row in rows where row.policy == "driver" && !row.failures.isEmpty {
            lines.append("")
            lines.append(
                "\(row.policy) sessions with a violation on \(row.personality) (\(row.failures.count)), "
                    + "the first of each:"
            )
            lines += row.failures.prefix(20).map { "  " + $0 }
        }
        for (personality, rates) in catchRates {
            lines.append("")
            lines.append(
                "broken drivers on \(personality): sessions in which each misbehaved where the user could see it, "
                    + "and how many a check caught")
            for rate in rates {
                let percent = Int((rate.rate * 100).rounded(.down))
                lines.append(
                    "  " + rate.kind.rawValue.padding(36) + "\(rate.caught) of \(rate.misbehaving) (\(percent) %)")
                lines += rate.missed.prefix(3).map { "      missed " + $0 }
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The table as one JSON object: `{"sessions", "frames", "policies": {NAME: {CHECK…,
    /// "scroll-calls"}}, "personalities": {PERSONALITY: {NAME: {CHECK…, "scroll-calls"}}}, "brokenDrivers":
    /// {PERSONALITY: {NAME: {"misbehaving", "caught", "rate", "missed"}}}}`; `policies` is the
    /// first personality's, and `brokenDrivers` is there when they were run.
    public var json: String {
        var writer = JSONWriter(reservingCapacity: 2048)
        writer.beginObject()
        writer.key("sessions")
        writer.integer(sessions)
        writer.key("frames")
        writer.integer(frames)
        writer.key("policies")
        writePolicies(of: personalities.first, to: &writer)
        writer.key("personalities")
        writer.beginObject()
        for personality in personalities {
            writer.key(personality)
            writePolicies(of: personality, to: &writer)
        }
        writer.endObject()
        if !catchRates.isEmpty {
            writer.key("brokenDrivers")
            writer.beginObject()
            for (personality, rates) in catchRates {
                writer.key(personality)
                writer.beginObject()
                for rate in rates {
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
                writer.endObject()
            }
            writer.endObject()
        }
        writer.endObject()
        return writer.output
    }

    private func writePolicies(of personality: String?, to writer: inout JSONWriter) {
        writer.beginObject()
        for row in rows where row.personality == personality {
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
