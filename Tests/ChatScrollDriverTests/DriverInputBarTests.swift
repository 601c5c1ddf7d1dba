import ChatEvents
import ChatReducer
import ChatScrollDriver
import Testing

/// The keyboard's share with each way an app's input bar meets the keyboard: the covered edge is
/// the bar's top where the bar rides on the keyboard outside its frame, and a frame that shrinks
/// to the bar is covered no more.
@Suite("Scroll driver: input bars")
struct DriverInputBarTests {
    /// A driver over a frame `height` tall with insets 103 and `insetBottom`, opened with 20
    /// messages of 100 points (content 2000), and the events and moves since the open.
    private static func open(
        height: Double, insetBottom: Double, frameBottom: Double? = nil
    ) -> (driver: ChatScrollDriver, view: RecordingScrollView, sent: () -> [ChatEvent]) {
        let driver = ChatScrollDriver()
        let view = RecordingScrollView()
        driver.scrollView = view
        view.driver = driver
        driver.layout(frameHeight: height, insetTop: 103, insetBottom: insetBottom, frameBottom: frameBottom)
        driver.send(.historyLoaded(messages: messages(1...20), hasMoreOlder: false))
        view.calls = []
        final class Log { var events: [ChatEvent] = [] }
        let log = Log()
        driver.onStep = { event, _ in log.events.append(event) }
        return (driver, view, { log.events })
    }

    /// A reader left at `contentOffset.y` 600 on a 769-point frame (insets 103/0) whose bottom is
    /// pinned to a bar that rides on the keyboard.
    private static func openReaderOnPinnedFrame() -> (
        driver: ChatScrollDriver, view: RecordingScrollView, sent: () -> [ChatEvent]
    ) {
        let opened = open(height: 769, insetBottom: 0, frameBottom: 769)
        opened.driver.willBeginDragging()
        opened.driver.didScroll(contentOffsetY: 600)
        opened.driver.willEndDragging(velocity: 0)
        opened.view.calls = []
        return opened
    }

    /// The keyboard's top comes to 516 under that frame, which then shrinks to the bar's top, 467.
    private static func showKeyboardOnPinnedFrame(_ driver: ChatScrollDriver) {
        driver.keyboardWillChange(keyboardTop: 516, scrollViewBottom: 769, barAboveKeyboard: 49, duration: 0.25)
        driver.layout(frameHeight: 467, insetTop: 103, insetBottom: 0, frameBottom: 467)
    }

    @Test(
        """
        given a bar pinned to keyboardLayoutGuide over an 852-point frame with insets 103/83, when the keyboard's top \
        comes to 516, then 385 points are covered, 302 beyond the inset, and 364 are visible
        """
    )
    func layoutGuide() {
        let (driver, view, sent) = Self.open(height: 852, insetBottom: 83)
        driver.keyboardWillChange(keyboardTop: 516, scrollViewBottom: 852, barAboveKeyboard: 49, duration: 0.25)
        #expect(sent() == [.keyboardWillShow(height: 302, duration: 0.25)])
        #expect(driver.state.visibleHeight == 364)
        // Following: the newest message's bottom at the bar's top, along the keyboard.
        #expect(driver.state.offset == 1636)
        #expect(view.calls.map(\.y) == [1533])
        #expect(view.calls.map(\.animation) == [.alongKeyboard(duration: 0.25)])
    }

