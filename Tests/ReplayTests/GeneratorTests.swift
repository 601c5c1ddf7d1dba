import ChatEvents
import ChatReplay
import Testing
import TestSupport

@Suite("Log generator")
struct GeneratorTests {
    func lines(seed: UInt64, events: Int, messages: Int = 100) -> [String] {
        var generator = ChatLogGenerator(seed: seed, messages: messages)
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
            if case let .historyLoaded(messages, _, _) = event.event { messages.count } else { nil }
        }
        #expect(pages == [10_000, 10_000, 5_000])
    }
}
