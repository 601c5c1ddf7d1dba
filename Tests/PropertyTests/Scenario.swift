import ChatEvents
import ChatLogFormat
import ChatReducer
import Testing

/// One generated input: a configuration and the events fed to a fresh state.
struct Scenario: Sendable, Equatable {
    enum Flavor: String, Sendable {
        /// What an app sends: ids that exist, answers to requests, gestures in order.
        case plausible
        /// Anything the types allow: unknown and duplicate ids, NaN, infinities, huge and
        /// negative values, events in senseless orders.
        case hostile
        /// Hostile events around histories of hundreds of thousands of messages.
        case hugeHistory
        /// Plausible, with heights in thirds of a point, as on a 3× screen.
        case plausibleThirds
        /// Hostile, with heights whose sums round (⅓, 0.1, 5e-324).
        case hostileFractions
        /// Plausible, as a messenger: opening at the first unread message, read receipts, reply
        /// jumps into history that is not loaded, newer pages back down, and the newest page.
        case plausibleMessenger

        /// Whether the scenario is what a real app sends (so it must cause no warning).
        var isPlausible: Bool { self == .plausible || self == .plausibleThirds || self == .plausibleMessenger }
        /// Whether heights are whole or binary fractions, whose sums are exact.
        var hasExactSums: Bool { self != .plausibleThirds && self != .hostileFractions }
    }

    var flavor: Flavor
    /// The generator state the scenario was drawn from, for `.fixedSeed(...)`.
    var seed: String
    var configuration: ChatConfiguration
    var events: [ChatEvent]
    /// Exactly as generated (not a shrinking candidate). Plausible scenarios that are
    /// pristine must not cause any warning.
    var pristine = true
    /// While shrinking: the property whose failure the candidate must keep.
    var target: Property?
    /// Properties not checked (known reducer bugs with a disabled test of their own).
    var ignored: Set<Property> = []

    var messageCount: Int {
        events.reduce(0) { count, event in
            switch event {
            case .historyLoaded(let messages, _, _), .olderLoaded(let messages, _), .newerLoaded(let messages, _),
                .windowLoaded(let messages, _, _, _):
                count + messages.count
            case .messageAppended: count + 1
            default: count
            }
        }
    }
}

extension Scenario: CustomTestStringConvertible {
    /// Short: the failure message prints the log itself.
    var testDescription: String {
        "\(flavor.rawValue) scenario of \(events.count) events (\(messageCount) messages), seed \(seed)"
    }
}

// MARK: - Printing a scenario as a log

/// The largest offset or velocity a printed log uses for an infinity.
private let hugeFinite = 1e300

/// A scenario as a log that `replay run` reads: the header line, then one line per event.
///
/// JSON has no NaN or infinity, so such values are replaced by finite ones the reducer treats
/// alike: a NaN or -∞ length by -1 and +∞ by 1e300 (clamped to 0 or 10,000,000 with a warning,
/// as the original was), an infinite offset or velocity by ±1e300, a NaN velocity by 0, a
/// non-finite restore delta by 0. A NaN offset, which the reducer ignores, has no JSON
/// equivalent: the offset modelled at that step is written instead. Every replacement is
/// listed in `notes`.
struct PrintedLog {
    var lines: [String]
    var notes: [String]

    var text: String { lines.map { $0 + "\n" }.joined() }

    /// - Parameter modelling: replay the events to learn the offset to write for a NaN
    ///   offset; without it (for a scenario that traps the reducer) 0 is written.
    init(_ scenario: Scenario, modelling: Bool = true) {
        lines = [ChatLogLine.header(ChatLogHeader(configuration: scenario.configuration)).encoded()]
        notes = []
        var state = ChatState(configuration: scenario.configuration)
        for (index, event) in scenario.events.enumerated() {
            var changes: [String] = []
            let printable = Self.printable(event, modelledOffset: modelling ? state.offset ?? 0 : 0, changes: &changes)
            for change in changes { notes.append("step \(index + 1) (\(event.type.rawValue)): \(change)") }
            lines.append(ChatLogLine.event(LoggedEvent(printable)).encoded())
            if modelling { state.reduce(event) }
        }
    }

