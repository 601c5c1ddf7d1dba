import ChatEvents
import ChatJSON
import ChatReducer
import ChatScrollUtilities

/// Writes the JSON lines of a replay, each by copying the previous line with the values that
/// changed written anew: each value the line shows is compared with the state's, and only
/// those that changed are written; the stretches between them are copied over.
///
/// A line is about 650 bytes and 27 keys, and a step changes a handful of its values (the step
/// number, the offset, a height). The values are read from the state where they lie, not
/// through a ``ReplaySnapshot`` taken at every step, which cost more than the reducer's step.
/// The bytes are exactly those of ``ReplaySnapshot/writeJSONLine(to:noting:)``, which
/// `JSONLineWriterTests` checks step by step.
///
/// The lines collect in the writer's buffer until ``flush(_:)`` hands them out; the last line
/// stays behind as the next one's model. Copies share the buffer: a replay uses one writer.
struct JSONLineWriter {
    /// The values the last line shows.
    private var shown = ReplaySnapshot(state: ChatState(), step: 0, event: nil)
    /// The lines and where the last one's values lie.
    private let memory = LineMemory()
    private var hasLine = false
    /// The type of the event the line shows (`shown.event` stays the first event: only the
    /// type shows, and keeping it costs nothing).
    private var shownType: ChatEvent.EventType?
    /// Where a changed value that is not a number, a flag or a name is written first.
    private var value = JSONWriter(reservingCapacity: 256)

    private static var fieldCount: Int { ReplaySnapshot.LineField.ordered.count }
    /// Room kept free after the last line for the next one to grow by values written straight
    /// into the buffer (numbers, flags and names, each well under 64 bytes).
    private static let slack = 64 * 27

    /// The memory of the lines, freed with the last copy of the writer. (A class, not a
    /// noncopyable writer with a `deinit`, which the compiler fails to build with
    /// ThreadSanitizer.)
    private final class LineMemory {
        /// The lines written: `count` bytes; those from `flushed` on are not yet handed out, and
        /// the last line, with its line break, lies at `lineStart..<count`.
        let buffer = ByteBuffer(capacity: 1 << 17)
        var bytes: UnsafeMutablePointer<UInt8> { buffer.base }
        var count: Int {
            get { buffer.count }
            set { buffer.count = newValue }
        }
        @exclusivity(unchecked) var flushed = 0
        @exclusivity(unchecked) var lineStart = 0
        /// Where each field's value starts and ends in the last line, from its start: field `i`
        /// at `bounds[2 * i]..<bounds[2 * i + 1]`.
        let bounds: UnsafeMutablePointer<Int>

        init() {
            bounds = .allocate(capacity: 2 * JSONLineWriter.fieldCount)
            bounds.initialize(repeating: 0, count: 2 * JSONLineWriter.fieldCount)
        }

        deinit {
            bounds.deallocate()
        }

        /// Makes room for `needed` bytes in all, keeping the first `kept` (by default, the
        /// lines written).
        func reserve(_ needed: Int, keeping kept: Int? = nil) { buffer.reserve(needed, keeping: kept) }
    }

    /// The number of bytes written and not yet handed out by ``flush(_:)``.
    var pendingCount: Int { memory.count - memory.flushed }

    /// Hands the lines written since the last call to `body`, and forgets them but the last.
    mutating func flush(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        let memory = memory
        guard memory.count > memory.flushed else { return }
        body(UnsafeBufferPointer(start: memory.bytes + memory.flushed, count: memory.count - memory.flushed))
        // The last line stays, at the start, as the model of the next one.
        memory.buffer.removeFirst(memory.lineStart)
        memory.lineStart = 0
        memory.flushed = memory.count
    }

