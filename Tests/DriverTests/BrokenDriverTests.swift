import ChatScrollSimulator
import Testing

/// The checks are tested: each deliberately broken driver must be caught in at least 95 % of
/// the sessions in which it misbehaved where the user could see it, by a check that fails soon
/// after the misbehaviour in a frame the package's driver passes. The counts below are what
/// the checks reach today on these sessions (docs/simulation.md, "Broken drivers"), so a check
/// that gets weaker fails here, and a count is raised as the checks get stronger.
@Suite("Broken drivers are caught")
struct BrokenDriverTests {
    static let sessions = Scenarios.all + (1...120).map { Scenarios.random(seed: $0) }
        + (1...40).map { Scenarios.messenger(seed: $0) }

    /// Caught and misbehaving sessions today, per broken driver.
    static let floors: [BrokenDrivers.Kind: (caught: Int, misbehaving: Int)] = [
        .yankOnIncoming: (79, 81), .yankOnIncomingAnimated: (80, 81), .ignoreJumpToLatest: (46, 46),
        .ignoreReplyTaps: (24, 24), .keyboardToBottom: (35, 36), .keyboardToTop: (3, 3), .rotationToTop: (47, 47),
        .rotationToBottom: (42, 43), .noPrependCompensation: (37, 37), .prependCompensatedTwice: (38, 38),
        .dropsDeferredCommand: (16, 16), .noDisplayLink: (125, 127), .keyboardDefaultCurve: (76, 76),
        .lateByAFrame: (170, 170), .forgetsMeasurements: (120, 123), .animatedPositionKeeping: (131, 132),
        .noEndDecelerating: (2, 2), .snapOnLift: (13, 13),
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

@Suite("What the checks see of a broken driver")
struct BrokenDriverCaseTests {
    /// The frame in which the finger lifts is judged: what is on screen moves no farther than
    /// the fling's first step, so a page kept by an animation that starts there is seen.
    @Test("b: a page arrives as the finger lifts, and glue animates its position keeping")
    func pageAsTheFingerLifts() {
        let session = Scenarios.random(seed: 151)
        let broken = Simulator.run(
            session, policy: BrokenDrivers.Policy(.animatedPositionKeeping, configuration: session.configuration))
        let driver = Simulator.run(session, policy: DriverPolicy(configuration: session.configuration))
        #expect(broken.firstViolations[.b] == "frame 32: m3 moved 2799.0 as the finger lifted at 5000.0 points/s")
        #expect(driver.violations == [:])
    }

    /// A fling the app stops in its first frame is a fling stopped dead, as in any later one.
    @Test("b: glue stops a fling in its first frame")
    func flingStoppedInItsFirstFrame() {
        let session = Scenarios.random(seed: 859)
        let broken = Simulator.run(
            session, policy: BrokenDrivers.Policy(.animatedPositionKeeping, configuration: session.configuration))
        let driver = Simulator.run(session, policy: DriverPolicy(configuration: session.configuration))
        #expect(broken.firstViolations[.b] == "frame 45: momentum of 41.666666666666664 a frame stopped with no touch")
        #expect(driver.violations == [:])
    }

    /// A tap on jump to latest while the list bounces back from past the bottom ends the
    /// gesture's claim on the screen: the message that arrives next must be shown, so glue with
    /// no display link, which never runs the command that would show it, is seen at once.
    @Test("c: a tap on jump to latest during a bounce, then a message that is never scrolled to")
    func tapDuringBounceThenArrival() {
        let session = Scenarios.random(seed: 58)
        let broken = Simulator.run(session, policy: BrokenDrivers.Policy(.noDisplayLink, configuration: session.configuration))
        let driver = Simulator.run(session, policy: DriverPolicy(configuration: session.configuration))
        #expect(broken.violations == [.c: 45])
        #expect(broken.firstViolations == [.c: "frame 159: 52.39562045576099 points of new content below the screen"])
        #expect(driver.violations == [:])
    }

    /// A scroll that has brought the list to the bottom when the keyboard starts to move is over:
    /// the list rides the keyboard as a following list does, so glue that moves it along the
    /// default curve leaves the newest message under the keyboard's edge, and is seen.
    @Test("c: a send lands at the bottom as the keyboard starts, then the list lags the keyboard")
    func keyboardAfterALandedSend() {
        let session = Scenarios.random(seed: 17)
        let broken = Simulator.run(
            session, policy: BrokenDrivers.Policy(.keyboardDefaultCurve, configuration: session.configuration))
        let driver = Simulator.run(session, policy: DriverPolicy(configuration: session.configuration))
        #expect(broken.violations == [.c: 34])
        #expect(broken.firstViolations == [.c: "frame 394: 1.9787873469610986 points of new content below the screen"])
        #expect(driver.violations == [:])
    }
}