    /// The event with its non-finite numbers replaced; `changes` says what was replaced.
    static func printable(_ event: ChatEvent, modelledOffset: Double, changes: inout [String]) -> ChatEvent {
        func length(_ value: Double, _ field: String) -> Double {
            guard !value.isFinite else { return value }
            let replacement = value == .infinity ? hugeFinite : -1
            changes.append("\(field) \(describe(value)) written as \(describe(replacement))")
            return replacement
        }
        func optionalLength(_ value: Double?, _ field: String) -> Double? {
            value.map { length($0, field) }
        }
        func offset(_ value: Double, _ field: String) -> Double {
            guard !value.isFinite else { return value }
            let replacement = value.isNaN ? modelledOffset : (value > 0 ? hugeFinite : -hugeFinite)
            changes.append(
                "\(field) \(describe(value)) written as \(describe(replacement))"
                    + (value.isNaN ? " (the modelled offset; the reducer ignores a NaN offset)" : ""))
            return replacement
        }
        func velocity(_ value: Double?) -> Double? {
            guard let value, !value.isFinite else { return value }
            let replacement = value.isNaN ? 0 : (value > 0 ? hugeFinite : -hugeFinite)
            changes.append("velocity \(describe(value)) written as \(describe(replacement))")
            return replacement
        }
        func duration(_ value: Double?) -> Double? {
            guard let value, !value.isFinite else { return value }
            changes.append("duration \(describe(value)) omitted (informational)")
            return nil
        }
        func messages(_ list: [ChatMessage]) -> [ChatMessage] {
            guard list.contains(where: { !$0.height.isFinite }) else { return list }
            return list.map { message in
                var message = message
                message.height = length(message.height, "height of \"\(message.id)\"")
                return message
            }
        }

        switch event {
        case .viewportChanged(let height, let insetTop, let insetBottom):
            return .viewportChanged(
                height: length(height, "height"), insetTop: length(insetTop, "insetTop"),
                insetBottom: length(insetBottom, "insetBottom"))
        case .historyLoaded(let list, let more, let firstUnreadID):
            return .historyLoaded(messages: messages(list), hasMoreOlder: more, firstUnreadID: firstUnreadID)
        case .olderLoaded(let list, let more):
            return .olderLoaded(messages: messages(list), hasMoreOlder: more)
        case .newerLoaded(let list, let more):
            return .newerLoaded(messages: messages(list), hasMoreNewer: more)
        case .windowLoaded(let list, let older, let newer, let firstUnreadID):
            return .windowLoaded(
                messages: messages(list), hasMoreOlder: older, hasMoreNewer: newer, firstUnreadID: firstUnreadID)
        case .messageAppended(let message, let streaming):
            return .messageAppended(messages([message])[0], streaming: streaming)
        case .tokensAppended(let id, let text, let delta, let height):
            return .tokensAppended(
                id: id, text: text, heightDelta: optionalLength(delta, "heightDelta"),
                height: optionalLength(height, "height"))
        case .itemMeasured(let id, let height):
            return .itemMeasured(id: id, height: length(height, "height"))
        case .headerChanged(let height):
            return .headerChanged(height: length(height, "height"))
        case .footerChanged(let height):
            return .footerChanged(height: length(height, "height"))
        case .keyboardWillShow(let height, let time):
            return .keyboardWillShow(height: length(height, "height"), duration: duration(time))
        case .keyboardWillHide(let time):
            return .keyboardWillHide(duration: duration(time))
        case .scrolled(let value):
            return .scrolled(offset: offset(value, "offset"))
        case .dragEnded(let value, let speed):
            return .dragEnded(offset: offset(value, "offset"), velocity: velocity(speed))
        case .scrollSettled(let value):
            return .scrollSettled(offset: offset(value, "offset"))
        case .appeared(let restore?) where !restore.delta.isFinite:
            changes.append("restore delta \(describe(restore.delta)) written as 0 (the reducer uses 0)")
            return .appeared(
                restore: SavedPosition(anchorID: restore.anchorID, delta: 0, wasAtBottom: restore.wasAtBottom))
        default:
            return event
        }
    }
}
