import ChatPlatform

/// How a simulated scroll view behaves where real scroll views differ, or where what they do is
/// not documented. A personality belongs to the view: the policy driving it is never told.
///
/// Every session of `replay simulate` runs on each of ``all``. The numbers are named here and
/// sourced in docs/simulation.md ("View personalities").
public struct ViewPersonality: Sendable, Hashable {
    /// The name in the table.
    public var name: String
    /// An animated `setContentOffset` to the offset the view already has does nothing and
    /// reports nothing (UIKit: no animation, no `scrollViewDidEndScrollingAnimation`).
    public var animatedScrollToSameOffsetIsSilent: Bool
    /// Animated scrolls (`setContentOffset(_:animated: true)`) complete inside the call: the
    /// final offset is reported, and the end of the animation, before the call returns.
    public var animationsCompleteSynchronously: Bool
    /// `UIView.animate` of the offset reports `didScroll` once, with the final value, while
    /// what is drawn moves frame by frame (UIKit); otherwise every frame is reported.
    public var viewAnimationReportsOnce: Bool
    /// The finger pulls the content past an edge along UIKit's rubber band,
    /// `(1 - 1 / (x * 0.55 / d + 1)) * d` with d the frame height; otherwise at half speed.
    public var nonlinearRubberBand: Bool
    /// Momentum that reaches an edge runs past it and springs back (a critically damped spring
    /// of stiffness 100 and mass 1); otherwise it stops at the edge.
    public var momentumBouncesPastEdges: Bool
    /// The keyboard moves along UIKit's keyboard spring (stiffness 804, damping 56.7, mass 1:
    /// about 99 % of the way at 0.25 s); otherwise linearly over its duration.
    public var keyboardSpring: Bool
    /// Some cells grow after they were first laid out (an image, a link preview or a reaction
    /// row that arrives 0.2 to 2 s later): one message in four, by 40 to 200 points, chosen by
    /// its id, wherever it is then (above, inside or below the visible region).
    public var lateHeightChanges: Bool
    /// A row above the visible region that changes height moves the offset with it, before the
    /// app hears of the new height, so that what is shown stays (`UITableView` with estimated
    /// heights, as bug reports describe a view that corrects; whether it does is unsourced).
    public var correctsOffsetForRowsAbove: Bool
    /// Geometry (the offset, a cell's measured height) and gestures are reported after the
    /// frame's layout, once per frame: the app's answer is laid out in one more pass before the
    /// frame is drawn, and what that pass reports waits for the next frame (SwiftUI runs
    /// `onScrollGeometryChange`, `onGeometryChange` and `onScrollPhaseChange` after layout, and
    /// evaluates views invalidated by them once more, and no more, before the frame is drawn).
    /// The offset is reported once per delivery, with its last value.
    public var reportsAfterLayout: Bool
    /// Gestures are reported as phase changes (SwiftUI's `onScrollPhaseChange`), not as
    /// `UIScrollViewDelegate`'s callbacks; the end of an animated scroll is the phase going idle.
    public var reportsPhases: Bool
    /// Rows not yet laid out take the lazy stack's estimate, the average height of the rows it
    /// has laid out, instead of the app's: absolute offsets then differ from any model the app
    /// keeps, and change as the stack lays out more rows (SwiftUI's `LazyVStack`).
    public var lazyStackEstimates: Bool
    /// The app's position changes (`ScrollPosition.scrollTo`) land at the next frame's start
    /// instead of inside the frame they were made in (which of the two SwiftUI does is unsourced).
    public var positionChangesLandNextFrame: Bool

    /// Creates a personality.
    public init(
        name: String, animatedScrollToSameOffsetIsSilent: Bool, animationsCompleteSynchronously: Bool,
        viewAnimationReportsOnce: Bool, nonlinearRubberBand: Bool, momentumBouncesPastEdges: Bool, keyboardSpring: Bool,
        lateHeightChanges: Bool = false, correctsOffsetForRowsAbove: Bool = false, reportsAfterLayout: Bool = false,
        reportsPhases: Bool = false, lazyStackEstimates: Bool = false, positionChangesLandNextFrame: Bool = false
    ) {
        self.name = name
        self.animatedScrollToSameOffsetIsSilent = animatedScrollToSameOffsetIsSilent
        self.animationsCompleteSynchronously = animationsCompleteSynchronously
        self.viewAnimationReportsOnce = viewAnimationReportsOnce
        self.nonlinearRubberBand = nonlinearRubberBand
        self.momentumBouncesPastEdges = momentumBouncesPastEdges
        self.keyboardSpring = keyboardSpring
        self.lateHeightChanges = lateHeightChanges
        self.correctsOffsetForRowsAbove = correctsOffsetForRowsAbove
        self.reportsAfterLayout = reportsAfterLayout
        self.reportsPhases = reportsPhases
        self.lazyStackEstimates = lazyStackEstimates
        self.positionChangesLandNextFrame = positionChangesLandNextFrame
    }

    /// UIKit as far as it is known: the default, and the strictest.
    public static let uikit = ViewPersonality(
        name: "uikit", animatedScrollToSameOffsetIsSilent: true, animationsCompleteSynchronously: false,
        viewAnimationReportsOnce: true, nonlinearRubberBand: true, momentumBouncesPastEdges: true, keyboardSpring: true)

