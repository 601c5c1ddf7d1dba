import ChatEvents
import ChatScrollUtilities
import Foundation

/// A busy but well-behaved session: no outgoing message, no unknown id, no warning.
/// Incoming answers stream in, the user drags, the keyboard comes and goes, items are measured.
public enum SessionGenerator {
    public static func events(count: Int, seed: UInt64, idPrefix: String = "msg-", withText: Bool = false)
        -> [LoggedEvent]
    {
        var random = SplitMix64(seed: seed)
        var events: [LoggedEvent] = []
        var time = 0.0
        var ids: [String] = []
        var next = 0
        func add(_ event: ChatEvent) {
            time += Double(random.int(1..<50)) / 100
            events.append(LoggedEvent(event, time: time))
        }
        func newID() -> String {
            next += 1
            return "\(idPrefix)\(next)"
        }
        add(.viewportChanged(height: 800, insetTop: 100, insetBottom: 50))
        var history: [ChatMessage] = []
        for index in 0..<40 {
            let id = newID()
            ids.append(id)
            history.append(
                ChatMessage(
                    id: id, direction: index % 2 == 0 ? .incoming : .outgoing, height: Double(random.int(40..<200))))
        }
        add(.historyLoaded(messages: history, hasMoreOlder: false))
        while events.count < count {
            switch random.int(0..<10) {
            case 0, 1:
                let id = newID()
                ids.append(id)
                add(.messageAppended(ChatMessage(id: id, direction: .incoming, height: 40), streaming: true))
                for _ in 0..<random.int(1..<6) {
                    add(
                        .tokensAppended(
                            id: id, text: withText ? "secret words \(id)" : nil, heightDelta: 18, height: nil))
                }
                add(.streamFinished(id: id))
                add(.entranceAnimationFinished(id: id))
            case 2, 3:
                add(.dragBegan)
                let offset = Double(random.next() % 10_000) / 10_000 * 3000
                add(.scrolled(offset: offset))
                add(.dragEnded(offset: offset + 10, velocity: random.int(0..<2) == 0 ? nil : -1.5))
                add(.scrollSettled(offset: offset + 20))
            case 4:
                add(.keyboardWillShow(height: 300, duration: 0.25))
            case 5:
                add(.keyboardWillHide(duration: 0.25))
            case 6:
                add(.itemMeasured(id: ids[random.int(0..<ids.count)], height: Double(random.int(40..<300))))
            case 7:
                add(.jumpToLatestTapped)
            case 8:
                add(.jumpToMessage(id: ids[random.int(0..<ids.count)]))
                add(.highlightFinished)
            default:
                add(.inputFocused)
                add(.inputBlurred)
            }
        }
        return Array(events.prefix(count))
    }
}
