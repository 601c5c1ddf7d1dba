import ChatEvents
import ChatReplay
import Foundation
import TestSupport
import Testing

/// `replay run --format jsonl` writes each line by patching the previous one with the values
/// of the state that changed; every line must be byte for byte the line a snapshot writes on
/// its own (`ReplaySnapshot.jsonLine`).
@Suite("JSON lines written by patching")
struct JSONLineWriterTests {
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

    /// The cases above are listed without throwing, so a wrong folder would list none: this
    /// test fails then.
    @Test("the golden logs are found, so the cases below are not empty")
    func goldenLogsAreListed() throws {
        let folder = packageRoot.appendingPathComponent("Tests/Golden", isDirectory: true)
        let listed = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".jsonl") }
        #expect(listed.count > 100)
        #expect(Self.goldenLogs == listed.sorted())
    }

    @Test("every golden log", arguments: goldenLogs)
    func golden(_ name: String) throws {
        let url = packageRoot.appendingPathComponent("Tests/Golden/\(name)")
        let (patched, whole) = try Self.bothOutputs(Array(try Data(contentsOf: url)), name: name)
        #expect(!patched.isEmpty)
        #expect(patched == whole)
    }

    /// 5,000 steps: the step number grows from one digit to four, and most values change
    /// somewhere, some to a longer or shorter text.
    @Test("generated logs of both flavours", arguments: [false, true])
    func generated(messenger: Bool) throws {
        var generator = ChatLogGenerator(seed: 5, messages: 40, messenger: messenger)
        var text = ""
        generator.generate(events: 5_000) { text += $0 + "\n" }
        let (patched, whole) = try Self.bothOutputs(Array(text.utf8), name: "generated.jsonl")
        let lines = patched.split(separator: "\n")
        #expect(lines.count == 5_000)
        #expect(patched == whole)
        // Which keys' values change from one line to the next somewhere in the log.
        var changed = Set<String>()
        var previous: [String: String] = [:]
        for line in lines {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let values = object.mapValues { "\($0)" }
            for (key, value) in values where previous[key].map({ $0 != value }) ?? false { changed.insert(key) }
            previous = values
        }
        #expect(changed.count >= (messenger ? 24 : 20), "changed: \(changed.sorted())")
    }
}