    /// Writes the JSON line of the `step`-th step and a line break: `state` after `event`, with
    /// the replay's own `extraWarnings`.
    ///
    /// `state` is not changed: it is `inout` to be read where it lies, through the members
    /// that ``ChatState/viewMetrics`` lists; a borrowed state would be copied to be passed here.
    ///
    /// - Complexity: O(1) for the fields that did not change, besides what computing the
    ///   state's derived values costs (O(log n) at most); O(`line`) to copy the line over.
    mutating func write(
        _ state: inout ChatState, step: Int, event: borrowing ChatEvent, extraWarnings: [String]
    ) {
        guard hasLine else { return writeFirst(copy state, step: step, event: event, extraWarnings: extraWarnings) }
        // Asked first, so that its values are stored well before they are compared: a value
        // read back at once from where it was just stored stalls the processor.
        let metrics = state.viewMetrics
        var changed: UInt32 = 0
        // The step number goes up by one: its digits are counted up in the copy.
        var countsUp = false
        if step != shown.step {
            // 9 to 10, 99 to 100: the number grows by a digit, and is written anew.
            countsUp = step == shown.step &+ 1 && Self.stepCountsUp(in: memory)
            shown.step = step
            if !countsUp { changed |= 1 << ReplaySnapshot.LineField.step.rawValue }
        }
        let type = event.type
        if type != shownType {
            shownType = type
            changed |= 1 << ReplaySnapshot.LineField.event.rawValue
        }
        Self.note(state.mode, in: &shown.mode, .mode, &changed)
        Self.note(metrics.offset, in: &shown.offset, .offset, &changed)
        Self.note(metrics.contentHeight, in: &shown.contentHeight, .contentHeight, &changed)
        Self.note(metrics.visibleHeight, in: &shown.visibleHeight, .visibleHeight, &changed)
        Self.note(metrics.isAtBottom, in: &shown.isAtBottom, .isAtBottom, &changed)
        Self.note(state.offsetReason, in: &shown.offsetReason, .offsetReason, &changed)
        if !state.scrollTarget(equals: shown.scrollTarget) {
            shown.scrollTarget = state.scrollTarget
            changed |= 1 << ReplaySnapshot.LineField.scrollTarget.rawValue
        }
        Self.note(metrics.unreadCount, in: &shown.unreadCount, .unreadCount, &changed)
        Self.note(metrics.showJumpToLatest, in: &shown.showJumpToLatest, .showJumpToLatest, &changed)
        if !state.animating(equals: shown.animating) {
            shown.animating = state.animating
            changed |= 1 << ReplaySnapshot.LineField.animating.rawValue
        }
        Self.note(state.isLoadingOlder, in: &shown.isLoadingOlder, .isLoadingOlder, &changed)
        Self.note(state.hasMoreOlder, in: &shown.hasMoreOlder, .hasMoreOlder, &changed)
        if !state.effects(equal: shown.effects) {
            shown.effects = state.effects
            changed |= 1 << ReplaySnapshot.LineField.effects.rawValue
        }
        Self.note(state.keyboardHeight, in: &shown.keyboardHeight, .keyboardHeight, &changed)
        Self.note(state.inputFocused, in: &shown.inputFocused, .inputFocused, &changed)
        Self.note(metrics.userHoldsView, in: &shown.userHoldsView, .userHoldsView, &changed)
        if !state.markedIDs(equal: shown.highlightedID, shown.unreadDividerID, shown.readUpTo) {
            let ids = state.markedIDs
            Self.note(ids.highlighted, in: &shown.highlightedID, .highlightedID, &changed)
            Self.note(ids.unreadDivider, in: &shown.unreadDividerID, .unreadDividerID, &changed)
            Self.note(ids.readUpTo, in: &shown.readUpTo, .readUpTo, &changed)
        }
        Self.note(metrics.trailingSpacer, in: &shown.trailingSpacer, .trailingSpacer, &changed)
        Self.note(metrics.messageCount, in: &shown.messageCount, .messageCount, &changed)
        if !(state.hasNoWarnings && extraWarnings.isEmpty && shown.warnings.isEmpty) {
            let warnings = ReplaySnapshot.warnings(reducer: state.warnings, replay: extraWarnings)
            Self.note(warnings, in: &shown.warnings, .warnings, &changed)
        }
        Self.note(state.hasMoreNewer, in: &shown.hasMoreNewer, .hasMoreNewer, &changed)
        Self.note(state.isLoadingNewer, in: &shown.isLoadingNewer, .isLoadingNewer, &changed)
        Self.note(state.pendingWindow, in: &shown.pendingWindow, .pendingWindow, &changed)
        Self.note(state.headerHeight, in: &shown.headerHeight, .headerHeight, &changed)
        Self.note(state.footerHeight, in: &shown.footerHeight, .footerHeight, &changed)
        Self.note(state.pendingRestore, in: &shown.pendingRestore, .pendingRestore, &changed)
        copyLine(changed, countingUpStep: countsUp)
    }

