#if canImport(Dispatch)
import Dispatch
#endif
import ChatEvents

/// The events of a log, read and decoded ahead on a thread of their own while the caller
/// replays them: reading a large log and replaying it take about as long as each other, and
/// the two run side by side on two cores.
///
/// The reading thread hands over events in batches of ``batchSize`` through a ring of
/// ``slotCount`` slots, so at most that many batches are ever held and memory stays flat in the
/// log's length. Everything the caller sees is as if it read the log itself: the same events in
/// the same order, each skipped line handed to the skip handler on the caller's thread just
/// before the event that followed it, and a read error thrown after the events before it.
///
/// Where Dispatch is not available, the events are read on the caller's thread.
final class ReadAheadEvents: @unchecked Sendable {
    /// Events per batch: enough that handing a batch over costs nothing per event, few enough
    /// that the replay starts at once.
    static let batchSize = 2_048
    /// Batches read ahead at most.
    static let slotCount = 4

    /// Events handed over from one thread to the other, and then moved out one by one: no
    /// event is copied (and its strings retained) on the way.
    private final class EventBuffer: @unchecked Sendable {
        private let base: UnsafeMutablePointer<LoggedEvent>
        private(set) var count = 0
        private var taken = 0

        init(capacity: Int) {
            base = .allocate(capacity: capacity)
        }

        /// Appends an event; at most `capacity` of them.
        func append(_ event: consuming LoggedEvent) {
            (base + count).initialize(to: event)
            count += 1
        }

        /// Moves the next event out; call it at most `count` times.
        func take() -> LoggedEvent {
            taken += 1
            return (base + taken - 1).move()
        }

        deinit {
            (base + taken).deinitialize(count: count - taken)
            base.deallocate()
        }
    }

    /// A run of events, with the lines skipped among them and how the run ended.
    private struct Batch {
        var events = EventBuffer(capacity: 0)
        /// Each skipped line's error, with the number of events of the batch read before it.
        var skips: [(before: Int, error: LogReadError)] = []
        /// The error that ended the log, thrown after the batch's events.
        var error: LogReadError?
        /// Whether the log ends with this batch.
        var isLast = false
    }

    private let reader: ChatLogReader
    private let onSkip: (LogReadError) -> Void

    // The caller's side.
    private var current = Batch()
    private var position = 0
    private var nextSkip = 0
    private var isDone = false

    #if canImport(Dispatch)
    private let slots: UnsafeMutablePointer<Batch?>
    private let filled = DispatchSemaphore(value: 0)
    private let free = DispatchSemaphore(value: slotCount)
    private let stopped = DispatchSemaphore(value: 0)
    private var readSlot = 0
    /// Set by the caller before it signals `free`, read by the reading thread after it waits on
    /// `free`: the semaphore orders the two.
    private var stopRequested = false
    /// The lines skipped in the batch being read. The reading thread's alone, and an object of
    /// its own: were its per-event count a field of this object, the two threads would write the
    /// same cache line for every event.
    private final class SkipCollector {
        var eventsRead = 0
        var skips: [(before: Int, error: LogReadError)] = []
    }

    private let collector = SkipCollector()
    #endif

    /// Starts reading `reader`'s remaining events ahead.
    init(_ reader: ChatLogReader) {
        self.reader = reader
        onSkip = reader.onSkip
        #if canImport(Dispatch)
        slots = .allocate(capacity: Self.slotCount)
        slots.initialize(repeating: nil, count: Self.slotCount)
        reader.onSkip = { [collector] error in
            collector.skips.append((collector.eventsRead, error))
        }
        DispatchQueue(label: "ChatReplay.ReadAheadEvents").async { self.readAll() }
        #endif
    }

    deinit {
        #if canImport(Dispatch)
        slots.deinitialize(count: Self.slotCount)
        slots.deallocate()
        #endif
    }

    /// The next event, or `nil` at the end of the log.
    ///
    /// - Throws: The ``LogReadError`` that ended the log, after every event before it.
    func next() throws(LogReadError) -> LoggedEvent? {
        #if canImport(Dispatch)
        while true {
            while nextSkip < current.skips.count, current.skips[nextSkip].before == position {
                onSkip(current.skips[nextSkip].error)
                nextSkip += 1
            }
            if position < current.events.count {
                position += 1
                return current.events.take()
            }
            if current.isLast {
                guard !isDone else { return nil }
                isDone = true
                if let error = current.error { throw error }
                return nil
            }
            filled.wait()
            current = slots[readSlot] ?? Batch(isLast: true)
            slots[readSlot] = nil
            readSlot = (readSlot + 1) % Self.slotCount
            free.signal()
            position = 0
            nextSkip = 0
        }
        #else
        return try reader.next()
        #endif
    }

    /// Stops the reading thread, waits for it, and gives the reader its skip handler back.
    /// Call it once, when done with the events.
    func finish() {
        #if canImport(Dispatch)
        stopRequested = true
        for _ in 0..<Self.slotCount { free.signal() }
        stopped.wait()
        reader.onSkip = onSkip
        #endif
    }

    #if canImport(Dispatch)
    /// The reading thread: fills batches until the log ends, fails, or the caller stops.
    ///
    /// Between two hand-overs it touches nothing the caller's thread writes: the reader, the
    /// batch and the skip collector are its own.
    private func readAll() {
        let reader = self.reader
        let collector = self.collector
        var writeSlot = 0
        while true {
            var batch = Batch()
            let events = EventBuffer(capacity: Self.batchSize)
            batch.events = events
            collector.eventsRead = 0
            do throws(LogReadError) {
                while events.count < Self.batchSize {
                    guard let event = try reader.next() else {
                        batch.isLast = true
                        break
                    }
                    events.append(event)
                    collector.eventsRead = events.count
                }
            } catch {
                batch.error = error
                batch.isLast = true
            }
            batch.skips = collector.skips
            collector.skips.removeAll()
            free.wait()
            if stopRequested { break }
            slots[writeSlot] = batch
            writeSlot = (writeSlot + 1) % Self.slotCount
            filled.signal()
            if batch.isLast { break }
        }
        stopped.signal()
    }
    #endif
}
