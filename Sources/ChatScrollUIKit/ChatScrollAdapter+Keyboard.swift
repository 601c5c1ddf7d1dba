#if canImport(UIKit)
import UIKit
#else
import UIKitStandIn
#endif

extension ChatScrollAdapter {
    /// The height of the bar that rides on the keyboard outside its notified frame: 0 for the
    /// keyboard's own accessory view.
    var barAboveKeyboard: CGFloat {
        switch inputBar {
        case .inputAccessoryView: 0
        case .keyboardLayoutGuide(let bar), .shrinkingFrame(let bar): bar.bounds.height
        }
    }

    /// `keyboardWillChangeFrameNotification`: where the keyboard ends, in the window, against the
    /// scroll view's frame before the layout the keyboard causes.
    func keyboardWillChangeFrame(_ notification: Notification) {
        guard let change = KeyboardChange(notification) else { return }
        // The end frame is in the screen's coordinates: a window that does not fill the screen
        // (Slide Over, Stage Manager) is elsewhere on it.
        var end = change.endOnScreen
        if let window = scrollView.window, let screen = window.windowScene?.screen {
            end = window.convert(change.endOnScreen, from: screen.coordinateSpace)
        }
        if let curve = change.curve { keyboardCurve = curve }
        // A turn notifies the keyboard's new frame at its start, with animations disabled, before
        // the turned layout: the keyboard turns with the screen, and the layout tells the driver.
        // (One posted so outside a turn, with no layout to follow, is told at the next frame.)
        guard UIView.areAnimationsEnabled else {
            keyboardAwaitingLayout = (Double(end.minY), change.duration)
            displayLink?.isPaused = false
            return
        }
        keyboardAwaitingLayout = nil
        driver.keyboardWillChange(
            keyboardTop: Double(end.minY), scrollViewBottom: Double(scrollViewFrameInWindow.maxY),
            barAboveKeyboard: Double(barAboveKeyboard), duration: change.duration)
    }

    /// Tells the driver of a keyboard notified at a turn's start, against the turned frame, for
    /// the turned layout to apply.
    func keyboardOfTheTurn(frame: CGRect) {
        guard let (top, _) = keyboardAwaitingLayout else { return }
        keyboardAwaitingLayout = nil
        driver.keyboardWillChange(
            keyboardTop: top, scrollViewBottom: Double(frame.maxY), barAboveKeyboard: Double(barAboveKeyboard),
            beforeLayout: true)
    }

    /// Tells the driver of a keyboard notified with animations disabled that no layout followed
    /// before this frame: not a turn's, so it moves the list as any notification does.
    func keyboardWithoutLayout() {
        guard let (top, duration) = keyboardAwaitingLayout else { return }
        keyboardAwaitingLayout = nil
        driver.keyboardWillChange(
            keyboardTop: top, scrollViewBottom: Double(scrollViewFrameInWindow.maxY),
            barAboveKeyboard: Double(barAboveKeyboard), duration: duration)
        displayLink?.isPaused = !driver.needsFrames
    }

    /// Grows `contentInset.bottom` and the scroll indicator's by the keyboard's share, so that the
    /// offsets the driver asks for are in the scroll view's range.
    func keepKeyboardInset(share: Double) {
        let change = CGFloat(share) - keyboardInset
        guard change != 0 else { return }
        keyboardInset = CGFloat(share)
        scrollView.contentInset.bottom += change
        scrollView.verticalScrollIndicatorInsets.bottom += change
    }
}
