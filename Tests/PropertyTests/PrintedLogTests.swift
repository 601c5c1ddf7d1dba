import ChatEvents
import ChatLogFormat
import ChatReducer
import ChatScrollUtilities
import PropertyBased
import Testing

/// The logs a failure prints are logs `replay` reads, and they replay to the same state.
@Suite("Printed logs")
struct PrintedLogTests {
    @Test("A printed scenario decodes line by line to its header and (finite) events")
    func printedLogsDecode() async {
        let tally = Tally()
        await propertyCheck(count: 20, input: ReducerPropertyTests.hostile.generator(tally: tally, name: "printed")) {
            scenario in
            Self.check(scenario)
        }
        await propertyCheck(count: 5, input: ReducerPropertyTests.plausible.generator(tally: tally, name: "printed")) {
            scenario in
            Self.check(scenario)
        }
        Breadcrumb.clear("printed")
    }

    static func check(_ scenario: Scenario) {
        let log = PrintedLog(scenario)
        #expect(log.lines.count == scenario.events.count + 1)
        guard case .header(let header)? = try? ChatLogLine(decoding: log.lines[0]) else {
            Issue.record("the header line does not decode: \(log.lines[0])")
            return
        }
        #expect(header.configuration == scenario.configuration)
        var original = ChatState(configuration: scenario.configuration)
        var decoded = ChatState(configuration: header.configuration)
        for (index, event) in scenario.events.enumerated() {
            let line = log.lines[index + 1]
            guard case .event(let logged)? = try? ChatLogLine(decoding: line) else {
                Issue.record("step \(index + 1) does not decode: \(line)")
                return
            }
            var changes: [String] = []
            let printable = PrintedLog.printable(event, modelledOffset: original.offset ?? 0, changes: &changes)
            #expect(logged.event == printable, "step \(index + 1): \(line)")
            original.reduce(event)
            decoded.reduce(logged.event)
        }
        if log.notes.isEmpty {
            #expect(decoded == original, "the printed log replays to a different state")
        }
    }

    @Test("A printed seed draws the same scenario again")
    func seedsReproduce() {
        for drawing in [ReducerPropertyTests.plausible as any ScenarioDrawing, ReducerPropertyTests.hostile] {
            var first = SplitMix64.scenarioState(runSeed: 99, salt: drawing.salt, index: 3)
            guard var again = Xoshiro(seed: first.seedText) else {
                Issue.record("the seed text does not parse")
                continue
            }
            let (configuration, events) = drawing.draw(using: &first)
            let (configurationAgain, eventsAgain) = drawing.draw(using: &again)
            #expect(configuration == configurationAgain)
            // Described rather than compared: NaN != NaN.
            #expect(String(describing: events) == String(describing: eventsAgain))
        }
    }
}
