import ChatScrollDriver

#if canImport(UIKit)
import UIKit
#else
import UIKitStandIn
#endif

/// Runs the driver's moves on the adapter's scroll view, each with its UIKit call.
@MainActor
final class ScrollMover: @MainActor ChatScrollViewTarget {
    /// The adapter that owns this mover.
    weak var adapter: ChatScrollAdapter?

    func setContentOffsetY(_ y: Double, animation: ScrollAnimation) {
        guard let adapter else { return }
        let scrollView = adapter.scrollView
        let target = CGPoint(x: scrollView.contentOffset.x, y: CGFloat(y))
        switch animation {
        case .none:
            // Position keeping and a command's frames: any momentum goes on from here.
            scrollView.contentOffset = target
        case .jump:
            // Stops momentum and any animated scroll.
            scrollView.setContentOffset(target, animated: false)
        case .alongKeyboard(let duration):
            // On the keyboard's own curve, so that what sits at the bottom edge rides with it.
            let curve = UIView.AnimationOptions(rawValue: UInt(max(0, adapter.keyboardCurve)) << 16)
            UIView.animate(
                withDuration: duration, delay: 0, options: curve, animations: { scrollView.contentOffset = target })
        }
    }
}
