import ChatEvents
import ChatLogFormat
import ChatReducer
import ChatScrollUtilities

/// Makes large, realistic logs from a seed: the same seed and sizes always give byte-identical
/// output, on every platform. Benchmarks and stress tests replay them; `replay generate` prints
/// them.
///
/// A generated log is a header, a `viewportChanged`, the cached history in `historyLoaded`
/// pages of at most 10,000 messages, then a mix of what happens on a chat screen:
/// questions with long streamed answers (many `tokensAppended` batches), drags with momentum
/// and a settle, the keyboard, jumps, selections, re-measurements and removals; every
/// `loadOlder` effect the reducer emits is answered by an `olderLoaded` page (now and then by
/// `loadOlderFailed`). About 0.5% of the events are bad input that the reducer must survive:
/// unknown or duplicate ids, negative heights, a `"t"` that goes backwards. Every line is
/// valid JSON, so the whole log replays without decoding errors.
///
/// With `messenger`, the log is a messenger's (specification §10, §11 and §13): the configuration
/// turns on `readReceipts` and `windowedHistory`; the conversation opens at a first unread
/// message of its history, at a saved position that an `appeared` sent before the history waits
/// for, or on a window around a first unread message beyond the newest page (by seed); and
/// reply jumps go into history that is not loaded: each `loadWindow` is answered by a
/// `windowLoaded` (now and then `windowLoadFailed`), each `loadNewer` by a `newerLoaded` page
/// (now and then `loadNewerFailed`) until the present is reached. It also has the rows that are
/// not messages (specification §12): date separators in the history and between live messages,
/// a "loading older messages" spinner while every older page loads, a typing indicator before
/// incoming messages and a "thinking" footer before streamed answers; `dividerOnArrival` is on,
/// and the reader now and then taps the pill that jumps to the first unread message. Its bad
/// input adds stale pages, failures nobody asked for, first unread ids that are not loaded and
/// footers of negative height.
///
/// ```swift
/// var generator = ChatLogGenerator(seed: 42, messages: 1_000)
/// generator.generate(events: 100_000) { line in print(line) }
/// ```
public struct ChatLogGenerator: Sendable {
    /// The configuration written to the header.
    public let configuration: ChatConfiguration
    /// The number of messages in the initial history.
    public let initialMessages: Int

    private var random: SplitMix64
    /// The reducer, run alongside so that offsets are plausible and `loadOlder` is answered.
    private var state: ChatState
    private var time = 0  // milliseconds
    private var nextID = 0
    private var olderLoaded = 0
    private var pendingOlder = false
    /// A messenger's log: first unread, read receipts, windows.
    public let messenger: Bool
    private var pendingNewer = false
    private var pendingWindow = false
    /// After a window replaced the history: ids of it that are loaded (for jumps and measures).
    private var windowIDs: [String] = []
    /// Newer pages the server still has after the current window.
    private var newerPagesLeft = 0
    /// A message sent beyond the window: the newest page brings it back.
    private var sentBeyondWindow: ChatMessage?
    /// The spinner above the oldest message shows while an older page loads (messenger only).
    private var spinnerShown = false

    /// The largest number of messages in one `historyLoaded` event.
    public static let historyPageSize = 10_000

    /// Creates a generator.
    ///
    /// - Parameters:
    ///   - seed: The seed; equal seeds give equal logs.
    ///   - messages: The number of messages in the initial history (0 for an empty conversation).
    ///   - configuration: The configuration written to the header.
    ///   - messenger: Whether the log is a messenger's, with first unread, read receipts, windows
    ///     and rows that are not messages; this turns on `readReceipts`, `windowedHistory` and
    ///     `dividerOnArrival`.
    public init(
        seed: UInt64, messages: Int = 1_000, configuration: ChatConfiguration = ChatConfiguration(),
        messenger: Bool = false
    ) {
        var configuration = configuration
        if messenger {
            configuration.readReceipts = true
            configuration.windowedHistory = true
            configuration.dividerOnArrival = true
        }
        self.configuration = configuration
        self.messenger = messenger
        initialMessages = max(0, messages)
        random = SplitMix64(seed: seed)
        state = ChatState(configuration: configuration)
    }

