// The adapter over the stand-in's views, as UIKit would call it; where UIKit exists these run in
// an app's tests instead.
#if !canImport(UIKit)
import ChatEvents
import ChatReducer
import ChatScrollUIKit
import Testing
import UIKitStandIn

/// A chat screen: a window-sized root view, a scroll view in it from the top, an input bar, and
/// the adapter over them, opened with 20 messages of 100 points (content 2000).
@MainActor
private struct Screen {
    let root = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 852))
    let scrollView: UIScrollView
    let bar = UIView(frame: CGRect(x: 0, y: 769, width: 390, height: 49))
    let chat: ChatScrollAdapter

    /// `setup` names the bar's setup; the scroll view is `height` tall with insets 103 and
    /// `insetBottom`.
    init(height: Double, insetBottom: Double, setup: (UIView) -> ChatScrollAdapter.InputBar) {
        scrollView = UIScrollView(frame: CGRect(x: 0, y: 0, width: 390, height: CGFloat(height)))
        scrollView.contentInset = UIEdgeInsets(top: 103, left: 0, bottom: CGFloat(insetBottom), right: 0)
        root.addSubview(scrollView)
        root.addSubview(bar)
        chat = ChatScrollAdapter(scrollView: scrollView, inputBar: setup(bar))
        chat.layout()
        chat.driver.send(.historyLoaded(messages: messages(1...20), hasMoreOlder: false))
    }

    /// The app lays the table out `width` by `height` points (its bounds at its content offset, as
    /// UIKit keeps them), and tells the adapter.
    func layOutTable(width: Double = 390, height: Double) {
        scrollView.frame = CGRect(x: 0, y: 0, width: CGFloat(width), height: CGFloat(height))
        scrollView.bounds = CGRect(
            x: 0, y: scrollView.contentOffset.y, width: CGFloat(width), height: CGFloat(height))
        chat.layout()
    }

    /// UIKit's notification of a keyboard whose frame ends at `top` (336 points tall).
    func keyboardWillChangeFrame(top: Double, duration: Double = 0.25) {
        NotificationCenter.default.post(
            name: UIResponder.keyboardWillChangeFrameNotification, object: nil,
            userInfo: [
                UIResponder.keyboardFrameEndUserInfoKey: CGRect(x: 0, y: CGFloat(top), width: 390, height: 336),
                UIResponder.keyboardAnimationDurationUserInfoKey: duration,
                UIResponder.keyboardAnimationCurveUserInfoKey: 7,
            ])
    }
}

private func messages(_ numbers: ClosedRange<Int>) -> [ChatMessage] {
    numbers.map { ChatMessage(id: "m\($0)", direction: .incoming, height: 100) }
}

@Suite("UIKit adapter")
@MainActor
struct ChatScrollAdapterTests {
    @Test(
        """
        given a bar pinned to keyboardLayoutGuide over an 852-point table with insets 103/83, when the keyboard's \
        frame ends at 516, then 385 points are covered, the inset grows by 302 and the newest message ends at the \
        bar's top
        """
    )
    func layoutGuide() {
        let screen = Screen(height: 852, insetBottom: 83) { .keyboardLayoutGuide(bar: $0) }
        #expect(screen.scrollView.contentOffset == CGPoint(x: 0, y: 1231))
        screen.keyboardWillChangeFrame(top: 516)
        #expect(screen.chat.driver.state.keyboardHeight == 302)
        #expect(screen.chat.driver.state.visibleHeight == 364)
        #expect(screen.scrollView.contentInset == UIEdgeInsets(top: 103, left: 0, bottom: 385, right: 0))
        #expect(screen.scrollView.verticalScrollIndicatorInsets == UIEdgeInsets(top: 0, left: 0, bottom: 302, right: 0))
        // 2000 - 364 - 103: along the keyboard.
        #expect(screen.scrollView.contentOffset == CGPoint(x: 0, y: 1533))
        screen.chat.layout()
        #expect(screen.chat.driver.state.keyboardHeight == 302)
        #expect(screen.chat.driver.state.visibleHeight == 364)
    }

