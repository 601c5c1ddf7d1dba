import ArgumentParser
import ChatEvents
import ChatPlatform
import ChatReplay
import ChatScrollSimulator

extension ReplayCommand {
    struct Simulate: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Run simulated chat screens frame by frame and count what the user would see jump.",
            discussion: """
                Runs the shipped scenarios, N seeded random sessions and N/4 seeded messenger \
                sessions (first unread, read receipts, reply jumps into history that is not \
                loaded) at 120 frames per second \
                on a simulated scroll view of each personality (uikit, estimates, swiftui, \
                swiftui-next-frame, swiftui-late, synchronous, simple), once with the package's \
                scroll driver and once with \
                each model of a hand-written approach, and prints, per 1,000 frames, the frames \
                that violate each check (finger-lock, reading-stays-put, bottom-visible, \
                clean-open, pinned-question, smooth-animation, navigation-lands) and the \
                programmatic scrolls (scroll-calls).
                """)

        @Option(help: "How many seeded random sessions to run besides the scenarios.")
        var sessions = 1000

        @Option(help: "The seed of the first random session; the others follow it.")
        var seed: UInt64 = 1

        @Option(help: "Output: text (a table) or json (one object).")
        var format: String = "text"

        @Option(
            help: ArgumentHelp(
                "Write the event log the driver produced for each session into this folder (with --frames, the "
                    + "drawn session's, on its personality and setup).",
                valueName: "dir"))
        var record: String?

        @Option(
            help: ArgumentHelp(
                "Draw the frames of one session (a scenario's name, random-SEED or messenger-SEED) and its policy.",
                valueName: "session"))
        var frames: String?

        @Option(help: "The policy whose frames --frames draws: driver, a baseline's or a broken driver's name.")
        var policy = "driver"

        @Option(
            help: ArgumentHelp(
                """
                With --frames, write a page that plays the session back frame by frame, the driver beside each \
                --policy given (several, separated by commas), with the frames that violate a check marked.
                """, valueName: "file"))
        var player: String?

        @Option(
            help: """
                The scroll view's personality that --frames draws: uikit, estimates, swiftui, swiftui-next-frame, \
                swiftui-late, synchronous or simple.
                """
        )
        var personality = "uikit"

        @Option(
            help: """
                The input-bar setup that --frames draws: accessory, layout-guide, shrinking-frame, swiftui-safe-area \
                (with a SwiftUI personality) or interactive-dismissal.
                """)
        var setup = "accessory"

        @Flag(
            help: "Also run every deliberately broken driver on each view and print how often the checks catch it."
        )
        var brokenDrivers = false

        /// A policy's frames as a lane of the player: 120 a second, the rows a check names outlined.
        static func lane(_ name: String, _ result: SimulationResult) -> ReplayPlayer {
            var lane = ReplayPlayer(screensTitled: name)
            for (index, frame) in result.drawnFrames.enumerated() {
                // (A check names the row it saw move first: "reading-stays-put: m33 moved …".)
                let named = Set(
                    frame.violations.compactMap {
                        $0.split(separator: " ").dropFirst().first.map {
                            $0.hasSuffix(",") ? String($0.dropLast()) : String($0)
                        }
                    })
                let rows = frame.rows.map { row in
                    ReplayPlayer.Screen.Row(
                        id: row.id, top: row.top, height: row.height, direction: row.direction,
                        isBand: row.id == SimulatedScrollView.headerID || row.id == SimulatedScrollView.footerID,
                        isFlagged: named.contains(row.id))
                }
                lane.add(
                    ReplayPlayer.Screen(
                        frameHeight: frame.frameHeight, insetTop: frame.insetTop, insetBottom: frame.insetBottom,
                        offset: frame.offset, keyboard: frame.keyboard, rows: rows, text: frame.text,
                        time: Double(index) / Simulator.frameRate, violations: frame.violations.count))
            }
            return lane
        }

        /// Writes the driver's log of session `name` into `folder`, as `NAME.jsonl`.
        static func write(_ log: String, of name: String, into folder: String) throws {
            try FileSystem.write(log, to: FileSystem.join(folder, name + ".jsonl"), creatingFolders: true)
        }

        func validate() throws {
            guard format == "text" || format == "json" else { throw ValidationError("--format must be text or json") }
            guard sessions >= 0 else { throw ValidationError("--sessions must not be negative") }
            guard player == nil || frames != nil else { throw ValidationError("--player goes with --frames NAME") }
            guard record == nil || frames == nil || policy == "driver" && player == nil else {
                throw ValidationError("--record with --frames records the driver's log: --policy driver, no --player")
            }
        }

        func run() throws {
            if let name = frames {
                guard let session = Scenarios.named(name) else { throw ValidationError("no session named \(name)") }
                // (The player takes several policies, separated by commas; the drawing one.)
                let names = policy.split(separator: ",").map(String.init)
                for policyName in names where SimulationTable.policy(named: policyName, for: session) == nil {
                    throw ValidationError(
                        "no policy named \(policyName); use one of \(SimulationTable.policies.joined(separator: ", "))")
                }
                guard let viewPersonality = ViewPersonality.named(personality) else {
                    throw ValidationError(
                        "no personality named \(personality); use one of "
                            + ViewPersonality.all.map(\.name).joined(separator: ", ")
                    )
                }
                guard let viewSetup = InputBarSetup.named(setup), viewSetup.applies(to: viewPersonality) else {
                    throw ValidationError(
                        "no setup named \(setup) on \(personality); use one of "
                            + InputBarSetup.allCases.filter { $0.applies(to: viewPersonality) }.map(\.rawValue)
                            .joined(separator: ", "))
                }
                let view = SimulatedScrollView(personality: viewPersonality, setup: viewSetup)
                guard let player else {
                    guard names.count == 1,
                        let drawn = SimulationTable.policy(named: policy, for: session, recording: record != nil)
                    else {
                        throw ValidationError("--frames draws one policy; several go with --player")
                    }
                    print(Simulator.run(session, policy: drawn, draw: true, view: view).drawing.joined(separator: "\n"))
                    if let record, let log = (drawn as? DriverPolicy)?.recordedLog {
                        try Self.write(log, of: name, into: record)
                    }
                    return
                }
                let lanes = (["driver"] + names.filter { $0 != "driver" }).compactMap { laneName -> ReplayPlayer? in
                    guard let lanePolicy = SimulationTable.policy(named: laneName, for: session) else { return nil }
                    let result = Simulator.run(
                        session, policy: lanePolicy, draw: true,
                        view: SimulatedScrollView(personality: viewPersonality, setup: viewSetup))
                    return Self.lane(laneName, result)
                }
                guard
                    let page = ReplayPlayer.html(
                        title: "\(name) on \(personality)" + (viewSetup == .accessory ? "" : ", \(setup)"), lanes: lanes
                    )
                else {
                    throw ValidationError("zlib could not compress the page")
                }
                if let reason = writeFile(page, to: player) {
                    Console.error("\(player): cannot write: \(reason)")
                    throw Exit.unreadable
                }
                return
            }
            let all =
                Scenarios.all + (0..<sessions).map { Scenarios.random(seed: seed &+ UInt64($0)) }
                + (0..<(sessions / 4)).map { Scenarios.messenger(seed: seed &+ UInt64($0)) }
            var table = SimulationTable.run(all, recording: record != nil)
            if let record {
                for (name, log) in table.logs { try Self.write(log, of: name, into: record) }
            }
            if brokenDrivers { table.runBrokenDrivers(all) }
            print(format == "json" ? table.json : table.text)
        }
    }
}
