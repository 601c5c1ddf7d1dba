@_spi(ChatEventFields) import ChatEvents
import ChatJSON
import ChatReducer
import ChatScrollUtilities

/// The behaviour a shrunk log must still show.
public enum ShrinkCondition: Sendable, Hashable {
    /// The log's timeline still differs from this golden timeline the way the original log's
    /// does: the misbehaviour the golden rules out still shows.
    ///
    /// The original log is replayed and compared with the golden; at the first differing step
    /// the differing lines are reduced to their keys and signs (`+command`, `-offset`, …). A
    /// candidate shows the behaviour when it still replays that step's event (the same event of
    /// the original log, possibly with optional fields dropped) and the same keys differ from
    /// the golden's block for it in the same direction.
    case diverges(golden: String)
    /// Some step's warnings contain this text.
    case warning(containing: String)
    /// Some step issues a scroll command with this reason.
    case command(reason: ScrollCommand.Reason)
}

/// Why a log cannot be shrunk.
public enum ShrinkError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The log does not show the behaviour to begin with.
    case notShown(String)

    /// The explanation, as printed by `replay shrink`.
    public var description: String {
        switch self {
        case .notShown(let message): message
        }
    }
}

/// The outcome of ``LogShrinker/shrink()``.
public struct ShrinkResult: Sendable, Hashable {
    /// The shrunk log: the original header and the remaining events.
    public var log: ChatLog
    /// The number of events of the original log.
    public var originalEventCount: Int
    /// The number of candidate logs replayed.
    public var evaluations: Int
    /// Whether the evaluation limit stopped the search before it was done; the log still
    /// shows the behaviour, but may not be minimal.
    public var reachedLimit: Bool
}

/// Cuts a log down to a small one that still shows a behaviour: the library behind
/// `replay shrink`.
///
/// ```swift
/// var shrinker = try LogShrinker(log: log, condition: .warning(containing: "unknown id"))
/// let result = shrinker.shrink()      // result.log replays and still warns
/// ```
///
/// The search is delta debugging (ddmin) over the events, then simplification passes that drop
/// messages from the arrays of `historyLoaded`, `olderLoaded`, `newerLoaded` and `windowLoaded`
/// and optional fields (`t`, `text`, `streaming`, `newID`, `heightDelta`, `height`, `duration`,
/// `velocity`, `restore`), repeated while they help. A candidate is replayed with the reducer
/// alone and stops at the first step that shows the behaviour, whose later events are then cut;
/// every candidate costs at most one replay of the current log, and the number of candidates
/// is capped by `maxEvaluations`.
public struct LogShrinker {
    /// An event and its index in the original log.
    struct Item {
        var origin: Int
        var logged: LoggedEvent
    }

    /// What diverging means for one original log and golden.
    struct Divergence {
        /// The original event index of the first differing step.
        var origin: Int
        /// The golden's lines for that step, without the heading, trimmed.
        var goldenLines: [Substring]
        /// `+key` and `-key` of each differing line.
        var signature: Set<String>
    }

    /// The log being shrunk.
    public let log: ChatLog
    /// The behaviour to keep.
    public let condition: ShrinkCondition
    /// The number of candidates replayed at most.
    public let maxEvaluations: Int
    /// Receives a line of progress now and then.
    private let progress: (String) -> Void
    private var divergence: Divergence?
    /// The number of candidates replayed so far.
    public private(set) var evaluations = 0

    /// Prepares to shrink `log`.
    ///
    /// - Throws: ``ShrinkError/notShown(_:)`` when `log` does not show the behaviour.
    public init(
        log: ChatLog, condition: ShrinkCondition, maxEvaluations: Int = 20_000,
        progress: @escaping (String) -> Void = { _ in }
    ) throws(ShrinkError) {
        self.log = log
        self.condition = condition
        self.maxEvaluations = max(1, maxEvaluations)
        self.progress = progress
        if case .diverges(let golden) = condition {
            divergence = try Self.divergence(of: log, from: golden)
        }
        let items = log.events.enumerated().map { Item(origin: $0.offset, logged: $0.element) }
        guard firstShowing(items) != nil else {
            switch condition {
            case .diverges: throw .notShown("the log's divergence from the golden does not show when replayed alone")
            case .warning(let text): throw .notShown("no step of the log warns \(JSONWriter.quoted(text))")
            case .command(let reason): throw .notShown("no step of the log issues a \(reason.rawValue) command")
            }
        }
    }

    /// Whether `events` show the behaviour.
    ///
    /// For ``ShrinkCondition/diverges(golden:)`` the events are matched to the original log by
    /// position: the event at the original log's first differing step must be at that index.
    public func shows(_ events: [LoggedEvent]) -> Bool {
        firstShowing(events.enumerated().map { Item(origin: $0.offset, logged: $0.element) }) != nil
    }

