import ChatScrollUIKit

#if canImport(UIKit)
import UIKit
#else
import UIKitStandIn
#endif

@available(iOS 18.0, *)
extension ChatScrollModel {
    /// Listens for `keyboardWillChangeFrameNotification` from now on (once, however often it is
    /// called): SwiftUI has no keyboard frame of its own. The window is taken to fill the screen,
    /// so the end frame is in the global space.
    public func observeKeyboard() {
        guard hooks == nil else { return }
        let hooks = SystemHooks()
        hooks.owner = self
        hooks.onKeyboardWillChangeFrame = { [weak self] notification in
            guard let change = KeyboardChange(notification) else { return }
            // A turn notifies the keyboard's new frame at its start, with animations disabled,
            // before SwiftUI lays the turned screen out: it waits for that layout's geometry.
            self?.keyboardWillChange(
                keyboardTop: Double(change.endOnScreen.minY), duration: change.duration,
                beforeLayout: !UIView.areAnimationsEnabled)
        }
        NotificationCenter.default.addObserver(
            hooks, selector: SystemHooks.keyboardSelector, name: UIResponder.keyboardWillChangeFrameNotification,
            object: nil)
        self.hooks = hooks
    }
}
