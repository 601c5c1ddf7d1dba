import ChatEvents
import ChatLogFormat
import ChatReducer
import ChatReplay
import Foundation
import TestSupport
import Testing

/// Ids no pseudonym contains, so that a search for them cannot be fooled.
private let secretIDs = [
    "alpha-secret", "bravo-secret", "charlie-secret", "delta-secret", "echo-secret", "fox-secret", "golf-secret",
]
private let secretTexts = ["my PIN is 4321", "meet me at the old mill"]

/// Every place an id or text can appear in an event.
private let sensitiveEvents: [LoggedEvent] = [
    LoggedEvent(.viewportChanged(height: 800, insetTop: 100, insetBottom: 50), time: 0),
    LoggedEvent(
        .historyLoaded(
            messages: [
                ChatMessage(id: "charlie-secret", direction: .incoming, height: 100),
                ChatMessage(id: "delta-secret", direction: .outgoing, height: 80),
            ], hasMoreOlder: true), time: 1),
    LoggedEvent(
        .olderLoaded(
            messages: [ChatMessage(id: "bravo-secret", direction: .incoming, height: 90)], hasMoreOlder: false), time: 2
    ),
    LoggedEvent(
        .messageAppended(ChatMessage(id: "echo-secret", direction: .outgoing, height: 50), streaming: nil), time: 3),
    LoggedEvent(.messageConfirmed(id: "echo-secret", newID: "fox-secret"), time: 4),
    LoggedEvent(
        .messageAppended(ChatMessage(id: "alpha-secret", direction: .incoming, height: 40), streaming: true), time: 5),
    LoggedEvent(.tokensAppended(id: "alpha-secret", text: "my PIN is 4321", heightDelta: 20, height: nil), time: 6),
    LoggedEvent(
        .tokensAppended(id: "alpha-secret", text: "meet me at the old mill", heightDelta: nil, height: 120), time: 7),
    LoggedEvent(.streamFinished(id: "alpha-secret"), time: 8),
    LoggedEvent(.itemMeasured(id: "delta-secret", height: 95), time: 9),
    LoggedEvent(.entranceAnimationFinished(id: "fox-secret"), time: 10),
    LoggedEvent(.jumpToMessage(id: "charlie-secret"), time: 11),
    LoggedEvent(.jumpToMessage(id: "golf-secret"), time: 12),
    LoggedEvent(.messageRemoved(id: "bravo-secret"), time: 13),
    LoggedEvent(.disappeared, time: 14),
    LoggedEvent(.appeared(restore: SavedPosition(anchorID: "delta-secret", delta: 12, wasAtBottom: false)), time: 15),
]

/// `text` with every original id replaced by its pseudonym.
private func renamed(_ text: String, _ mapping: [String: String]) -> String {
    mapping.reduce(text) { $0.replacingOccurrences(of: $1.key, with: $1.value) }
}