    /// Writes the header, then exactly `events` event lines, each to `write` without a line break.
    public mutating func generate(events count: Int, write: (String) -> Void) {
        write(ChatLogLine.header(ChatLogHeader(configuration: configuration)).encoded())
        var emitted = 0
        var queue: [ChatEvent] = []
        func flush(_ generator: inout ChatLogGenerator) {
            for event in queue where emitted < count {
                emitted += generator.emit(event, budget: count - emitted, write: write)
                // Requests are answered at once, so that the next queued event meets the content
                // (one answer per event without `messenger`, as logs were always generated).
                var answers = 0
                while emitted < count, generator.messenger || answers == 0, let answer = generator.answer() {
                    emitted += generator.emit(answer, budget: count - emitted, write: write)
                    answers += 1
                }
            }
            queue.removeAll(keepingCapacity: true)
        }
        // A messenger opens one of three ways (specification §13): at the first unread message of
        // its history, at a saved position that waits for that history, or on a window it loaded
        // around a first unread message beyond the newest page.
        let opening = messenger ? random.next(below: 3) : 0
        if opening == 1, initialMessages > 0 {
            let index = random.next(below: min(Self.historyPageSize, initialMessages))
            let restore = SavedPosition(
                anchorID: "h\(initialMessages - 1 - index)", delta: Double(random.next(below: 120)),
                wasAtBottom: false)
            queue.append(.appeared(restore: restore))
        }
        queue.append(.viewportChanged(height: 844, insetTop: 91, insetBottom: 83))
        if opening == 2 {
            queue.append(openingWindow())
        }
        var loaded = opening == 2 ? initialMessages : 0
        while loaded < initialMessages {
            let page = min(Self.historyPageSize, initialMessages - loaded)
            let messages = (loaded..<(loaded + page)).map { index in
                let height = Double(40 + random.next(below: 360))
                // A messenger's history has a date separator every 25 rows.
                let separator = messenger && index % 25 == 24
                return ChatMessage(
                    id: "h\(initialMessages - 1 - index)",
                    direction: separator ? .system : index % 3 == 0 ? .outgoing : .incoming,
                    height: separator ? 28 : height)
            }
            // A messenger opens at the first unread: an incoming message near the first page's end.
            let firstUnread =
                messenger && loaded == 0
                ? messages.suffix(1 + random.next(below: 12)).first { $0.direction == .incoming }?.id : nil
            loaded += page
            queue.append(.historyLoaded(messages: messages, hasMoreOlder: true, firstUnreadID: firstUnread))
        }
        flush(&self)
        while emitted < count {
            episode(into: &queue)
            flush(&self)
        }
    }

    // MARK: Episodes

    private mutating func episode(into queue: inout [ChatEvent]) {
        let roll = random.next(below: 100)
        switch roll {
        case 0..<30: exchange(into: &queue)
        case 30..<52: drag(into: &queue)
        case 52..<55:
            // Reading back through history: many flings upwards, which pages older messages in.
            var offset = state.offset ?? 0
            for _ in 0..<(10 + random.next(below: 60)) { offset = max(0, drag(into: &queue, up: true, from: offset)) }
        case 55..<65: keyboard(into: &queue)
        case 65..<75: incoming(into: &queue)
        case 75..<82:
            queue.append(messenger && roll < 78 ? .jumpToUnreadTapped : .jumpToLatestTapped)
        case 82..<87:
            if let id = randomLoadedID() {
                queue.append(.jumpToMessage(id: id))
                queue.append(.highlightFinished)
            }
        case 87..<91:
            queue.append(.selectionChanged(active: true))
            queue.append(.selectionChanged(active: false))
        case 91..<96:
            if let id = randomLoadedID() {
                queue.append(.itemMeasured(id: id, height: Double(40 + random.next(below: 360))))
            }
        case 96..<98 where messenger:
            // A reply quotes a message far up that is not loaded; the reader reads on, down.
            queue.append(.jumpToMessage(id: newID("r")))
            queue.append(.highlightFinished)
            var offset = state.offset ?? 0
            for _ in 0..<(2 + random.next(below: 10)) { offset = drag(into: &queue, up: false, from: offset) }
        case 98 where messenger:
            // A new day begins.
            queue.append(.messageAppended(ChatMessage(id: newID("d"), direction: .system, height: 28), streaming: nil))
        default:
            let id = newID("m")
            queue.append(.messageAppended(ChatMessage(id: id, direction: .incoming, height: 60), streaming: nil))
            queue.append(.messageRemoved(id: id))
        }
    }

    /// A messenger shows a typing indicator (or "thinking…") below the newest message until the
    /// message it announced arrives.
    private mutating func announced(_ message: ChatEvent, into queue: inout [ChatEvent]) {
        guard messenger else { return queue.append(message) }
        queue.append(.footerChanged(height: Double(30 + random.next(below: 20))))
        queue.append(message)
        queue.append(.footerChanged(height: 0))
    }

