import ChatEvents
import Foundation
import Testing

/// The DocC references map wire names to Swift symbols; what the names mean lives in the
/// specification alone. Every event type is named in both, so a new event is not forgotten.
@Suite("The references name every event")
struct ReferenceTests {
    static func text(_ path: String) throws -> String {
        try String(contentsOf: SpecificationTests.root.appendingPathComponent(path), encoding: .utf8)
    }

    @Test("every event type is in the specification and has a row in the event reference")
    func everyEventIsNamed() throws {
        let specification = try Self.text("docs/specification.md")
        let reference = try Self.text("Sources/ChatEvents/ChatEvents.docc/EventReference.md")
        let types = ChatEvent.EventType.allCases.map(\.rawValue)
        #expect(types.count == 32)
        #expect(types.filter { !specification.contains("`\($0)`") } == [])
        #expect(types.filter { !reference.contains("| `\($0)` | ``ChatEvent/\($0)") } == [])
    }
}
