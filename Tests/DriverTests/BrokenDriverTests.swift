import ChatScrollSimulator
import Testing

/// The checks are tested: every deliberately broken driver is caught in at least 95 % of the
/// sessions in which it misbehaved where the user could see it.
@Suite("Broken drivers are caught")
struct BrokenDriverTests {
    static let sessions = Scenarios.all + (1...120).map { Scenarios.random(seed: $0) }
        + (1...40).map { Scenarios.messenger(seed: $0) }

    @Test("each broken driver misbehaves and is caught in 95 % of those sessions", arguments: BrokenDrivers.Kind.allCases)
    func caught(_ kind: BrokenDrivers.Kind) {
        let rate = BrokenDrivers.catchRates(Self.sessions, kinds: [kind])[0]
        #expect(rate.misbehaving >= 3, "\(kind.rawValue) misbehaved in \(rate.misbehaving) sessions: too few to test the checks")
        #expect(rate.rate >= 0.95, "\(kind.rawValue): \(rate.caught) of \(rate.misbehaving) caught; missed \(rate.missed.prefix(5))")
    }
}
