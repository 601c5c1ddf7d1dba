import ChatEvents
import ChatJSON
import ChatScrollUtilities

/// A JSON value as `--format json` writes it: object keys keep their order.
enum JSONOutput: Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case int(Int)
    case string(String)
    case array([JSONOutput])
    case object([(String, JSONOutput)])

    /// A string, or `null`.
    static func optional(_ value: String?) -> JSONOutput { value.map(JSONOutput.string) ?? .null }

    /// A number, or `null`.
    static func optional(_ value: Double?) -> JSONOutput { value.map(JSONOutput.number) ?? .null }

    /// The value with one key or element per line, indented by two spaces per level.
    var pretty: String {
        var output = ""
        writePretty(to: &output, indent: 0)
        return output
    }

    private func writeScalar(to output: inout String) -> Bool {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .number(let value): output += value.isFinite ? formatNumber(value) : "null"
        case .int(let value): output += String(value)
        case .string(let value): appendJSONString(value, to: &output)
        case .array, .object: return false
        }
        return true
    }

    private func writePretty(to output: inout String, indent: Int) {
        if writeScalar(to: &output) { return }
        let inner = String(repeating: " ", count: indent + 2)
        let outer = String(repeating: " ", count: indent)
        switch self {
        case .array(let elements):
            guard !elements.isEmpty else {
                output += "[]"
                return
            }
            output += "[\n"
            for (index, element) in elements.enumerated() {
                output += inner
                element.writePretty(to: &output, indent: indent + 2)
                output += index == elements.count - 1 ? "\n" : ",\n"
            }
            output += outer + "]"
        case .object(let members):
            guard !members.isEmpty else {
                output += "{}"
                return
            }
            output += "{\n"
            for (index, (key, value)) in members.enumerated() {
                output += inner
                appendJSONString(key, to: &output)
                output += ": "
                value.writePretty(to: &output, indent: indent + 2)
                output += index == members.count - 1 ? "\n" : ",\n"
            }
            output += outer + "}"
        case .null, .bool, .number, .int, .string:
            break  // written by writeScalar
        }
    }
}

/// Appends `value` as a JSON string literal: quotes, backslashes and control characters escaped.
func appendJSONString(_ value: String, to output: inout String) {
    JSONWriter.appendQuoted(value, to: &output)
}

/// `value` as a JSON string literal.
func jsonString(_ value: String) -> String {
    JSONWriter.quoted(value)
}
