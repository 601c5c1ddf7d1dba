@_spi(ChatEventFields) import ChatEvents
import ChatLogFormat
import Foundation
import Testing

/// `Fuzz/chatlog.dict` tells the fuzzer the log's words. Its event types and keys are derived
/// here, from `ChatEvent.EventType`, `ChatEventKey` and the encoding cases, which hold every
/// configuration key; a stale dictionary fails this test, and
/// `CHAT_GENERATED_UPDATE=1 swift test --filter Generated` rewrites those two sections.
@Suite("The fuzzer's dictionary, generated")
struct GeneratedFuzzDictionaryTests {
    static let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fuzz/chatlog.dict")

    /// Every key of the JSON object `value`, and of the objects in it, except the header's free
    /// metadata.
    static func keys(of value: Any) -> Set<String> {
        switch value {
        case let object as [String: Any]:
            var keys = Set(object.keys)
            for (key, member) in object where key != "meta" { keys.formUnion(Self.keys(of: member)) }
            return keys
        case let array as [Any]:
            return array.reduce(into: Set<String>()) { $0.formUnion(keys(of: $1)) }
        default:
            return []
        }
    }

    /// The two generated sections: one `type_NAME` line per event type, one `key_NAME` line per key.
    static func generatedSections() throws -> String {
        var keys = Set(ChatEventKey.allCases.map(\.text))
        for testCase in encodingCases {
            let object = try JSONSerialization.jsonObject(with: Data(testCase.encoded.utf8))
            keys.formUnion(Self.keys(of: object))
        }
        let types = ChatEvent.EventType.allCases.map(\.rawValue)
        return "# Event types (generated from ChatEvent.EventType)\n"
            + types.map { #"type_\#($0)="\"\#($0)\"""# + "\n" }.joined()
            + "\n# Keys (generated from ChatEventKey and the encoding cases)\n"
            + keys.sorted().map { #"key_\#($0)="\"\#($0)\":""# + "\n" }.joined()
    }

    @Test func listsEveryEventTypeAndKey() throws {
        let text = try String(contentsOf: Self.path, encoding: .utf8)
        let start = try #require(text.range(of: "# Event types"))
        let end = try #require(text.range(of: "\n\n# Values"))
        let expected = try Self.generatedSections()
        let actual = String(text[start.lowerBound..<end.lowerBound]) + "\n"
        if actual != expected, ProcessInfo.processInfo.environment["CHAT_GENERATED_UPDATE"] == "1" {
            let updated = text.replacingCharacters(in: start.lowerBound..<end.lowerBound, with: expected.dropLast())
            try updated.write(to: Self.path, atomically: true, encoding: .utf8)
            return
        }
        #expect(
            actual == expected, "Fuzz/chatlog.dict is stale: CHAT_GENERATED_UPDATE=1 swift test --filter Generated"
        )
    }
}
