import ChatEvents
import ChatReducer
import PropertyBased

/// Scenarios nothing should send, within what the types allow: every event type in any order
/// (`dragEnded` without `dragBegan`, `olderLoaded` without a request, events before the first
/// viewport), ids that are unknown, duplicated, empty or odd, and numbers that are negative,
/// zero, -0, fractions, huge (above 10,000,000 up to the largest Double), NaN and ±infinity.
/// Most scenarios start from an ordinary open conversation so that the nonsense lands on a
/// state with depth; some start from nothing.
///
/// With `hugeHistory`, one or two `historyLoaded` or `olderLoaded` events carry
/// 100,000 to 400,000 messages each.
struct HostileEvents: ScenarioDrawing {
    /// Events per scenario.
    var length: Int
    var hugeHistory = false
    /// Whether message heights may be fractions that are not binary (⅓, 0.1) or so small that
    /// sums round (5e-324). Off: heights are whole or binary fractions, whose sums are exact.
    var anyFraction = false

    var flavor: Scenario.Flavor {
        switch (hugeHistory, anyFraction) {
        case (true, _): .hugeHistory
        case (false, false): .hostile
        case (false, true): .hostileFractions
        }
    }
    var salt: UInt64 { hugeHistory ? 3 : anyFraction ? 5 : 2 }

    func draw(using rng: inout Xoshiro) -> (ChatConfiguration, [ChatEvent]) {
        var session = HostileSession(rng: rng, anyFraction: anyFraction)
        let configuration = session.configuration()
        var events: [ChatEvent] = []
        if session.chance(0.7) {
            events.append(.viewportChanged(height: 800, insetTop: 100, insetBottom: 50))
            events.append(
                .historyLoaded(
                    messages: (0..<20).map {
                        ChatMessage(id: "m\($0)", direction: $0 % 3 == 0 ? .outgoing : .incoming, height: 100)
                    },
                    hasMoreOlder: session.chance(0.7)))
        }
        var hugeAt: Set<Int> = []
        if hugeHistory {
            hugeAt.insert(session.int(events.count...min(length - 1, events.count + 30)))
            if session.chance(0.3) { hugeAt.insert(session.int(0...(length - 1))) }
        }
        while events.count < length {
            if hugeAt.contains(events.count) {
                events.append(session.hugeEvent())
            } else {
                events.append(session.event())
            }
        }
        rng = session.rng
        return (configuration, events)
    }
}

private struct HostileSession {
    var rng: Xoshiro
    let anyFraction: Bool
    var nextBatch = 0

