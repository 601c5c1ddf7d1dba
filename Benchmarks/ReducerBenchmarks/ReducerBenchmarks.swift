import Benchmark
import ChatEvents
import ChatReducer

/// The state under measurement; prepared in each benchmark's setup, outside the measured region.
final class StateBox: @unchecked Sendable {
    var state = ChatState()
    var counter = 0
}

/// One event kind: the events that prepare the state, and the i-th measured event. Cycles
/// (show/hide, rename there and back) keep the state the same size however long a run is.
struct Kind: Sendable {
    var name: String
    var configuration = ChatConfiguration()
    var prepare: @Sendable (Int) -> [ChatEvent] = { _ in [] }
    var event: @Sendable (_ i: Int, _ messages: Int) -> ChatEvent
}

func message(_ id: String, _ direction: MessageDirection = .incoming, _ height: Double = 80) -> ChatMessage {
    ChatMessage(id: id, direction: direction, height: height)
}

/// A conversation of `count` messages with short ids `h0`, `h1`, ..., the geometry known.
func preparedState(messages count: Int, configuration: ChatConfiguration = ChatConfiguration()) -> ChatState {
    var state = ChatState(configuration: configuration)
    state.reduce(.viewportChanged(height: 844, insetTop: 91, insetBottom: 83))
    var history: [ChatMessage] = []
    history.reserveCapacity(count)
    for index in 0..<count {
        history.append(message("h\(index)", index % 3 == 0 ? .outgoing : .incoming, Double(40 + index % 300)))
    }
    state.reduce(.historyLoaded(messages: history, hasMoreOlder: true))
    return state
}

let kinds: [Kind] = [
    Kind(name: "viewportChanged") { i, _ in
        .viewportChanged(height: i & 1 == 0 ? 800 : 844, insetTop: 91, insetBottom: 83)
    },
    Kind(name: "historyLoaded (1 new message)") { i, _ in
        .historyLoaded(messages: [message("n\(i)")], hasMoreOlder: true)
    },
    Kind(name: "messageAppended") { i, _ in .messageAppended(message("a\(i)"), streaming: nil) },
    Kind(
        name: "messageConfirmed (rename)",
        prepare: { _ in [.messageAppended(message("q0", .outgoing), streaming: nil)] }
    ) { i, _ in
        i & 1 == 0 ? .messageConfirmed(id: "q0", newID: "q1") : .messageConfirmed(id: "q1", newID: "q0")
    },
    Kind(name: "tokensAppended", prepare: { _ in [.messageAppended(message("s"), streaming: true)] }) { _, _ in
        .tokensAppended(id: "s", text: "token", heightDelta: 0.5, height: nil)
    },
    Kind(name: "streamFinished", prepare: { _ in [.messageAppended(message("s"), streaming: true)] }) { _, _ in
        .streamFinished(id: "s")
    },
    Kind(name: "itemMeasured") { i, n in .itemMeasured(id: "h\(n / 2)", height: i & 1 == 0 ? 120 : 80) },
    Kind(name: "messageRemoved (+ its messageAppended)") { i, _ in
        i & 1 == 0 ? .messageAppended(message("r\(i / 2)"), streaming: nil) : .messageRemoved(id: "r\(i / 2)")
    },
    Kind(name: "olderLoaded (1 message)") { i, _ in .olderLoaded(messages: [message("o\(i)")], hasMoreOlder: true) },
    Kind(name: "loadOlderFailed") { _, _ in .loadOlderFailed },
    Kind(name: "keyboardWillShow/Hide") { i, _ in
        i & 1 == 0 ? .keyboardWillShow(height: 336, duration: 0.25) : .keyboardWillHide(duration: 0.25)
    },
    Kind(name: "dragBegan/dragEnded") { i, _ in i & 1 == 0 ? .dragBegan : .dragEnded(offset: 5_000, velocity: 0) },
    Kind(name: "scrolled (held)", prepare: { _ in [.dragBegan] }) { i, n in
        .scrolled(offset: Double(n) * 100 + (i & 1 == 0 ? 0 : -300))
    },
    // A finger moving a few points a frame, mostly within one message (the jumps of 300 points
    // above leave the message every time).
    Kind(name: "scrolled (held, 4 points a step)", prepare: { _ in [.dragBegan] }) { i, n in
        .scrolled(offset: Double(n) * 50 + Double(i & 255) * 4)
    },
    Kind(name: "scrollSettled", prepare: { _ in [.dragBegan] }) { i, n in
        .scrollSettled(offset: Double(n) * 50 + Double(i & 7))
    },
    Kind(name: "selectionChanged") { i, _ in .selectionChanged(active: i & 1 == 0) },
    Kind(name: "inputFocused/Blurred") { i, _ in i & 1 == 0 ? .inputFocused : .inputBlurred },
    Kind(name: "jumpToLatestTapped") { _, _ in .jumpToLatestTapped },
    Kind(name: "jumpToMessage") { i, n in .jumpToMessage(id: i & 1 == 0 ? "h\(n / 2)" : "h\(n / 3)") },
    Kind(name: "highlightFinished") { _, _ in .highlightFinished },
    Kind(name: "entranceAnimationFinished (+ its messageAppended)") { i, _ in
        i & 1 == 0
            ? .messageAppended(message("e\(i / 2)"), streaming: nil) : .entranceAnimationFinished(id: "e\(i / 2)")
    },
    Kind(name: "appeared (restore)") { i, n in
        .appeared(restore: SavedPosition(anchorID: "h\(n / 2)", delta: Double(i & 15), wasAtBottom: false))
    },
    Kind(name: "disappeared") { _, _ in .disappeared },
    // Specification §10 and §11.
    Kind(
        name: "scrolled (held, readReceipts)", configuration: ChatConfiguration(readReceipts: true),
        prepare: { _ in [.dragBegan] }
    ) { i, n in
        .scrolled(offset: Double(n) * 100 + (i & 1 == 0 ? 0 : -300))
    },
    Kind(name: "messageAppended (readReceipts, following)", configuration: ChatConfiguration(readReceipts: true)) {
        i, _ in
        .messageAppended(message("a\(i)"), streaming: nil)
    },
    Kind(
        name: "messageAppended (beyond the window)", prepare: { _ in [.newerLoaded(messages: [], hasMoreNewer: true)] }
    ) { i, _ in
        .messageAppended(message("b\(i)"), streaming: nil)
    },
    Kind(
        name: "newerLoaded (1 message) + scrolled to the bottom",
        prepare: { _ in [.newerLoaded(messages: [], hasMoreNewer: true)] }
    ) { i, _ in
        i & 1 == 0 ? .newerLoaded(messages: [message("n\(i)")], hasMoreNewer: true) : .scrolled(offset: 1e9)
    },
    Kind(name: "loadNewerFailed") { _, _ in .loadNewerFailed },
    Kind(name: "jumpToMessage (not loaded) + windowLoadFailed", configuration: ChatConfiguration(windowedHistory: true))
    { i, _ in
        i & 1 == 0 ? .jumpToMessage(id: "x\(i)") : .windowLoadFailed
    },
    Kind(name: "windowLoaded (50 messages)") { i, _ in
        .windowLoaded(messages: (0..<50).map { message("w\(i)-\($0)") }, hasMoreOlder: true, hasMoreNewer: i & 1 == 0)
    },
]

