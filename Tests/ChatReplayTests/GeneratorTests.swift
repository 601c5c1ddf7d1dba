import ChatEvents
import ChatLogFormat
import ChatReplay
import TestSupport
import Testing

@Suite("Log generator")
struct GeneratorTests {
    func lines(seed: UInt64, events: Int, messages: Int = 100, messenger: Bool = false) -> [String] {
        var generator = ChatLogGenerator(seed: seed, messages: messages, messenger: messenger)
        var lines: [String] = []
        generator.generate(events: events) { lines.append($0) }
        return lines
    }

    @Test("the same seed gives the same bytes; another seed another log")
    func deterministic() {
        let first = lines(seed: 7, events: 3_000)
        #expect(first == lines(seed: 7, events: 3_000))
        #expect(first != lines(seed: 8, events: 3_000))
    }

    @Test("a header and exactly N events, every one decodable and replayable")
    func wellFormed() throws {
        let log = lines(seed: 3, events: 5_000)
        #expect(log.count == 5_001)
        let bytes = Array(log.joined(separator: "\n").utf8)
        let decoded = try ChatLog(decoding: bytes)
        #expect(decoded.header != nil)
        #expect(decoded.events.count == 5_000)
        let types = Set(decoded.events.map { $0.event.type })
        for type in [ChatEvent.EventType.tokensAppended, .scrolled, .dragEnded, .keyboardWillShow, .messageConfirmed] {
            #expect(types.contains(type))
        }
        _ = Replay.render(decoded.events, configuration: decoded.configuration, format: .json)
    }

    @Test("the history comes in pages of at most 10,000 messages")
    func historyPages() throws {
        let log = lines(seed: 1, events: 5, messages: 25_000)
        let decoded = try ChatLog(decoding: Array(log.joined(separator: "\n").utf8))
        let pages = decoded.events.compactMap { event -> Int? in
            if case .historyLoaded(let messages, _, _) = event.event { messages.count } else { nil }
        }
        #expect(pages == [10_000, 10_000, 5_000])
    }

    @Test(
        """
        a messenger's log opens at a first unread, jumps into windows and pages newer history, with about 0.5% bad \
        input
        """
    )
    func messengerLog() throws {
        let log = lines(seed: 3, events: 60_000, messages: 2_000, messenger: true)
        #expect(log == lines(seed: 3, events: 60_000, messages: 2_000, messenger: true))
        let decoded = try ChatLog(decoding: Array(log.joined(separator: "\n").utf8))
        #expect(decoded.configuration.readReceipts && decoded.configuration.windowedHistory)
        guard case .historyLoaded(_, _, let firstUnread)? = decoded.events.dropFirst().first?.event else {
            Issue.record("the history does not come second")
            return
        }
        #expect(firstUnread != nil)
        let types = Set(decoded.events.map { $0.event.type })
        for type in [
            ChatEvent.EventType.windowLoaded, .windowLoadFailed, .newerLoaded, .loadNewerFailed, .jumpToMessage,
        ] {
            #expect(types.contains(type), "no \(type)")
        }
        var replayer = Replayer(configuration: decoded.configuration)
        var warned = 0
        var marks = 0
        for event in decoded.events {
            let snapshot = replayer.apply(event)
            warned += snapshot.warnings.count
            marks += snapshot.effects.filter { if case .markRead = $0 { true } else { false } }.count
        }
        #expect(marks > 100)
        #expect(warned > 0 && warned < decoded.events.count / 100, "\(warned) warnings")
    }

    @Test("without messenger, a log is generated exactly as before: no v1.1 event or key")
    func plainLogHasNoV1_1() throws {
        let log = lines(seed: 5, events: 20_000)
        #expect(!log[0].contains("readReceipts"))
        let decoded = try ChatLog(decoding: Array(log.joined(separator: "\n").utf8))
        let addedInV11: Set<ChatEvent.EventType> = [.newerLoaded, .loadNewerFailed, .windowLoaded, .windowLoadFailed]
        #expect(decoded.events.allSatisfy { !addedInV11.contains($0.event.type) })
    }
}
