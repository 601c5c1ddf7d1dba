import ChatEvents
import ChatReducer
import ChatScrollDriver
import Testing

/// A keyboard animation that a turn of the screen meets, on a view that keeps positions itself.
@Suite("Scroll driver: a keyboard animation a turn meets")
struct DriverKeyboardTurnTests {
    /// A scroll view that keeps positions itself, as SwiftUI does: it records the driver's moves,
    /// runs none of them, and reports only what the test tells.
    final class KeepingView: ChatScrollViewTarget {
        var calls: [(y: Double, animation: ScrollAnimation)] = []
        func setContentOffsetY(_ y: Double, animation: ScrollAnimation) { calls.append((y, animation)) }
    }

    /// A reader riding a rising keyboard (253 beyond the inset, from offset 1091 to 1344) when the
    /// screen turns halfway, the keyboard with it (200 points over a 390-point frame); the view
    /// keeps the row at the top where it was, offset 1191 (`contentOffset.y` 1159 under the new
    /// top inset), and the keyboard's animation is over by the clock. Returns the driver, the view
    /// and the events sent from then on.
    private static func turnedHalfway() -> (driver: ChatScrollDriver, view: KeepingView, sent: () -> [ChatEvent]) {
        let driver = ChatScrollDriver()
        let view = KeepingView()
        driver.scrollView = view
        driver.layout(frameHeight: 844, insetTop: 91, insetBottom: 83)
        driver.send(.historyLoaded(messages: messages(1...30), hasMoreOlder: false))
        driver.tick(time: 0)
        driver.willBeginDragging()
        driver.didScroll(contentOffsetY: 1000)
        driver.willEndDragging(velocity: 0)
        driver.keyboardWillChange(keyboardTop: 508, scrollViewBottom: 844, duration: 0.25)
        driver.tick(time: 0.1)
        driver.didScroll(contentOffsetY: 1100)
        driver.keyboardWillChange(keyboardTop: 190, scrollViewBottom: 390, duration: 0.25, beforeLayout: true)
        driver.layout(frameHeight: 390, insetTop: 32, insetBottom: 71)
        driver.didScroll(contentOffsetY: 1159)
        driver.tick(time: 0.5)
        final class Log { var events: [ChatEvent] = [] }
        let log = Log()
        driver.onStep = { event, _ in log.events.append(event) }
        view.calls = []
        return (driver, view, { log.events })
    }

    @Test(
        """
        given a reader riding a rising keyboard, when the screen turns halfway and the view keeps the row at the top \
        where the turn put it, then the next keyboard moves the reader from there, not from the end the first \
        animation never reached
        """
    )
    func nextKeyboardFromWhereTheTurnLeftTheView() {
        let (driver, view, sent) = Self.turnedHalfway()
        // The keyboard hides: the reader goes down by its share, 129, from 1191.
        driver.keyboardWillChange(keyboardTop: 390, scrollViewBottom: 390, duration: 0.25)
        #expect(sent() == [.scrolled(offset: 1191), .keyboardWillHide(duration: 0.25)])
        #expect(driver.state.offset == 1062)
        #expect(view.calls.map(\.y) == [1030])
        #expect(view.calls.map(\.animation) == [.alongKeyboard(duration: 0.25)])
    }

    @Test(
        """
        given a reader riding a rising keyboard, when the screen turns halfway and the view then reports where the \
        turn left it after the animation's time, then that is where the reader is
        """
    )
    func reportAfterTheAnimationsTime() {
        let (driver, view, sent) = Self.turnedHalfway()
        driver.didScroll(contentOffsetY: 1159)
        #expect(sent() == [.scrolled(offset: 1191)])
        #expect(driver.state.offset == 1191)
        #expect(view.calls.isEmpty)
    }
}
