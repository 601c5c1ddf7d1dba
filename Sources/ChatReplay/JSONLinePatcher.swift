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
    /// Where each field's value starts and ends in `line`.
    private var valueStarts = [Int](repeating: 0, count: ReplaySnapshot.LineField.allCases.count)
    private var valueEnds = [Int](repeating: 0, count: ReplaySnapshot.LineField.allCases.count)
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
        scratch.removeAll()
        scratch.beginObject()
        for field in ReplaySnapshot.LineField.ordered {
            scratch.key(literal: field.key)
            valueStarts[field.rawValue] = scratch.count
            snapshot.writeValue(of: field, to: &scratch)
            valueEnds[field.rawValue] = scratch.count
        }
        scratch.endObject()
        line = scratch.withBytes { Array($0) }
    }

    /// Replaces the value of `field` in `line` with the snapshot's.
    private mutating func patch(_ field: ReplaySnapshot.LineField, with snapshot: ReplaySnapshot) {
        scratch.removeAll()
        snapshot.writeValue(of: field, to: &scratch)
        let index = field.rawValue
        let start = valueStarts[index]
        let end = valueEnds[index]
        let shift = scratch.count - (end - start)
        scratch.withBytes { value in
            if shift == 0 {
                line.withUnsafeMutableBufferPointer { line in
                    guard let target = line.baseAddress, let source = value.baseAddress else { return }
                    (target + start).update(from: source, count: value.count)
                }
            } else {
                line.replaceSubrange(start..<end, with: value)
            }
        }
        guard shift != 0 else { return }
        valueEnds[index] += shift
        var later = index + 1
        while later < valueStarts.count {
            valueStarts[later] += shift
            valueEnds[later] += shift
            later += 1
        }
    }
}