    /// Writes the first line whole, noting where its values lie.
    private mutating func writeFirst(
        _ state: borrowing ChatState, step: Int, event: borrowing ChatEvent, extraWarnings: [String]
    ) {
        shown = ReplaySnapshot(state: copy state, step: step, event: copy event, extraWarnings: extraWarnings)
        shownType = event.type
        var whole = JSONWriter(reservingCapacity: 1024)
        let bounds = memory.bounds
        shown.writeJSONLine(to: &whole) { field, value in
            bounds[2 * field.rawValue] = value.lowerBound
            bounds[2 * field.rawValue + 1] = value.upperBound
        }
        whole.appendRaw(0x0A)
        let memory = memory
        whole.withBytes { line in
            memory.reserve(memory.count + line.count + Self.slack)
            if let source = line.baseAddress { (memory.bytes + memory.count).update(from: source, count: line.count) }
            memory.lineStart = memory.count
            memory.count += line.count
        }
        hasLine = true
    }

    /// Appends a copy of the last line with the values of the fields in `changed` written
    /// anew, and the step number one up when `countingUpStep`; notes where the new line's
    /// values lie.
    private mutating func copyLine(_ changed: UInt32, countingUpStep: Bool) {
        let memory = memory
        let bounds = memory.bounds
        let oldStart = memory.lineStart
        let oldLength = memory.count - oldStart
        memory.reserve(memory.count + oldLength + Self.slack)
        let newStart = memory.count
        // `from` is where the copying stands in the old line, `to` in the new one.
        var from = 0
        var to = 0
        var shift = 0
        var nextBound = 0
        var remaining = changed
        while remaining != 0 {
            let index = remaining.trailingZeroBitCount
            remaining &= remaining - 1
            guard let field = ReplaySnapshot.LineField(rawValue: index) else { continue }
            let valueStart = bounds[2 * index]
            let valueEnd = bounds[2 * index + 1]
            if shift != 0 {
                for bound in nextBound..<(2 * index) { bounds[bound] &+= shift }
            }
            let stretch = valueStart - from
            (memory.bytes + newStart + to).update(from: memory.bytes + oldStart + from, count: stretch)
            to += stretch
            let length = writeValue(of: field, at: newStart + to)
            bounds[2 * index] = to
            to += length
            bounds[2 * index + 1] = to
            shift = to - valueEnd
            from = valueEnd
            nextBound = 2 * index + 2
        }
        if shift != 0 {
            for bound in nextBound..<(2 * Self.fieldCount) { bounds[bound] &+= shift }
        }
        (memory.bytes + newStart + to).update(from: memory.bytes + oldStart + from, count: oldLength - from)
        memory.lineStart = newStart
        memory.count = newStart + to + oldLength - from
        if countingUpStep { Self.countUp(memory.bytes + newStart, bounds[0]..<bounds[1]) }
    }

    /// Whether the step number in the last line can be counted up in place: it is not all 9s.
    private static func stepCountsUp(in memory: LineMemory) -> Bool {
        let line = memory.bytes + memory.lineStart
        for index in memory.bounds[0]..<memory.bounds[1] where line[index] != UInt8(ascii: "9") { return true }
        return false
    }

    /// Adds one to the decimal digits at `digits` in `line`, which are not all 9s.
    @inline(__always)
    private static func countUp(_ line: UnsafeMutablePointer<UInt8>, _ digits: Range<Int>) {
        var index = digits.upperBound
        while index > digits.lowerBound {
            index -= 1
            if line[index] < UInt8(ascii: "9") {
                line[index] += 1
                // The 9s after it turn to 0s.
                for nine in (index + 1)..<digits.upperBound { line[nine] = UInt8(ascii: "0") }
                return
            }
        }
    }

    /// Notes in `changed` that `field` changed when `value` differs from the `shown` one, which
    /// it then replaces.
    @inline(__always)
    private static func note<Value: Equatable>(
        _ value: Value, in shown: inout Value, _ field: ReplaySnapshot.LineField, _ changed: inout UInt32
    ) {
        if value != shown {
            shown = value
            changed |= 1 << field.rawValue
        }
    }

