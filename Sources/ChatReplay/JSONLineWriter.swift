import ChatEvents
import ChatReducer

/// Writes the JSON line of each step of a replay by patching the previous step's line: each
/// value the line shows is compared with the state's, and only those that changed are written
/// anew.
///
/// A line is about 650 bytes and 27 keys, and a step changes a handful of its values (the step
/// number, the offset, a height). The values are read from the state where they lie, not
/// through a ``ReplaySnapshot`` taken at every step, which cost more than the reducer's step.
/// The bytes are exactly those of ``ReplaySnapshot/writeJSONLine(to:noting:)``, which
/// `JSONLineWriterTests` checks step by step. Copies share the line: a replay uses one.
struct JSONLineWriter {
    /// The values the line shows.
    private var shown = ReplaySnapshot(state: ChatState(), step: 0, event: nil)
    /// The line and where its values lie.
    private let memory = LineMemory()
    private var hasLine = false
    /// The type of the event the line shows (`shown.event` stays the first event: only the
    /// type shows, and keeping it costs nothing).
    private var shownType: ChatEvent.EventType?
    /// Where a changed value is written before it goes into `line`.
    private var value = JSONWriter(reservingCapacity: 256)

    private static var fieldCount: Int { ReplaySnapshot.LineField.ordered.count }

    /// The memory of the line, freed with the last copy of the writer. (A class, not a
    /// noncopyable writer with a `deinit`, which the compiler fails to build with
    /// ThreadSanitizer.)
    private final class LineMemory {
        /// The line, with its line break: `count` bytes of `capacity`.
        @exclusivity(unchecked) var line: UnsafeMutablePointer<UInt8>
        @exclusivity(unchecked) var count = 0
        @exclusivity(unchecked) var capacity = 1024
        /// Where each field's value starts and ends in `line`: field `i` at
        /// `bounds[2 * i]..<bounds[2 * i + 1]`.
        let bounds: UnsafeMutablePointer<Int>

        init() {
            line = .allocate(capacity: capacity)
            bounds = .allocate(capacity: 2 * JSONLineWriter.fieldCount)
            bounds.initialize(repeating: 0, count: 2 * JSONLineWriter.fieldCount)
        }

        deinit {
            line.deallocate()
            bounds.deallocate()
        }
    }

    private var line: UnsafeMutablePointer<UInt8> {
        get { memory.line }
        nonmutating set { memory.line = newValue }
    }

    private var count: Int {
        get { memory.count }
        nonmutating set { memory.count = newValue }
    }

    private var capacity: Int {
        get { memory.capacity }
        nonmutating set { memory.capacity = newValue }
    }

    private var bounds: UnsafeMutablePointer<Int> { memory.bounds }