    @Test(
        """
        given the layout-guide screen in a window 100 points down its screen (Slide Over, Stage Manager), when the \
        keyboard's frame ends at 616 on the screen, then it covers what it covers at 516 in the window
        """
    )
    func windowAwayFromTheScreensTop() {
        let scene = UIWindowScene(screen: UIScreen())
        let window = UIWindow(frame: CGRect(x: 0, y: 100, width: 390, height: 852))
        window.windowScene = scene
        let screen = Screen(height: 852, insetBottom: 83) { .keyboardLayoutGuide(bar: $0) }
        window.addSubview(screen.root)
        screen.keyboardWillChangeFrame(top: 616)
        #expect(screen.chat.driver.state.keyboardHeight == 302)
        #expect(screen.scrollView.contentInset == UIEdgeInsets(top: 103, left: 0, bottom: 385, right: 0))
        #expect(screen.scrollView.contentOffset == CGPoint(x: 0, y: 1533))
    }

    @Test(
        """
        given a 769-point table pinned to a bar that rides on the keyboard, with insets 103/0, when the keyboard \
        shows and the table shrinks to 467, then 364 points are visible, the inset is back to 0 and the newest \
        message ends at the table's bottom
        """
    )
    func shrinkingFrame() {
        let screen = Screen(height: 769, insetBottom: 0) { .shrinkingFrame(bar: $0) }
        screen.keyboardWillChangeFrame(top: 516)
        #expect(screen.chat.driver.state.keyboardHeight == 302)
        #expect(screen.scrollView.contentInset.bottom == 302)
        // The table's bottom follows the bar's top.
        screen.layOutTable(height: 467)
        #expect(screen.chat.driver.state.keyboardHeight == 0)
        #expect(screen.chat.driver.state.visibleHeight == 364)
        #expect(screen.scrollView.contentInset == UIEdgeInsets(top: 103, left: 0, bottom: 0, right: 0))
        #expect(screen.scrollView.contentOffset == CGPoint(x: 0, y: 1533))
    }

    @Test(
        """
        given the keyboard's accessory over an 852-point table (insets 103/83) with the keyboard's top at 516, when \
        the screen turns and UIKit notifies the landscape keyboard (top 190) with animations disabled, then nothing \
        moves until the turned layout, which measures the keyboard against the turned table
        """
    )
    func keyboardOfATurn() {
        AppMainThread.$current.withValue(AppMainThread()) { turnsWithTheKeyboardUp() }
    }

    private func turnsWithTheKeyboardUp() {
        let screen = Screen(height: 852, insetBottom: 83) { _ in .inputAccessoryView }
        screen.keyboardWillChangeFrame(top: 516)
        #expect(screen.chat.driver.state.keyboardHeight == 253)
        #expect(screen.scrollView.contentOffset == CGPoint(x: 0, y: 1484))
        // At the turn's start: the table is still the portrait one, which a top of 190 would
        // cover by 662 points.
        UIView.performWithoutAnimation { screen.keyboardWillChangeFrame(top: 190) }
        #expect(screen.chat.driver.state.keyboardHeight == 253)
        #expect(screen.scrollView.contentOffset == CGPoint(x: 0, y: 1484))
        // The turned layout: a 390-point table with insets 32 and 71 (and the keyboard's 253).
        screen.root.frame = CGRect(x: 0, y: 0, width: 844, height: 390)
        screen.scrollView.contentInset = UIEdgeInsets(top: 32, left: 0, bottom: 324, right: 0)
        screen.layOutTable(width: 844, height: 390)
        #expect(screen.chat.driver.state.keyboardHeight == 129)
        #expect(screen.chat.driver.state.visibleHeight == 158)
        #expect(screen.scrollView.contentInset == UIEdgeInsets(top: 32, left: 0, bottom: 200, right: 0))
        // Following: the newest message at the bottom, 2000 - 158 - 32, at once.
        #expect(screen.scrollView.contentOffset == CGPoint(x: 0, y: 1810))
    }

    @Test(
        """
        given the keyboard's accessory over an 852-point table, when the keyboard is notified with animations \
        disabled and no layout follows (a field made first responder inside performWithoutAnimation), then the \
        next display frame applies it, and the display link rests again
        """
    )
    func keyboardWithoutAnimationOutsideATurn() {
        AppMainThread.$current.withValue(AppMainThread()) { showsWithAnimationsDisabled() }
    }