    /// UIKit with self-sizing rows as a table view has them: cells that grow after they were
    /// shown, and a view that keeps what is shown when rows above it change height.
    public static let estimates = ViewPersonality(
        name: "estimates", animatedScrollToSameOffsetIsSilent: true, animationsCompleteSynchronously: false,
        viewAnimationReportsOnce: true, nonlinearRubberBand: true, momentumBouncesPastEdges: true, keyboardSpring: true,
        lateHeightChanges: true, correctsOffsetForRowsAbove: true)

    /// A SwiftUI `ScrollView` over a `LazyVStack`, as Apple documents it and public reports show
    /// it: UIKit's physics; reports after layout and gestures as phases (as ``swiftuiLate``); the
    /// lazy stack's own estimates for rows it has not laid out, and the position kept inside
    /// layout when rows above what is shown are laid out, re-estimated or grow; cells that grow
    /// after they were shown. The app's position changes land inside the frame they are made in.
    public static let swiftui = ViewPersonality(
        name: "swiftui", animatedScrollToSameOffsetIsSilent: true, animationsCompleteSynchronously: false,
        viewAnimationReportsOnce: false, nonlinearRubberBand: true, momentumBouncesPastEdges: true,
        keyboardSpring: true, lateHeightChanges: true, correctsOffsetForRowsAbove: true, reportsAfterLayout: true,
        reportsPhases: true, lazyStackEstimates: true)

    /// ``swiftui``, but the app's position changes land at the next frame's start.
    public static let swiftuiNextFrame: ViewPersonality = {
        var personality = swiftui
        personality.name = "swiftui-next-frame"
        personality.positionChangesLandNextFrame = true
        return personality
    }()

    /// The SwiftUI of earlier tables: a view that only reports late and keeps nothing itself,
    /// the app's estimates for rows not laid out. UIKit's physics, but every report comes after
    /// layout (the app's answer gets one more pass), gestures come as phases, and an animated
    /// position change (`withAnimation { position.scrollTo(y:) }`) reports every frame.
    public static let swiftuiLate = ViewPersonality(
        name: "swiftui-late", animatedScrollToSameOffsetIsSilent: true, animationsCompleteSynchronously: false,
        viewAnimationReportsOnce: false, nonlinearRubberBand: true, momentumBouncesPastEdges: true,
        keyboardSpring: true,
        reportsAfterLayout: true, reportsPhases: true)

    /// UIKit, but a view that finishes every animated scroll it is asked for at once, inside the
    /// call.
    public static let synchronous = ViewPersonality(
        name: "synchronous", animatedScrollToSameOffsetIsSilent: true, animationsCompleteSynchronously: true,
        viewAnimationReportsOnce: true, nonlinearRubberBand: true, momentumBouncesPastEdges: true, keyboardSpring: true)

    /// The simple view of earlier tables: linear keyboard, half-speed rubber band, momentum that
    /// stops at an edge, every animation frame reported.
    public static let simple = ViewPersonality(
        name: "simple", animatedScrollToSameOffsetIsSilent: false, animationsCompleteSynchronously: false,
        viewAnimationReportsOnce: false, nonlinearRubberBand: false, momentumBouncesPastEdges: false,
        keyboardSpring: false)

    /// Every personality the table runs, the default first.
    public static let all: [ViewPersonality] = [
        .uikit, .estimates, .swiftui, .swiftuiNextFrame, .swiftuiLate, .synchronous, .simple,
    ]

    /// The personality named `name`, or `nil`.
    public static func named(_ name: String) -> ViewPersonality? { all.first { $0.name == name } }
}

/// The physics shared by the personalities.
enum ScrollPhysics {
    /// UIKit's rubber band constant.
    static let rubberBandConstant = 0.55
    /// The spring of a bounce back to an edge: stiffness 100, mass 1, critically damped.
    static let bounceOmega = 10.0
    /// The keyboard's spring: stiffness 804, mass 1, critically damped.
    static let keyboardOmega = 804.0.squareRoot()

    /// How far the content shows past an edge when the finger pulled it `x` points past it.
    static func rubberBand(_ x: Double, dimension d: Double) -> Double {
        guard d > 0 else { return 0 }
        return (1 - 1 / (x * rubberBandConstant / d + 1)) * d
    }

    /// How far the finger must pull past an edge for the content to show `shown` points past it.
    static func inverseRubberBand(_ shown: Double, dimension d: Double) -> Double {
        guard d > 0 else { return 0 }
        let fraction = min(shown / d, 0.999)
        return d / rubberBandConstant * (1 / (1 - fraction) - 1)
    }

    /// The share of the way a critically damped spring from rest has gone after `t` seconds;
    /// exactly 1 once less than 1/2000 of the way is left (at about 0.36 s for the keyboard's),
    /// so that everything moved along one spring arrives together.
    static func springProgress(_ t: Double, omega: Double) -> Double {
        let left = (1 + omega * t) * exponential(-omega * t)
        return left < 0.0005 ? 1 : 1 - left
    }

    /// A critically damped spring's displacement from its rest after `t` seconds, from
    /// displacement `x0` and velocity `v0`.
    static func springDisplacement(_ t: Double, x0: Double, v0: Double, omega: Double) -> Double {
        (x0 + (v0 + omega * x0) * t) * exponential(-omega * t)
    }
}