    /// Appends the JSON line of the `step`-th step and a line break to `output`: `state` after
    /// `event`, with the replay's own `extraWarnings`.
    ///
    /// - Complexity: O(1) for the fields that did not change, besides what computing the
    ///   state's derived values costs (O(log n) at most); O(`line`) for each value whose length
    ///   changed.
    mutating func write(
        _ state: borrowing ChatState, step: Int, event: borrowing ChatEvent, extraWarnings: [String],
        to output: inout JSONWriter
    ) {
        guard hasLine else {
            shown = ReplaySnapshot(state: copy state, step: step, event: copy event, extraWarnings: extraWarnings)
            shownType = event.type
            var whole = JSONWriter(reservingCapacity: capacity)
            let bounds = bounds
            shown.writeJSONLine(to: &whole) { field, value in
                bounds[2 * field.rawValue] = value.lowerBound
                bounds[2 * field.rawValue + 1] = value.upperBound
            }
            whole.appendRaw(0x0A)
            count = 0
            whole.withBytes { bytes in
                if bytes.count > capacity { grow(toHold: bytes.count) }
                if let source = bytes.baseAddress { line.initialize(from: source, count: bytes.count) }
                count = bytes.count
            }
            hasLine = true
            output.appendRaw(UnsafeBufferPointer(start: line, count: count))
            return
        }
        var changed: UInt32 = 0
        // The step number goes up by one: its digits are counted up where they stand.
        if step != shown.step {
            if step == shown.step &+ 1 && countUp(.step) {
                shown.step = step
            } else {
                Self.note(step, in: &shown.step, .step, &changed)
            }
        }
        let type = event.type
        if type != shownType {
            shownType = type
            changed |= 1 << ReplaySnapshot.LineField.event.rawValue
        }
        Self.note(state.mode, in: &shown.mode, .mode, &changed)
        let metrics = state.viewMetrics
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
        Self.note(state.userHoldsView, in: &shown.userHoldsView, .userHoldsView, &changed)
        Self.note(state.highlightedID, in: &shown.highlightedID, .highlightedID, &changed)
        Self.note(metrics.trailingSpacer, in: &shown.trailingSpacer, .trailingSpacer, &changed)
        Self.note(metrics.messageCount, in: &shown.messageCount, .messageCount, &changed)
        if !(state.hasNoWarnings && extraWarnings.isEmpty && shown.warnings.isEmpty) {
            let warnings = ReplaySnapshot.warnings(reducer: state.warnings, replay: extraWarnings)
            Self.note(warnings, in: &shown.warnings, .warnings, &changed)
        }
        Self.note(state.unreadDividerID, in: &shown.unreadDividerID, .unreadDividerID, &changed)
        Self.note(state.readUpTo, in: &shown.readUpTo, .readUpTo, &changed)
        Self.note(state.hasMoreNewer, in: &shown.hasMoreNewer, .hasMoreNewer, &changed)
        Self.note(state.isLoadingNewer, in: &shown.isLoadingNewer, .isLoadingNewer, &changed)
        Self.note(state.pendingWindow, in: &shown.pendingWindow, .pendingWindow, &changed)
        while changed != 0 {
            let index = changed.trailingZeroBitCount
            changed &= changed - 1
            if let field = ReplaySnapshot.LineField(rawValue: index) { patch(field) }
        }
        output.appendRaw(UnsafeBufferPointer(start: line, count: count))
    }