    private func showsWithAnimationsDisabled() {
        let screen = Screen(height: 852, insetBottom: 83) { _ in .inputAccessoryView }
        UIView.performWithoutAnimation { screen.keyboardWillChangeFrame(top: 516) }
        #expect(screen.chat.driver.state.keyboardHeight == 0)
        #expect(RunLoop.main.displayLinks.map(\.isPaused) == [false])
        RunLoop.main.fireDisplayLinks(at: 1.0 / 60)
        #expect(screen.chat.driver.state.keyboardHeight == 253)
        #expect(screen.scrollView.contentOffset == CGPoint(x: 0, y: 1484))
        #expect(RunLoop.main.displayLinks.map(\.isPaused) == [true])
    }

    @Test(
        """
        given an idle screen, when a message arrives, then the display link runs for the arrival's scroll only, and \
        the message lands at the bottom
        """
    )
    func framesOnlyWhenNeeded() {
        // An app of its own, whose main run loop holds this screen's display link only.
        AppMainThread.$current.withValue(AppMainThread()) { runsFramesOnlyWhenNeeded() }
    }

    private func runsFramesOnlyWhenNeeded() {
        let screen = Screen(height: 852, insetBottom: 83) { _ in .inputAccessoryView }
        screen.chat.driver.entranceAnimationDuration = nil
        var offsets: [Double] = []
        for frame in 1...3 {
            RunLoop.main.fireDisplayLinks(at: Double(frame) / 60)
            offsets.append(Double(screen.scrollView.contentOffset.y))
        }
        #expect(offsets == [1231, 1231, 1231])
        #expect(RunLoop.main.displayLinks.map(\.isPaused) == [true])
        screen.chat.driver.send(
            .messageAppended(ChatMessage(id: "n1", direction: .incoming, height: 100), streaming: nil))
        #expect(RunLoop.main.displayLinks.map(\.isPaused) == [false])
        offsets = []
        for frame in 4...30 {
            RunLoop.main.fireDisplayLinks(at: Double(frame) / 60)
            offsets.append(Double(screen.scrollView.contentOffset.y))
        }
        #expect(offsets.last == 1331)
        #expect(offsets.filter { $0 == 1331 }.count == 9)
        #expect(RunLoop.main.displayLinks.map(\.isPaused) == [true])
    }

    @Test(
        """
        given a reader who drags up from the bottom, when the finger flings down at 2 points per millisecond \
        towards 10 points above the bottom, then the driver hears 2000 points per second and the fling lands on \
        the bottom
        """
    )
    func flingVelocity() {
        let screen = Screen(height: 852, insetBottom: 83) { _ in .inputAccessoryView }
        var sent: [ChatEvent] = []
        screen.chat.onStep = { event, _ in sent.append(event) }
        screen.chat.scrollViewWillBeginDragging(screen.scrollView)
        screen.scrollView.contentOffset = CGPoint(x: 0, y: 900)
        screen.chat.scrollViewDidScroll(screen.scrollView)
        var target = CGPoint(x: 0, y: 1221)
        screen.chat.scrollViewWillEndDragging(
            screen.scrollView, withVelocity: CGPoint(x: 0, y: 2), targetContentOffset: &target)
        #expect(target == CGPoint(x: 0, y: 1231))
        #expect(screen.chat.driver.isDecelerating)
        screen.chat.scrollViewDidEndDragging(screen.scrollView, willDecelerate: true)
        screen.scrollView.contentOffset = target
        screen.chat.scrollViewDidScroll(screen.scrollView)
        screen.chat.scrollViewDidEndDecelerating(screen.scrollView)
        // Offsets count from the visible top: contentOffset.y + 103.
        #expect(
            sent == [
                .dragBegan, .scrolled(offset: 1003), .dragEnded(offset: 1003, velocity: 2000),
                .scrolled(offset: 1334), .scrollSettled(offset: 1334),
            ])
        #expect(screen.chat.driver.state.mode == .following)
    }
}
#endif