    /// A question, its confirmation, and a streamed answer.
    private mutating func exchange(into queue: inout [ChatEvent]) {
        if state.hasMoreNewer {
            // Beyond the window the question requests the newest page, which brings it back.
            let local = newID("l")
            let question = ChatMessage(id: local, direction: .outgoing, height: Double(44 + random.next(below: 80)))
            sentBeyondWindow = question
            queue.append(.messageAppended(question, streaming: nil))
            return
        }
        let local = newID("l")
        queue.append(
            .messageAppended(
                ChatMessage(id: local, direction: .outgoing, height: Double(44 + random.next(below: 80))),
                streaming: nil))
        let confirmed = newID("m")
        queue.append(.messageConfirmed(id: local, newID: confirmed))
        queue.append(.entranceAnimationFinished(id: confirmed))
        let answer = newID("m")
        announced(
            .messageAppended(ChatMessage(id: answer, direction: .incoming, height: 44), streaming: true), into: &queue)
        let batches = 10 + random.next(below: 90)
        for _ in 0..<batches {
            let grows = random.next(below: 4) == 0
            queue.append(
                .tokensAppended(
                    id: answer, text: Self.tokens[random.next(below: Self.tokens.count)],
                    heightDelta: grows ? 22 : 0, height: nil))
        }
        queue.append(.streamFinished(id: answer))
        queue.append(.itemMeasured(id: answer, height: Double(60 + random.next(below: 900))))
        queue.append(.entranceAnimationFinished(id: answer))
    }

    private mutating func incoming(into queue: inout [ChatEvent]) {
        let id = newID("m")
        let height = Double(40 + random.next(below: 200))
        announced(
            .messageAppended(ChatMessage(id: id, direction: .incoming, height: height), streaming: nil), into: &queue)
        queue.append(.entranceAnimationFinished(id: id))
    }

    /// A drag upwards (or downwards), momentum, and a settle.
    @discardableResult
    private mutating func drag(into queue: inout [ChatEvent], up: Bool? = nil, from start: Double? = nil) -> Double {
        queue.append(.dragBegan)
        let up = up ?? (random.next(below: 4) != 0)
        var offset = start ?? state.offset ?? 0
        let steps = 4 + random.next(below: 16)
        for _ in 0..<steps {
            offset += Double(10 + random.next(below: 90)) * (up ? -1 : 1)
            queue.append(.scrolled(offset: offset))
        }
        var velocity = Double(200 + random.next(below: 5800)) * (up ? -1 : 1)
        queue.append(.dragEnded(offset: offset, velocity: velocity))
        while abs(velocity) > 100 {
            offset += velocity / 60
            velocity *= 0.85
            queue.append(.scrolled(offset: offset.rounded()))
        }
        queue.append(.scrollSettled(offset: offset.rounded()))
        return offset.rounded()
    }

    private mutating func keyboard(into queue: inout [ChatEvent]) {
        queue.append(.inputFocused)
        queue.append(.keyboardWillShow(height: 336, duration: 0.25))
        if random.next(below: 2) == 0 { exchange(into: &queue) }
        queue.append(.keyboardWillHide(duration: 0.25))
        queue.append(.inputBlurred)
    }

    // MARK: Emitting

    /// Writes `event`; now and then (about 0.5%) a bad event goes before it, or its `"t"`
    /// goes backwards, so that the scenario itself stays intact. Returns the lines written.
    private mutating func emit(_ event: ChatEvent, budget: Int, write: (String) -> Void) -> Int {
        time += 1 + random.next(below: 120)
        var t = Double(time) / 1000
        var written = 0
        if random.next(below: 1000) < 5 {
            var bad: ChatEvent?
            switch random.next(below: messenger ? 9 : 5) {
            case 0:
                bad = .tokensAppended(id: "missing\(random.next(below: 100))", text: "x", heightDelta: 20, height: nil)
            case 1: bad = .itemMeasured(id: randomLoadedID() ?? "h0", height: -Double(1 + random.next(below: 50)))
            case 2:
                bad = .messageAppended(
                    ChatMessage(id: randomLoadedID() ?? "h0", direction: .incoming, height: 50), streaming: nil)
            case 3: bad = .entranceAnimationFinished(id: randomLoadedID() ?? "h0")
            case 5:
                bad = .newerLoaded(
                    messages: [ChatMessage(id: newID("s"), direction: .incoming, height: 50)], hasMoreNewer: true)
            case 6: bad = random.next(below: 2) == 0 ? .windowLoadFailed : .loadNewerFailed
            case 7: bad = .historyLoaded(messages: [], hasMoreOlder: state.hasMoreOlder, firstUnreadID: "missing")
            case 8: bad = .footerChanged(height: -Double(1 + random.next(below: 50)))
            default:
                bad = nil
                t -= 0.5
            }
            // A bad event must not answer a request the log answers itself.
            if case .windowLoadFailed? = bad, pendingWindow { bad = nil }
            if case .loadNewerFailed? = bad, pendingNewer { bad = nil }
            if case .newerLoaded? = bad, pendingNewer { bad = nil }
            if let bad, budget > 1 {
                record(bad, time: t, write: write)
                written += 1
            }
        }
        record(event, time: t, write: write)
        return written + 1
    }

