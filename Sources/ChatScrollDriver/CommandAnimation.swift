/// A command's animated scroll, run by the driver itself frame by frame.
///
/// The driver animates commands instead of asking the scroll view to: a scroll view's own
/// animation cannot follow a destination that moves while it runs (UIKit restarts it, SwiftUI
/// lands it late, and some views finish it at once or not at all), and a destination moves
/// whenever an answer streams in or a cell is measured during the scroll.
///
/// The position is continuous: a new destination bends the path from where the view is, it
/// never jumps.
struct CommandAnimation: Sendable, Equatable {
    /// How long a command's scroll takes, in seconds: UIKit's `setContentOffset(_:animated:)`.
    static let duration = 0.3
    /// The least time a moved destination is given, so that the view never rushes to it.
    static let shortestRemainder = 0.1

    enum Curve: Sendable, Equatable {
        /// Starts and ends at rest (smoothstep).
        case easeInOut
        /// Starts moving and ends at rest: the rest of an animation whose destination moved.
        case easeOut

        func progress(_ t: Double) -> Double {
            switch self {
            case .easeInOut: t * t * (3 - 2 * t)
            case .easeOut: 1 - (1 - t) * (1 - t)
            }
        }
    }

    var from: Double
    var to: Double
    /// The curve's progress at `from`: a path stretched on the way goes on from where the view
    /// was then, over the rest of the same curve.
    var fromProgress = 0.0
    /// When the animation started; `nil` until the first frame, which shows `from`.
    var start: Double?
    var duration: Double
    var curve: Curve

    init(from: Double, to: Double) {
        self.from = from
        self.to = to
        duration = Self.duration
        curve = .easeInOut
    }

    /// The content offset at `time`, and whether the animation is over.
    mutating func position(at time: Double) -> (y: Double, finished: Bool) {
        let start = self.start ?? time
        self.start = start
        let t = duration > 0 ? min(1, max(0, (time - start) / duration)) : 1
        guard t < 1, fromProgress < 1 else { return (to, true) }
        let share = max(0, curve.progress(t) - fromProgress) / (1 - fromProgress)
        return (from + (to - from) * share, false)
    }

    /// Goes on from `current` at `time` (the last frame's) to a destination that moved a little
    /// (an answer growing while the view follows, a cell measured on the way): the rest of the
    /// same curve, ending when it would have ended. The position stays continuous; only the
    /// speed changes, by the ratio of the distances left.
    mutating func stretch(to destination: Double, from current: Double, at time: Double) {
        guard let start, duration > 0 else {
            from = current
            to = destination
            return
        }
        fromProgress = curve.progress(min(1, max(0, (time - start) / duration)))
        from = current
        to = destination
    }

    /// Moves the whole path by `delta`: what the view passes through moved, the rest of the way
    /// is unchanged.
    mutating func shift(by delta: Double) {
        from += delta
        to += delta
    }

    /// Goes on from `current` at `time` (the last frame's) to a moved destination, ending when
    /// the animation would have ended, and no sooner than `atLeast` seconds from now.
    mutating func retarget(to destination: Double, from current: Double, at time: Double, atLeast: Double?) {
        from = current
        to = destination
        fromProgress = 0
        guard let start else {
            // Not started: the whole animation still lies ahead.
            duration = max(duration, atLeast ?? 0)
            return
        }
        duration = max(start + duration - time, Self.shortestRemainder, atLeast ?? 0)
        self.start = time
        curve = .easeOut
    }
}
