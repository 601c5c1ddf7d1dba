import ChatEvents
import ChatReducer
import PropertyBased

/// The shrinking candidates of a failing scenario, smallest first.
///
/// 1. the events up to the failing step (the checks stop at the first failure, so this
///    always fails again);
/// 2. the events without one chunk, for chunks of half, a quarter, … down to one event;
/// 3. each event made simpler: fewer messages in a history, a finite value for a NaN or an
///    infinity, a whole number for a fraction, an optional field left out;
/// 4. the configuration with one option back to its default.
///
/// Every candidate is smaller by the measure events + messages + non-finite values +
/// fractions + optional fields + non-default options, so shrinking ends. Candidates keep
/// the property that failed (`target`), so the shrunk log shows the same bug.
struct ScenarioShrinks: Sequence, Sendable {
    let scenario: Scenario

    init(_ scenario: Scenario) {
        self.scenario = scenario
    }

    func makeIterator() -> AnyIterator<Scenario> {
        guard let failure = Harness.firstFailure(of: scenario) else { return AnyIterator { nil } }
        return Self.candidates(of: scenario, failingStep: failure.step, target: failure.property)
    }

    /// The candidates of a scenario that fails at `failingStep` (1-based), keeping `target`.
    static func candidates(of scenario: Scenario, failingStep: Int?, target: Property?) -> AnyIterator<Scenario> {
        var template = scenario
        template.pristine = false
        template.target = target
        let events = scenario.events
        let count = events.count

        var lazies: [AnySequence<Scenario>] = []
        func candidate(_ newEvents: [ChatEvent]) -> Scenario {
            var copy = template
            copy.events = newEvents
            return copy
        }

        // 1. Up to the failing step.
        if let failingStep, failingStep < count {
            lazies.append(AnySequence(CollectionOfOne(candidate(Array(events[..<failingStep])))))
        }

        // 2. Without one chunk.
        var sizes: [Int] = []
        var size = count / 2
        while size >= 1 {
            sizes.append(size)
            size /= 2
        }
        lazies.append(
            AnySequence(
                sizes.lazy.flatMap { size in
                    stride(from: 0, to: count, by: size).lazy.map { start in
                        var shorter = events
                        shorter.removeSubrange(start..<Swift.min(count, start + size))
                        return candidate(shorter)
                    }
                }))

        // 3. Simpler events.
        lazies.append(
            AnySequence(
                (0..<count).lazy.flatMap { index in
                    Self.simpler(events[index]).lazy.map { simpler in
                        var changed = events
                        changed[index] = simpler
                        return candidate(changed)
                    }
                }))

        // 4. Default options.
        let configuration = scenario.configuration
        let defaults = ChatConfiguration(layout: configuration.layout)
        var options: [ChatConfiguration] = []
        func reset(_ change: (inout ChatConfiguration) -> Void) {
            var simpler = configuration
            change(&simpler)
            if simpler != configuration { options.append(simpler) }
        }
        reset { $0.atBottomThreshold = defaults.atBottomThreshold }
        reset { $0.jumpToLatestThreshold = defaults.jumpToLatestThreshold }
        reset { $0.loadOlderThreshold = defaults.loadOlderThreshold }
        reset { $0.focusScrollsToBottom = defaults.focusScrollsToBottom }
        reset { $0.pinMargin = defaults.pinMargin }
        reset { $0.reduceMotion = defaults.reduceMotion }
        reset { $0.footerReserve = defaults.footerReserve }
        reset { $0.dividerOnArrival = defaults.dividerOnArrival }
        lazies.append(
            AnySequence(
                options.lazy.map { option in
                    var copy = template
                    copy.configuration = option
                    return copy
                }))

        var outer = lazies.makeIterator()
        var inner: AnyIterator<Scenario>?
        return AnyIterator {
            while true {
                if let next = inner?.next() { return next }
                guard let sequence = outer.next() else { return nil }
                inner = AnyIterator(sequence.makeIterator())
            }
        }
    }

    // MARK: Simpler events

