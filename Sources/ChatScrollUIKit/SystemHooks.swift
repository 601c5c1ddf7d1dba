#if canImport(UIKit)
import UIKit
#else
import UIKitStandIn
#endif

// The one part of the adapter that differs where UIKit is absent: UIKit calls the display link's
// target and the keyboard's observer by Objective-C selector, which needs the Objective-C runtime.
// Both entry points only hand over to the adapter.

#if canImport(UIKit)
/// The display link's target and the keyboard notification's observer.
@MainActor
final class SystemHooks: NSObject {
    /// The adapter the calls go to; the display link stops itself once it is gone.
    weak var adapter: ChatScrollAdapter?

    static let displayFrameSelector = #selector(SystemHooks.displayFrame(_:))
    static let keyboardSelector = #selector(SystemHooks.keyboardWillChangeFrame(_:))

    @objc func displayFrame(_ link: CADisplayLink) {
        guard let adapter else { return link.invalidate() }
        adapter.displayFrame(link)
    }

    @objc func keyboardWillChangeFrame(_ notification: Notification) {
        adapter?.keyboardWillChangeFrame(notification)
    }
}
#else
/// The display link's target and the keyboard notification's observer, called by the
/// stand-in with the selectors' names.
@MainActor
final class SystemHooks: SelectorTarget {
    /// The adapter the calls go to; the display link stops itself once it is gone.
    weak var adapter: ChatScrollAdapter?

    static let displayFrameSelector = Selector("displayFrame:")
    static let keyboardSelector = Selector("keyboardWillChangeFrame:")

    func perform(_ selector: Selector, with object: Any) {
        if selector == Self.displayFrameSelector, let link = object as? CADisplayLink {
            guard let adapter else { return link.invalidate() }
            adapter.displayFrame(link)
        } else if selector == Self.keyboardSelector, let notification = object as? Notification {
            adapter?.keyboardWillChangeFrame(notification)
        }
    }
}
#endif