    // MARK: Search

    /// Shrinks the log; see the type's description.
    public mutating func shrink() -> ShrinkResult {
        var items = log.events.enumerated().map { Item(origin: $0.offset, logged: $0.element) }
        if let hit = test(items) { items.removeSubrange((hit + 1)...) }
        progress("start: \(log.events.count) events, \(items.count) up to the first step that shows it")
        var round = 0
        while round < 4, !exhausted {
            round += 1
            let before = (items.count, weight(items))
            items = minimizeEvents(items)
            progress("ddmin: \(items.count) events (\(evaluations) evaluations)")
            items = simplify(items)
            progress(
                "simplified: \(items.count) events, \(weight(items)) messages and fields (\(evaluations) evaluations)")
            if (items.count, weight(items)) == before { break }
        }
        return ShrinkResult(
            log: ChatLog(header: log.header, events: items.map(\.logged)),
            originalEventCount: log.events.count, evaluations: evaluations, reachedLimit: exhausted)
    }

    private var exhausted: Bool { evaluations >= maxEvaluations }

    /// Replays a candidate, counting it; the index of the first item that shows the behaviour.
    private mutating func test(_ items: [Item]) -> Int? {
        guard !exhausted else { return nil }
        evaluations += 1
        return firstShowing(items)
    }

    /// ddmin over the events: subsets, then complements, at doubling granularity. A candidate
    /// that shows the behaviour is cut after its first showing step.
    private mutating func minimizeEvents(_ start: [Item]) -> [Item] {
        deltaDebugging(start, triesSubsets: true) { candidate in
            if exhausted { return .stop }
            guard let hit = test(candidate) else { return .doesNotShow }
            return .shows(Array(candidate[...hit]))
        }
    }

    /// The messages in arrays and optional fields left: what simplification reduces.
    private func weight(_ items: [Item]) -> Int {
        items.reduce(0) { total, item in
            var fields = item.logged.time == nil ? 0 : 1
            fields += item.logged.event.carriedMessages?.count ?? 0
            return total + fields + Self.optionalFieldVariants(of: item.logged.event).count
        }
    }

    /// Drops messages from arrays and optional fields while the behaviour still shows.
    private mutating func simplify(_ start: [Item]) -> [Item] {
        var items = start
        // All timestamps at once, then one by one.
        if items.contains(where: { $0.logged.time != nil }) {
            let untimed = items.map { Item(origin: $0.origin, logged: LoggedEvent($0.logged.event)) }
            if let hit = test(untimed) { items = Array(untimed[...hit]) }
        }
        var index = 0
        while index < items.count, !exhausted {
            if items[index].logged.time != nil {
                var candidate = items
                candidate[index].logged.time = nil
                if let hit = test(candidate) { items = Array(candidate[...hit]) }
            }
            guard index < items.count else { break }
            let event = items[index].logged.event
            if let messages = event.carriedMessages {
                let rebuild: ([ChatMessage]) -> ChatEvent = { event.carrying($0) }
                let kept = minimizeMessages(messages, in: items, at: index, rebuild: rebuild)
                if kept.count != messages.count {
                    items[index].logged.event = rebuild(kept)
                }
            }
            for variant in Self.optionalFieldVariants(of: items[index].logged.event) where !exhausted {
                var candidate = items
                candidate[index].logged.event = variant
                if let hit = test(candidate) {
                    items = Array(candidate[...hit])
                    break
                }
            }
            index += 1
        }
        return items
    }

    /// ddmin over the messages of the array event at `index`.
    private mutating func minimizeMessages(
        _ messages: [ChatMessage], in items: [Item], at index: Int, rebuild: ([ChatMessage]) -> ChatEvent
    ) -> [ChatMessage] {
        func shows(_ list: [ChatMessage], _ shrinker: inout LogShrinker) -> Bool {
            var candidate = items
            candidate[index].logged.event = rebuild(list)
            return shrinker.test(candidate) != nil
        }
        if messages.isEmpty { return messages }
        if shows([], &self) { return [] }
        return deltaDebugging(messages, triesSubsets: false) { candidate in
            if exhausted { return .stop }
            return shows(candidate, &self) ? .shows(candidate) : .doesNotShow
        }
    }