    /// Adds one to the decimal digits of `field`'s value in `line`, unless they are all 9s.
    @inline(__always)
    private mutating func countUp(_ field: ReplaySnapshot.LineField) -> Bool {
        let start = bounds[2 * field.rawValue]
        var index = bounds[2 * field.rawValue + 1]
        while index > start {
            index -= 1
            if line[index] < UInt8(ascii: "9") {
                line[index] += 1
                // The 9s after it turn to 0s.
                for nine in (index + 1)..<bounds[2 * field.rawValue + 1] { line[nine] = UInt8(ascii: "0") }
                return true
            }
        }
        return false
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

    /// Writes the shown value of `field` into `line` in place of the old one: numbers, flags
    /// and names straight into the line, the rest through ``ReplaySnapshot/writeValue(of:to:)``.
    private mutating func patch(_ field: ReplaySnapshot.LineField) {
        switch field {
        case .step: replace(field, withInteger: Int64(shown.step))
        case .event: replace(field, withName: shownType?.rawValue)
        case .mode: replace(field, withName: shown.mode.rawValue)
        case .offset:
            if let offset = shown.offset { replace(field, withNumber: offset) } else { replace(field, withLiteral: "null") }
        case .contentHeight: replace(field, withNumber: shown.contentHeight)
        case .visibleHeight: replace(field, withNumber: shown.visibleHeight)
        case .isAtBottom: replace(field, with: shown.isAtBottom)
        case .offsetReason: replace(field, withName: shown.offsetReason?.rawValue)
        case .unreadCount: replace(field, withInteger: Int64(shown.unreadCount))
        case .showJumpToLatest: replace(field, with: shown.showJumpToLatest)
        case .isLoadingOlder: replace(field, with: shown.isLoadingOlder)
        case .hasMoreOlder: replace(field, with: shown.hasMoreOlder)
        case .keyboardHeight: replace(field, withNumber: shown.keyboardHeight)
        case .inputFocused: replace(field, with: shown.inputFocused)
        case .userHoldsView: replace(field, with: shown.userHoldsView)
        case .trailingSpacer: replace(field, withNumber: shown.trailingSpacer)
        case .messageCount: replace(field, withInteger: Int64(shown.messageCount))
        case .hasMoreNewer: replace(field, with: shown.hasMoreNewer)
        case .isLoadingNewer: replace(field, with: shown.isLoadingNewer)
        case .scrollTarget, .animating, .effects, .highlightedID, .warnings, .unreadDividerID, .readUpTo, .pendingWindow:
            // Strings that may need escaping, and objects and arrays: the general writer.
            value.removeAll()
            shown.writeValue(of: field, to: &value)
            value.withBytes { replace(field, with: $0) }
        }
    }

    /// Puts `true` or `false` in place of the value of `field`.
    private mutating func replace(_ field: ReplaySnapshot.LineField, with flag: Bool) {
        replace(field, withLiteral: flag ? "true" : "false")
    }

    /// Puts `literal` in place of the value of `field`.
    private mutating func replace(_ field: ReplaySnapshot.LineField, withLiteral literal: StaticString) {
        replace(field, with: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// Puts `number` in place of the value of `field`, as ``JSONWriter/number(_:)`` writes it;
    /// the digits of a whole number go straight into the line.
    private mutating func replace(_ field: ReplaySnapshot.LineField, withNumber number: Double) {
        guard let integer = wholeNumber(number) else {
            return JSONWriter.withBytes(ofNumber: number) { replace(field, with: $0) }
        }
        replace(field, withInteger: integer)
    }

    /// Puts `integer` in place of the value of `field`, its digits straight into the line.
    private mutating func replace(_ field: ReplaySnapshot.LineField, withInteger integer: Int64) {
        let length = JSONWriter.decimalLength(of: integer)
        let start = resizeValue(of: field, to: length)
        _ = JSONWriter.writeDecimal(integer, endingAt: start + length)
    }

    /// Puts `name` in quotes, or `null`, in place of the value of `field`. Only for the names
    /// of cases (letters alone), which need no escaping.
    private mutating func replace(_ field: ReplaySnapshot.LineField, withName name: String?) {
        guard var name else { return replace(field, withLiteral: "null") }
        name.withUTF8 { utf8 in
            let target = resizeValue(of: field, to: utf8.count + 2)
            target[0] = UInt8(ascii: "\"")
            for index in utf8.indices { target[1 + index] = utf8[index] }
            target[utf8.count + 1] = UInt8(ascii: "\"")
        }
    }

    /// Puts `bytes` in place of the value of `field`.
    private mutating func replace(_ field: ReplaySnapshot.LineField, with bytes: UnsafeBufferPointer<UInt8>) {
        let target = resizeValue(of: field, to: bytes.count)
        if bytes.count <= 16 {
            // A number or a short name: cheaper byte by byte than through a call to copy memory.
            for index in bytes.indices { target[index] = bytes[index] }
        } else if let source = bytes.baseAddress {
            target.update(from: source, count: bytes.count)
        }
    }

    /// Makes the value of `field` in `line` `length` bytes long, moving what follows it;
    /// returns where the value starts.
    private mutating func resizeValue(of field: ReplaySnapshot.LineField, to length: Int) -> UnsafeMutablePointer<UInt8> {
        let index = 2 * field.rawValue
        let end = bounds[index + 1]
        let shift = length - (end - bounds[index])
        if shift != 0 {
            if count + shift > capacity { grow(toHold: count + shift) }
            // The regions may overlap: moving trivial bytes copies them in the safe direction.
            (line + end + shift).moveInitialize(from: line + end, count: count - end)
            count += shift
            for later in (index + 1)..<(2 * Self.fieldCount) { bounds[later] &+= shift }
        }
        return line + bounds[index]
    }

    private mutating func grow(toHold needed: Int) {
        capacity = 2 * needed
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        larger.initialize(from: line, count: count)
        line.deallocate()
        line = larger
    }
}
