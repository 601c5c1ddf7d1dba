/// Keeps the most recent events an app fed to the scroll engine, so that a misbehaving screen
/// can hand over a log that replays it.
///
/// Embed one next to the reducer and record every event you reduce:
///
/// ```swift
/// var recorder = ChatRecorder(configuration: config)           // the newest 10,000 events
/// recorder.record(.messageAppended(message, streaming: nil), time: clock.now)
/// state.reduce(.messageAppended(message, streaming: nil))
/// // later, from a "report a problem" button:
/// let log = recorder.exportLog(metadata: ["app": "1.4.2 (311)"], redactingIDs: true) // ChatLogFormat
/// ```
///
/// Once more than ``capacity`` events were recorded the oldest are gone; the last
/// `viewportChanged` that fell out is remembered and exported first
/// (``exportedEvents(includingEvictedViewport:)``). Export (the ChatLogFormat module's, so that
/// recording links no JSON code), what it keeps private, and the way from a report to a golden
/// test: the ChatReplay module's article "From a Bug Report to a Golden Test".
///
/// - Complexity: ``record(_:)`` is O(1) and allocates nothing itself: a ring buffer over storage
///   allocated once. A copy copies the storage once, so record into one recorder in place.
public struct ChatRecorder: Sendable {
    /// The default number of events kept: 10,000.
    public static let defaultCapacity = 10_000

    /// The configuration written into the exported header.
    public var configuration: ChatConfiguration
    /// The number of events kept at most.
    public let capacity: Int
    /// Preallocated slots; slot `(start + k) % capacity` holds the k-th oldest kept event.
    private var storage: [LoggedEvent]
    /// The slot of the oldest kept event.
    private var start = 0
    /// The number of kept events, at most ``capacity``.
    public private(set) var count = 0
    /// The number of events recorded and since dropped to make room.
    public private(set) var droppedCount = 0
    /// The newest `viewportChanged` that was dropped, exported first when the buffer wrapped.
    public private(set) var evictedViewport: LoggedEvent?

    /// Creates a recorder that keeps the newest `capacity` events (at least one).
    public init(configuration: ChatConfiguration = ChatConfiguration(), capacity: Int = ChatRecorder.defaultCapacity) {
        self.configuration = configuration
        self.capacity = max(1, capacity)
        storage = Array(repeating: LoggedEvent(.disappeared), count: self.capacity)
    }

    /// Whether older events were dropped to make room.
    public var hasWrapped: Bool { droppedCount > 0 }

    /// Records `logged`, dropping the oldest event when the buffer is full. O(1).
    public mutating func record(_ logged: LoggedEvent) {
        if count < capacity {
            var slot = start + count
            if slot >= capacity { slot -= capacity }
            storage[slot] = logged
            count += 1
            return
        }
        if case .viewportChanged = storage[start].event { evictedViewport = storage[start] }
        storage[start] = logged
        start += 1
        if start == capacity { start = 0 }
        droppedCount += 1
    }

    /// Records `event` with an optional timestamp `time` in seconds. O(1).
    public mutating func record(_ event: ChatEvent, time: Double? = nil) {
        record(LoggedEvent(event, time: time))
    }

    /// Forgets every event.
    public mutating func removeAll() {
        start = 0
        count = 0
        droppedCount = 0
        evictedViewport = nil
    }

    /// The kept events, oldest first, as recorded (text and ids included).
    public var events: [LoggedEvent] {
        var result: [LoggedEvent] = []
        result.reserveCapacity(count)
        forEach { result.append($0) }
        return result
    }

    /// Calls `body` with each kept event, oldest first.
    public func forEach(_ body: (LoggedEvent) throws -> Void) rethrows {
        var slot = start
        for _ in 0..<count {
            try body(storage[slot])
            slot += 1
            if slot == capacity { slot = 0 }
        }
    }

    /// The events to export, oldest first: the kept events, preceded by ``evictedViewport``
    /// when the buffer wrapped, `includingEvictedViewport` and one was dropped.
    public func exportedEvents(includingEvictedViewport: Bool = true) -> [LoggedEvent] {
        var result: [LoggedEvent] = []
        result.reserveCapacity(count + 1)
        if includingEvictedViewport, let evictedViewport {
            // Without the time: the event is older than the window and may predate its first "t".
            result.append(LoggedEvent(evictedViewport.event))
        }
        forEach { result.append($0) }
        return result
    }
}
