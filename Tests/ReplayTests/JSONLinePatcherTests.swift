import ChatEvents
import ChatReplay
import Foundation
import Testing
import TestSupport

/// `replay run --format jsonl` writes each line by patching the previous one; every line must
/// be byte for byte the line a snapshot writes on its own (`ReplaySnapshot.jsonLine`).
@Suite("JSON lines written by patching")
struct JSONLinePatcherTests {
    /// The JSON lines of a log, as `Replay.run` writes them and as snapshots write them one by one.
    static func bothOutputs(_ bytes: [UInt8], name: String) throws -> (patched: String, whole: String) {
        let reader = try ChatLogReader(bytes: bytes, name: name, skipInvalidLines: true)
        let configuration = reader.configuration
        var patched = ""
        try Replay.run(reader, format: .jsonl) { patched += $0 }
        let events = try ChatLogReader(bytes: bytes, name: name, skipInvalidLines: true).readAll()
        return (patched, Replay.render(events, configuration: configuration, format: .jsonl))
    }

    static let goldenLogs: [String] = {
        let folder = packageRoot.appendingPathComponent("Tests/Golden", isDirectory: true)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".jsonl") }.sorted()
    }()

    @Test("every golden log", arguments: goldenLogs)
    func golden(_ name: String) throws {
        let url = packageRoot.appendingPathComponent("Tests/Golden/\(name)")
        let (patched, whole) = try Self.bothOutputs(Array(try Data(contentsOf: url)), name: name)
        #expect(!patched.isEmpty)
        #expect(patched == whole)
    }

    @Test("generated logs of both flavours", arguments: [false, true])
    func generated(messenger: Bool) throws {
        var generator = ChatLogGenerator(seed: 5, messages: 40, messenger: messenger)
        var text = ""
        generator.generate(events: 5_000) { text += $0 + "\n" }
        let (patched, whole) = try Self.bothOutputs(Array(text.utf8), name: "generated.jsonl")
        #expect(patched.split(separator: "\n").count == 5_000)
        #expect(patched == whole)
    }

    @Test("the changed-field mask agrees with the field-by-field comparison on every step")
    func changedFieldsAgree() throws {
        for messenger in [false, true] {
            var generator = ChatLogGenerator(seed: 9, messages: 40, messenger: messenger)
            var events: [LoggedEvent] = []
            var configuration = ChatConfiguration()
            generator.generate(events: 3_000) { line in
                switch try? ChatLogLine(decoding: line) {
                case .event(let event)?: events.append(event)
                case .header(let header)?: configuration = header.configuration
                case nil: break
                }
            }
            var replayer = Replayer(configuration: configuration)
            var previous = replayer.initialSnapshot
            var changedSomewhere: UInt32 = 0
            for event in events {
                let snapshot = replayer.apply(event)
                var expected: UInt32 = 0
                for field in ReplaySnapshot.LineField.ordered where !snapshot.hasSameValue(of: field, as: previous) {
                    expected |= 1 << field.rawValue
                }
                #expect(snapshot.changedFields(since: previous) == expected)
                changedSomewhere |= expected
                previous = snapshot
            }
            // Most fields change somewhere in a log of each flavour.
            #expect(changedSomewhere.nonzeroBitCount >= 20)
        }
    }
}
