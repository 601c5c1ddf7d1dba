import ChatEvents
import ChatReducer
import ChatScrollDriver
import ChatScrollSimulator
import ChatScrollUtilities
import Testing

/// The driver never traps on hostile callbacks: random sequences of every call with NaN,
/// infinite, negative and huge values, out of order, keep the reducer's invariants.
@Suite("Driver robustness")
struct DriverRobustnessTests {
    final class ReentrantView: ChatScrollViewTarget {
        weak var driver: ChatScrollDriver?
        func setContentOffsetY(_ y: Double, animation: ScrollAnimation) {
            // Report back at once, as UIKit does, whatever the animation.
            driver?.didScroll(contentOffsetY: y)
        }
    }

    @Test("random hostile callbacks keep every invariant", arguments: 1...40)
    func hostile(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let driver = ChatScrollDriver(configuration: ChatConfiguration(layout: seed % 3 == 0 ? .top : .bottom))
        let view = ReentrantView()
        view.driver = driver
        driver.scrollView = view
        let values: [Double] = [.nan, .infinity, -.infinity, -1, 0, 1, 91, 844, 1e7, 2e7, -5e6]
        func value() -> Double {
            random.int(0...3) == 0 ? values[random.int(0...(values.count - 1))] : Double(random.int(-2000...6000))
        }
        var next = 0
        for _ in 0..<600 {
            switch random.int(0...13) {
            case 0: driver.layout(frameHeight: value(), insetTop: value(), insetBottom: value())
            case 1:
                driver.keyboardWillChange(
                    keyboardTop: value(), scrollViewBottom: value(), duration: random.int(0...1) == 0 ? nil : value())
            case 2: driver.willBeginDragging()
            case 3, 4: driver.didScroll(contentOffsetY: value())
            case 5: driver.willEndDragging(velocity: value())
            case 6: random.int(0...1) == 0 ? driver.didEndDecelerating() : driver.didEndDragging(willDecelerate: false)
            case 7: driver.tick(time: random.int(0...3) == 0 ? value() : Double(next) * 0.05)
            case 8: driver.cellMeasured(id: "m\(random.int(0...next))", height: value())
            case 9:
                next += 1
                driver.send(
                    .messageAppended(
                        ChatMessage(
                            id: "m\(next)", direction: random.int(0...1) == 0 ? .incoming : .outgoing, height: value()),
                        streaming: true))
            case 10:
                driver.send(
                    .tokensAppended(id: "m\(random.int(0...next))", text: nil, heightDelta: value(), height: nil))
            case 11:
                let page = (0..<random.int(0...5)).map {
                    ChatMessage(id: "o\(seed)-\(next)-\($0)", direction: .incoming, height: value())
                }
                next += 1
                driver.send(.olderLoaded(messages: page, hasMoreOlder: true))
            case 12:
                driver.send(
                    .historyLoaded(
                        messages: [ChatMessage(id: "h\(next)", direction: .incoming, height: value())],
                        hasMoreOlder: true))
            default: driver.send(.jumpToLatestTapped)
            }
            #expect(driver.state.invariantViolations() == [])
            #expect(driver.state.warnings.count <= 1)
        }
    }
}
