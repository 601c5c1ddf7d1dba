/// A command's animated scroll, run by the driver itself frame by frame.
///
/// The driver animates commands instead of asking the scroll view to: a scroll view's own
/// animation cannot follow a destination that moves while it runs (UIKit restarts it, SwiftUI
/// lands it late, and some views finish it at once or not at all), and a destination moves
/// whenever an answer streams in or a cell is measured during the scroll.
///
/// The path is a cubic from `from` to `to` that ends at rest: a new command starts at rest too
/// (smoothstep), and a destination that moves on the way bends the path from where the view is
/// *at the speed it has*, so neither the position nor the speed ever jumps.
struct CommandAnimation: Sendable, Equatable {
    /// How long a command's scroll takes, in seconds: UIKit's `setContentOffset(_:animated:)`.
    static let duration = 0.3
    /// The least time a new command's destination is given, so that the view never rushes to it.
    static let shortestRemainder = 0.1
    /// A speed any path may reach, in points per second: a moved destination gets the time to be
    /// reached within three times the view's speed, or this.
    static let calmSpeed = 1000.0

    var from: Double
    var to: Double
    /// The path's slope at its start, in points over the whole duration (0: it starts at rest).
    var initialSlope = 0.0
    /// When the animation started; `nil` until the first frame, which shows `from`.
    var start: Double?
    var duration: Double

    init(from: Double, to: Double) {
        self.from = from
        self.to = to
        duration = Self.duration
    }

    /// The share of the path's duration gone at `time`, from 0 to 1.
    private func progress(at time: Double) -> Double {
        guard let start, duration > 0 else { return 0 }
        return min(1, max(0, (time - start) / duration))
    }

    /// The cubic Hermite path at `s`: from `from` with ``initialSlope`` to `to` at rest.
    private func point(_ s: Double) -> Double {
        let s2 = s * s
        let s3 = s2 * s
        return (2 * s3 - 3 * s2 + 1) * from + (s3 - 2 * s2 + s) * initialSlope + (3 * s2 - 2 * s3) * to
    }

    /// A speed below which the view is at rest on the path, in points per second (a quarter of
    /// a point a frame at 120 Hz).
    static let restSpeed = 30.0

    /// The path's speed at `time`, in points per second (0 before the first frame).
    func speed(at time: Double) -> Double {
        guard start != nil, duration > 0 else { return 0 }
        let s = progress(at: time)
        let slope = (6 * s * s - 6 * s) * from + (3 * s * s - 4 * s + 1) * initialSlope + (6 * s - 6 * s * s) * to
        return slope / duration
    }

    /// The content offset at `time`, and whether the animation is over.
    mutating func position(at time: Double) -> (y: Double, finished: Bool) {
        if start == nil { start = time }
        let s = duration > 0 ? progress(at: time) : 1
        guard s < 1 else { return (to, true) }
        return (point(s), false)
    }

    /// Goes on from `current` at `time` (the last frame's) to a destination that moved, at the
    /// speed the view has, ending when the animation would have ended (later when the destination
    /// moved far); with `atLeast` (a new command), no sooner than that many seconds, nor
    /// ``shortestRemainder``, from now.
    ///
    /// The start speed is kept unless it points away from the destination (then the path starts
    /// at rest and takes at least ``duration``) or would carry the view past it (then it is
    /// lowered to the most a path that never overshoots allows).
    mutating func redirect(to destination: Double, from current: Double, at time: Double, atLeast: Double? = nil) {
        guard let start else {
            // Not started: the whole animation still lies ahead, from rest.
            from = current
            to = destination
            initialSlope = 0
            duration = max(duration, atLeast ?? 0)
            return
        }
        let speed = speed(at: time)
        let distance = destination - current
        // Ends on time, unless the destination moved so far that getting there would lurch: the
        // path's top speed (about 1.5 times its average) stays within three times the speed the
        // view has, or ``calmSpeed``, taking at most another ``duration``.
        let calm = min(1.5 * abs(distance) / max(3 * abs(speed), Self.calmSpeed), Self.duration)
        var remaining = max(start + duration - time, atLeast.map { max($0, Self.shortestRemainder) } ?? 0, calm)
        var slope = speed * remaining
        if slope * distance < 0 {
            // Turning back starts from rest and takes a whole animation's time, so the turn is
            // gentle however little time the old path had left.
            slope = 0
            remaining = max(remaining, Self.duration)
        } else if slope * distance == 0 {
            slope = 0
        } else if abs(slope) > 3 * abs(distance) {
            slope = 3 * distance
        }
        from = current
        to = destination
        initialSlope = slope
        self.start = time
        duration = remaining
    }

    /// Moves the whole path by `delta`: what the view passes through moved, the rest of the way
    /// is unchanged.
    mutating func shift(by delta: Double) {
        from += delta
        to += delta
    }
}
