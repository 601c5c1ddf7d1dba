import ChatEvents
import ChatLogFormat
import Testing

/// A value and its exact canonical encoding.
struct EncodingCase: Sendable, CustomTestStringConvertible {
    let value: ChatLogLine
    let encoded: String
    var testDescription: String { encoded }

    init(_ value: ChatLogLine, _ encoded: String) { (self.value, self.encoded) = (value, encoded) }

    init(_ event: ChatEvent, time: Double? = nil, _ encoded: String) {
        self.init(.event(LoggedEvent(event, time: time)), encoded)
    }
}

let encodingCases: [EncodingCase] = [
    EncodingCase(
        .viewportChanged(height: 800, insetTop: 100.5, insetBottom: 0), time: 0,
        #"{"type":"viewportChanged","height":800,"insetTop":100.5,"insetBottom":0,"t":0}"#
    ),
    EncodingCase(
        .historyLoaded(
            messages: [
                ChatMessage(id: "m1", direction: .incoming, height: 60),
                ChatMessage(id: "m2", direction: .outgoing, height: 1e-7),
            ],
            hasMoreOlder: true
        ),
        #"""
        {"type":"historyLoaded","messages":[{"id":"m1","direction":"incoming","height":60},{"id":"m2",\#
        "direction":"outgoing","height":1e-07}],"hasMoreOlder":true}
        """#
    ),
    EncodingCase(
        .historyLoaded(messages: [], hasMoreOlder: false),
        #"{"type":"historyLoaded","messages":[],"hasMoreOlder":false}"#
    ),
    EncodingCase(
        .messageAppended(ChatMessage(id: "m3", direction: .incoming, height: 60), streaming: true), time: 1.25,
        #"{"type":"messageAppended","id":"m3","direction":"incoming","height":60,"streaming":true,"t":1.25}"#
    ),
    EncodingCase(
        .messageAppended(ChatMessage(id: "q\"1\"", direction: .outgoing, height: -3), streaming: nil),
        #"{"type":"messageAppended","id":"q\"1\"","direction":"outgoing","height":-3}"#
    ),
    EncodingCase(
        .messageConfirmed(id: "local-1", newID: "srv-9"),
        #"{"type":"messageConfirmed","id":"local-1","newID":"srv-9"}"#
    ),
    EncodingCase(.messageConfirmed(id: "m1", newID: nil), #"{"type":"messageConfirmed","id":"m1"}"#),
    EncodingCase(
        .tokensAppended(id: "m3", text: "line\nnext\u{1}😀", heightDelta: 20, height: 1.5e20),
        #"{"type":"tokensAppended","id":"m3","text":"line\nnext\u0001😀","heightDelta":20,"height":1.5e+20}"#
    ),
    EncodingCase(
        .tokensAppended(id: "m3", text: nil, heightDelta: nil, height: 48),
        #"{"type":"tokensAppended","id":"m3","height":48}"#
    ),
    EncodingCase(.streamFinished(id: "m3"), #"{"type":"streamFinished","id":"m3"}"#),
    EncodingCase(.itemMeasured(id: "m2", height: 72.25), #"{"type":"itemMeasured","id":"m2","height":72.25}"#),
    EncodingCase(.messageRemoved(id: "m2"), #"{"type":"messageRemoved","id":"m2"}"#),
    EncodingCase(
        .olderLoaded(messages: [ChatMessage(id: "m0", direction: .incoming, height: 30)], hasMoreOlder: false),
        #"{"type":"olderLoaded","messages":[{"id":"m0","direction":"incoming","height":30}],"hasMoreOlder":false}"#
    ),
    EncodingCase(.loadOlderFailed, #"{"type":"loadOlderFailed"}"#),
    EncodingCase(
        .historyLoaded(
            messages: [ChatMessage(id: "m1", direction: .incoming, height: 60)], hasMoreOlder: true, firstUnreadID: "m1"
        ),
        #"""
        {"type":"historyLoaded","messages":[{"id":"m1","direction":"incoming","height":60}],"hasMoreOlder":true,\#
        "firstUnreadID":"m1"}
        """#
    ),
    EncodingCase(
        .newerLoaded(messages: [ChatMessage(id: "n1", direction: .outgoing, height: 44)], hasMoreNewer: false),
        #"{"type":"newerLoaded","messages":[{"id":"n1","direction":"outgoing","height":44}],"hasMoreNewer":false}"#
    ),
    EncodingCase(.loadNewerFailed, #"{"type":"loadNewerFailed"}"#),
    EncodingCase(
        .windowLoaded(messages: [], hasMoreOlder: true, hasMoreNewer: true), time: 2,
        #"{"type":"windowLoaded","messages":[],"hasMoreOlder":true,"hasMoreNewer":true,"t":2}"#
    ),
    EncodingCase(
        .windowLoaded(messages: [], hasMoreOlder: false, hasMoreNewer: true, firstUnreadID: "w3"),
        #"{"type":"windowLoaded","messages":[],"hasMoreOlder":false,"hasMoreNewer":true,"firstUnreadID":"w3"}"#
    ),
    EncodingCase(.windowLoadFailed, #"{"type":"windowLoadFailed"}"#),
    EncodingCase(
        .keyboardWillShow(height: 336, duration: 0.25),
        #"{"type":"keyboardWillShow","height":336,"duration":0.25}"#
    ),
    EncodingCase(.keyboardWillShow(height: 336, duration: nil), #"{"type":"keyboardWillShow","height":336}"#),
    EncodingCase(.keyboardWillHide(duration: 0.25), #"{"type":"keyboardWillHide","duration":0.25}"#),
    EncodingCase(.keyboardWillHide(duration: nil), #"{"type":"keyboardWillHide"}"#),
    EncodingCase(.dragBegan, time: 12, #"{"type":"dragBegan","t":12}"#),
    EncodingCase(.scrolled(offset: -0.0), #"{"type":"scrolled","offset":0}"#),
    EncodingCase(.dragEnded(offset: 410, velocity: -1200.5), #"{"type":"dragEnded","offset":410,"velocity":-1200.5}"#),
    EncodingCase(.dragEnded(offset: 410, velocity: nil), #"{"type":"dragEnded","offset":410}"#),
    EncodingCase(
        .scrollSettled(offset: 123_456_789_012_345_678), #"{"type":"scrollSettled","offset":1.2345678901234568e+17}"#),
    EncodingCase(.selectionChanged(active: true), #"{"type":"selectionChanged","active":true}"#),
    EncodingCase(.inputFocused, #"{"type":"inputFocused"}"#),
    EncodingCase(.inputBlurred, #"{"type":"inputBlurred"}"#),
    EncodingCase(.jumpToLatestTapped, #"{"type":"jumpToLatestTapped"}"#),
    EncodingCase(.jumpToUnreadTapped, #"{"type":"jumpToUnreadTapped"}"#),
    EncodingCase(.headerChanged(height: 44), #"{"type":"headerChanged","height":44}"#),
    EncodingCase(.footerChanged(height: 0), time: 3, #"{"type":"footerChanged","height":0,"t":3}"#),
    EncodingCase(
        .messageAppended(ChatMessage(id: "d1", direction: .system, height: 28), streaming: nil),
        #"{"type":"messageAppended","id":"d1","direction":"system","height":28}"#
    ),
    EncodingCase(.jumpToMessage(id: "a\\b/c\t"), #"{"type":"jumpToMessage","id":"a\\b/c\t"}"#),
    EncodingCase(.highlightFinished, #"{"type":"highlightFinished"}"#),
    EncodingCase(.entranceAnimationFinished(id: "m3"), #"{"type":"entranceAnimationFinished","id":"m3"}"#),
    EncodingCase(
        .appeared(restore: SavedPosition(anchorID: "m1", delta: -12.5, wasAtBottom: false)),
        #"{"type":"appeared","restore":{"anchorID":"m1","delta":-12.5,"wasAtBottom":false}}"#
    ),
    EncodingCase(
        .appeared(restore: SavedPosition(anchorID: nil, delta: 5e-324, wasAtBottom: true)),
        #"{"type":"appeared","restore":{"delta":5e-324,"wasAtBottom":true}}"#
    ),
    EncodingCase(.appeared(restore: nil), #"{"type":"appeared"}"#),
    EncodingCase(.disappeared, time: 1.7976931348623157e308, #"{"type":"disappeared","t":1.7976931348623157e+308}"#),
    EncodingCase(
        .header(ChatLogHeader()),
        #"""
        {"chatlog":1,"config":{"layout":"bottom","atBottomThreshold":20,"jumpToLatestThreshold":200,\#
        "loadOlderThreshold":800,"focusScrollsToBottom":false,"pinMargin":0,"reduceMotion":false}}
        """#
    ),
    EncodingCase(
        .header(
            ChatLogHeader(
                configuration: ChatConfiguration(
                    layout: .top, atBottomThreshold: 10.5, jumpToLatestThreshold: 300, loadOlderThreshold: 0,
                    focusScrollsToBottom: true, pinMargin: 8, reduceMotion: true
                ),
                metadata: ["zeta": "last", "app": "Demo \"1.0\"", "b": ""]
            )),
        #"""
        {"chatlog":1,"config":{"layout":"top","atBottomThreshold":10.5,"jumpToLatestThreshold":300,\#
        "loadOlderThreshold":0,"focusScrollsToBottom":true,"pinMargin":8,"reduceMotion":true},"meta":{"app":"Demo \#
        \"1.0\"","b":"","zeta":"last"}}
        """#
    ),
    // v1.1's keys are written only when they are not their defaults.
    EncodingCase(
        .header(
            ChatLogHeader(
                configuration: ChatConfiguration(loadNewerThreshold: 1200, readReceipts: true, windowedHistory: true))),
        #"""
        {"chatlog":1,"config":{"layout":"bottom","atBottomThreshold":20,"jumpToLatestThreshold":200,\#
        "loadOlderThreshold":800,"focusScrollsToBottom":false,"pinMargin":0,"reduceMotion":false,\#
        "loadNewerThreshold":1200,"readReceipts":true,"windowedHistory":true}}
        """#
    ),
    EncodingCase(
        .header(ChatLogHeader(configuration: ChatConfiguration(readReceipts: true))),
        #"""
        {"chatlog":1,"config":{"layout":"bottom","atBottomThreshold":20,"jumpToLatestThreshold":200,\#
        "loadOlderThreshold":800,"focusScrollsToBottom":false,"pinMargin":0,"reduceMotion":false,"readReceipts":true}}
        """#
    ),
]

@Suite("Encoding lines")
struct RoundTripTests {
    @Test("every line encodes canonically and decodes back to the identical value", arguments: encodingCases)
    func roundTrips(_ testCase: EncodingCase) throws {
        let encoded = testCase.value.encoded()
        #expect(encoded == testCase.encoded)
        let decoded = try ChatLogLine(decoding: encoded)
        #expect(decoded == testCase.value)
        #expect(decoded.encoded() == encoded)
    }

    @Test("the encoding cases cover every event type")
    func coversEveryEventType() {
        let covered = Set(
            encodingCases.compactMap { testCase -> ChatEvent.EventType? in
                guard case .event(let logged) = testCase.value else { return nil }
                return logged.event.type
            })
        #expect(covered == Set(ChatEvent.EventType.allCases))
    }

    @Test("a negative zero decodes as the Double -0.0 but is written as 0")
    func negativeZero() throws {
        let line = try ChatLogLine(decoding: #"{"type":"scrolled","offset":-0}"#)
        guard case .event(let logged) = line, case .scrolled(let offset) = logged.event else {
            Issue.record("expected a scrolled event, got \(line)")
            return
        }
        #expect(offset.bitPattern == (-0.0 as Double).bitPattern)
        #expect(line.encoded() == #"{"type":"scrolled","offset":0}"#)
    }

    @Test("non-finite numbers are written as null, which does not decode")
    func nonFiniteNumbers() {
        let line = ChatLogLine.event(LoggedEvent(.scrolled(offset: .infinity), time: .nan))
        #expect(line.encoded() == #"{"type":"scrolled","offset":null,"t":null}"#)
        #expect(throws: ChatLogLineError(column: 29, message: #"expected a number for "offset", found null"#)) {
            try ChatLogLine(decoding: line.encoded())
        }
    }
}
