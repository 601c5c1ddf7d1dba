#if canImport(UIKit)
import UIKit
#else
import UIKitStandIn
#endif

// The scroll view's delegate stays the app's: it calls these from its own `UIScrollViewDelegate`
// methods of the same names, one line each.
extension ChatScrollAdapter {
    /// Call from `scrollViewWillBeginDragging(_:)`.
    public func scrollViewWillBeginDragging(_ scrollView: UIScrollView) { driver.willBeginDragging() }

    /// Call from `scrollViewDidScroll(_:)`.
    public func scrollViewDidScroll(_ scrollView: UIScrollView) {
        driver.didScroll(contentOffsetY: Double(scrollView.contentOffset.y))
    }

    /// Call from `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)`: a fling that
    /// would stop just short of the bottom is sent onto it.
    public func scrollViewWillEndDragging(
        _ scrollView: UIScrollView, withVelocity velocity: CGPoint, targetContentOffset: UnsafeMutablePointer<CGPoint>
    ) {
        // UIKit gives points per millisecond, the driver takes points per second.
        let landing = driver.willEndDragging(
            velocity: Double(velocity.y) * 1000, targetContentOffsetY: Double(targetContentOffset.pointee.y))
        targetContentOffset.pointee.y = CGFloat(landing)
    }

    /// Call from `scrollViewDidEndDragging(_:willDecelerate:)`.
    public func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
        driver.didEndDragging(willDecelerate: decelerate)
    }

    /// Call from `scrollViewDidEndDecelerating(_:)`.
    public func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) { driver.didEndDecelerating() }
}
