#if canImport(UIKit)
import UIKit
#else
import UIKitStandIn
#endif

// The one part of the adapters that differs where UIKit is absent: UIKit calls the display link's
// target and the keyboard's observer by Objective-C selector, which needs the Objective-C runtime.
// Both entry points only hand over to their owner (the UIKit adapter, or the SwiftUI model).

#if canImport(UIKit)
/// The display link's target and the keyboard notification's observer.
@MainActor
package final class SystemHooks: NSObject {
    /// Whom the calls are for; the display link stops itself once it is gone.
    package weak var owner: AnyObject?
    /// Runs on each frame of the display link while the owner lives.
    package var onDisplayFrame: (CADisplayLink) -> Void = { _ in }
    /// Runs on each `keyboardWillChangeFrameNotification` while the owner lives.
    package var onKeyboardWillChangeFrame: (Notification) -> Void = { _ in }

    package override init() { super.init() }

    package static let displayFrameSelector = #selector(SystemHooks.displayFrame(_:))
    package static let keyboardSelector = #selector(SystemHooks.keyboardWillChangeFrame(_:))

    @objc func displayFrame(_ link: CADisplayLink) {
        guard owner != nil else { return link.invalidate() }
        onDisplayFrame(link)
    }

    @objc func keyboardWillChangeFrame(_ notification: Notification) {
        if owner != nil { onKeyboardWillChangeFrame(notification) }
    }
}
#else
/// The display link's target and the keyboard notification's observer, called by the
/// stand-in with the selectors' names.
@MainActor
package final class SystemHooks: SelectorTarget {
    /// Whom the calls are for; the display link stops itself once it is gone.
    package weak var owner: AnyObject?
    /// Runs on each frame of the display link while the owner lives.
    package var onDisplayFrame: (CADisplayLink) -> Void = { _ in }
    /// Runs on each `keyboardWillChangeFrameNotification` while the owner lives.
    package var onKeyboardWillChangeFrame: (Notification) -> Void = { _ in }

    package static let displayFrameSelector = Selector("displayFrame:")
    package static let keyboardSelector = Selector("keyboardWillChangeFrame:")

    package init() {}

    package func perform(_ selector: Selector, with object: Any) {
        if selector == Self.displayFrameSelector, let link = object as? CADisplayLink {
            guard owner != nil else { return link.invalidate() }
            onDisplayFrame(link)
        } else if selector == Self.keyboardSelector, let notification = object as? Notification {
            if owner != nil { onKeyboardWillChangeFrame(notification) }
        }
    }
}
#endif

/// What a `keyboardWillChangeFrameNotification` says: where the keyboard ends, on the screen,
/// and how it gets there.
package struct KeyboardChange {
    /// The keyboard's end frame, in the screen's coordinates.
    package var endOnScreen: CGRect
    /// The animation's duration, in seconds, when given.
    package var duration: Double?
    /// The animation's curve, when given.
    package var curve: Int?

    /// The change `notification` announces; `nil` without an end frame.
    @MainActor package init?(_ notification: Notification) {
        guard let info = notification.userInfo,
            let end = info[UIResponder.keyboardFrameEndUserInfoKey] as? CGRect
        else { return nil }
        endOnScreen = end
        duration = info[UIResponder.keyboardAnimationDurationUserInfoKey] as? Double
        curve = info[UIResponder.keyboardAnimationCurveUserInfoKey] as? Int
    }
}
