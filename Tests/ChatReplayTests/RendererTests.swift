import ChatEvents
import ChatLogFormat
import ChatReducer
import ChatReplay
import TestSupport
import Testing

@Suite("Rendering replays")
struct RendererTests {
    func log(_ text: String) throws -> ChatLog {
        try ChatLog(decoding: Array(text.utf8), name: "small.jsonl")
    }

    @Test func textTimeline() throws {
        let timeline = TimelineRenderer.timeline(of: try log(smallLog))
        #expect(
            timeline == """
                replay timeline 1
                config layout=bottom atBottomThreshold=10 jumpToLatestThreshold=200 loadOlderThreshold=800 \
                focusScrollsToBottom=false pinMargin=0 reduceMotion=false

                #1 viewportChanged height=800 insetTop=100 insetBottom=50
                  offset: null -> 0 (viewport)
                  visibleHeight: 0 -> 650

                #2 historyLoaded messages=[m1 in 400, m2 out 300, m3 in 300] hasMoreOlder=false
                  offset: 0 -> 350 (command)
                  contentHeight: 0 -> 1000
                  command: #1 bottom id=m3 offset=350 reason=initialLoad
                  messageCount: 0 -> 3

                #3 dragBegan
                  userHoldsView: false -> true

                #4 scrolled offset=100
                  mode: following -> detached
                  offset: 350 -> 100 (user)
                  isAtBottom: true -> false
                  showJumpToLatest: false -> true

                #5 dragEnded offset=100
                  effect: persistPosition anchorID=m1 delta=100 wasAtBottom=false
                  userHoldsView: true -> false

                """)
    }

    @Test func jsonLines() throws {
        let output = Replay.render(
            try log(smallLog).events, configuration: try log(smallLog).configuration, format: .jsonl)
        let rows = output.split(separator: "\n")
        #expect(rows.count == 5)
        #expect(
            rows[1] == #"""
                {"step":2,"event":"historyLoaded","mode":"following","offset":350,"contentHeight":1000,\#
                "visibleHeight":650,"isAtBottom":true,"offsetReason":"command","scrollTarget":{"seq":1,\#
                "kind":"bottom","id":"m3","anchor":null,"offset":350,"unitAnchorY":null,"animated":false,\#
                "reason":"initialLoad"},"unreadCount":0,"showJumpToLatest":false,"animating":[],\#
                "isLoadingOlder":false,"hasMoreOlder":false,"effects":[],"keyboardHeight":0,"inputFocused":false,\#
                "userHoldsView":false,"highlightedID":null,"trailingSpacer":0,"messageCount":3,"warnings":[],\#
                "unreadDividerID":null,"readUpTo":null,"hasMoreNewer":false,"isLoadingNewer":false,\#
                "pendingWindow":null,"headerHeight":0,"footerHeight":0,"pendingRestore":null}
                """#)
        #expect(
            rows[4] == #"""
                {"step":5,"event":"dragEnded","mode":"detached","offset":100,"contentHeight":1000,"visibleHeight":650,\#
                "isAtBottom":false,"offsetReason":null,"scrollTarget":{"seq":1,"kind":"bottom","id":"m3",\#
                "anchor":null,"offset":350,"unitAnchorY":null,"animated":false,"reason":"initialLoad"},\#
                "unreadCount":0,"showJumpToLatest":true,"animating":[],"isLoadingOlder":false,"hasMoreOlder":false,\#
                "effects":[{"type":"persistPosition","position":{"anchorID":"m1","delta":100,"wasAtBottom":false}}],\#
                "keyboardHeight":0,"inputFocused":false,"userHoldsView":false,"highlightedID":null,"trailingSpacer":0,\#
                "messageCount":3,"warnings":[],"unreadDividerID":null,"readUpTo":null,"hasMoreNewer":false,\#
                "isLoadingNewer":false,"pendingWindow":null,"headerHeight":0,"footerHeight":0,"pendingRestore":null}
                """#)
    }

    @Test func everyLineHasEveryKeyInOrder() throws {
        var replayer = Replayer()
        let snapshot = replayer.apply(.dragBegan)
        let line = snapshot.jsonLine
        var position = line.startIndex
        for key in ReplaySnapshot.keys {
            let range = try #require(line.range(of: "\"\(key)\":", range: position..<line.endIndex), "missing \(key)")
            position = range.upperBound
        }
        #expect(line.contains(#""offset":null"#))
        #expect(line.contains(#""event":"dragBegan""#))
    }

    @Test func finalStateAsJSON() throws {
        let output = Replay.render(try log(smallLog).events, format: .json)
        #expect(output.hasPrefix("{\n  \"step\": 5,\n  \"event\": \"dragEnded\",\n  \"mode\": \"detached\",\n"))
        #expect(
            output.contains(
                """
                  "scrollTarget": {
                    "seq": 1,
                    "kind": "bottom",
                    "id": "m3",
                    "anchor": null,
                    "offset": 350,
                    "unitAnchorY": null,
                    "animated": false,
                    "reason": "initialLoad"
                  },
                  "unreadCount": 0,
                """))
        #expect(
            output.hasSuffix(
                """
                  "messageCount": 3,
                  "warnings": [],
                  "unreadDividerID": null,
                  "readUpTo": null,
                  "hasMoreNewer": false,
                  "isLoadingNewer": false,
                  "pendingWindow": null,
                  "headerHeight": 0,
                  "footerHeight": 0,
                  "pendingRestore": null
                }

                """))
    }

    @Test func emptyLogAsJSONIsTheInitialState() {
        let output = Replay.render([], format: .json)
        #expect(output.contains("\"step\": 0,\n  \"event\": null,"))
        #expect(Replay.render([], format: .jsonl) == "")
        #expect(Replay.render([], format: .text).hasSuffix("reduceMotion=false\n"))
    }

    @Test(
        "events show their wire keys in wire order",
        arguments: [
            (
                ChatEvent.viewportChanged(height: 844, insetTop: 91, insetBottom: 83),
                "viewportChanged height=844 insetTop=91 insetBottom=83"
            ),
            (
                .messageAppended(ChatMessage(id: "a1", direction: .incoming, height: 80.5), streaming: true),
                "messageAppended id=a1 direction=incoming height=80.5 streaming=true"
            ),
            (
                .messageAppended(ChatMessage(id: "q1", direction: .outgoing, height: 44), streaming: nil),
                "messageAppended id=q1 direction=outgoing height=44"
            ),
            (.messageConfirmed(id: "local-1", newID: "srv 9"), #"messageConfirmed id=local-1 newID="srv 9""#),
            (
                .tokensAppended(id: "a1", text: "Hello, world", heightDelta: 20, height: nil),
                #"tokensAppended id=a1 text="Hello, world" heightDelta=20"#
            ),
            (.tokensAppended(id: "a1", text: nil, heightDelta: nil, height: 300), "tokensAppended id=a1 height=300"),
            (
                .tokensAppended(id: "a1", text: "", heightDelta: -2, height: nil),
                #"tokensAppended id=a1 text="" heightDelta=-2"#
            ),
            (.keyboardWillShow(height: 336, duration: 0.25), "keyboardWillShow height=336 duration=0.25"),
            (.keyboardWillHide(duration: nil), "keyboardWillHide"),
            (.dragEnded(offset: 120, velocity: -1.5), "dragEnded offset=120 velocity=-1.5"),
            (.selectionChanged(active: true), "selectionChanged active=true"),
            (
                .appeared(restore: SavedPosition(anchorID: "m5", delta: -12, wasAtBottom: false)),
                "appeared restore={anchorID=m5 delta=-12 wasAtBottom=false}"
            ),
            (
                .appeared(restore: SavedPosition(anchorID: nil, delta: 0, wasAtBottom: true)),
                "appeared restore={delta=0 wasAtBottom=true}"
            ),
            (.appeared(restore: nil), "appeared"),
            (.olderLoaded(messages: [], hasMoreOlder: false), "olderLoaded messages=[] hasMoreOlder=false"),
            (.jumpToMessage(id: "line\nbreak"), #"jumpToMessage id="line\nbreak""#),
            (.loadOlderFailed, "loadOlderFailed"),
        ])
    func eventLines(event: ChatEvent, expected: String) {
        #expect(TimelineRenderer.describe(event) == expected)
    }

    @Test(
        "message lists are abbreviated after 8 items",
        arguments: [
            (
                8,
                """
                historyLoaded messages=[m1 in 50, m2 out 50, m3 in 50, m4 out 50, m5 in 50, m6 out 50, m7 in 50, m8 \
                out 50] hasMoreOlder=true
                """
            ),
            (
                9,
                """
                historyLoaded messages=[m1 in 50, m2 out 50, m3 in 50, m4 out 50, …, m8 out 50, m9 in 50] (9 messages) \
                hasMoreOlder=true
                """
            ),
            (
                150,
                """
                historyLoaded messages=[m1 in 50, m2 out 50, m3 in 50, m4 out 50, …, m149 in 50, m150 out 50] (150 \
                messages) hasMoreOlder=true
                """
            ),
        ])
    func messageLists(count: Int, expected: String) {
        let messages = (1...count).map {
            ChatMessage(id: "m\($0)", direction: $0 % 2 == 0 ? .outgoing : .incoming, height: 50)
        }
        #expect(TimelineRenderer.describe(.historyLoaded(messages: messages, hasMoreOlder: true)) == expected)
    }

    /// Renders the steps after `setup` (not shown) for `events`.
    func steps(
        _ events: [LoggedEvent], after setup: [ChatEvent] = [], configuration: ChatConfiguration = ChatConfiguration()
    ) -> String {
        var replayer = Replayer(configuration: configuration)
        var renderer = TimelineRenderer(configuration: configuration)
        for event in setup { _ = renderer.render(replayer.apply(event)) }
        return events.map { renderer.render(replayer.apply($0)) }.joined()
    }

    let history: [ChatEvent] = [
        .viewportChanged(height: 800, insetTop: 100, insetBottom: 50),
        .historyLoaded(
            messages: (1...30).map { ChatMessage(id: "m\($0)", direction: .incoming, height: 100) },
            hasMoreOlder: true),
    ]

    @Test func animatingEffectsCommandsAndNoChange() {
        let output = steps(
            [
                LoggedEvent(.messageAppended(ChatMessage(id: "a0", direction: .incoming, height: 50), streaming: nil)),
                LoggedEvent(.messageAppended(ChatMessage(id: "a1", direction: .outgoing, height: 50), streaming: nil)),
                LoggedEvent(.entranceAnimationFinished(id: "a0")),
                LoggedEvent(.inputBlurred),
                LoggedEvent(.disappeared),
            ], after: history)
        #expect(
            output == """

                #3 messageAppended id=a0 direction=incoming height=50
                  offset: 2350 -> 2400 (command)
                  contentHeight: 3000 -> 3050
                  command: #2 bottom id=a0 offset=2400 animated reason=incomingMessage
                  animating: +a0
                  messageCount: 30 -> 31

                #4 messageAppended id=a1 direction=outgoing height=50
                  offset: 2400 -> 2450 (command)
                  contentHeight: 3050 -> 3100
                  command: #3 bottom id=a1 offset=2450 animated reason=outgoingMessage
                  animating: +a1
                  messageCount: 31 -> 32

                #5 entranceAnimationFinished id=a0
                  animating: -a0

                #6 inputBlurred
                  (no change)

                #7 disappeared
                  effect: persistPosition anchorID=m25 delta=50 wasAtBottom=true

                """)
    }

    @Test func jumpToMessageShowsTheItemCommand() {
        let output = steps([LoggedEvent(.jumpToMessage(id: "m10"))], after: history)
        #expect(
            output == """

                #3 jumpToMessage id=m10
                  mode: following -> detached
                  offset: 2350 -> 625 (command)
                  isAtBottom: true -> false
                  command: #2 item id=m10 anchor=center offset=625 unitAnchorY=0.53125 animated reason=jumpToMessage
                  showJumpToLatest: false -> true
                  isLoadingOlder: false -> true
                  effect: loadOlder before=m1
                  highlightedID: null -> m10

                """)
    }

    @Test func warningsFromTheReducerAndFromTime() {
        let output = steps([
            LoggedEvent(.dragBegan, time: 4),
            LoggedEvent(.entranceAnimationFinished(id: "ghost"), time: 3.5),
            LoggedEvent(.dragEnded(offset: 0, velocity: nil), time: 3.75),
        ])
        #expect(
            output == """

                #1 dragBegan
                  userHoldsView: false -> true

                #2 entranceAnimationFinished id=ghost
                  warning: entranceAnimationFinished: unknown id "ghost"; t 3.5 is earlier than the previous event's 4

                #3 dragEnded offset=0
                  effect: persistPosition anchorID=null delta=0 wasAtBottom=true
                  userHoldsView: true -> false
                  warning: dragEnded: offset before the first viewportChanged ignored

                """)
    }

    @Test func headerResolvesEveryDefault() {
        let renderer = TimelineRenderer(
            configuration: ChatConfiguration(layout: .top, pinMargin: 12.5, reduceMotion: true))
        #expect(
            renderer.header == """
                replay timeline 1
                config layout=top atBottomThreshold=20 jumpToLatestThreshold=200 loadOlderThreshold=800 \
                focusScrollsToBottom=false pinMargin=12.5 reduceMotion=true

                """)
    }
}
