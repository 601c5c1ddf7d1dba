import ChatEvents
import ChatScrollDriver
import ChatScrollSimulator
import Testing

@Suite("Simulation")
struct SimulationTests {
    /// Sessions where the driver shows a few frames of a check, each explained under "Known
    /// limits" in docs/simulation.md; a change either way fails.
    static let knownLimits: [String: [ScreenCheck: Int]] = [
        // A cell measured while the keyboard's animation runs, between the drawn and the final
        // visible top: the model is at the animation's end, so it does not keep that row.
        "keyboard-during-drag": [.b: 1],
    ]

    @Test("the driver violates no check in any shipped scenario (but its known limits)", arguments: Scenarios.all.map(\.name))
    func scenario(name: String) throws {
        let session = try #require(Scenarios.all.first { $0.name == name })
        let result = Simulator.run(session, policy: DriverPolicy(configuration: session.configuration))
        #expect(result.violations == Self.knownLimits[name] ?? [:], "\(result.firstViolations)")
    }

    @Test("the driver violates no check in messenger sessions (first unread, read receipts, windows)", arguments: 1...24)
    func messengerSession(seed: UInt64) {
        let session = Scenarios.messenger(seed: seed)
        let result = Simulator.run(session, policy: DriverPolicy(configuration: session.configuration))
        #expect(result.violations == [:], "\(result.firstViolations)")
    }

    @Test("a reply jump into unloaded history: the window, newer pages down to the present, read receipts forwarded")
    func replyJumpIntoHistory() {
        let session = Scenarios.replyJumpIntoHistory()
        let policy = DriverPolicy(configuration: session.configuration, recording: true)
        let result = Simulator.run(session, policy: policy)
        #expect(result.violations == [:])
        let log = policy.driver.recorder?.exportLog(keepingText: true) ?? ""
        #expect(log.contains(#""type":"windowLoaded""#))
        #expect(log.contains(#""type":"newerLoaded""#))
        // The reader read the archive window, then the newest page after jump to latest.
        // m120 at the open, then a23 as the window around a21 shows it (older than m120: the
        // server keeps the newest marker), on down the archive, then the present again.
        #expect(Array(policy.readMarks.prefix(2)) == ["m120", "a23"])
        #expect(policy.readMarks.last == policy.driver.state.newestMessageID)
        #expect(policy.driver.state.hasMoreNewer == false)
        #expect(policy.driver.state.mode == .following)
    }
}