    /// Simpler versions of `event`, each smaller by the measure above.
    static func simpler(_ event: ChatEvent) -> AnySequence<ChatEvent> {
        var result: [ChatEvent] = []
        func simpler(_ value: Double) -> Double? { simplerNumber(value) }
        func each(_ values: [Double], _ rebuild: ([Double]) -> ChatEvent) {
            for index in values.indices {
                if let replacement = simpler(values[index]) {
                    var changed = values
                    changed[index] = replacement
                    result.append(rebuild(changed))
                }
            }
        }
        switch event {
        case .viewportChanged(let height, let top, let bottom):
            each([height, top, bottom]) { .viewportChanged(height: $0[0], insetTop: $0[1], insetBottom: $0[2]) }
        case .historyLoaded(let messages, let more, let firstUnreadID):
            if firstUnreadID != nil { result.append(.historyLoaded(messages: messages, hasMoreOlder: more)) }
            result += Self.fewer(messages).map {
                .historyLoaded(messages: $0, hasMoreOlder: more, firstUnreadID: firstUnreadID)
            }
        case .olderLoaded(let messages, let more):
            return AnySequence(Self.fewer(messages).lazy.map { .olderLoaded(messages: $0, hasMoreOlder: more) })
        case .newerLoaded(let messages, let more):
            return AnySequence(Self.fewer(messages).lazy.map { .newerLoaded(messages: $0, hasMoreNewer: more) })
        case .windowLoaded(let messages, let older, let newer, let firstUnreadID):
            if firstUnreadID != nil {
                result.append(.windowLoaded(messages: messages, hasMoreOlder: older, hasMoreNewer: newer))
            }
            result += Self.fewer(messages).map {
                .windowLoaded(messages: $0, hasMoreOlder: older, hasMoreNewer: newer, firstUnreadID: firstUnreadID)
            }
        case .messageAppended(let message, let streaming):
            if streaming != nil { result.append(.messageAppended(message, streaming: nil)) }
            each([message.height]) {
                .messageAppended(
                    ChatMessage(id: message.id, direction: message.direction, height: $0[0]), streaming: streaming)
            }
        case .messageConfirmed(let id, let newID):
            if newID != nil { result.append(.messageConfirmed(id: id, newID: nil)) }
        case .tokensAppended(let id, let text, let delta, let height):
            if text != nil { result.append(.tokensAppended(id: id, text: nil, heightDelta: delta, height: height)) }
            if delta != nil, height != nil {
                result.append(.tokensAppended(id: id, text: text, heightDelta: nil, height: height))
            }
            if let delta, let replacement = simpler(delta) {
                result.append(.tokensAppended(id: id, text: text, heightDelta: replacement, height: height))
            }
            if let height, let replacement = simpler(height) {
                result.append(.tokensAppended(id: id, text: text, heightDelta: delta, height: replacement))
            }
        case .itemMeasured(let id, let height):
            each([height]) { .itemMeasured(id: id, height: $0[0]) }
        case .keyboardWillShow(let height, let duration):
            if duration != nil { result.append(.keyboardWillShow(height: height, duration: nil)) }
            each([height]) { .keyboardWillShow(height: $0[0], duration: duration) }
        case .keyboardWillHide(let duration):
            if duration != nil { result.append(.keyboardWillHide(duration: nil)) }
        case .scrolled(let offset):
            each([offset]) { .scrolled(offset: $0[0]) }
        case .dragEnded(let offset, let velocity):
            if velocity != nil { result.append(.dragEnded(offset: offset, velocity: nil)) }
            each([offset]) { .dragEnded(offset: $0[0], velocity: velocity) }
            if let velocity, let replacement = simpler(velocity) {
                result.append(.dragEnded(offset: offset, velocity: replacement))
            }
        case .scrollSettled(let offset):
            each([offset]) { .scrollSettled(offset: $0[0]) }
        case .appeared(let restore?):
            if let replacement = simpler(restore.delta) {
                result.append(
                    .appeared(
                        restore: SavedPosition(
                            anchorID: restore.anchorID, delta: replacement, wasAtBottom: restore.wasAtBottom)))
            }
            result.append(.appeared(restore: nil))
        default:
            break
        }
        return AnySequence(result)
    }

    /// Shorter or simpler message lists, lazily: none, each half, then (for lists of up to
    /// 4,096) without each chunk of a quarter, an eighth, … one message, then with a simpler
    /// height for one message.
    static func fewer(_ messages: [ChatMessage]) -> AnySequence<[ChatMessage]> {
        let count = messages.count
        guard count > 0 else { return AnySequence([]) }
        var head: [[ChatMessage]] = [[]]
        if count >= 2 {
            head.append(Array(messages[..<(count / 2)]))
            head.append(Array(messages[(count / 2)...]))
        }
        guard count <= 4096 else { return AnySequence(head) }
        var sizes: [Int] = []
        var size = count / 4
        while size >= 1 {
            sizes.append(size)
            size /= 2
        }
        if count < 4 { sizes = [1] }
        let chunks = sizes.lazy.flatMap { size in
            stride(from: 0, to: count, by: size).lazy.map { start in
                var shorter = messages
                shorter.removeSubrange(start..<Swift.min(count, start + size))
                return shorter
            }
        }
        let heights = messages.indices.lazy.compactMap { index -> [ChatMessage]? in
            guard let height = simplerNumber(messages[index].height) else { return nil }
            var changed = messages
            changed[index].height = height
            return changed
        }
        return AnySequence([AnySequence(head), AnySequence(chunks), AnySequence(heights)].joined())
    }

    /// A finite stand-in for a non-finite value, or a whole number for a fraction.
    static func simplerNumber(_ value: Double) -> Double? {
        if value.isNaN { return 0 }
        if value == .infinity { return 1e300 }
        if value == -.infinity { return -1e300 }
        if value != value.rounded(), abs(value) < 1e15 { return value.rounded() }
        return nil
    }
}
