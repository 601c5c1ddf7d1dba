@_spi(ChatEventFields) import ChatEvents
import Foundation
import Testing

/// The single-pass parser tells keys and event types by switching on their length and then
/// comparing the names of that length, in code generated here from `ChatEventKey` and
/// `ChatEvent.EventType`; a stale file fails this test, and
/// `CHAT_GENERATED_UPDATE=1 swift test --filter Generated` rewrites it.
@Suite("The parser's name matchers, generated")
struct GeneratedParserNamesTests {
    static let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources/ChatLogFormat/EventLineParser+Names.swift")

    /// A function that returns the one of `names` the plain text at `start..<end` spells.
    static func matcher(
        _ name: String, returning type: String, _ noun: String, _ names: [(text: String, value: String)]
    ) -> String {
        var out = "    /// The \(noun) spelled by the plain text at `start..<end`, if any.\n"
        out += "    @inline(__always)\n"
        out += "    static func \(name)(\n"
        out += "        _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int\n"
        out += "    ) -> \(type)? {\n"
        out += "        switch end - start {\n"
        let byLength = Dictionary(grouping: names, by: \.text.utf8.count)
        for length in byLength.keys.sorted() {
            out += "        case \(length):\n"
            for entry in byLength[length] ?? [] {
                out += "            if matches(\"\(entry.text)\", bytes, start) { return .\(entry.value) }\n"
            }
        }
        out += "        default:\n            break\n        }\n        return nil\n    }\n"
        return out
    }

    static func generated() -> String {
        let keys = ChatEventKey.allCases.map { (text: $0.text, value: "\($0)") }
        let types = ChatEvent.EventType.allCases.map { (text: $0.rawValue, value: $0.rawValue) }
        return """
            // Generated from ChatEventKey and ChatEvent.EventType by GeneratedParserNamesTests; do not edit.
            // `CHAT_GENERATED_UPDATE=1 swift test --filter Generated` rewrites it.

            @_spi(ChatEventFields) import ChatEvents

            extension EventLineParser {

            """ + matcher("key", returning: "ChatEventKey", "key of the format", keys) + "\n"
                + matcher("plainEventType", returning: "ChatEvent.EventType", "event type", types) + "}\n"
    }

    @Test func parserNameMatchersAreCurrent() throws {
        let actual = (try? String(contentsOf: Self.path, encoding: .utf8)) ?? ""
        let expected = Self.generated()
        if actual != expected, ProcessInfo.processInfo.environment["CHAT_GENERATED_UPDATE"] == "1" {
            try expected.write(to: Self.path, atomically: true, encoding: .utf8)
            return
        }
        #expect(
            actual == expected,
            "EventLineParser+Names.swift is stale: CHAT_GENERATED_UPDATE=1 swift test --filter Generated")
    }
}