    mutating func chance(_ probability: Double) -> Bool { Double.random(in: 0..<1, using: &rng) < probability }
    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &rng) }

    mutating func configuration() -> ChatConfiguration {
        var configuration = ChatConfiguration()
        if chance(0.4) { configuration.layout = .top }
        if chance(0.3) { configuration.atBottomThreshold = [0, 1, 20, 500, 1e7].randomElement(using: &rng)! }
        if chance(0.3) { configuration.jumpToLatestThreshold = [0, 50, 200, 1e6].randomElement(using: &rng)! }
        if chance(0.3) { configuration.loadOlderThreshold = [0, 100, 800, 5000, 1e8].randomElement(using: &rng)! }
        configuration.focusScrollsToBottom = chance(0.5)
        if chance(0.3) { configuration.pinMargin = [0, 8, 300, 2000].randomElement(using: &rng)! }
        configuration.reduceMotion = chance(0.2)
        if chance(0.3) { configuration.loadNewerThreshold = [0, 100, 800, 1e8].randomElement(using: &rng)! }
        configuration.readReceipts = chance(0.5)
        configuration.windowedHistory = chance(0.5)
        if chance(0.3) { configuration.footerReserve = [0, 36, 500, 1e12].randomElement(using: &rng)! }
        configuration.dividerOnArrival = chance(0.5)
        return configuration
    }

    /// Any Double, weighted towards the troublesome ones.
    mutating func anyNumber() -> Double {
        switch int(0...21) {
        case 0: .nan
        case 1: .infinity
        case 2: -.infinity
        case 3: 0
        case 4: -0.0
        case 5: -1
        case 6: -Double(int(1...1_000_000_000))
        case 7: 10_000_000
        case 8: 10_000_001
        case 9: 1e12
        case 10: .greatestFiniteMagnitude
        case 11: -.greatestFiniteMagnitude
        case 12: .leastNonzeroMagnitude
        case 13: 1.0 / 3
        case 14: 0.1
        case 15: 9_999_999.5
        default: Double(int(0...4000)) / 2
        }
    }

    /// A length (inset, keyboard): mostly ordinary, often not.
    mutating func length() -> Double { chance(0.6) ? Double(int(0...1200)) / 2 : anyNumber() }

    /// A message height, or a change of one: like `length()`, but unless `anyFraction`,
    /// never a value whose sums round.
    mutating func height() -> Double {
        while true {
            let value = length()
            // Non-finite, negative and huge values are replaced by 0 or 10,000,000.
            if anyFraction || !value.isFinite || value < 0 || value > ChatState.maximumLength
                || (value * 2).rounded() == value * 2
            {
                return value
            }
        }
    }

    mutating func optionalHeight() -> Double? { chance(0.3) ? nil : height() }

    /// An offset: ordinary, overscrolled, or anything.
    mutating func offset() -> Double {
        switch int(0...3) {
        case 0, 1: Double(int(0...6000))
        case 2: Double(int(-500...(-1)))
        default: anyNumber()
        }
    }

    mutating func optionalNumber() -> Double? { chance(0.3) ? nil : anyNumber() }

    mutating func id() -> String {
        switch int(0...19) {
        case 0: ""
        case 1: "ghost"
        case 2: "o\(int(0...5))"
        case 3: "b\(int(0...max(0, nextBatch)))"
        case 4: "é🙂\u{1}\"\\"
        case 5: String(repeating: "z", count: 300)
        default: "m\(int(0...29))"
        }
    }

    mutating func direction() -> MessageDirection { chance(0.2) ? .system : chance(0.5) ? .incoming : .outgoing }

    mutating func message() -> ChatMessage { ChatMessage(id: id(), direction: direction(), height: height()) }

    mutating func messages() -> [ChatMessage] {
        switch int(0...19) {
        case 0, 1, 2: return []
        case 3, 4, 5:
            // A larger batch with fresh ids, and a few duplicates.
            let count = int(50...600)
            let start = nextBatch
            nextBatch += count
            return (0..<count).map { index in
                index % 97 == 3
                    ? message() : ChatMessage(id: "b\(start + index)", direction: direction(), height: height())
            }
        default:
            return (0..<int(1...8)).map { _ in message() }
        }
    }

    mutating func restore() -> SavedPosition? {
        guard chance(0.8) else { return nil }
        return SavedPosition(
            anchorID: chance(0.8) ? id() : nil, delta: chance(0.5) ? Double(int(-400...400)) : anyNumber(),
            wasAtBottom: chance(0.3))
    }

    mutating func event() -> ChatEvent {
        switch int(0...32) {
        case 30: .headerChanged(height: length())
        case 31: .footerChanged(height: length())
        case 32: .jumpToUnreadTapped
        case 0: .viewportChanged(height: length(), insetTop: length(), insetBottom: length())
        case 1: .historyLoaded(messages: messages(), hasMoreOlder: chance(0.5), firstUnreadID: chance(0.5) ? id() : nil)
        case 25, 26: .newerLoaded(messages: messages(), hasMoreNewer: chance(0.5))
        case 27: chance(0.5) ? .loadNewerFailed : .windowLoadFailed
        case 28, 29:
            .windowLoaded(
                messages: messages(), hasMoreOlder: chance(0.5), hasMoreNewer: chance(0.6),
                firstUnreadID: chance(0.3) ? id() : nil)
        case 2: .messageAppended(message(), streaming: [nil, true, false].randomElement(using: &rng)!)
        case 3: .messageConfirmed(id: id(), newID: chance(0.5) ? id() : nil)
        case 4:
            .tokensAppended(
                id: id(), text: chance(0.5) ? "tok" : nil, heightDelta: optionalHeight(),
                height: chance(0.7) ? nil : height())
        case 5: .streamFinished(id: id())
        case 6: .itemMeasured(id: id(), height: height())
        case 7: .messageRemoved(id: id())
        case 8: .olderLoaded(messages: messages(), hasMoreOlder: chance(0.5))
        case 9: .loadOlderFailed
        case 10: .keyboardWillShow(height: length(), duration: optionalNumber())
        case 11: .keyboardWillHide(duration: optionalNumber())
        case 12: .dragBegan
        case 13: .scrolled(offset: offset())
        case 14: .dragEnded(offset: offset(), velocity: chance(0.3) ? nil : (chance(0.5) ? 0 : anyNumber()))
        case 15: .scrollSettled(offset: offset())
        case 16: .selectionChanged(active: chance(0.5))
        case 17: .inputFocused
        case 18: .inputBlurred
        case 19: .jumpToLatestTapped
        case 20: .jumpToMessage(id: id())
        case 21: .highlightFinished
        case 22: .entranceAnimationFinished(id: id())
        case 23: .appeared(restore: restore())
        default: .disappeared
        }
    }

    /// `historyLoaded` or `olderLoaded` with 100,000 to 400,000 messages, some of them with
    /// hostile heights and duplicate ids.
    mutating func hugeEvent() -> ChatEvent {
        let count = int(100_000...400_000)
        let start = nextBatch
        nextBatch += count
        var messages: [ChatMessage] = []
        messages.reserveCapacity(count)
        for index in 0..<count {
            if index % 10_007 == 5 {
                messages.append(message())
            } else {
                messages.append(
                    ChatMessage(
                        id: "h\(start + index)", direction: index % 3 == 0 ? .outgoing : .incoming,
                        height: index % 1_009 == 0 ? height() : Double(40 + index % 200)))
            }
        }
        return chance(0.5)
            ? .historyLoaded(messages: messages, hasMoreOlder: chance(0.5))
            : .olderLoaded(messages: messages, hasMoreOlder: chance(0.5))
    }
}