    /// Notes in `changed` that `field` changed when `value` differs from the `shown` one, and
    /// stores it: for plain values, without a branch that the processor would have to guess.
    @inline(__always)
    private static func note<Value: Equatable & BitwiseCopyable>(
        _ value: Value, in shown: inout Value, _ field: ReplaySnapshot.LineField, _ changed: inout UInt32
    ) {
        changed |= value != shown ? 1 << field.rawValue : 0
        shown = value
    }

    /// Writes the shown value of `field` at `position` in the buffer, which has room for a
    /// number, a flag or a name; returns its length. Numbers, flags and names go straight into
    /// the buffer, the rest through ``ReplaySnapshot/writeValue(of:to:)``.
    private mutating func writeValue(of field: ReplaySnapshot.LineField, at position: Int) -> Int {
        let memory = memory
        switch shown.scalar(field, eventType: shownType) {
        case .integer(let value)?: return Self.write(integer: Int64(value), at: position, in: memory)
        case .number(let value?)?: return Self.write(number: value, at: position, in: memory)
        case .number(nil)?: return Self.write(literal: "null", at: position, in: memory)
        case .flag(let value)?: return Self.write(flag: value, at: position, in: memory)
        case .name(let value)?: return Self.write(name: value, at: position, in: memory)
        case nil:
            // Strings that may need escaping, and objects and arrays: the general writer.
            value.removeAll()
            shown.writeValue(of: field, to: &value)
            return value.withBytes { Self.write($0, at: position, in: memory) }
        }
    }

    /// Writes `true` or `false` at `position`; returns its length.
    private static func write(flag: Bool, at position: Int, in memory: LineMemory) -> Int {
        write(literal: flag ? "true" : "false", at: position, in: memory)
    }

    /// Writes `literal` at `position`; returns its length.
    private static func write(literal: StaticString, at position: Int, in memory: LineMemory) -> Int {
        write(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount), at: position, in: memory)
    }

    /// Writes `number` at `position` as ``JSONWriter/number(_:)`` writes it; returns its length.
    /// The digits of a whole number go straight into the buffer.
    private static func write(number: Double, at position: Int, in memory: LineMemory) -> Int {
        guard let integer = wholeNumber(number) else {
            return JSONWriter.withBytes(ofNumber: number) { write($0, at: position, in: memory) }
        }
        return write(integer: integer, at: position, in: memory)
    }

    /// Writes the digits of `integer` at `position`; returns their number.
    private static func write(integer: Int64, at position: Int, in memory: LineMemory) -> Int {
        let length = JSONWriter.decimalLength(of: integer)
        _ = JSONWriter.writeDecimal(integer, endingAt: memory.bytes + position + length)
        return length
    }

    /// Writes `name` in quotes, or `null`, at `position`; returns its length. Only for the
    /// names of cases (letters alone), which need no escaping.
    private static func write(name: String?, at position: Int, in memory: LineMemory) -> Int {
        guard var name else { return write(literal: "null", at: position, in: memory) }
        let target = memory.bytes + position
        return name.withUTF8 { utf8 in
            target[0] = UInt8(ascii: "\"")
            for index in utf8.indices { target[1 + index] = utf8[index] }
            target[utf8.count + 1] = UInt8(ascii: "\"")
            return utf8.count + 2
        }
    }

    /// Writes `bytes` at `position`, making room for them when they are long; returns their
    /// number.
    private static func write(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int, in memory: LineMemory) -> Int {
        if bytes.count <= 16 {
            // A number or a short name: cheaper byte by byte than through a call to copy memory.
            let target = memory.bytes + position
            for index in bytes.indices { target[index] = bytes[index] }
        } else if let source = bytes.baseAddress {
            // Room for the value and the rest of the line after it (while a line is copied,
            // `count` still ends the one it is copied from).
            memory.reserve(
                position + bytes.count + (memory.count - memory.lineStart) + Self.slack, keeping: position)
            (memory.bytes + position).update(from: source, count: bytes.count)
        }
        return bytes.count
    }
}
