import ChatEvents
import ChatReducer

/// Writes the JSON line of each step by patching the previous step's line: only the values
/// that changed are written anew, and the line is then copied out whole.
///
/// A line is about 650 bytes and 27 keys, and a step changes a handful of its values (the step
/// number, the event, the offset, a height): writing it key by key cost more than everything
/// else a `--format jsonl` replay does. The bytes are exactly those of
/// ``ReplaySnapshot/writeJSONLine(to:)``, which `JSONLinePatcherTests` checks step by step.
struct JSONLinePatcher {
    /// The previous line.
    private var line: [UInt8] = []
    /// Where each field's value lies in `line`.
    private var values = [Range<Int>](repeating: 0..<0, count: ReplaySnapshot.LineField.allCases.count)
    /// The snapshot `line` shows, once `line` is written (not optional, so that comparing
    /// with it copies nothing).
    private var previous = ReplaySnapshot(state: ChatState(), step: 0, event: nil)
    private var hasLine = false
    /// Where a changed value is written before it goes into `line`.
    private var scratch = JSONWriter(reservingCapacity: 256)

    /// Appends the JSON line of `snapshot` (without a line break) to `output`.
    mutating func write(_ snapshot: consuming ReplaySnapshot, to output: inout JSONWriter) {
        if hasLine {
            var changed = snapshot.changedFields(since: previous)
            while changed != 0 {
                let index = changed.trailingZeroBitCount
                changed &= changed - 1
                if let field = ReplaySnapshot.LineField(rawValue: index) { patch(field, with: snapshot) }
            }
        } else {
            writeWhole(snapshot)
            hasLine = true
        }
        previous = consume snapshot
        line.withUnsafeBufferPointer { output.appendRaw($0) }
    }

    /// Writes the whole line, noting where each value lies.
    private mutating func writeWhole(_ snapshot: ReplaySnapshot) {
        var writer = JSONWriter()
        snapshot.writeJSONLine(to: &writer) { field, value in values[field.rawValue] = value }
        line = writer.withBytes { Array($0) }
    }

    /// Replaces the value of `field` in `line` with the snapshot's.
    private mutating func patch(_ field: ReplaySnapshot.LineField, with snapshot: ReplaySnapshot) {
        scratch.removeAll()
        snapshot.writeValue(of: field, to: &scratch)
        let index = field.rawValue
        let old = values[index]
        let shift = scratch.count - old.count
        scratch.withBytes { value in
            if shift == 0 {
                line.withUnsafeMutableBufferPointer { line in
                    guard let target = line.baseAddress, let source = value.baseAddress else { return }
                    (target + old.lowerBound).update(from: source, count: value.count)
                }
            } else {
                line.replaceSubrange(old, with: value)
            }
        }
        guard shift != 0 else { return }
        values[index] = old.lowerBound..<(old.upperBound + shift)
        for later in (index + 1)..<values.count {
            values[later] = (values[later].lowerBound + shift)..<(values[later].upperBound + shift)
        }
    }
}