let sizes = [1_000, 100_000, 1_000_000]

let benchmarks: @Sendable () -> Void = {
    // Per-event cost: the time of one event (the inner loop runs 1,000 of them per sample),
    // and the allocations it makes.
    for size in sizes {
        for kind in kinds {
            let box = StateBox()
            Benchmark(
                "\(kind.name) @ \(size) messages",
                configuration: .init(
                    metrics: [.wallClock, .cpuTotal, .mallocCountTotal],
                    scalingFactor: .kilo,
                    maxDuration: .milliseconds(400),
                    maxIterations: 2_000),
                closure: { benchmark in
                    var state = box.state
                    box.state = ChatState()
                    var counter = box.counter
                    for _ in benchmark.scaledIterations {
                        state.reduce(kind.event(counter, size))
                        counter += 1
                    }
                    blackHole(state.offset)
                    box.counter = counter
                    box.state = state
                },
                setup: {
                    var state = preparedState(messages: size, configuration: kind.configuration)
                    for event in kind.prepare(size) { state.reduce(event) }
                    box.state = state
                    box.counter = 0
                },
                teardown: { box.state = ChatState() })
        }
    }

    // Specification §11: a window replaces everything that is loaded; its cost must not grow with what
    // it replaces. Each iteration prepares a conversation of `size` messages (not measured) and
    // measures one windowLoaded of 50 messages that replaces it.
    for size in sizes {
        let window = (0..<50).map { message("w\($0)") }
        Benchmark(
            "windowLoaded (50 messages) replacing \(size) messages",
            configuration: .init(
                metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(10),
                maxIterations: size > 100_000 ? 8 : 200)
        ) { benchmark in
            var state = preparedState(messages: size)
            benchmark.startMeasurement()
            state.reduce(.windowLoaded(messages: window, hasMoreOlder: true, hasMoreNewer: true))
            benchmark.stopMeasurement()
            blackHole(state.messageCount)
        }
    }

    // Specification §10: opening at the first unread message of a history of `size` messages, 20 from
    // its end (each iteration prepares the history, not measured).
    for size in sizes {
        var history: [ChatMessage] = []
        for index in 0..<size { history.append(message("h\(index)")) }
        let opening = ChatEvent.historyLoaded(messages: history, hasMoreOlder: true, firstUnreadID: "h\(size - 20)")
        let plain = ChatEvent.historyLoaded(messages: history, hasMoreOlder: true)
        for (name, event) in [("historyLoaded", plain), ("historyLoaded with firstUnreadID", opening)] {
            Benchmark(
                "\(name) of \(size) messages (readReceipts)",
                configuration: .init(
                    metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(10),
                    maxIterations: size > 100_000 ? 8 : 200)
            ) { benchmark in
                var state = ChatState(configuration: ChatConfiguration(readReceipts: true))
                state.reduce(.viewportChanged(height: 844, insetTop: 91, insetBottom: 83))
                benchmark.startMeasurement()
                state.reduce(event)
                benchmark.stopMeasurement()
                blackHole(state.messageCount)
            }
        }
    }

    // Memory: loading one million messages through the reducer (short ids).
    Benchmark(
        "load 1,000,000 messages (historyLoaded)",
        configuration: .init(
            metrics: [.wallClock, .mallocCountTotal, .memoryLeaked, .peakMemoryResident, .allocatedResidentMemory],
            maxDuration: .seconds(10), maxIterations: 5)
    ) { benchmark in
        var history: [ChatMessage] = []
        history.reserveCapacity(1_000_000)
        for index in 0..<1_000_000 { history.append(message("h\(index)")) }
        benchmark.startMeasurement()
        var state = ChatState()
        state.reduce(.viewportChanged(height: 844, insetTop: 91, insetBottom: 83))
        state.reduce(.historyLoaded(messages: history, hasMoreOlder: true))
        blackHole(state.messageCount)
        benchmark.stopMeasurement()
    }
}
