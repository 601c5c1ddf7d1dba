/// A scroll view's phase, as SwiftUI's `ScrollPhase` names it (iOS 18): what a SwiftUI screen
/// reports instead of `UIScrollViewDelegate`'s gesture callbacks.
public enum ChatScrollPhase: Sendable, Hashable {
    /// At rest.
    case idle
    /// A finger is down but has not moved the content yet.
    case tracking
    /// The finger moves the content.
    case interacting
    /// The content moves on after the finger lifted (momentum, or a bounce back to an edge).
    case decelerating
    /// A programmatic animation moves the content.
    case animating

    /// Whether a finger holds the view in this phase.
    package var isTouched: Bool {
        switch self {
        case .tracking, .interacting: true
        case .idle, .decelerating, .animating: false
        }
    }
}

/// What takes a scroll view's gesture callbacks, as `UIScrollViewDelegate` makes them: the
/// driver, or any glue of the app's that also takes SwiftUI's phases.
public protocol ScrollGestureCallbacks: AnyObject {
    /// The finger takes the view.
    func willBeginDragging()
    /// The finger lifts, with the release velocity in points per second of offset.
    func willEndDragging(velocity: Double)
    /// The finger lifted; the content moves on when `willDecelerate`.
    func didEndDragging(willDecelerate: Bool)
    /// The content came to rest after the finger lifted.
    func didEndDecelerating()
}

extension ChatScrollDriver: ScrollGestureCallbacks {}

extension ScrollGestureCallbacks {
    /// `onScrollPhaseChange`: a SwiftUI screen's phase change, turned into the gesture callbacks
    /// a UIKit screen makes (`willBeginDragging()`, `willEndDragging(velocity:)`,
    /// `didEndDragging(willDecelerate:)`, `didEndDecelerating()`).
    ///
    /// `velocity` is the scroll view's vertical velocity at the change, in points per second of
    /// offset, positive towards the bottom (`context.velocity?.dy`); `nil` or not finite is 0.
    /// Programmatic animations (`.animating`) are the app's own and make no callback.
    ///
    /// ```swift
    /// // Not compiled here (SwiftUI):
    /// .onScrollPhaseChange { old, new, context in
    ///     driver.scrollPhaseChanged(from: ChatScrollPhase(old), to: ChatScrollPhase(new),
    ///                               velocity: context.velocity.map { Double($0.dy) })
    /// }
    /// ```
    ///
    /// - Complexity: what the callbacks it makes cost (the driver's: O(log n)).
    public func scrollPhaseChanged(from old: ChatScrollPhase, to new: ChatScrollPhase, velocity: Double?) {
        if new.isTouched, !old.isTouched {
            willBeginDragging()
        } else if old.isTouched, !new.isTouched {
            let releasing = velocity.flatMap { $0.isFinite ? $0 : nil } ?? 0
            willEndDragging(velocity: new == .decelerating ? releasing : 0)
            didEndDragging(willDecelerate: new == .decelerating)
        } else if old == .decelerating, new != .decelerating, !new.isTouched {
            didEndDecelerating()
        }
    }
}
