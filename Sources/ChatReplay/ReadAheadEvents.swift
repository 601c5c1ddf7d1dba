import ChatEvents
import ChatJSON
import ChatPlatform

/// Lines of a log as read, not yet decoded: their bytes one after another, and where each
/// lies, with its line number and whether a line break ended it. Held in memory of its own, so
/// that reading a line back costs no reference counting.
final class RawLines: @unchecked Sendable {
    struct Line {
        var start: Int
        var end: Int
        var number: Int
        var terminated: Bool
    }

    private let bytes: ByteBuffer
    private let lines: UnsafeMutablePointer<Line>
    /// The number of lines held.
    private(set) var count = 0
    /// The most lines it holds.
    let capacity: Int

    init(lines: Int, bytes: Int) {
        capacity = lines
        self.lines = .allocate(capacity: max(lines, 1))
        self.bytes = ByteBuffer(capacity: bytes)
    }

    deinit {
        lines.deallocate()
    }

    /// Appends a line; at most `capacity` of them.
    func append(_ line: UnsafeBufferPointer<UInt8>, number: Int, terminated: Bool) {
        let start = bytes.count
        bytes.append(line)
        (lines + count).initialize(to: Line(start: start, end: bytes.count, number: number, terminated: terminated))
        count += 1
    }

    /// The bytes, number and ending of line `index`.
    func line(_ index: Int) -> (bytes: UnsafeBufferPointer<UInt8>, number: Int, terminated: Bool) {
        let line = lines[index]
        return (
            UnsafeBufferPointer(start: bytes.base + line.start, count: line.end - line.start), line.number,
            line.terminated
        )
    }
}

