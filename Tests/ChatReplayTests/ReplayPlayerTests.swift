import ChatEvents
import ChatReducer
import ChatReplay
import Foundation
import Testing

@Suite("Replay player")
struct ReplayPlayerTests {
    /// The player of `events`, replayed with the default configuration.
    static func player(_ events: [ChatEvent]) -> ReplayPlayer {
        var player = ReplayPlayer(title: "a <small> log")
        var replayer = Replayer()
        for (index, event) in events.enumerated() {
            let snapshot = replayer.apply(event)
            player.add(snapshot, state: replayer.state, time: Double(index) / 2)
        }
        return player
    }

    @Test(
        """
        given an open and a scroll, then each step keeps its timeline words, the state's keys that changed, and the \
        rows within a screen of the window that came, moved or went
        """
    )
    func stepsAreWhatChanged() {
        let player = Self.player([
            .viewportChanged(height: 300, insetTop: 50, insetBottom: 50),
            .historyLoaded(
                messages: [
                    ChatMessage(id: "a", direction: .incoming, height: 150),
                    ChatMessage(id: "b", direction: .system, height: 30),
                    ChatMessage(id: "c", direction: .outgoing, height: 400),
                ], hasMoreOlder: false),
            .dragBegan,
            .scrolled(offset: 0),
        ])
        #expect(player.stepCount == 5)
        #expect(!player.dataJSON.contains("\n"))
        let prefix = #"{"title":"a <small> log","keyframeEvery":500,"lanes":[{"title":"a <small> log","steps":"#
        #expect(player.dataJSON.hasPrefix(prefix + #"[{"n":0,"k":1,"#))
        // Step 2: the open lands at the bottom, 580 - 200 = 380; a screen around [380, 580) is
        // [180, 780), which only c (180..580) overlaps: b ends at 180.
        let records = Self.records(player)
        #expect(records[2]["r"] as? [[AnyHashable]] == [["c", 180, 400, 1]])
        #expect((records[2]["s"] as? [String: Any])?["offset"] as? Double == 380)
        #expect(records[2]["c"] as? String == "initialLoad")
        #expect(
            records[2]["x"] as? String == """
                #2 historyLoaded messages=[a in 150, b system 30, c out 400] hasMoreOlder=false
                  offset: 0 -> 380 (command)
                  contentHeight: 0 -> 580
                  command: #1 bottom id=c offset=380 reason=initialLoad
                  messageCount: 0 -> 3

                """)
        // Step 4: the scroll to the top brings a and b in (c stays as it was), and the state
        // keeps only what the scroll changed.
        #expect(records[4]["r"] as? [[AnyHashable]] == [["a", 0, 150, 0], ["b", 150, 30, 2]])
        #expect(records[4]["q"] == nil)
        #expect(
            Set(((records[4]["s"] as? [String: Any]) ?? [:]).keys) == [
                "step", "event", "mode", "offset", "isAtBottom", "offsetReason", "showJumpToLatest",
            ])
        #expect(records[1]["v"] as? [Double] == [300, 50, 50])
        #expect(records[2]["v"] == nil)
        #expect(records.map { $0["t"] as? Double } == [nil, 0, 0.5, 1, 1.5])
    }

    @Test("given more steps than a keyframe's span, then every keyframe holds the whole state and every row")
    func keyframes() {
        let events: [ChatEvent] =
            [
                .viewportChanged(height: 300, insetTop: 0, insetBottom: 0),
                .historyLoaded(
                    messages: (1...9).map { ChatMessage(id: "m\($0)", direction: .incoming, height: 100) },
                    hasMoreOlder: false),
                .dragBegan,
            ] + (0..<600).map { .scrolled(offset: Double($0)) }
        let records = Self.records(Self.player(events))
        #expect(records.count == 604)
        #expect(records.indices.filter { records[$0]["k"] != nil } == [0, 500])
        #expect((records[500]["s"] as? [String: Any])?.count == (records[0]["s"] as? [String: Any])?.count)
        // Step 500 scrolls to 496: a screen around [496, 796) is [196, 1096), m2 to m9.
        #expect((records[500]["r"] as? [[AnyHashable]])?.map { $0[0] } == (2...9).map { "m\($0)" })
    }

    @Test("given a range of steps, then the page keeps those, the first of them whole")
    func rangeOfSteps() {
        var player = ReplayPlayer(title: "t", steps: 2...3)
        var replayer = Replayer()
        for event: ChatEvent in [
            .viewportChanged(height: 300, insetTop: 0, insetBottom: 0),
            .historyLoaded(messages: [ChatMessage(id: "a", direction: .incoming, height: 500)], hasMoreOlder: false),
            .dragBegan, .scrolled(offset: 10), .scrolled(offset: 20),
        ] {
            player.add(replayer.apply(event), state: replayer.state)
        }
        let records = Self.records(player)
        #expect(records.map { $0["n"] as? Int } == [2, 3])
        #expect(records.map { $0["k"] as? Int } == [1, nil])
        // The viewport came at step 1, before the range: the keyframe still has it.
        #expect(records[0]["v"] as? [Double] == [300, 0, 0])
        #expect(records[0]["c"] as? String == "initialLoad")
    }

    @Test("given screens of a simulated view, then each step lists every row it draws, bands and flags in its code")
    func screens() {
        var lane = ReplayPlayer(screensTitled: "driver")
        lane.add(
            ReplayPlayer.Screen(
                frameHeight: 844, insetTop: 91, insetBottom: 83, offset: 120, keyboard: 0,
                rows: [
                    .init(id: "m1", top: 100, height: 60, direction: .outgoing, isFlagged: true),
                    .init(id: "~footer", top: 160, height: 36, direction: .incoming, isBand: true),
                ], text: "frame 0", time: 0, violations: 1))
        let page = ReplayPlayer.html(title: "s", lanes: [lane, lane])
        #expect(page != nil)
        let records = Self.records(lane)
        #expect(records.count == 1)
        #expect(records[0]["r"] as? [[AnyHashable]] == [["m1", 100, 60, 65], ["~footer", 160, 36, 32]])
        #expect(records[0]["z"] as? Int == 1)
        #expect(records[0]["w"] as? Int == 1)
        #expect(records[0]["v"] as? [Double] == [844, 91, 83])
    }

    @Test("the page asks for nothing over the network and escapes the title")
    func selfContained() throws {
        let page = try #require(Self.player([.viewportChanged(height: 300, insetTop: 0, insetBottom: 0)]).html())
        #expect(page.hasPrefix("<!DOCTYPE html>"))
        #expect(page.contains("<title>a &lt;small&gt; log</title>"))
        #expect(!page.contains("http://") && !page.contains("https://") && !page.contains("src="))
    }

    @Test("base64 gives RFC 4648's test vectors")
    func base64Vectors() {
        let vectors = [
            "": "", "f": "Zg==", "fo": "Zm8=", "foo": "Zm9v", "foob": "Zm9vYg==", "fooba": "Zm9vYmE=",
            "foobar": "Zm9vYmFy",
        ]
        for (input, output) in vectors { #expect(base64(Array(input.utf8)) == output) }
    }

    static func records(_ player: ReplayPlayer) -> [[String: Any]] {
        let object = try? JSONSerialization.jsonObject(with: Data(player.dataJSON.utf8)) as? [String: Any]
        let lanes = object?["lanes"] as? [[String: Any]]
        return lanes?.first?["steps"] as? [[String: Any]] ?? []
    }
}
