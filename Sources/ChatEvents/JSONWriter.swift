/// Formats a number the way the wire format writes it, for human-readable output too.
///
/// A finite value that is integral with magnitude below 2^53 prints without a fraction
/// (`100`, `-3`, and `0` for `-0.0`); any other finite value prints Swift's shortest
/// round-trip `description` (`0.5`, `1e-07`, `1.5e+20`). Both forms are valid JSON numbers
/// that parse back to the same Double. Non-finite values print their `description`
/// (`nan`, `inf`, `-inf`), which is not JSON; ``JSONWriter`` writes `null` for them instead.
package func formatNumber(_ value: Double) -> String {
    // The magnitude test comes first, so the conversion to Int64 is always in range.
    if value.magnitude < 9_007_199_254_740_992 {
        let integer = Int64(value)
        if Double(integer) == value { return String(integer) }
    }
    return value.description
}

/// A minimal JSON writer that appends compact JSON (no spaces, no newline) to a string.
///
/// The writer inserts commas itself; callers only nest calls correctly:
///
/// ```swift
/// var writer = JSONWriter()
/// writer.beginObject()
/// writer.key("type"); writer.string("scrolled")
/// writer.key("offset"); writer.number(120)
/// writer.endObject()
/// // writer.output == #"{"type":"scrolled","offset":120}"#
/// ```
package struct JSONWriter: Sendable {
    /// The JSON written so far.
    package private(set) var output: String
    /// Whether the next value or key needs a comma before it.
    private var needsComma = false

    /// Creates a writer with an empty output.
    package init(reservingCapacity capacity: Int = 0) {
        output = ""
        output.reserveCapacity(capacity)
    }

    /// Writes `{`.
    package mutating func beginObject() {
        separate()
        output.append("{")
        needsComma = false
    }

    /// Writes `}`.
    package mutating func endObject() {
        output.append("}")
        needsComma = true
    }

    /// Writes `[`.
    package mutating func beginArray() {
        separate()
        output.append("[")
        needsComma = false
    }

    /// Writes `]`.
    package mutating func endArray() {
        output.append("]")
        needsComma = true
    }

    /// Writes an object key and its colon; the next call writes the value.
    package mutating func key(_ name: String) {
        separate()
        Self.appendQuoted(name, to: &output)
        output.append(":")
        needsComma = false
    }

    /// Writes a string value, escaped.
    package mutating func string(_ value: String) {
        separate()
        Self.appendQuoted(value, to: &output)
        needsComma = true
    }

    /// Writes a number in the canonical form of ``formatNumber(_:)``, or `null` when not finite.
    package mutating func number(_ value: Double) {
        separate()
        output.append(value.isFinite ? formatNumber(value) : "null")
        needsComma = true
    }

    /// Writes an integer.
    package mutating func integer(_ value: Int) {
        separate()
        output.append(String(value))
        needsComma = true
    }

    /// Writes `true` or `false`.
    package mutating func bool(_ value: Bool) {
        separate()
        output.append(value ? "true" : "false")
        needsComma = true
    }

    /// Writes `null`.
    package mutating func null() {
        separate()
        output.append("null")
        needsComma = true
    }

    @inline(__always)
    private mutating func separate() {
        if needsComma { output.append(",") }
    }

    /// `value` as a JSON string literal, quotes included: `"a\"b"`.
    package static func quoted(_ value: String) -> String {
        var result = ""
        result.reserveCapacity(value.utf8.count + 2)
        appendQuoted(value, to: &result)
        return result
    }

    /// Appends `value` as a JSON string literal. `"` and `\` are escaped, as are the control
    /// characters: `\n`, `\r`, `\t`, the others as `\u00XX`. Everything else is written as is.
    package static func appendQuoted(_ value: String, to output: inout String) {
        output.append("\"")
        let utf8 = value.utf8
        if !utf8.contains(where: { $0 < ASCII.space || $0 == ASCII.quote || $0 == ASCII.backslash }) {
            output.append(value)
            output.append("\"")
            return
        }
        var runStart = utf8.startIndex
        var index = runStart
        while index != utf8.endIndex {
            let byte = utf8[index]
            guard byte < ASCII.space || byte == ASCII.quote || byte == ASCII.backslash else {
                utf8.formIndex(after: &index)
                continue
            }
            if runStart != index {
                output.append(contentsOf: Substring(utf8[runStart..<index]))
            }
            switch byte {
            case ASCII.quote: output.append("\\\"")
            case ASCII.backslash: output.append("\\\\")
            case ASCII.newline: output.append("\\n")
            case ASCII.carriageReturn: output.append("\\r")
            case ASCII.tab: output.append("\\t")
            default: output.append("\\u" + hex(UInt32(byte), width: 4))
            }
            utf8.formIndex(after: &index)
            runStart = index
        }
        if runStart != utf8.endIndex {
            output.append(contentsOf: Substring(utf8[runStart..<utf8.endIndex]))
        }
        output.append("\"")
    }
}