/// The events of a log, read ahead on a thread of their own while the caller replays them.
///
/// Reading and decoding a large log costs about as much as replaying it, and the two run side
/// by side on two cores. The reading thread hands over batches of ``batchSize`` lines through a
/// ring of ``slotCount`` slots (and ``batchBytes`` of lines at most), so at most that many
/// batches are ever held and memory stays flat in the log's length. A batch holds the lines
/// decoded into events, or, when the caller has lately waited for a batch after replaying one,
/// the lines as read, for the caller to decode: the decoding is shared so that neither thread
/// waits for the other.
///
/// Everything the caller sees is as if it read the log itself: the same events in the same
/// order, each skipped line handed to the skip handler on the caller's thread just before the
/// event that followed it, and a read error thrown after the events before it.
///
/// Where Dispatch is not available, the events are read on the caller's thread.
package final class ReadAheadEvents: @unchecked Sendable {
    /// Which thread decodes the lines.
    package enum Policy: Sendable {
        /// The reading thread, and the caller's too whenever it has waited for work after
        /// replaying some.
        case shared
        /// The reading thread alone.
        case readingThread
        /// The caller's thread alone (the reading thread only reads and splits lines).
        case callingThread
    }

    /// Lines per batch at most: enough that handing a batch over costs nothing per event, few
    /// enough that the replay starts at once.
    static let batchSize = 4_096
    /// Bytes of lines per batch at most, so that a log of large events (pages of history)
    /// holds little of itself in flight: memory stays that of the replay.
    static let batchBytes = 256 << 10
    /// Batches read ahead at most.
    static let slotCount = 3

    /// Events handed over from one thread to the other. The caller reads them where they lie
    /// (no event is copied, and its strings retained, on the way) and hands the buffer back
    /// with the next hand-over, so that the reading thread, not the replaying one, destroys the
    /// events and reuses the memory.
    private final class EventBuffer: @unchecked Sendable {
        let base: UnsafeMutablePointer<LoggedEvent>
        let capacity: Int
        private(set) var count = 0

        init(capacity: Int) {
            self.capacity = capacity
            base = .allocate(capacity: max(capacity, 1))
        }

        /// Appends an event; at most `capacity` of them.
        func append(_ event: consuming LoggedEvent) {
            (base + count).initialize(to: event)
            count += 1
        }

        /// Destroys the events, keeping the memory.
        func removeAll() {
            base.deinitialize(count: count)
            count = 0
        }

        deinit {
            base.deinitialize(count: count)
            base.deallocate()
        }
    }

    /// A run of the log: decoded events with the lines skipped among them, or lines as read;
    /// and how the run ended.
    private struct Batch {
        var events = EventBuffer(capacity: 0)
        /// Each skipped line's error, with the number of events of the batch read before it.
        var skips: [(before: Int, error: LogReadError)] = []
        /// Lines for the caller to decode, after the events.
        var raw = RawLines(lines: 0, bytes: 0)
        /// The error that ended the log, thrown after the batch's events and lines.
        var error: LogReadError?
        /// Whether the log ends with this batch.
        var isLast = false
    }

    private let reader: ChatLogReader
    private let onSkip: (LogReadError) -> Void
    private let policy: Policy

    // The caller's side.
    private var current = Batch()

    #if canImport(Dispatch)
    private let slots: UnsafeMutablePointer<Batch?>
    /// The events of the batch the caller took from each slot before this one's, handed back
    /// for the reading thread to destroy when it next fills the slot.
    private let spent: UnsafeMutablePointer<EventBuffer?>
    private let filled = Semaphore(value: 0)
    private let free = Semaphore(value: slotCount)
    private let stopped = Semaphore(value: 0)
    /// Guards `stopRequested` and `callerWaited`, which both threads touch.
    private let lock = Semaphore(value: 1)
    private var stopRequested = false
    /// Whether the caller, having replayed a batch, waited for the next one since the reading
    /// thread last looked.
    private var callerWaited = false
    private var readSlot = 0

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
    init(_ reader: ChatLogReader, policy: Policy = .shared) {
        self.reader = reader
        self.policy = policy
        onSkip = reader.onSkip
        #if canImport(Dispatch)
        slots = .allocate(capacity: Self.slotCount)
        slots.initialize(repeating: nil, count: Self.slotCount)
        spent = .allocate(capacity: Self.slotCount)
        spent.initialize(repeating: nil, count: Self.slotCount)
        reader.onSkip = { [collector] error in
            collector.skips.append((collector.eventsRead, error))
        }
        startThread(named: "ChatReplay.ReadAheadEvents") { self.readAll() }
        #endif
    }

    deinit {
        #if canImport(Dispatch)
        slots.deinitialize(count: Self.slotCount)
        slots.deallocate()
        spent.deinitialize(count: Self.slotCount)
        spent.deallocate()
        #endif
    }

    /// Calls `body` with `context` and each event of the log in turn.
    ///
    /// The events are not copied or moved on their way to `body`, and are destroyed on the
    /// reading thread. Each is handed over `inout` so that it is passed where it lies (a value
    /// borrowed from memory the compiler cannot see is copied first); `body` may swap a value
    /// out of it, and what it leaves there is destroyed in the event's place. What `body` reads
    /// large values from — the replayer and its state — is `context` rather than a variable it
    /// captures, which the compiler copies before reading it in place.
    ///
    /// - Throws: The ``LogReadError`` that ended the log, after every event before it.
    func forEach<Context>(
        updating context: inout Context, _ body: (inout Context, inout LoggedEvent) -> Void
    ) throws(LogReadError) {
        #if canImport(Dispatch)
        var replayedBatch = false
        while true {
            let events = current.events
            let skips = current.skips
            var nextSkip = 0
            for position in 0..<events.count {
                while nextSkip < skips.count, skips[nextSkip].before == position {
                    onSkip(skips[nextSkip].error)
                    nextSkip += 1
                }
                body(&context, &events.base[position])
            }
            while nextSkip < skips.count {
                onSkip(skips[nextSkip].error)
                nextSkip += 1
            }
            let raw = current.raw
            for index in 0..<raw.count {
                let line = raw.line(index)
                switch reader.outcome(ofEventLine: line.bytes, number: line.number, terminated: line.terminated) {
                case .event(var event):
                    body(&context, &event)
                case .skipped(let error):
                    onSkip(error)
                case .failed(let error):
                    current = Batch(isLast: true)
                    throw error
                }
            }
            if current.isLast {
                let error = current.error
                current = Batch(isLast: true)
                if let error { throw error }
                return
            }
            if !filled.tryWait() {
                // Waiting after a batch, not for the first: the reading thread falls behind.
                if replayedBatch {
                    lock.wait()
                    callerWaited = true
                    lock.signal()
                }
                filled.wait()
            }
            replayedBatch = true
            current = slots[readSlot] ?? Batch(isLast: true)
            slots[readSlot] = nil
            // Handed back with the caller's last reference, so that the reading thread destroys
            // the events.
            spent[readSlot] = consume events
            readSlot = (readSlot + 1) % Self.slotCount
            free.signal()
        }
        #else
        while var event = try reader.next() { body(&context, &event) }
        #endif
    }

    /// Stops the reading thread, waits for it, and gives the reader its skip handler back.
    /// Call it once, when done with the events.
    func finish() {
        #if canImport(Dispatch)
        lock.wait()
        stopRequested = true
        lock.signal()
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
        var rawNext = policy == .callingThread
        // Hand-overs since the caller last waited after replaying a batch.
        var handOversSinceWait = Self.handOversAfterWait
        // Memory for events that the caller handed back, emptied here.
        var recycled: EventBuffer?
        while true {
            var batch = Batch()
            do throws(LogReadError) {
                if rawNext, !reader.hasFirstEvent {
                    try readRaw(into: &batch, from: reader)
                } else {
                    let events = recycled ?? EventBuffer(capacity: Self.batchSize)
                    recycled = nil
                    try readEvents(into: &batch, events: events, from: reader, collector: collector)
                }
            } catch {
                batch.error = error
                batch.isLast = true
            }
            free.wait()
            lock.wait()
            let stop = stopRequested
            // Whether the caller waits for the batch about to go over.
            let callerWaits = callerWaited
            callerWaited = false
            lock.signal()
            if stop { break }
            let handedBack = spent[writeSlot]
            spent[writeSlot] = nil
            slots[writeSlot] = batch
            writeSlot = (writeSlot + 1) % Self.slotCount
            filled.signal()
            if batch.isLast { break }
            // The caller's spent events die here, off its thread.
            if var handedBack, handedBack.capacity == Self.batchSize, isKnownUniquelyReferenced(&handedBack) {
                handedBack.removeAll()
                recycled = handedBack
            }
            // The caller waiting for the batch just handed over, after replaying one, means
            // that this thread falls behind: the next batch goes over undecoded, for the
            // caller to decode. For a few hand-overs after such a wait, so does any batch that
            // finds the caller with nothing but the batch just handed over (every other slot
            // free). The caller waits for the first batch whichever thread is faster, and a
            // caller that never waited again is replaying more slowly than this thread reads:
            // it gets no lines to decode.
            switch policy {
            case .shared:
                handOversSinceWait = callerWaits ? 0 : handOversSinceWait &+ 1
                rawNext = callerWaits || (handOversSinceWait < Self.handOversAfterWait && callerHasOnlyLastBatch())
            case .readingThread, .callingThread: break
            }
        }
        stopped.signal()
    }

    /// Hand-overs after the caller waited during which a batch goes over undecoded whenever the
    /// caller holds nothing but the batch just handed over.
    static let handOversAfterWait = 4

    /// Whether every slot but the one just filled is free: the caller has taken all the other
    /// batches and will want the next one as soon as it is done with this one.
    private func callerHasOnlyLastBatch() -> Bool {
        var freeSlots = 0
        while freeSlots < Self.slotCount - 1, free.tryWait() { freeSlots += 1 }
        for _ in 0..<freeSlots { free.signal() }
        return freeSlots == Self.slotCount - 1
    }

    /// Reads a batch of lines and decodes them.
    private func readEvents(
        into batch: inout Batch, events: EventBuffer, from reader: ChatLogReader, collector: SkipCollector
    ) throws(LogReadError) {
        batch.events = events
        collector.eventsRead = 0
        defer {
            batch.skips = collector.skips
            collector.skips.removeAll()
        }
        let limit = reader.bytesRead + Self.batchBytes
        while events.count < Self.batchSize, reader.bytesRead < limit {
            guard let event = try reader.next() else {
                batch.isLast = true
                return
            }
            events.append(event)
            collector.eventsRead = events.count
        }
    }

    /// Reads a batch of lines without decoding them.
    private func readRaw(into batch: inout Batch, from reader: ChatLogReader) throws(LogReadError) {
        let raw = RawLines(lines: Self.batchSize, bytes: Self.batchBytes + 4_096)
        batch.raw = raw
        let limit = reader.bytesRead + Self.batchBytes
        while raw.count < Self.batchSize, reader.bytesRead < limit {
            guard try reader.appendNextLine(to: raw) else {
                batch.isLast = true
                return
            }
        }
    }
    #endif
}
