import ChatEvents
import ChatLogFormat
import ChatReducer
import ChatReplay
import ChatScrollSimulator
import Testing

/// What the driver records replays, byte for byte, to the states the screen went through.
@Suite("Recorded simulations")
struct RecordingTests {
    @Test(
        "a recorded session replays to the driver's states, byte for byte",
        arguments: Scenarios.all.map(\.name) + ["random-1", "random-2", "random-3"])
    func replaysByteForByte(name: String) throws {
        let session = try #require(Scenarios.named(name))
        let policy = DriverPolicy(configuration: session.configuration, recording: true)
        var lived: [String] = []
        policy.driver.onStep = { event, state in
            lived.append(ReplaySnapshot(state: state, step: lived.count + 1, event: event).jsonLine)
        }
        _ = Simulator.run(session, policy: policy)
        let log = try #require(policy.driver.recorder?.exportLog(keepingText: true))

        let read = try ChatLog(decoding: Array(log.utf8), name: "\(name).jsonl")
        var replayer = Replayer(configuration: read.configuration)
        let replayed = read.events.map { replayer.apply($0).jsonLine }
        #expect(replayed.count == lived.count)
        #expect(replayed == lived)
        #expect(lived.count > 10)
    }
}
