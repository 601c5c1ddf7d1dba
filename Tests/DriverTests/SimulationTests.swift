import ChatEvents
import ChatScrollDriver
import ChatScrollSimulator
import Testing

@Suite("Simulation")
struct SimulationTests {
    @Test("the driver violates no check in any shipped scenario", arguments: Scenarios.all.map(\.name))
    func scenario(name: String) throws {
        let session = try #require(Scenarios.all.first { $0.name == name })
        let result = Simulator.run(session, policy: DriverPolicy(configuration: session.configuration))
        #expect(result.violations == [:], "\(result.firstViolations)")
    }
}
