import ChatScrollSimulator
import Foundation
import Testing

/// The table `replay simulate --format json` prints: every personality's setups, and the broken
/// drivers' catch rates when they were run.
@Suite("Simulation table")
struct SimulationTableTests {
    @Test("the JSON holds each personality's setups and, once run, each block's catch rates")
    func json() throws {
        let session = Scenarios.keyboardWhileFollowing()
        var table = SimulationTable.run([session], personalities: [.uikit, .swiftui])
        table.runBrokenDrivers([session])
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(table.json.utf8)) as? [String: Any])
        let setups = try #require(object["setups"] as? [String: [String: [String: [String: Double]]]])
        #expect(
            setups["uikit"]?.keys.sorted() == ["accessory", "interactive-dismissal", "layout-guide", "shrinking-frame"])
        #expect(setups["swiftui"]?.keys.sorted() == ["accessory", "swiftui-safe-area"])
        // The driver keeps the newest message above the bar on every setup; a baseline that
        // takes no keyboard into account leaves it under the keyboard.
        #expect(setups["uikit"]?["layout-guide"]?["driver"]?["bottom-visible"] == 0)
        #expect(setups["uikit"]?["accessory"]?["driver"]?["bottom-visible"] == 0)
        #expect(setups["uikit"]?["layout-guide"]?["baseline-scroll-when-at-bottom"]?["bottom-visible"] ?? 0 > 0)
        let rates = try #require(object["brokenDrivers"] as? [String: [String: [String: [String: Any]]]])
        // Every broken driver on the accessory setup, the keyboard's on every setup; the SwiftUI
        // model's glue only where the model runs, a turn's glue only where the turn reaches it
        // after the frame's tick.
        #expect(rates["uikit"]?["accessory"]?.count == 32)
        #expect(rates["swiftui"]?["accessory"]?.count == 31)
        #expect(rates["swiftui"]?["accessory"]?["broken-animated-requests"] != nil)
        #expect(
            rates["uikit"]?["layout-guide"]?.keys.sorted()
                == BrokenDrivers.Kind.keyboard.map(\.rawValue).sorted())
        let yank = try #require(rates["uikit"]?["accessory"]?["broken-yank-on-incoming"])
        #expect(yank.keys.sorted() == ["caught", "misbehaving", "missed", "rate"])
    }
}
