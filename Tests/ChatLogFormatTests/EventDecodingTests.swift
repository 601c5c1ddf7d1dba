import ChatEvents
import ChatLogFormat
import Testing

/// A hand-written line and the exact value it must decode to.
struct DecodingCase: Sendable, CustomTestStringConvertible {
    let line: String
    let expected: ChatLogLine
    var testDescription: String { line }

    init(_ line: String, _ expected: ChatLogLine) { (self.line, self.expected) = (line, expected) }

    init(_ line: String, _ event: ChatEvent, time: Double? = nil) {
        self.init(line, .event(LoggedEvent(event, time: time)))
    }
}

let eventDecodingCases: [DecodingCase] = [
    DecodingCase(
        #"{"type":"viewportChanged","height":800,"insetTop":100,"insetBottom":50}"#,
        .viewportChanged(height: 800, insetTop: 100, insetBottom: 50)
    ),
    DecodingCase(
        #"""
        {"type":"historyLoaded","messages":[{"id":"m1","direction":"incoming","height":60},{"id":"m2",\#
        "direction":"outgoing","height":44.5}],"hasMoreOlder":true,"t":0.25}
        """#,
        .historyLoaded(
            messages: [
                ChatMessage(id: "m1", direction: .incoming, height: 60),
                ChatMessage(id: "m2", direction: .outgoing, height: 44.5),
            ],
            hasMoreOlder: true
        ),
        time: 0.25
    ),
    DecodingCase(
        #"{"type":"historyLoaded","messages":[],"hasMoreOlder":false}"#,
        .historyLoaded(messages: [], hasMoreOlder: false)
    ),
    DecodingCase(
        #"{"type":"messageAppended","id":"m3","direction":"incoming","height":60,"streaming":true}"#,
        .messageAppended(ChatMessage(id: "m3", direction: .incoming, height: 60), streaming: true)
    ),
    DecodingCase(
        #"{"type":"messageAppended","id":"q1","direction":"outgoing","height":-5,"streaming":null}"#,
        .messageAppended(ChatMessage(id: "q1", direction: .outgoing, height: -5), streaming: nil)
    ),
    DecodingCase(
        #"{"type":"messageConfirmed","id":"local-1","newID":"srv-9"}"#,
        .messageConfirmed(id: "local-1", newID: "srv-9")
    ),
    DecodingCase(#"{"type":"messageConfirmed","id":"m1"}"#, .messageConfirmed(id: "m1", newID: nil)),
    DecodingCase(
        #"{"type":"tokensAppended","id":"m3","text":"Hel\"lo\n","heightDelta":20,"height":120.5}"#,
        .tokensAppended(id: "m3", text: "Hel\"lo\n", heightDelta: 20, height: 120.5)
    ),
    DecodingCase(
        #"{"type":"tokensAppended","id":"m3"}"#,
        .tokensAppended(id: "m3", text: nil, heightDelta: nil, height: nil)
    ),
    DecodingCase(#"{"type":"streamFinished","id":"m3"}"#, .streamFinished(id: "m3")),
    DecodingCase(#"{"type":"itemMeasured","id":"m2","height":72.25}"#, .itemMeasured(id: "m2", height: 72.25)),
    DecodingCase(#"{"type":"messageRemoved","id":"m2"}"#, .messageRemoved(id: "m2")),
    DecodingCase(
        #"{"type":"olderLoaded","messages":[{"id":"m0","direction":"incoming","height":30}],"hasMoreOlder":false}"#,
        .olderLoaded(messages: [ChatMessage(id: "m0", direction: .incoming, height: 30)], hasMoreOlder: false)
    ),
    DecodingCase(#"{"type":"loadOlderFailed"}"#, .loadOlderFailed),
    // v1.1 (specification §10 and §11).
    DecodingCase(
        #"""
        {"type":"historyLoaded","messages":[{"id":"m1","direction":"incoming","height":60}],"hasMoreOlder":false,\#
        "firstUnreadID":"m1"}
        """#,
        .historyLoaded(
            messages: [ChatMessage(id: "m1", direction: .incoming, height: 60)], hasMoreOlder: false,
            firstUnreadID: "m1")
    ),
    DecodingCase(
        #"{"type":"historyLoaded","messages":[],"hasMoreOlder":true,"firstUnreadID":null}"#,
        .historyLoaded(messages: [], hasMoreOlder: true)
    ),
    DecodingCase(
        #"{"type":"newerLoaded","messages":[{"id":"n1","direction":"outgoing","height":44}],"hasMoreNewer":true}"#,
        .newerLoaded(messages: [ChatMessage(id: "n1", direction: .outgoing, height: 44)], hasMoreNewer: true)
    ),
    DecodingCase(#"{"type":"loadNewerFailed"}"#, .loadNewerFailed),
    DecodingCase(
        #"""
        {"hasMoreNewer":false,"type":"windowLoaded","hasMoreOlder":true,"messages":[{"id":"w1","direction":"incoming",\#
        "height":80.5}]}
        """#,
        .windowLoaded(
            messages: [ChatMessage(id: "w1", direction: .incoming, height: 80.5)], hasMoreOlder: true,
            hasMoreNewer: false)
    ),
    DecodingCase(
        #"""
        {"type":"windowLoaded","messages":[{"id":"w1","direction":"incoming","height":80}],"hasMoreOlder":false,\#
        "hasMoreNewer":true,"firstUnreadID":"w1"}
        """#,
        .windowLoaded(
            messages: [ChatMessage(id: "w1", direction: .incoming, height: 80)], hasMoreOlder: false,
            hasMoreNewer: true, firstUnreadID: "w1")
    ),
    DecodingCase(
        #"{"type":"windowLoaded","messages":[],"hasMoreOlder":false,"hasMoreNewer":false,"firstUnreadID":null}"#,
        .windowLoaded(messages: [], hasMoreOlder: false, hasMoreNewer: false)
    ),
    DecodingCase(#"{"type":"windowLoadFailed","t":3}"#, .windowLoadFailed, time: 3),
    DecodingCase(
        #"{"type":"keyboardWillShow","height":336,"duration":0.25}"#,
        .keyboardWillShow(height: 336, duration: 0.25)
    ),
    DecodingCase(#"{"type":"keyboardWillShow","height":336}"#, .keyboardWillShow(height: 336, duration: nil)),
    DecodingCase(#"{"type":"keyboardWillHide","duration":0.25}"#, .keyboardWillHide(duration: 0.25)),
    DecodingCase(#"{"type":"keyboardWillHide"}"#, .keyboardWillHide(duration: nil)),
    DecodingCase(#"{"type":"dragBegan","t":12}"#, .dragBegan, time: 12),
    DecodingCase(#"{"type":"scrolled","offset":-35.5}"#, .scrolled(offset: -35.5)),
    DecodingCase(
        #"{"type":"dragEnded","offset":410,"velocity":-1200}"#,
        .dragEnded(offset: 410, velocity: -1200)
    ),
    DecodingCase(#"{"type":"dragEnded","offset":410,"velocity":null}"#, .dragEnded(offset: 410, velocity: nil)),
    DecodingCase(#"{"type":"scrollSettled","offset":0}"#, .scrollSettled(offset: 0)),
    DecodingCase(#"{"type":"selectionChanged","active":false}"#, .selectionChanged(active: false)),
    DecodingCase(#"{"type":"inputFocused"}"#, .inputFocused),
    DecodingCase(#"{"type":"inputBlurred"}"#, .inputBlurred),
    DecodingCase(#"{"type":"jumpToLatestTapped"}"#, .jumpToLatestTapped),
    DecodingCase(#"{"type":"jumpToMessage","id":"m1"}"#, .jumpToMessage(id: "m1")),
    DecodingCase(#"{"type":"highlightFinished"}"#, .highlightFinished),
    DecodingCase(#"{"type":"entranceAnimationFinished","id":"m3"}"#, .entranceAnimationFinished(id: "m3")),
    DecodingCase(
        #"{"type":"appeared","restore":{"anchorID":"m1","delta":-12.5,"wasAtBottom":false}}"#,
        .appeared(restore: SavedPosition(anchorID: "m1", delta: -12.5, wasAtBottom: false))
    ),
    DecodingCase(
        #"{"type":"appeared","restore":{"anchorID":null,"delta":0,"wasAtBottom":true}}"#,
        .appeared(restore: SavedPosition(anchorID: nil, delta: 0, wasAtBottom: true))
    ),
    DecodingCase(#"{"type":"appeared","restore":null}"#, .appeared(restore: nil)),
    DecodingCase(#"{"type":"appeared"}"#, .appeared(restore: nil)),
    DecodingCase(#"{"type":"disappeared","t":99.5}"#, .disappeared, time: 99.5),
    // Layout freedom: whitespace, key order, unknown keys, escapes.
    DecodingCase(
        " \t{ \"t\" : 1.5 , \"offset\" : 7 , \"type\" : \"scrolled\" , \"extra\" : {\"deep\":[1,{\"x\":null}]} }\r",
        .scrolled(offset: 7), time: 1.5
    ),
    DecodingCase(
        #"{"\u0074ype":"jump\u0054oMessage","id":"m\u00e9\ud83d\ude00\/\\\b\f\r\t"}"#,
        .jumpToMessage(id: "m\u{E9}\u{1F600}/\\\u{08}\u{0C}\r\t")
    ),
    DecodingCase(#"{"type":"jumpToMessage","id":"héllo 😀"}"#, .jumpToMessage(id: "héllo 😀")),
]

let headerDecodingCases: [DecodingCase] = [
    DecodingCase(#"{"chatlog":1}"#, .header(ChatLogHeader())),
    DecodingCase(#"{"chatlog":1,"config":null,"meta":null}"#, .header(ChatLogHeader())),
    DecodingCase(#"{"chatlog":1.0,"config":{}}"#, .header(ChatLogHeader())),
    DecodingCase(
        #"""
        {"chatlog":1,"config":{"layout":"top","atBottomThreshold":10,"jumpToLatestThreshold":300,\#
        "loadOlderThreshold":0,"focusScrollsToBottom":true,"pinMargin":8,"reduceMotion":true,"future":[1,2]},\#
        "meta":{"app":"Demo 1.0","package":"0.1"}}
        """#,
        .header(
            ChatLogHeader(
                configuration: ChatConfiguration(
                    layout: .top, atBottomThreshold: 10, jumpToLatestThreshold: 300, loadOlderThreshold: 0,
                    focusScrollsToBottom: true, pinMargin: 8, reduceMotion: true
                ),
                metadata: ["app": "Demo 1.0", "package": "0.1"]
            ))
    ),
    DecodingCase(
        #"{"chatlog":1,"config":{"loadNewerThreshold":1200,"readReceipts":true,"windowedHistory":true}}"#,
        .header(
            ChatLogHeader(
                configuration: ChatConfiguration(
                    loadNewerThreshold: 1200, readReceipts: true, windowedHistory: true)))
    ),
    // Absent keys keep their defaults (a `null` one is a decoding error: DecodingErrorTests).
    DecodingCase(
        #"{"chatlog":1,"config":{"windowedHistory":false}}"#,
        .header(ChatLogHeader())
    ),
    DecodingCase(
        #"{"config":{"pinMargin":-4},"chatlog":1,"type":"ignored"}"#,
        .header(ChatLogHeader(configuration: ChatConfiguration(pinMargin: -4)))
    ),
]

@Suite("Decoding lines")
struct EventDecodingTests {
    @Test("every event type decodes to its exact value", arguments: eventDecodingCases)
    func decodesEvent(_ testCase: DecodingCase) throws {
        #expect(try ChatLogLine(decoding: testCase.line) == testCase.expected)
        #expect(try ChatLogLine(decoding: Array(testCase.line.utf8)) == testCase.expected)
        #expect(try ChatLogLine(decoding: testCase.line[...]) == testCase.expected)
    }

    @Test("headers decode with defaults for missing keys", arguments: headerDecodingCases)
    func decodesHeader(_ testCase: DecodingCase) throws {
        #expect(try ChatLogLine(decoding: testCase.line) == testCase.expected)
    }

    @Test("the decoding cases, with the encoding cases that are decoded back, cover every event type")
    func coversEveryEventType() {
        var covered = Set(
            eventDecodingCases.compactMap { testCase -> ChatEvent.EventType? in
                guard case .event(let logged) = testCase.expected else { return nil }
                return logged.event.type
            })
        for testCase in encodingCases {
            if case .event(let logged) = testCase.value { covered.insert(logged.event.type) }
        }
        #expect(covered == Set(ChatEvent.EventType.allCases))
    }

    @Test("a line decodes from a buffer that is a slice of a larger one")
    func decodesFromBufferSlice() throws {
        let text = Array(#"{"type":"scrolled","offset":3}{"type":"dragBegan"}"#.utf8)
        let lines = try text.withUnsafeBufferPointer { buffer in
            try [
                ChatLogLine(decoding: UnsafeBufferPointer(rebasing: buffer[0..<30])),
                ChatLogLine(decoding: UnsafeBufferPointer(rebasing: buffer[30...])),
            ]
        }
        #expect(lines == [.event(LoggedEvent(.scrolled(offset: 3))), .event(LoggedEvent(.dragBegan))])
    }
}