    private mutating func record(_ event: ChatEvent, time t: Double, write: (String) -> Void) {
        state.reduce(event)
        for effect in state.effects {
            switch effect {
            case .loadOlder: pendingOlder = true
            case .loadNewer: pendingNewer = true
            case .loadWindow: pendingWindow = true
            case .persistPosition, .markRead: break
            }
        }
        if case .windowLoaded = event {
            pendingOlder = false
            pendingNewer = false
        }
        write(ChatLogLine.event(LoggedEvent(event, time: t)).encoded())
    }

    /// The answer to a request the reducer made, if one is waiting: a window first, then a
    /// newer page, then an older one.
    private mutating func answer() -> ChatEvent? {
        if pendingWindow {
            pendingWindow = false
            return window()
        }
        if pendingNewer {
            pendingNewer = false
            return newerPage()
        }
        if pendingOlder {
            // A messenger shows its spinner above the oldest message first, and hides it after.
            if messenger, !spinnerShown {
                spinnerShown = true
                return .headerChanged(height: 44)
            }
            pendingOlder = false
            return olderPage()
        }
        if spinnerShown {
            spinnerShown = false
            return .headerChanged(height: 0)
        }
        return nil
    }

    /// The answer to a `loadWindow`: 40 messages around the requested one (the newest page when
    /// none), or now and then a failure.
    private mutating func window() -> ChatEvent {
        guard let request = state.pendingWindow else { return .windowLoadFailed }
        if random.next(below: 10) == 0 { return .windowLoadFailed }
        var messages = windowMessages()
        if let around = request.around {
            messages[20].id = around
            newerPagesLeft = 1 + random.next(below: 6)
        } else {
            if let sent = sentBeyondWindow { messages.append(sent) }
            newerPagesLeft = 0
        }
        sentBeyondWindow = nil
        windowIDs = messages.map(\.id)
        return .windowLoaded(messages: messages, hasMoreOlder: true, hasMoreNewer: newerPagesLeft > 0)
    }

    /// A window of 40 messages that the app loaded itself around the first unread message, far
    /// above the present, to open the conversation there.
    private mutating func openingWindow() -> ChatEvent {
        let messages = windowMessages(incomingAt: 20)
        newerPagesLeft = 1 + random.next(below: 6)
        windowIDs = messages.map(\.id)
        return .windowLoaded(
            messages: messages, hasMoreOlder: true, hasMoreNewer: true, firstUnreadID: messages[20].id)
    }

    /// The 40 fresh messages of a window, a third of them outgoing; the one at `incomingAt` (the
    /// first unread message) is incoming.
    private mutating func windowMessages(incomingAt unread: Int? = nil) -> [ChatMessage] {
        (0..<40).map { index in
            ChatMessage(
                id: newID("w"), direction: index == unread || random.next(below: 3) != 0 ? .incoming : .outgoing,
                height: Double(40 + random.next(below: 360)))
        }
    }

    /// The answer to a `loadNewer`: a page of 30 newer messages, or now and then a failure.
    private mutating func newerPage() -> ChatEvent {
        if random.next(below: 20) == 0 { return .loadNewerFailed }
        let messages = (0..<30).map { _ in
            ChatMessage(
                id: newID("n"), direction: random.next(below: 3) == 0 ? .outgoing : .incoming,
                height: Double(40 + random.next(below: 360)))
        }
        newerPagesLeft -= 1
        if windowIDs.count < 400 { windowIDs += messages.map(\.id) }
        return .newerLoaded(messages: messages, hasMoreNewer: newerPagesLeft > 0)
    }

    /// The answer to a `loadOlder`: a page of 50 older messages, or now and then a failure.
    private mutating func olderPage() -> ChatEvent {
        if random.next(below: 20) == 0 { return .loadOlderFailed }
        let messages = (0..<50).map { _ -> ChatMessage in
            olderLoaded += 1
            return ChatMessage(
                id: "o\(olderLoaded)", direction: random.next(below: 3) == 0 ? .outgoing : .incoming,
                height: Double(40 + random.next(below: 360)))
        }
        return .olderLoaded(messages: messages, hasMoreOlder: olderLoaded < 1_000_000)
    }

    private mutating func newID(_ prefix: String) -> String {
        nextID += 1
        return "\(prefix)\(nextID)"
    }

    /// One of the initial history's ids, which are never removed; after a window, one of its ids.
    private mutating func randomLoadedID() -> String? {
        if !windowIDs.isEmpty { return windowIDs[random.next(below: windowIDs.count)] }
        guard initialMessages > 0 else { return nil }
        return "h\(random.next(below: initialMessages))"
    }

    private static let tokens = [
        "The", " answer", " is", " streamed", " token", " by", " token", ",", ".", "\n", " and", " it", " grows",
    ]
}