    /// The event with one optional field dropped, for each optional field it has, in wire
    /// order; an optional field of a nested object counts too.
    public static func optionalFieldVariants(of event: ChatEvent) -> [ChatEvent] {
        let parts = ChatEventFields(event)
        var variants: [ChatEvent] = []
        for (index, field) in parts.fields.enumerated() where field.value != nil {
            if field.isOptional {
                var without = parts
                without.fields[index].value = nil
                if let variant = without.event { variants.append(variant) }
            }
            guard case .position(let position)? = field.value else { continue }
            var nested = ChatEventFields(type: event.type)
            position.visitFields(&nested)
            for (inner, nestedField) in nested.fields.enumerated()
            where nestedField.isOptional && nestedField.value != nil {
                var nestedWithout = nested
                nestedWithout.fields[inner].value = nil
                guard let smaller = try? SavedPosition(fields: nestedWithout) else { continue }
                var with = parts
                with.fields[index].value = .position(smaller)
                if let variant = with.event { variants.append(variant) }
            }
        }
        return variants
    }

    // MARK: Conditions

    /// Replays `items` with the reducer alone and returns the index of the first one whose step
    /// shows the behaviour.
    private func firstShowing(_ items: [Item]) -> Int? {
        var state = ChatState(configuration: log.configuration)
        var lastTime: Double?
        for (index, item) in items.enumerated() {
            var timeWarning: String?
            if let time = item.logged.time {
                if let lastTime, time < lastTime {
                    timeWarning =
                        "t \(formatNumber(time)) is earlier than the previous event's \(formatNumber(lastTime))"
                }
                lastTime = time
            }
            switch condition {
            case .warning(let text):
                state.reduce(item.logged.event)
                if state.warnings.contains(where: { $0.contains(text) }) { return index }
                if let timeWarning, timeWarning.contains(text) { return index }
            case .command(let reason):
                let seq = state.scrollTarget?.seq
                state.reduce(item.logged.event)
                if let command = state.scrollTarget, command.seq != seq, command.reason == reason { return index }
            case .diverges:
                guard let divergence, item.origin == divergence.origin else {
                    state.reduce(item.logged.event)
                    continue
                }
                let before = ReplaySnapshot(state: state, step: index, event: nil)
                state.reduce(item.logged.event)
                let after = ReplaySnapshot(
                    state: state, step: index + 1, event: item.logged.event,
                    extraWarnings: timeWarning.map { [$0] } ?? [])
                var lines = TimelineRenderer.changes(from: before, to: after)
                if lines.isEmpty { lines = ["(no change)"] }
                let signature = Self.signature(old: divergence.goldenLines, new: lines.map { Substring($0) })
                return divergence.signature.isSubset(of: signature) ? index : nil
            }
        }
        return nil
    }

    /// `+key` / `-key` for each line that differs between `old` and `new`.
    static func signature(old: [Substring], new: [Substring]) -> Set<String> {
        var result: Set<String> = []
        for line in GoldenFile.lineDiff(old, new) where line.first == "+" || line.first == "-" {
            let body = line.dropFirst()
            let key = body.firstIndex(of: ":").map { body[..<$0] } ?? body
            result.insert(String(line.first!) + key)
        }
        return result
    }

    /// The first step where `log`'s timeline differs from `golden`, and how.
    static func divergence(of log: ChatLog, from golden: String) throws(ShrinkError) -> Divergence {
        let actualBlocks = GoldenFile.blocks(of: TimelineRenderer.timeline(of: log))
        let goldenBlocks = GoldenFile.blocks(of: golden)
        let steps = max(actualBlocks.count, goldenBlocks.count)
        func body(_ blocks: [[Substring]], _ index: Int) -> [Substring] {
            guard index < blocks.count else { return [] }
            return blocks[index].dropFirst().map { $0.drop { $0 == " " } }
        }
        for index in 1..<max(steps, 1) where index < actualBlocks.count {
            let old = body(goldenBlocks, index)
            let new = body(actualBlocks, index)
            guard old != new else { continue }
            return Divergence(origin: index - 1, goldenLines: old, signature: signature(old: old, new: new))
        }
        throw .notShown("the log's timeline does not differ from the golden at any step")
    }
}

extension ChatEvent {
    /// The messages of an event that carries an array of them (`historyLoaded`, `olderLoaded`,
    /// `newerLoaded`, `windowLoaded`); `nil` for any other event.
    var carriedMessages: [ChatMessage]? {
        let parts = ChatEventFields(self)
        for field in parts.fields { if case .messages(let messages)? = field.value { return messages } }
        return nil
    }

    /// The event with its carried messages replaced by `messages`; other events unchanged.
    func carrying(_ messages: [ChatMessage]) -> ChatEvent {
        var parts = ChatEventFields(self)
        for index in parts.fields.indices where parts.fields[index].key == .messages {
            parts.fields[index].value = .messages(messages)
        }
        return parts.event ?? self
    }
}