@Suite("Redaction")
struct RedactionTests {
    @Test("ids become m1, m2, … in order of first appearance, consistently")
    func pseudonymsInOrder() {
        var redactor = ChatLogRedactor(redactsIDs: true)
        let redacted = sensitiveEvents.map { redactor.redact($0) }
        #expect(
            redacted[1].event
                == .historyLoaded(
                    messages: [
                        ChatMessage(id: "m1", direction: .incoming, height: 100),
                        ChatMessage(id: "m2", direction: .outgoing, height: 80),
                    ], hasMoreOlder: true))
        #expect(
            redacted[2].event
                == .olderLoaded(
                    messages: [ChatMessage(id: "m3", direction: .incoming, height: 90)], hasMoreOlder: false))
        #expect(redacted[4].event == .messageConfirmed(id: "m4", newID: "m5"))
        #expect(redacted[6].event == .tokensAppended(id: "m6", text: nil, heightDelta: 20, height: nil))
        #expect(redacted[11].event == .jumpToMessage(id: "m1"))
        #expect(redacted[12].event == .jumpToMessage(id: "m7"))
        #expect(redacted[15].event == .appeared(restore: SavedPosition(anchorID: "m2", delta: 12, wasAtBottom: false)))
        #expect(redacted.map(\.time) == sensitiveEvents.map(\.time))
        #expect(redactor.pseudonymCount == secretIDs.count)
    }

    @Test("a system row's id is redacted like a message's; the header, the footer and the pill keep their values")
    func rowsThatAreNotMessages() {
        var redactor = ChatLogRedactor(redactsIDs: true)
        let events: [ChatEvent] = [
            .historyLoaded(
                messages: [ChatMessage(id: "2026-11-27", direction: .system, height: 28)], hasMoreOlder: true),
            .headerChanged(height: 44),
            .messageAppended(ChatMessage(id: "Alice joined", direction: .system, height: 24), streaming: nil),
            .footerChanged(height: 36),
            .jumpToUnreadTapped,
            .jumpToMessage(id: "2026-11-27"),
        ]
        #expect(
            events.map { redactor.redact(LoggedEvent($0)).event } == [
                .historyLoaded(messages: [ChatMessage(id: "m1", direction: .system, height: 28)], hasMoreOlder: true),
                .headerChanged(height: 44),
                .messageAppended(ChatMessage(id: "m2", direction: .system, height: 24), streaming: nil),
                .footerChanged(height: 36),
                .jumpToUnreadTapped,
                .jumpToMessage(id: "m1"),
            ])
    }

    @Test(
        """
        a restore that waits names its anchor before the messages do, and a window's firstUnreadID is an id: both \
        are redacted like the messages that later carry them
        """
    )
    func openingWhereTheReaderBelongs() {
        var redactor = ChatLogRedactor(redactsIDs: true)
        let events: [ChatEvent] = [
            .appeared(restore: SavedPosition(anchorID: "msg-from-bob", delta: 24, wasAtBottom: false)),
            .windowLoaded(
                messages: [
                    ChatMessage(id: "msg-from-alice", direction: .incoming, height: 60),
                    ChatMessage(id: "msg-from-bob", direction: .incoming, height: 80),
                ], hasMoreOlder: true, hasMoreNewer: true, firstUnreadID: "msg-from-alice"),
        ]
        #expect(
            events.map { redactor.redact(LoggedEvent($0)).event } == [
                .appeared(restore: SavedPosition(anchorID: "m1", delta: 24, wasAtBottom: false)),
                .windowLoaded(
                    messages: [
                        ChatMessage(id: "m2", direction: .incoming, height: 60),
                        ChatMessage(id: "m1", direction: .incoming, height: 80),
                    ], hasMoreOlder: true, hasMoreNewer: true, firstUnreadID: "m2"),
            ])
    }

    @Test("a recorder export with redacted ids holds no original id or text and replays the same timeline")
    func recorderExportIsRedacted() throws {
        var recorder = ChatRecorder()
        for logged in sensitiveEvents { recorder.record(logged) }
        let exported = recorder.exportLog(metadata: ["build": "42"], redactingIDs: true)
        for secret in secretIDs + secretTexts {
            #expect(!exported.contains(secret), "\(secret) is still in the export")
        }
        let log = try ChatLog(decoding: Array(exported.utf8))
        #expect(log.header?.metadata["redacted"] == "text,ids")

        // The timeline is the original's with the ids renamed.
        var redactor = ChatLogRedactor(redactsIDs: true)
        var mapping: [String: String] = [:]
        for id in secretIDs { mapping[id] = nil }
        _ = sensitiveEvents.map { redactor.redact($0) }
        for id in secretIDs { mapping[id] = redactor.pseudonym(for: id) }
        var textless = ChatLogRedactor(dropsText: true, redactsIDs: false)
        let original = TimelineRenderer.timeline(of: sensitiveEvents.map { textless.redact($0) })
        #expect(TimelineRenderer.timeline(of: log) == renamed(original, mapping))
    }

    @Test("redacting a log removes unknown keys and metadata that could hold secrets")
    func unknownKeysAndMetadata() throws {
        let text = """
            {"chatlog":1,"config":{"layout":"top","pinMargin":8,"secretConfigKey":"alpha-secret"},\
            "meta":{"package":"1.0.0","user":"meet me at the old mill","device":"bravo-secret"}}
            {"type":"viewportChanged","height":800,"insetTop":100,"insetBottom":50,"note":"my PIN is 4321"}
            {"type":"historyLoaded","messages":[{"id":"charlie-secret","direction":"incoming","height":100,\
            "body":"meet me at the old mill"}],"hasMoreOlder":false,"extra":{"nested":["delta-secret"]}}
            {"type":"messageAppended","id":"echo-secret","direction":"outgoing","height":50,"author":"fox-secret"}
            {"type":"tokensAppended","id":"echo-secret","text":"my PIN is 4321","heightDelta":10,"golf-secret":1}

            """
        let log = try ChatLog(decoding: Array(text.utf8))
        let redacted = LogRedaction.redact(log)
        let output = redacted.jsonLines
        for secret in secretIDs + secretTexts {
            #expect(!output.contains(secret), "\(secret) is still in the redacted log")
        }
        #expect(redacted.header?.metadata == ["package": "1.0.0", "redacted": "text,ids"])
        #expect(redacted.configuration == ChatConfiguration(layout: .top, pinMargin: 8))
        let reread = try ChatLog(decoding: Array(output.utf8))
        #expect(reread == redacted)
        #expect(
            reread.events.map(\.event) == [
                .viewportChanged(height: 800, insetTop: 100, insetBottom: 50),
                .historyLoaded(
                    messages: [ChatMessage(id: "m1", direction: .incoming, height: 100)], hasMoreOlder: false),
                .messageAppended(ChatMessage(id: "m2", direction: .outgoing, height: 50), streaming: nil),
                .tokensAppended(id: "m2", text: nil, heightDelta: 10, height: nil),
            ])
    }

    @Test("replay redact writes a log that replays like the original apart from the ids")
    func redactCommand() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        var recorder = ChatRecorder()
        for logged in sensitiveEvents { recorder.record(logged) }
        try folder.write(
            "report.jsonl", recorder.exportLog(metadata: ["user": "meet me at the old mill"], keepingText: true))
        let run = try ReplayBinary.run(["redact", folder.path("report.jsonl"), "-o", folder.path("safe.jsonl")])
        #expect(run.status == 0, "\(run.stderr)")
        let output = try #require(folder.read("safe.jsonl"))
        for secret in secretIDs + secretTexts {
            #expect(!output.contains(secret), "\(secret) is still in the redacted log")
        }
        let safe = try ChatLog(contentsOf: folder.path("safe.jsonl"))
        #expect(safe.header?.metadata == ["package": ChatScrollPackage.version, "redacted": "text,ids"])
        var original = ChatState()
        var redacted = ChatState()
        for (lhs, rhs) in zip(sensitiveEvents, safe.events) {
            original.reduce(lhs.event)
            redacted.reduce(rhs.event)
            #expect(original.offset == redacted.offset)
            #expect(original.mode == redacted.mode)
            #expect(original.contentHeight == redacted.contentHeight)
            #expect(original.warnings.count == redacted.warnings.count)
            #expect(original.scrollTarget?.reason == redacted.scrollTarget?.reason)
            #expect(original.scrollTarget?.seq == redacted.scrollTarget?.seq)
        }
        #expect(safe.events.count == sensitiveEvents.count)

        // To standard output, keeping the ids.
        let kept = try ReplayBinary.run(["redact", "--keep-ids", folder.path("report.jsonl")])
        #expect(kept.status == 0)
        #expect(kept.stdout.contains("alpha-secret"))
        #expect(!kept.stdout.contains("my PIN is 4321"))
    }
}
