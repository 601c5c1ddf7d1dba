import Foundation
import TestSupport
import Testing

/// `replay simulate`, end to end on the built binary.
@Suite("replay simulate")
struct SimulateCommandTests {
    @Test func theTableAsJSON() throws {
        let output = try ReplayBinary.run(["simulate", "--sessions", "2", "--format", "json"])
        #expect(output.status == 0, "\(output)")
        let object = try #require(try JSONSerialization.jsonObject(with: output.stdoutData) as? [String: Any])
        #expect(object["sessions"] as? Int == 18)
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
        // reading-stays-put: one frame of keyboard-during-drag, a known limit (docs/simulation.md),
        // of 11,874.
        #expect(
            ["finger-lock", "bottom-visible", "clean-open", "pinned-question", "smooth-animation", "navigation-lands"]
                .map { driver[$0] } == [0, 0, 0, 0, 0, 0])
        #expect(abs((driver["reading-stays-put"] ?? 0) - 1000.0 / 11874) < 1e-9)
        let personalities = try #require(object["personalities"] as? [String: [String: [String: Double]]])
        #expect(personalities.keys.sorted() == ["estimates", "simple", "swiftui", "synchronous", "uikit"])
        #expect(personalities["uikit"] == policies)
    }

    @Test func theTableAsText() throws {
        let output = try ReplayBinary.run(["simulate", "--sessions", "0"])
        #expect(output.status == 0, "\(output)")
        let lines = output.stdout.split(separator: "\n").map(String.init)
        #expect(
            lines.first
                == """
                16 sessions on each scroll-view personality, 10450 frames per policy at 120 Hz; frames violating each \
                check and scroll calls, per 1,000 frames
                """
        )
        // The driver's rows: the one frame of b is keyboard-during-drag's known limit, and
        // SwiftUI's reports after layout cost the frames listed in docs/simulation.md.
        #expect(
            lines.filter { $0.hasPrefix("driver   ") } == [
                """
                driver                                     0.00               0.10            0.00        0.00     \
                        0.00              0.00              0.00          4.50
                """,
                """
                driver                                     0.00               0.10            0.00        0.00     \
                        0.00              0.00              0.00          4.50
                """,
                """
                driver                                     0.10               1.24            0.00        0.10     \
                        0.00              0.00              0.00          4.50
                """,
                """
                driver                                     0.00               0.10            0.00        0.00     \
                        0.00              0.00              0.00          4.50
                """,
                """
                driver                                     0.00               0.10            0.00        0.00     \
                        0.00              0.00              0.00          4.50
                """,
            ])
        #expect(
            lines.filter {
                !$0.hasPrefix(" ")
                    && $0.hasSuffix(
                        "  finger-lock  reading-stays-put  bottom-visible  clean-open  pinned-question"
                            + "  smooth-animation  navigation-lands  scroll-calls")
            }
            .map { String($0.prefix { $0 != " " }) } == ["uikit", "estimates", "swiftui", "synchronous", "simple"])
    }

    @Test func recordedLogsReplay() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let output = try ReplayBinary.run(["simulate", "--sessions", "0", "--record", folder.path("logs")])
        #expect(output.status == 0, "\(output)")
        let logs = try FileManager.default.contentsOfDirectory(atPath: folder.path("logs")).sorted()
        #expect(logs.count == 16)
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

    @Test func badUsage() throws {
        #expect(try ReplayBinary.run(["simulate", "--format", "xml"]).status == 64)
        #expect(try ReplayBinary.run(["simulate", "--sessions", "0", "--frames", "no-such-session"]).status == 64)
        #expect(try ReplayBinary.run(["simulate", "--frames", "random-3", "--policy", "no-such-policy"]).status == 64)
    }
}