    @Test(
        """
        given a 769-point frame pinned to a bar that rides on the keyboard, with insets 103/0, when the keyboard \
        shows and the frame shrinks to 467, then 364 points are visible throughout and the newest message ends at the \
        frame's bottom, moved once
        """
    )
    func shrinkingFrame() {
        let (driver, view, sent) = Self.open(height: 769, insetBottom: 0, frameBottom: 769)
        driver.keyboardWillChange(keyboardTop: 516, scrollViewBottom: 769, barAboveKeyboard: 49, duration: 0.25)
        #expect(sent() == [.keyboardWillShow(height: 302, duration: 0.25)])
        #expect(driver.state.visibleHeight == 364)
        driver.layout(frameHeight: 467, insetTop: 103, insetBottom: 0, frameBottom: 467)
        #expect(
            sent() == [
                .keyboardWillShow(height: 302, duration: 0.25),
                .viewportChanged(height: 467, insetTop: 103, insetBottom: 0), .keyboardWillHide(duration: nil),
            ])
        #expect(driver.state.keyboardHeight == 0)
        #expect(driver.state.visibleHeight == 364)
        #expect(driver.state.offset == 1636)
        // The keyboard's move was the only one: 1636 - 103.
        #expect(view.calls.map(\.y) == [1533])
    }

    @Test(
        """
        given a reader away from the bottom of a frame pinned to the bar, when the keyboard shows and the frame \
        shrinks to it, then what sat at the bottom edge stays there and the model keeps what the view shows
        """
    )
    func shrinkingFrameKeepsTheReader() {
        let (driver, view, sent) = Self.openReaderOnPinnedFrame()
        let before = sent().count
        Self.showKeyboardOnPinnedFrame(driver)
        #expect(
            Array(sent().dropFirst(before)) == [
                .keyboardWillShow(height: 302, duration: 0.25),
                .viewportChanged(height: 467, insetTop: 103, insetBottom: 0), .keyboardWillHide(duration: nil),
                .scrolled(offset: 1005),
            ])
        #expect(driver.state.mode == .detached)
        #expect(driver.state.offset == 1005)
        #expect(view.calls.map(\.y) == [902])
    }

    @Test(
        """
        given a reader over the keyboard on a frame pinned to the bar, when the keyboard hides and the frame grows \
        back, then what sat at the bottom edge goes down with it, along the keyboard
        """
    )
    func shrinkingFrameReaderKeyboardHides() {
        let (driver, view, sent) = Self.openReaderOnPinnedFrame()
        Self.showKeyboardOnPinnedFrame(driver)
        view.calls = []
        let before = sent().count
        // Hidden: the keyboard's top at the screen's bottom covers nothing of the shrunk frame.
        driver.keyboardWillChange(keyboardTop: 852, scrollViewBottom: 467, barAboveKeyboard: 49, duration: 0.25)
        driver.layout(frameHeight: 769, insetTop: 103, insetBottom: 0, frameBottom: 769)
        #expect(
            Array(sent().dropFirst(before)) == [
                .viewportChanged(height: 769, insetTop: 103, insetBottom: 0), .scrolled(offset: 703),
            ])
        #expect(driver.state.offset == 703)
        #expect(view.calls.map(\.y) == [600])
        #expect(view.calls.map(\.animation) == [.alongKeyboard(duration: 0.25)])
    }

    @Test(
        "given the keyboard's notification before the first layout, when the frame is laid out, then its share counts")
    func keyboardBeforeLayout() {
        let driver = ChatScrollDriver()
        driver.keyboardWillChange(keyboardTop: 508, scrollViewBottom: 844, duration: 0.25)
        driver.layout(frameHeight: 844, insetTop: 91, insetBottom: 83)
        #expect(driver.state.keyboardHeight == 253)
    }

    @Test(
        """
        given a frame pinned to the bar under a landscape keyboard, when the window rotates and the frame is laid out \
        before the keyboard's next notification, then the keyboard's old top covers none of the new frame
        """
    )
    func rotationBeforeTheKeyboardsNotification() {
        // Landscape: a 390-point window, the keyboard's top at 190 and the bar above it to 141.
        let (driver, view, sent) = Self.open(height: 341, insetBottom: 0, frameBottom: 341)
        driver.keyboardWillChange(keyboardTop: 190, scrollViewBottom: 341, barAboveKeyboard: 49, duration: 0.25)
        driver.layout(frameHeight: 141, insetTop: 103, insetBottom: 0, frameBottom: 141)
        view.calls = []
        let before = sent().count
        // Portrait: the frame ends at the bar's top, 467, in the new window, where 190 means nothing.
        driver.layout(frameHeight: 467, insetTop: 103, insetBottom: 0, frameBottom: 467)
        driver.keyboardWillChange(keyboardTop: 516, scrollViewBottom: 467, barAboveKeyboard: 49, duration: 0.25)
        #expect(Array(sent().dropFirst(before)) == [.viewportChanged(height: 467, insetTop: 103, insetBottom: 0)])
        #expect(driver.state.keyboardHeight == 0)
        #expect(driver.state.offset == 1636)
        #expect(view.calls.map(\.y) == [1533])
    }

    @Test(
        """
        given a reader at the top of an 852-point frame (insets 103/83) over a keyboard whose top is at 516, when \
        the screen turns to a 390-point frame (insets 32/71) and the keyboard to a top of 190, told before the \
        turned layout, then nothing moves until that layout, which keeps the reader at the top
        """
    )
    func keyboardOfATurn() {
        let (driver, view, sent) = Self.open(height: 852, insetBottom: 83)
        driver.keyboardWillChange(keyboardTop: 516, scrollViewBottom: 852, duration: 0.25)
        driver.willBeginDragging()
        driver.didScroll(contentOffsetY: -103)
        driver.willEndDragging(velocity: 0)
        view.calls = []
        let before = sent().count
        driver.keyboardWillChange(keyboardTop: 190, scrollViewBottom: 390, duration: 0.25, beforeLayout: true)
        #expect(sent().count == before)
        #expect(driver.state.keyboardHeight == 253)
        driver.layout(frameHeight: 390, insetTop: 32, insetBottom: 71)
        // The reader stays at the top. (Told at the notification, against the portrait frame, the
        // keyboard would come off by 136 points, clamped at the top, and the turned layout would
        // then put 12 of them back: the reader 12 points down.)
        #expect(
            Array(sent().dropFirst(before)) == [
                .viewportChanged(height: 390, insetTop: 32, insetBottom: 71),
                .keyboardWillShow(height: 129, duration: nil),
            ])
        #expect(driver.state.keyboardHeight == 129)
        #expect(driver.state.offset == 0)
        #expect(view.calls.map(\.y) == [-32])
    }

    @Test(
        """
        given five messages that fit a 769-point frame pinned to the bar, bouncing back from past their top when the \
        keyboard is notified, when the frame shrinks to the bar and the view then reports the bounce's end, then the \
        user's next fling goes on
        """
    )
    func keyboardKeptThroughABounceLeavesTheNextFling() {
        let driver = ChatScrollDriver()
        let view = RecordingScrollView()
        driver.scrollView = view
        view.driver = driver
        driver.layout(frameHeight: 769, insetTop: 103, insetBottom: 0, frameBottom: 769)
        driver.send(.historyLoaded(messages: messages(1...5), hasMoreOlder: false))
        driver.willBeginDragging()
        driver.didScroll(contentOffsetY: -262)
        driver.willEndDragging(velocity: 2000)
        driver.didEndDragging(willDecelerate: true)
        driver.didScroll(contentOffsetY: -150)
        // The keyboard waits for the bounce; the frame pinned to the bar then shrinks to 467 (364
        // visible), too short for the 500 points, which ends the bounce at the bottom.
        driver.keyboardWillChange(keyboardTop: 516, scrollViewBottom: 769, barAboveKeyboard: 49, duration: 0.25)
        driver.layout(frameHeight: 467, insetTop: 103, insetBottom: 0, frameBottom: 467)
        driver.didEndDecelerating()
        #expect(driver.state.keyboardHeight == 0)
        #expect(driver.state.visibleHeight == 364)
        driver.willBeginDragging()
        driver.didScroll(contentOffsetY: -50)
        driver.willEndDragging(velocity: -800)
        driver.didEndDragging(willDecelerate: true)
        #expect(driver.isDecelerating)
    }
}
