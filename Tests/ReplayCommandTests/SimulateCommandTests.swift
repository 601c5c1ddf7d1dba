import Foundation
import TestSupport
import Testing

/// `replay simulate`, end to end on the built binary.
@Suite("replay simulate")
struct SimulateCommandTests {
    /// How long a whole table may take: every personality and input-bar setup, in a debug build,
    /// under AddressSanitizer too.
    static let tableTimeout = 900.0

    @Test func theTableAsJSON() throws {
        let output = try ReplayBinary.run(
            ["simulate", "--sessions", "2", "--format", "json"], timeout: Self.tableTimeout)
        #expect(output.status == 0, "\(output)")
        let object = try #require(try JSONSerialization.jsonObject(with: output.stdoutData) as? [String: Any])
        #expect(object["sessions"] as? Int == 22)
        let policies = try #require(object["policies"] as? [String: [String: Double]])
        #expect(
            policies.keys.sorted() == [
                "baseline-always-scroll", "baseline-careful-uikit", "baseline-delayed-open", "baseline-inverted-table",
                "baseline-scroll-when-at-bottom", "baseline-typing-indicator-row", "driver",
            ])
        #expect(
            policies["driver"]?.keys.sorted() == [
                "bottom-visible", "clean-open", "finger-lock", "navigation-lands", "pinned-question",
                "reading-stays-put", "scroll-calls", "smooth-animation",
            ])
        let driver = try #require(policies["driver"])
        #expect(
            [
                "finger-lock", "reading-stays-put", "bottom-visible", "clean-open", "pinned-question",
                "smooth-animation", "navigation-lands",
            ]
            .map { driver[$0] } == [0, 0, 0, 0, 0, 0, 0])
        let personalities = try #require(object["personalities"] as? [String: [String: [String: Double]]])
        #expect(
            personalities.keys.sorted() == [
                "estimates", "simple", "swiftui", "swiftui-late", "swiftui-next-frame", "synchronous", "uikit",
            ])
        #expect(personalities["uikit"] == policies)
        let setups = try #require(object["setups"] as? [String: [String: [String: [String: Double]]]])
        #expect(
            setups["uikit"]?.keys.sorted() == ["accessory", "interactive-dismissal", "layout-guide", "shrinking-frame"])
        for swiftUI in ["swiftui", "swiftui-next-frame", "swiftui-late"] {
            #expect(setups[swiftUI]?.keys.sorted() == ["accessory", "swiftui-safe-area"])
        }
        #expect(setups["uikit"]?["accessory"] == policies)
        #expect(object["brokenDrivers"] == nil)
        // Each session the driver fails, by its name and first check (the rest is the frame's
        // account), on every setup.
        let failing = try #require(object["driverSessionsWithAViolation"] as? [String: [String: [String]]])
        #expect(failing.keys.sorted() == personalities.keys.sorted())
        #expect(
            failing["uikit"] == [
                "accessory": [], "layout-guide": [], "shrinking-frame": [], "interactive-dismissal": [],
            ])
        let named = failing["swiftui"]?.mapValues { sessions in
            sessions.map { String($0.prefix { character in character != ":" }) }
        }
        #expect(
            named == [
                "accessory": ["keyboard-with-streamed-answer bottom-visible"],
                "swiftui-safe-area": ["keyboard-with-streamed-answer bottom-visible"],
            ])
    }

    /// The text table, and the driver's logs it records on the way (one run: a whole table is
    /// slow under AddressSanitizer).
    @Test func theTableAsTextAndItsLogs() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let output = try ReplayBinary.run(
            ["simulate", "--sessions", "0", "--record", folder.path("logs")], timeout: Self.tableTimeout)
        #expect(output.status == 0, "\(output)")
        let lines = output.stdout.split(separator: "\n").map(String.init)
        #expect(
            lines.first
                == """
                20 sessions on each scroll-view personality, 12238 frames per policy at 120 Hz; frames violating each \
                check and scroll calls, per 1,000 frames
                """
        )
        let columns =
            "  finger-lock  reading-stays-put  bottom-visible  clean-open  pinned-question  smooth-animation"
            + "  navigation-lands  scroll-calls"
        let headers = lines.indices.filter { !lines[$0].hasPrefix(" ") && lines[$0].hasSuffix(columns) }
        #expect(
            headers.map { lines[$0].dropLast(columns.count).trimmingCharacters(in: .whitespaces) } == [
                "uikit accessory", "uikit layout-guide", "uikit shrinking-frame", "uikit interactive-dismissal",
                "estimates accessory", "estimates layout-guide", "estimates shrinking-frame",
                "estimates interactive-dismissal", "swiftui accessory", "swiftui swiftui-safe-area",
                "swiftui-next-frame accessory", "swiftui-next-frame swiftui-safe-area", "swiftui-late accessory",
                "swiftui-late swiftui-safe-area",
                "synchronous accessory", "synchronous layout-guide", "synchronous shrinking-frame",
                "synchronous interactive-dismissal", "simple accessory", "simple layout-guide",
                "simple shrinking-frame", "simple interactive-dismissal",
            ])
        // The driver's rows on the accessory setup: none on UIKit's views, and SwiftUI's reports
        // after layout cost the frames listed in docs/simulation.md.
        let quiet = """
            driver                                         0.00               0.00            0.00        0.00     \
                    0.00              0.00              0.00          4.66
            """
        #expect(
            headers.filter { lines[$0].hasPrefix("uikit accessory") || lines[$0].hasPrefix("synchronous accessory") }
                .map { lines[$0 + 1] } == [quiet, quiet])
        #expect(
            headers.filter { lines[$0].hasPrefix("swiftui-late accessory") }.map { lines[$0 + 1] } == [
                """
                driver                                         0.08               0.98            0.00        0.25     \
                        0.00              0.00              0.00          4.66
                """
            ])
        // On a bar pinned to the keyboard layout guide the driver counts the bar that rides on the
        // keyboard: the newest message stays above it.
        #expect(headers.filter { lines[$0].hasPrefix("uikit layout-guide") }.map { lines[$0 + 1] } == [quiet])
        try recordedLogsReplay(folder)
    }

    /// The logs a table recorded replay, a messenger's with its windows and read receipts.
    func recordedLogsReplay(_ folder: TemporaryFolder) throws {
        let logs = try FileManager.default.contentsOfDirectory(atPath: folder.path("logs")).sorted()
        #expect(logs.count == 20)
        #expect(logs.contains("page-under-the-finger.jsonl"))
        let replay = try ReplayBinary.run(["run", folder.path("logs/page-under-the-finger.jsonl"), "--format", "json"])
        #expect(replay.status == 0, "\(replay)")
        // A messenger's session: a reply jump into unloaded history, newer pages, read receipts.
        let messenger = try ReplayBinary.run([
            "run", folder.path("logs/reply-jump-into-history.jsonl"), "--format", "jsonl",
        ])
        #expect(messenger.status == 0, "\(messenger)")
        for effect in [
            #"{"type":"loadWindow","around":"a21"}"#, #"{"type":"loadNewer","after":"a31"}"#,
            #"{"type":"loadWindow","around":null}"#,
        ] {
            #expect(messenger.stdout.contains(effect), "no \(effect)")
        }
        #expect(messenger.stdout.contains(#""type":"markRead""#))
        #expect(!messenger.stdout.contains(#""warnings":[""#), "a step warned")
    }

    @Test func framesOfOneSession() throws {
        let output = try ReplayBinary.run(["simulate", "--sessions", "0", "--frames", "stream-while-following"])
        #expect(output.status == 0, "\(output)")
        let lines = output.stdout.split(separator: "\n")
        #expect(lines.first?.hasPrefix("frame 0 offset=") == true)
        #expect(lines.count == 551)
    }

    /// `--record` with `--frames` writes the drawn session's driver log, which replays.
    @Test func framesOfOneSessionAndItsLog() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let output = try ReplayBinary.run([
            "simulate", "--sessions", "0", "--frames", "stream-while-following", "--record", folder.path("logs"),
        ])
        #expect(output.status == 0, "\(output)")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.path("logs")) == ["stream-while-following.jsonl"]
        )
        let replay = try ReplayBinary.run([
            "run", folder.path("logs/stream-while-following.jsonl"), "--format", "jsonl",
        ])
        #expect(replay.status == 0, "\(replay)")
        #expect(replay.stdout.contains(#""event":"tokensAppended""#))
        let baseline = try ReplayBinary.run([
            "simulate", "--sessions", "0", "--frames", "random-3", "--policy", "baseline-always-scroll",
            "--record", folder.path("other"),
        ])
        #expect(baseline.status == 64, "\(baseline)")
    }

    @Test func badUsage() throws {
        #expect(try ReplayBinary.run(["simulate", "--format", "xml"]).status == 64)
        #expect(try ReplayBinary.run(["simulate", "--sessions", "0", "--frames", "no-such-session"]).status == 64)
        #expect(try ReplayBinary.run(["simulate", "--frames", "random-3", "--policy", "no-such-policy"]).status == 64)
    }
}
