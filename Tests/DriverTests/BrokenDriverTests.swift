import ChatScrollSimulator
import Testing

/// The checks are tested: each deliberately broken driver must be caught in at least 95 % of
/// the sessions in which it misbehaved where the user could see it. The counts below are what
/// the checks reach today on these sessions (docs/simulation.md, "Broken drivers"), so a check
/// that gets weaker fails here, and a count is raised as the checks get stronger.
@Suite("Broken drivers are caught")
struct BrokenDriverTests {
    static let sessions = Scenarios.all + (1...120).map { Scenarios.random(seed: $0) }
        + (1...40).map { Scenarios.messenger(seed: $0) }

    /// Caught and misbehaving sessions today, per broken driver.
    static let floors: [BrokenDrivers.Kind: (caught: Int, misbehaving: Int)] = [
        .yankOnIncoming: (80, 81), .yankOnIncomingAnimated: (80, 81), .ignoreJumpToLatest: (46, 46),
        .ignoreReplyTaps: (24, 24), .keyboardToBottom: (36, 36), .keyboardToTop: (3, 3), .rotationToTop: (47, 47),
        .rotationToBottom: (42, 43), .noPrependCompensation: (37, 37), .prependCompensatedTwice: (38, 38),
        .dropsDeferredCommand: (16, 16), .noDisplayLink: (125, 126), .keyboardDefaultCurve: (75, 76),
        .lateByAFrame: (170, 170), .forgetsMeasurements: (123, 123),
    ]

    @Test("each broken driver misbehaves, and the checks catch it in 95 % of those sessions, at least as often as they did", arguments: BrokenDrivers.Kind.allCases)
    func caught(_ kind: BrokenDrivers.Kind) throws {
        let rate = BrokenDrivers.catchRates(Self.sessions, kinds: [kind])[0]
        let floor = try #require(Self.floors[kind])
        #expect(rate.misbehaving == floor.misbehaving, "\(kind.rawValue) misbehaved in \(rate.misbehaving) sessions")
        #expect(rate.caught >= floor.caught, "\(kind.rawValue): \(rate.caught) of \(rate.misbehaving) caught; missed \(rate.missed.prefix(5))")
        #expect(rate.rate >= 0.95, "\(kind.rawValue): \(rate.caught) of \(rate.misbehaving) caught; missed \(rate.missed.prefix(5))")
    }
}
