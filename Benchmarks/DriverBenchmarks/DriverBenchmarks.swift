import Benchmark
import ChatEvents
import ChatReducer
import ChatScrollDriver

/// A scroll view that does nothing: the driver's own cost is measured.
final class NullScrollView: ChatScrollViewTarget, @unchecked Sendable {
    var moves = 0
    func setContentOffsetY(_ y: Double, animation: ScrollAnimation) { moves &+= 1 }
}

final class DriverBox: @unchecked Sendable {
    var driver = ChatScrollDriver()
    let view = NullScrollView()
    var counter = 0
}

/// A driver over a conversation of `count` messages, laid out, at the bottom.
func preparedDriver(messages count: Int, view: NullScrollView) -> ChatScrollDriver {
    let driver = ChatScrollDriver()
    driver.scrollView = view
    driver.layout(frameHeight: 844, insetTop: 91, insetBottom: 83)
    var history: [ChatMessage] = []
    history.reserveCapacity(count)
    for index in 0..<count {
        history.append(
            ChatMessage(
                id: "h\(index)", direction: index % 3 == 0 ? .outgoing : .incoming, height: Double(40 + index % 300)))
    }
    driver.send(.historyLoaded(messages: history, hasMoreOlder: false))
    return driver
}

struct Case: Sendable {
    var name: String
    var prepare: @Sendable (ChatScrollDriver) -> Void
    var step: @Sendable (ChatScrollDriver, Int) -> Void
}

let cases: [Case] = [
    // The user drags through a long history: every callback is an event (detached, held).
    Case(
        name: "didScroll while dragging",
        prepare: { driver in
            driver.willBeginDragging()
            driver.didScroll(contentOffsetY: 1_000)
        }
    ) { driver, i in
        driver.didScroll(contentOffsetY: 1_000 + Double(i & 255))
    },
    // Momentum after the release: the user's scrolling, not held by a finger.
    Case(
        name: "didScroll while decelerating",
        prepare: { driver in
            driver.willBeginDragging()
            driver.didScroll(contentOffsetY: 1_000)
            driver.willEndDragging(velocity: -500)
        }
    ) { driver, i in
        driver.didScroll(contentOffsetY: 1_000 - Double(i & 255))
    },
    // Following, and callbacks nobody caused by scrolling (layout): dropped.
    Case(name: "didScroll while following (not the user's)", prepare: { _ in }) { driver, i in
        driver.didScroll(contentOffsetY: 100 + Double(i & 255))
    },
    // A streamed answer while following: each batch is a correction in the same pass.
    Case(
        name: "tokensAppended while following",
        prepare: { driver in
            driver.send(.messageAppended(ChatMessage(id: "s", direction: .incoming, height: 40), streaming: true))
            driver.tick(time: 0)
            driver.tick(time: 1)
        }
    ) { driver, _ in
        driver.send(.tokensAppended(id: "s", text: nil, heightDelta: 0.5, height: nil))
    },
    // The display link between commands: nothing to do.
    Case(name: "tick with no command", prepare: { _ in }) { driver, i in
        driver.tick(time: Double(i) / 120)
    },
    // A streamed answer during its append's animation: a frame, and a batch every fourth one.
    Case(
        name: "tick and tokens during an animated command",
        prepare: { driver in
            driver.send(.messageAppended(ChatMessage(id: "s", direction: .incoming, height: 40), streaming: true))
        }
    ) { driver, i in
        // A new command every 30 frames keeps an animation running.
        if i % 30 == 0 { driver.send(.jumpToLatestTapped) }
        driver.tick(time: Double(i) / 120)
        if i % 4 == 0 { driver.send(.tokensAppended(id: "s", text: nil, heightDelta: 0.5, height: nil)) }
    },
]

let benchmarks: @Sendable () -> Void = {
    for size in [1_000, 100_000, 1_000_000] {
        for testCase in cases {
            let box = DriverBox()
            Benchmark(
                "driver \(testCase.name) @ \(size) messages",
                configuration: .init(
                    metrics: [.wallClock, .cpuTotal, .mallocCountTotal],
                    scalingFactor: .kilo,
                    maxDuration: .milliseconds(400),
                    maxIterations: 2_000),
                closure: { benchmark in
                    let driver = box.driver
                    var counter = box.counter
                    for _ in benchmark.scaledIterations {
                        testCase.step(driver, counter)
                        counter += 1
                    }
                    blackHole(driver.state.offset)
                    box.counter = counter
                },
                setup: {
                    box.driver = preparedDriver(messages: size, view: box.view)
                    testCase.prepare(box.driver)
                    box.counter = 0
                },
                teardown: { box.driver = ChatScrollDriver() })
        }
    }
}
