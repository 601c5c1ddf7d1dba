import ChatEvents
import ChatPlatform
import ChatScrollDriver

/// A message as the simulated screen holds it: the height the data source estimates before
/// the cell is laid out, and the real height layout finds.
public struct SimMessage: Sendable, Hashable {
    /// The message id.
    public var id: String
    /// Outgoing or incoming.
    public var direction: MessageDirection
    /// The height used until the cell is first laid out.
    public var estimatedHeight: Double
    /// The height the cell has once laid out.
    public var height: Double

    /// Creates a message.
    public init(id: String, direction: MessageDirection, estimatedHeight: Double, height: Double) {
        self.id = id
        self.direction = direction
        self.estimatedHeight = estimatedHeight
        self.height = height
    }
}

/// The callbacks a simulated scroll view makes, as `UIScrollViewDelegate` does (the gesture
/// callbacks are `ScrollGestureCallbacks`'), or as SwiftUI does where the view reports phases.
public protocol SimulatedScrollViewDelegate: ScrollGestureCallbacks {
    /// `scrollViewDidScroll`, with the new `contentOffset.y`.
    func didScroll(contentOffsetY: Double)
    /// `scrollViewDidEndScrollingAnimation`.
    func didEndScrollingAnimation()
    /// A cell was laid out for the first time at its real height.
    func cellMeasured(id: String, height: Double)
    /// SwiftUI's `onScrollPhaseChange`, from a view that reports phases instead of the gesture
    /// callbacks; `velocity` as `ScrollGestureCallbacks.willEndDragging(velocity:)` has it.
    func phaseChanged(from old: ChatScrollPhase, to new: ChatScrollPhase, velocity: Double?)
    /// `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)`: the release, with the
    /// `contentOffset.y` where the deceleration would stop; returns where it is to stop.
    func willEndDragging(velocity: Double, targetContentOffsetY: Double) -> Double
}

extension SimulatedScrollViewDelegate {
    /// A hand-written UIKit screen's glue: ``forwardGestureCallbacks(from:to:velocity:)``.
    public func phaseChanged(from old: ChatScrollPhase, to new: ChatScrollPhase, velocity: Double?) {
        forwardGestureCallbacks(from: old, to: new, velocity: velocity)
    }

    /// The gesture callbacks a phase change stands for, and the end of the view's own animated
    /// scroll.
    public func forwardGestureCallbacks(from old: ChatScrollPhase, to new: ChatScrollPhase, velocity: Double?) {
        scrollPhaseChanged(from: old, to: new, velocity: velocity)
        if old == .animating, new == .idle { didEndScrollingAnimation() }
    }

    /// A screen that leaves the deceleration's end alone.
    public func willEndDragging(velocity: Double, targetContentOffsetY: Double) -> Double {
        willEndDragging(velocity: velocity)
        return targetContentOffsetY
    }
}

/// A headless model of a `UIScrollView` showing a chat, faithful to what makes screens jump:
/// content that changes size under a fixed `contentOffset`, a finger that drags 1:1 (with a
/// rubber band past the edges), momentum at `DecelerationRate.normal` (0.998 per ms), eased
/// animated scrolls of 0.3 s, keyboard animations, and cells measured lazily the first time they
/// are laid out. Where real views differ, its ``personality`` decides.
///
/// It offers what UIKit offers (the `contentOffset` setter, `setContentOffset(_:animated:)`,
/// `UIView.animate`), not the driver's terms: on the UIKit views, `ChatScrollUIKit`'s adapter is the
/// app's glue between them, through the simulated `UIScrollView` (`SimulatedUIScrollView`).
/// Offsets here are the reducer's: `offset = contentOffset.y + insetTop`.
public final class SimulatedScrollView {
    // Its stored state opts out of run-time exclusivity checks, which took a sixth of the
    // table's time: the view runs on one thread and never lends a property `inout`.
    /// One item of content: its current height and whether it was laid out.
    struct Item {
        var message: SimMessage
        var current: Double
        var laidOut: Bool
    }

    /// UIKit's scroll animation length.
    public static let animationDuration = 0.3
    /// Momentum stops below this speed, in points per second (remaining travel about 5 points).
    public static let momentumStopVelocity = 10.0

    /// How the view behaves where real views differ.
    public let personality: ViewPersonality
    /// How the app's input bar meets the keyboard: what the platform reports of it.
    public let setup: InputBarSetup
    /// The content, oldest first. Whatever changes a height drops ``tops``; whatever changes the
    /// ids drops the index too.
    @exclusivity(unchecked) private(set) var items: [Item] = []
    /// Cells that will grow after they were laid out (``ViewPersonality/lateHeightChanges``):
    /// when, and by how much.
    @exclusivity(unchecked) private var lateChanges: [(id: String, due: Double, delta: Double)] = []

    /// The heights the lazy stack found for the messages it laid out, summed, and how many
    /// (``ViewPersonality/lazyStackEstimates``); the estimate its unlaid rows have, when set.
    @exclusivity(unchecked) private var laidOutHeights = (sum: 0.0, count: 0)
    @exclusivity(unchecked) private var stackEstimate: Double?

    /// What the SwiftUI screen set on its scroll view (the SwiftUI views only), and what the
    /// view's own keeping of it noted at the last layout.
    public var swiftUI = SwiftUIScrollSettings()
    @exclusivity(unchecked) var keeping = SwiftUIKeeping()

    /// `itemTops[i]` is the top of item `i`; the last entry is the items' total height.
    @exclusivity(unchecked) private var itemTops: [Double]?
    @exclusivity(unchecked) private var itemIndex: [String: Int]?

    /// The tops of the items and, last, their total height.
    var tops: [Double] {
        if let itemTops { return itemTops }
        var result = [0.0]
        result.reserveCapacity(items.count + 1)
        for item in items { result.append(result[result.count - 1] + item.current) }
        itemTops = result
        return result
    }

    /// The items changed: heights only, or which items there are too.
    private func itemsChanged(ids: Bool) {
        itemTops = nil
        if ids { itemIndex = nil }
    }

    /// The first item whose bottom is below `offset`, or the item count.
    func firstItem(below offset: Double) -> Int {
        let tops = tops
        var low = 0
        var high = items.count
        while low < high {
            let middle = (low + high) / 2
            if tops[middle + 1] > offset { high = middle } else { low = middle + 1 }
        }
        return low
    }
    /// The frame height, the adjusted top inset and the bottom inset.
    @exclusivity(unchecked) public private(set) var frameHeight: Double
    @exclusivity(unchecked) public private(set) var insetTop: Double
    @exclusivity(unchecked) public private(set) var insetBottom: Double
    /// How much of the scroll view's frame the keyboard covers from its bottom, at its end.
    @exclusivity(unchecked) var keyboardOverlap = 0.0
    /// How much of the visible region the keyboard covers now, beyond the bottom inset (animated).
    /// The input bar rides on the keyboard, so the visible region's bottom edge moves with the
    /// keyboard from the start of its animation to its end.
    @exclusivity(unchecked) public private(set) var keyboard = 0.0
    /// The space the app adds below the last message (layout `top`), as computed for a
    /// keyboard of ``spacerKeyboard`` points; while the keyboard moves, the spacer moves with it
    /// (the app updates it inside the keyboard's animation).
    @exclusivity(unchecked) public var trailingSpacer: Double = 0
    /// The keyboard height the ``trailingSpacer`` was computed for, as this view draws the
    /// keyboard (see ``coveredBeyondInset(share:)``).
    @exclusivity(unchecked) public var spacerKeyboard: Double = 0

    /// How much the keyboard covers as this view draws it (beyond ``insetBottom``, on the whole
    /// screen) when the app's layout reports a keyboard share of `share`: the share, and what the
    /// frame gave up for the keyboard where it shrinks.
    public func coveredBeyondInset(share: Double) -> Double {
        frameHeight - insetBottom - (reportedFrameHeight - reportedInsetBottom) + share
    }
    /// The spacer as drawn now.
    var drawnSpacer: Double {
        trailingSpacer == 0 ? 0 : max(0, trailingSpacer + spacerKeyboard - keyboard)
    }
    /// The offset of the content at the top of the visible region, as drawn.
    @exclusivity(unchecked) public private(set) var offset: Double = 0
    weak var delegate: (any SimulatedScrollViewDelegate)?

    // Gestures and animations.
    @exclusivity(unchecked) public private(set) var fingerDown = false
    @exclusivity(unchecked) var velocity = 0.0
    /// How far momentum or a bounce moved the offset in the last frame's ``advance(by:)``, before
    /// anyone heard of it.
    @exclusivity(unchecked) private(set) var physicsStep = 0.0
    @exclusivity(unchecked) public private(set) var isDecelerating = false {
        didSet { if !isDecelerating { momentumTarget = nil } }
    }
    /// Where the app asked the deceleration to stop (`targetContentOffset`), as an offset.
    @exclusivity(unchecked) var momentumTarget: Double?
    /// A bounce back to an edge: a spring's displacement from the edge, which is the top (0,
    /// moved by position keeping) or the bottom (the resting largest offset, live).
    struct Bounce {
        var atBottom: Bool
        var topEdge: Double
        var x0: Double
        var v0: Double
        var start: Double
    }
    @exclusivity(unchecked) var bounce: Bounce?
    /// An animation of the offset: the view's own animated scroll, or a `UIView.animate`.
    struct Animation {
        var from: Double
        var to: Double
        var start: Double
        var duration: Double
        /// The view's own animated scroll (`setContentOffset(_:animated: true)`).
        var isScroll: Bool
        /// Along the keyboard's curve.
        var keyboardCurve = false
        /// To the content's end as the keyboard's move leaves it, wherever that is by then
        /// (`scrollTo(edge: .bottom)` in an animation).
        var toEnd = false
        /// The share of the way from `from` to `to` drawn in this frame.
        var drawn = 0.0
    }
    @exclusivity(unchecked) var animation: Animation?
    struct KeyboardAnimation {
        var from: Double
        var to: Double
        var start: Double
        var duration: Double
        /// How far the keyboard's share moves over the whole animation.
        var distance: Double { abs(to - from) }
    }
    @exclusivity(unchecked) var keyboardAnimation: KeyboardAnimation?
    /// While a drag holds the keyboard (interactive dismissal): its share when the drag began, and
    /// where the finger is, in the window.
    @exclusivity(unchecked) var keyboardHeld: (shown: Double, fingerY: Double)?
    /// The current time, in seconds.
    @exclusivity(unchecked) public internal(set) var time = 0.0
    /// Programmatic scrolls asked for: animated ones and jumps that are not position keeping.
    @exclusivity(unchecked) public internal(set) var scrollCalls = 0
    /// Whether the app set the offset since the last layout.
    @exclusivity(unchecked) var movedByApp = false

    /// Creates an empty scroll view. Its frame height and insets are the screen's and what covers
    /// it with the keyboard hidden, whatever the `setup` reports.
    public init(
        frameHeight: Double = 844, insetTop: Double = 91, insetBottom: Double = 83,
        personality: ViewPersonality = .uikit, setup: InputBarSetup = .accessory
    ) {
        self.frameHeight = frameHeight
        self.insetTop = insetTop
        self.insetBottom = insetBottom
        self.personality = personality
        self.setup = setup
    }

    // MARK: What the setup reports

    /// How much the app grew `contentInset.bottom` for the keyboard, beyond ``insetBottom``; `nil`
    /// in the accessory setup, whose inset follows the keyboard exactly (the model every earlier
    /// table assumed).
    public var keyboardInset: Double?
    /// The keyboard's share (beyond the bottom inset) that the last layout of the frame saw.
    @exclusivity(unchecked) private var laidOutKeyboard = 0.0

    /// The scroll view's frame height and bottom inset as its layout reports them: the screen's in
    /// the setups whose scroll view keeps its frame, the frame above the bar (or the keyboard) where
    /// it shrinks.
    public var reportedFrameHeight: Double {
        switch setup {
        case .accessory, .layoutGuide, .interactiveDismissal: frameHeight
        case .shrinkingFrame: frameHeight - insetBottom - laidOutKeyboard
        case .swiftUISafeArea:
            laidOutKeyboard > 0 ? frameHeight - insetBottom + InputBarSetup.barHeight - laidOutKeyboard : frameHeight
        }
    }
    /// The bottom inset as the scroll view's layout reports it: the composer's in SwiftUI's safe
    /// area while the keyboard shows, none for a frame pinned to the bar.
    public var reportedInsetBottom: Double {
        switch setup {
        case .accessory, .layoutGuide, .interactiveDismissal: insetBottom
        case .shrinkingFrame: 0
        case .swiftUISafeArea: laidOutKeyboard > 0 ? InputBarSetup.barHeight : insetBottom
        }
    }
    /// The top of the keyboard's end frame as its notification gives it, in the window (whose
    /// top is the frame's): at or below the screen's bottom when hidden.
    public var keyboardFrameTop: Double {
        guard keyboardOverlap > 0 else { return frameHeight }
        return frameHeight - max(0, keyboardOverlap - setup.barAboveKeyboard)
    }

    /// The top of `keyboardLayoutGuide` in the window, where the keyboard is now: it follows the
    /// finger that pulls the keyboard down (interactive dismissal), which no notification tells.
    public var keyboardGuideTop: Double { frameHeight - insetBottom - keyboard + InputBarSetup.barHeight }
    /// The top of `keyboardLayoutGuide` as laid out: at the keyboard's end while it animates.
    var keyboardGuideEndTop: Double {
        frameHeight - insetBottom - (keyboardAnimation?.to ?? keyboard) + InputBarSetup.barHeight
    }

    /// The keyboard's overlap with the frame as notified and laid out, less the bottom inset: the
    /// share an app reckons with that takes the notification's frame for all that covers the list.
    var notifiedKeyboardShare: Double { keyboardShare(coveredFrom: keyboardFrameTop) }

    /// The keyboard's share of the frame the layout reports now, beyond its bottom inset, when
    /// what covers the frame begins at `top` in the window.
    func keyboardShare(coveredFrom top: Double) -> Double {
        let frame = reportedFrameHeight
        return max(0, min(frame - top, frame) - reportedInsetBottom)
    }

    /// The app lays the frame out for the keyboard's end (a frame pinned to the bar shrinks);
    /// whether what its layout reports changed.
    func layOutForKeyboard() -> Bool {
        let before = (reportedFrameHeight, reportedInsetBottom)
        laidOutKeyboard = keyboardAnimation?.to ?? keyboard
        return before != (reportedFrameHeight, reportedInsetBottom)
    }

    /// How much taller the region the scroll range reckons with (the reported frame less the
    /// app's insets) is than the region the user sees, at the keyboard's end: what the app's
    /// insets get wrong. 0 in the accessory setup until the app sets an inset there.
    private var rangeExcess: Double {
        guard setup != .accessory || keyboardInset != nil else { return 0 }
        let keyboardEnd = keyboardAnimation?.to ?? keyboard
        let reckoned = reportedFrameHeight - reportedInsetBottom - (keyboardInset ?? 0)
        return reckoned - (frameHeight - insetBottom - keyboardEnd)
    }

    // MARK: Geometry

    /// The height of the region the user sees.
    public var visibleHeight: Double { max(0, frameHeight - insetTop - insetBottom - keyboard) }
    /// The content height.
    public var contentHeight: Double { (tops.last ?? 0) + drawnSpacer }
    /// The largest offset at which the newest content's end is at the visible bottom, as drawn.
    public var maxOffset: Double { max(0, contentHeight - visibleHeight) }
    /// The largest offset the scroll view's range allows, as drawn: ``maxOffset`` where the app's
    /// insets match what covers the screen.
    var rangeMaxOffset: Double { max(0, contentHeight - visibleHeight - rangeExcess) }
    /// The largest offset as the scroll view's own physics see it (rubber band, bounces,
    /// clamping): the keyboard's inset is a model value, set to its end at once inside the
    /// keyboard's animation block, while only the drawing animates.
    var restingMaxOffset: Double {
        let keyboardEnd = keyboardAnimation?.to ?? keyboard
        let spacer = trailingSpacer == 0 ? 0 : max(0, trailingSpacer + spacerKeyboard - keyboardEnd)
        let content = (tops.last ?? 0) + spacer
        return max(0, content - max(0, frameHeight - insetTop - insetBottom - keyboardEnd + rangeExcess))
    }
    /// The content offset as UIKit reports it.
    public var contentOffsetY: Double { modelOffset - insetTop }
    /// The offset UIKit reads: during a `UIView` animation of the offset, its model value (the
    /// animation's end), not what is drawn.
    private var modelOffset: Double {
        animation.flatMap { !$0.isScroll && personality.viewAnimationReportsOnce ? $0.to : nil } ?? offset
    }
    /// Whether the view's own animated scroll runs.
    public var isAnimatingScroll: Bool { animation?.isScroll == true }
    /// How far the keyboard, and an offset animated along it, have still to move, in points.
    var keyboardLeft: Double {
        guard let keyboardMove = keyboardAnimation else { return 0 }
        let along = animation.map { $0.keyboardCurve ? abs($0.to - offset) : 0 } ?? 0
        return max(abs(keyboardMove.to - keyboard), along)
    }
    /// Whether the keyboard is moving.
    public var isKeyboardAnimating: Bool { keyboardAnimation != nil }
    /// Whether the content is pulled past an edge.
    var isPastAnEdge: Bool { offset < 0 || offset > restingMaxOffset }

    /// The offset that centres message `id` in the visible region, as near as the content's
    /// edges allow, if it is loaded: where a hand-written reply jump aims.
    func centredOffset(of id: String) -> Double? {
        guard let index = index(of: id) else { return nil }
        let top = tops[index]
        return min(max(0, top + items[index].current / 2 - visibleHeight / 2), rangeMaxOffset)
    }

    /// The index of `id`.
    func index(of id: String) -> Int? {
        if let itemIndex { return itemIndex[id] }
        var index: [String: Int] = [:]
        index.reserveCapacity(items.count)
        for (i, item) in items.enumerated() { index[item.message.id] = i }
        itemIndex = index
        return index[id]
    }

    // MARK: Reports

    /// A callback of the view, as UIKit makes it.
    enum Report {
        case didScroll(Double)
        case willBeginDragging
        case willEndDragging(Double)
        case didEndDragging(willDecelerate: Bool)
        case didEndDecelerating
        /// The view's own animated scroll starts (UIKit says nothing; SwiftUI's phase changes).
        case scrollAnimationBegan
        case didEndScrollingAnimation
        case cellMeasured(id: String, height: Double)
        /// The app's answer to a new layout of the frame (a rotation).
        case laidOut(() -> Void)
    }

    /// The phase a view that reports phases last reported, and the release velocity it reports
    /// with the next.
    private var phase = ChatScrollPhase.idle
    private var releaseVelocity = 0.0
    /// Reports that wait for the end of layout (``ViewPersonality/reportsAfterLayout``).
    @exclusivity(unchecked) private var pendingReports: [Report] = []

    /// Makes `report` now, or after layout, and as phases where the view reports them.
    func report(_ report: Report) {
        guard personality.reportsAfterLayout else { return deliver(report) }
        // Geometry is reported once per delivery, with its value then.
        if case .didScroll = report, pendingReports.contains(where: { if case .didScroll = $0 { true } else { false } })
        {
            return
        }
        pendingReports.append(report)
    }

    /// Runs `answer`, the app's answer to a new layout of the frame: at once (UIKit's
    /// `viewDidLayoutSubviews`), or with the reports after layout (SwiftUI's geometry callbacks).
    func afterLayout(_ answer: @escaping () -> Void) { report(.laidOut(answer)) }

    /// Delivers the reports made since the last delivery, in order; the offset's with its value
    /// now (a `contentOffset.y`, which a new layout leaves as it was).
    func deliverReports() {
        let reports = pendingReports
        pendingReports = []
        for report in reports {
            if case .didScroll = report { deliver(.didScroll(contentOffsetY)) } else { deliver(report) }
        }
    }

    private func deliver(_ report: Report) {
        guard let delegate else { return }
        switch report {
        case .didScroll(let y): delegate.didScroll(contentOffsetY: y)
        case .cellMeasured(let id, let height): delegate.cellMeasured(id: id, height: height)
        case .laidOut(let answer): answer()
        case .willBeginDragging:
            personality.reportsPhases ? changePhase(to: .interacting) : delegate.willBeginDragging()
        case .willEndDragging(let velocity):
            if personality.reportsPhases {
                releaseVelocity = velocity
            } else {
                delegate.willEndDragging(velocity: velocity)
            }
        case .didEndDragging(let willDecelerate):
            if personality.reportsPhases {
                changePhase(to: willDecelerate ? .decelerating : .idle)
            } else {
                delegate.didEndDragging(willDecelerate: willDecelerate)
            }
        case .didEndDecelerating:
            personality.reportsPhases ? changePhase(to: .idle) : delegate.didEndDecelerating()
        case .scrollAnimationBegan:
            if personality.reportsPhases { changePhase(to: .animating) }
        case .didEndScrollingAnimation:
            personality.reportsPhases ? changePhase(to: .idle) : delegate.didEndScrollingAnimation()
        }
    }

    private func changePhase(to new: ChatScrollPhase) {
        let old = phase
        guard new != old else { return }
        phase = new
        delegate?.phaseChanged(from: old, to: new, velocity: new == .decelerating ? releaseVelocity : nil)
    }

    // MARK: What UIKit offers

    /// The app's position changes made in this frame, on a view where they land at the next
    /// frame's start (``ViewPersonality/positionChangesLandNextFrame``).
    @exclusivity(unchecked) private var nextFrameMoves: [() -> Void] = []
    @exclusivity(unchecked) private var landingMoves = false

    /// Keeps `move` for the next frame's start where position changes land then; whether it did.
    /// A position set before the first layout with content is the initial one, which that layout
    /// applies.
    func landsNextFrame(_ move: @escaping () -> Void) -> Bool {
        guard personality.positionChangesLandNextFrame, !landingMoves, !keeping.awaitingContent else { return false }
        nextFrameMoves.append(move)
        return true
    }

    /// Makes the position changes kept for this frame, in order.
    private func landMoves() {
        guard !nextFrameMoves.isEmpty else { return }
        let moves = nextFrameMoves
        nextFrameMoves = []
        landingMoves = true
        for move in moves { move() }
        landingMoves = false
    }

    /// `contentOffset.y = y`: at once; a running `UIView` animation goes on around the new value
    /// (they are additive), the view's own animated scroll stops, momentum goes on from here.
    public func setContentOffsetY(_ y: Double) {
        if landsNextFrame({ [unowned self] in setContentOffsetY(y) }) { return }
        keeping.positionSetByApp()
        movedByApp = true
        let target = y + insetTop
        if var running = animation, !running.isScroll {
            let delta = target - running.to
            running.from += delta
            running.to += delta
            // (A position the app sets replaces the end an animation went to.)
            running.toEnd = false
            animation = running
            offset += delta
        } else {
            animation = nil
            if var moving = bounce, !moving.atBottom {
                moving.topEdge += target - offset
                bounce = moving
            }
            momentumTarget? += target - offset
            offset = target
        }
        report(.didScroll(contentOffsetY))
    }

    /// `setContentOffset(_:animated:)`. Unanimated: at once, stopping momentum and a bounce; a
    /// `UIView` animation goes on around the new value. Animated: a 0.3 s eased scroll from
    /// where the view is (a new one restarts from there; it cannot be redirected).
    public func setContentOffset(_ y: Double, animated: Bool) {
        if landsNextFrame({ [unowned self] in setContentOffset(y, animated: animated) }) { return }
        keeping.positionSetByApp()
        let target = y + insetTop
        guard animated else {
            let stopsMomentum = isDecelerating
            isDecelerating = false
            velocity = 0
            bounce = nil
            setContentOffsetY(y)
            if stopsMomentum, personality.reportsPhases { report(.didEndDecelerating) }
            return
        }
        scrollCalls += 1
        if personality.animatedScrollToSameOffsetIsSilent, abs(target - offset) < 0.001 { return }
        isDecelerating = false
        bounce = nil
        velocity = 0
        report(.scrollAnimationBegan)
        if personality.animationsCompleteSynchronously {
            animation = nil
            offset = target
            report(.didScroll(contentOffsetY))
            report(.didEndScrollingAnimation)
            return
        }
        animation = Animation(from: offset, to: target, start: time, duration: Self.animationDuration, isScroll: true)
    }

    /// `UIView.animate(withDuration:)` of `contentOffset.y`, along the keyboard's curve when
    /// `alongKeyboardCurve`, else linearly: the model value is set at once; what is drawn moves
    /// over the duration. It stops momentum and the view's own animated scroll.
    public func animateContentOffsetY(to y: Double, duration: Double, alongKeyboardCurve: Bool) {
        animateContentOffsetY(to: Optional(y), duration: duration, alongKeyboardCurve: alongKeyboardCurve)
    }

    /// ``animateContentOffsetY(to:duration:alongKeyboardCurve:)`` to `y`, or with `nil` to the
    /// content's end as the keyboard's move leaves it, wherever that is as the animation runs.
    func animateContentOffsetY(to y: Double?, duration: Double, alongKeyboardCurve: Bool) {
        let again = { [unowned self] in
            animateContentOffsetY(to: y, duration: duration, alongKeyboardCurve: alongKeyboardCurve)
        }
        if landsNextFrame(again) { return }
        keeping.positionSetByApp()
        let target = y.map { $0 + insetTop } ?? restingMaxOffset
        isDecelerating = false
        velocity = 0
        bounce = nil
        if duration <= 0 {
            animation = nil
            offset = target
            report(.didScroll(contentOffsetY))
            return
        }
        animation = Animation(
            from: offset, to: target, start: time, duration: max(duration, 1 / 120), isScroll: false,
            keyboardCurve: alongKeyboardCurve, toEnd: y == nil)
        if personality.viewAnimationReportsOnce { report(.didScroll(target - insetTop)) }
    }

    /// Moves what is drawn, and a running animation, momentum or bounce with it, by `delta`
    /// points of offset without stopping any of them: the view's own correction, as an inverted
    /// table keeps its distance from the content's end, or a table view keeps what it shows when
    /// a row above it changes height.
    func moveItself(by delta: Double) {
        guard delta != 0 else { return }
        movedByApp = true
        offset += delta
        momentumTarget? += delta
        animation?.from += delta
        animation?.to += delta
        if var moving = bounce, !moving.atBottom {
            moving.topEdge += delta
            bounce = moving
        }
        report(.didScroll(contentOffsetY))
    }

    /// A jump that is not position keeping, as a hand-written screen makes (counted as a scroll).
    public func jump(toOffset target: Double) {
        scrollCalls += 1
        setContentOffset(target - insetTop, animated: false)
    }

    // MARK: Content

    /// The id of the header row (a table's header view: a "loading older messages" spinner).
    public static let headerID = "~header"
    /// The id of the footer row (a table's footer view: a typing indicator).
    public static let footerID = "~footer"

    /// Whether the first item is the header, and the last the footer.
    private var hasHeader: Bool { items.first?.message.id == Self.headerID }
    private var hasFooter: Bool { items.last?.message.id == Self.footerID }

    /// A row for `message`, not laid out: at the app's estimate, or the lazy stack's.
    private func unlaidRow(_ message: SimMessage) -> Item {
        Item(message: message, current: stackEstimate ?? message.estimatedHeight, laidOut: false)
    }

    /// Appends messages with their estimated heights, above the footer.
    func append(_ messages: [SimMessage]) {
        let rows = messages.map(unlaidRow)
        items.insert(contentsOf: rows, at: hasFooter ? items.count - 1 : items.count)
        itemsChanged(ids: true)
    }

    /// Prepends messages below the header; the content offset stays where it is, as in UIKit.
    func prepend(_ messages: [SimMessage]) {
        let rows = messages.map(unlaidRow)
        items.insert(contentsOf: rows, at: hasHeader ? 1 : 0)
        itemsChanged(ids: true)
    }

    /// Replaces every message by a window of history (the header and the footer stay); the
    /// content offset stays where it is, as after `reloadData`, until the app moves it.
    func replaceAll(with messages: [SimMessage]) {
        let header = hasHeader ? items.first : nil
        let footer = hasFooter ? items.last : nil
        items = messages.map(unlaidRow)
        if let header { items.insert(header, at: 0) }
        if let footer { items.append(footer) }
        itemsChanged(ids: true)
    }

    /// Sets the height of the header row, 0 to remove it; the content offset stays where it
    /// is, as when a table's header view changes in UIKit.
    func setHeader(height: Double) {
        setEnd(Self.headerID, height: height, present: hasHeader, at: 0)
    }

    /// Sets the height of the footer row, 0 to remove it; the content offset stays where it is
    /// (UIKit clamps it at rest when the content shrinks).
    func setFooter(height: Double) {
        setEnd(Self.footerID, height: height, present: hasFooter, at: items.count - 1)
    }

    private func setEnd(_ id: String, height: Double, present: Bool, at index: Int) {
        let row = Item(
            message: SimMessage(id: id, direction: .system, estimatedHeight: height, height: height), current: height,
            laidOut: true)
        switch (present, height > 0) {
        case (true, true): items[index] = row
        case (true, false): items.remove(at: index)
        case (false, true): items.insert(row, at: id == Self.headerID ? 0 : items.count)
        case (false, false): return
        }
        itemsChanged(ids: true)
    }

    /// Grows a message (streamed tokens).
    func grow(_ id: String, by delta: Double) {
        guard let i = index(of: id) else { return }
        items[i].message.height += delta
        items[i].message.estimatedHeight += delta
        items[i].current += delta
        itemsChanged(ids: false)
    }

    /// Rotates or resizes the frame; a keyboard that shows turns with it to cover `keyboard`
    /// points of the frame, at once.
    func resize(frameHeight: Double, insetTop: Double?, insetBottom: Double?, keyboard turned: Double? = nil) {
        self.frameHeight = frameHeight
        if let turned {
            keyboardOverlap = turned
            keyboardHeld = nil
        }
        if let insetTop {
            // contentOffset stays, so the content stays where it is on screen until the app
            // moves it; offsets here count from the visible top, which moved. A lazy stack keeps
            // the topmost visible row anchored at the visible top instead.
            let shift = personality.lazyStackEstimates ? 0 : insetTop - self.insetTop
            offset += shift
            animation?.from += shift
            animation?.to += shift
            bounce?.topEdge += shift
            self.insetTop = insetTop
        }
        if let insetBottom {
            // The keyboard covers the same part of the screen: its share beyond the inset changes.
            // A keyboard animation in progress ends, and the offset animated along it: the
            // rotation lays both out anew at their ends.
            self.insetBottom = insetBottom
            keyboardAnimation = nil
            keyboard = max(0, keyboardOverlap - insetBottom)
            // The rotation's layout lays a frame pinned to the bar out against the bar where it
            // now is: the frame's bottom is the bar's top in every layout.
            laidOutKeyboard = keyboard
            if let running = animation, running.keyboardCurve {
                offset = running.to
                animation = nil
            }
        }
        // (An app with a driver sets its own share after this.)
        if turned != nil, setup != .accessory { keyboardInset = notifiedKeyboardShare }
    }

    /// Starts the keyboard's animation to `overlap` over `duration`.
    func animateKeyboard(to overlap: Double, duration: Double) {
        keyboardOverlap = overlap
        keyboardHeld = nil
        if setup != .accessory {
            // (An app with a driver sets its own share after this.)
            keyboardInset = notifiedKeyboardShare
        }
        let target = max(0, overlap - insetBottom)
        if duration <= 0 {
            keyboard = target
            keyboardAnimation = nil
        } else {
            keyboardAnimation = KeyboardAnimation(from: keyboard, to: target, start: time, duration: duration)
        }
    }

    // MARK: Gestures

    /// The finger touches the screen: momentum, a bounce and any animation stop.
    func touchDown() {
        if setup == .interactiveDismissal, keyboardAnimation == nil, keyboard > 0 {
            // (Window coordinates: the bar's top, less the way the finger starts above it.)
            keyboardHeld = (keyboard, frameHeight - insetBottom - keyboard - InputBarSetup.dragStartAboveBar)
        }
        fingerDown = true
        isDecelerating = false
        bounce = nil
        animation = nil
        velocity = 0
        report(.willBeginDragging)
    }

    /// Whether a finger move of this frame pulled the content past an edge (rubber band).
    public internal(set) var rubberBanded = false
    /// The rows laid out at a new height (measured, or grown late) since the run last emptied
    /// this, with their height before: the run empties it at each frame's start.
    var heightsBeforeFrame: [String: Double] = [:]

    /// The offset the content shows when the finger would put it at `intended`.
    func banded(_ intended: Double) -> Double {
        let top = 0.0
        let bottom = restingMaxOffset
        if intended >= top, intended <= bottom { return intended }
        let past = intended < top ? top - intended : intended - bottom
        let shown =
            personality.nonlinearRubberBand
            ? ScrollPhysics.rubberBand(past, dimension: frameHeight) : past * 0.5
        return intended < top ? top - shown : bottom + shown
    }

    /// Where the finger must be for the content to show at `shown`.
    func unbanded(_ shown: Double) -> Double {
        let bottom = restingMaxOffset
        if shown >= 0, shown <= bottom { return shown }
        let past = shown < 0 ? -shown : shown - bottom
        let intended =
            personality.nonlinearRubberBand
            ? ScrollPhysics.inverseRubberBand(past, dimension: frameHeight) : past * 2
        return shown < 0 ? -intended : bottom + intended
    }

    /// The finger moves by `dy` points on screen (down is positive), dragging the content.
    func moveFinger(by dy: Double) {
        guard fingerDown else { return }
        // From where the content is now, whatever moved it since the last move.
        let intended = unbanded(offset) - dy
        let next = banded(intended)
        if next != intended || isPastAnEdge { rubberBanded = true }
        offset = next
        report(.didScroll(contentOffsetY))
        if var held = keyboardHeld {
            // The keyboard follows the finger below its top, and back up with it, never above
            // where it was (interactive dismissal).
            held.fingerY += dy
            keyboardHeld = held
            keyboard = min(held.shown, max(0, frameHeight - insetBottom - held.fingerY))
        }
    }

    /// The finger that may hold the keyboard lifted: the overlap the keyboard now moves to, which
    /// its notification announces (hidden, or back up); `nil` when the drag never moved it.
    func releaseKeyboard(velocity screenVelocity: Double) -> Double? {
        guard let held = keyboardHeld else { return nil }
        keyboardHeld = nil
        guard keyboard < held.shown - 0.5 else { return nil }
        let hides = screenVelocity > 0 || keyboard < held.shown * InputBarSetup.dismissShare
        return hides ? 0 : insetBottom + held.shown
    }

    /// The finger lifts with `velocity` points per second on screen (down is positive).
    func touchUp(velocity screenVelocity: Double) {
        guard fingerDown else { return }
        fingerDown = false
        velocity = -screenVelocity
        momentumTarget = nil
        if velocity != 0, !isPastAnEdge, !personality.reportsPhases, !personality.reportsAfterLayout, let delegate {
            // UIKit offers the app the offset where the deceleration would stop; an app that
            // moves it gets a deceleration that ends there.
            let projected = projectedMomentumEnd()
            let asked =
                delegate.willEndDragging(velocity: velocity, targetContentOffsetY: projected - insetTop) + insetTop
            if asked.isFinite, abs(asked - projected) > 0.5 { momentumTarget = asked }
        } else {
            report(.willEndDragging(velocity))
        }
        if isPastAnEdge {
            // Back to the edge along the bounce's spring; the release's speed is spent on it.
            velocity = 0
            startBounce(atBottom: offset > 0, velocity: 0)
            report(.didEndDragging(willDecelerate: true))
        } else if velocity == 0 {
            report(.didEndDragging(willDecelerate: false))
        } else {
            isDecelerating = true
            report(.didEndDragging(willDecelerate: true))
        }
    }

    /// Where momentum from here at `velocity` comes to rest, frame by frame as ``advance(by:)``
    /// runs it, within the content's edges (as UIKit offers it).
    private func projectedMomentumEnd() -> Double {
        var (end, speed) = (offset, velocity)
        let dt = 1 / Simulator.frameRate
        while abs(speed) >= Self.momentumStopVelocity {
            speed *= power(0.998, dt * 1000)
            end += speed * dt
        }
        return min(max(0, end), restingMaxOffset)
    }

    /// Starts a bounce from where the content is towards an edge, at `velocity`.
    private func startBounce(atBottom: Bool, velocity: Double) {
        isDecelerating = true
        let edge = atBottom ? rangeMaxOffset : 0
        bounce = Bounce(atBottom: atBottom, topEdge: 0, x0: offset - edge, v0: velocity, start: time)
    }

    // MARK: Frames

    /// Advances animations and momentum by `dt` seconds.
    func advance(by dt: Double) {
        time += dt
        landMoves()
        advanceKeyboard()
        let start = offset
        physicsStep = 0
        if var running = animation {
            if running.toEnd {
                running.to = restingMaxOffset
                animation = running
            }
            var p = min(1, (time - running.start) / running.duration)
            let eased: Double
            if running.keyboardCurve, personality.keyboardSpring {
                // Along the keyboard's spring, arriving when the keyboard arrives.
                eased = ScrollPhysics.springProgress(time - running.start, omega: ScrollPhysics.keyboardOmega)
                p = eased
            } else {
                eased = running.isScroll ? p * p * (3 - 2 * p) : p
            }
            offset = running.from + (running.to - running.from) * eased
            running.drawn = eased
            animation = running
            let reports = running.isScroll || !personality.viewAnimationReportsOnce
            if reports { report(.didScroll(contentOffsetY)) }
            if p >= 1 {
                animation = nil
                if running.isScroll { report(.didEndScrollingAnimation) }
            }
        } else if let moving = bounce {
            // The edge as drawn now: a bounce at the bottom follows it while the keyboard moves.
            let edge = moving.atBottom ? rangeMaxOffset : moving.topEdge
            let t = time - moving.start
            let x = ScrollPhysics.springDisplacement(t, x0: moving.x0, v0: moving.v0, omega: ScrollPhysics.bounceOmega)
            // Content that grew past the bounce put it back inside: it rests where it is.
            let overtaken = moving.atBottom ? offset < edge - 0.5 : offset > edge + 0.5
            let settled = overtaken || abs(x) < 0.5 && t > 1 / ScrollPhysics.bounceOmega
            offset = overtaken ? offset : settled ? edge : edge + x
            physicsStep = offset - start
            report(.didScroll(contentOffsetY))
            if settled {
                bounce = nil
                isDecelerating = false
                report(.didEndDecelerating)
            }
        } else if isDecelerating, let target = momentumTarget {
            // Towards the target the app set, the rest decaying as momentum decays.
            let rest = (target - offset) * power(0.998, dt * 1000)
            let stops = abs(rest) < 0.5
            offset = stops ? target : target - rest
            physicsStep = offset - start
            report(.didScroll(contentOffsetY))
            if stops {
                isDecelerating = false
                velocity = 0
                momentumTarget = nil
                report(.didEndDecelerating)
            }
        } else if isDecelerating {
            velocity *= power(0.998, dt * 1000)
            offset += velocity * dt
            let bottom = restingMaxOffset
            if offset < 0 || offset > bottom {
                if personality.momentumBouncesPastEdges {
                    // Past the edge, then back along the spring, starting with the momentum's speed.
                    let atBottom = offset > bottom
                    offset = atBottom ? bottom : 0
                    startBounce(atBottom: atBottom, velocity: velocity)
                    velocity = 0
                    physicsStep = offset - start
                    report(.didScroll(contentOffsetY))
                    return
                }
                offset = min(max(0, offset), bottom)
                velocity = 0
            }
            physicsStep = offset - start
            report(.didScroll(contentOffsetY))
            if abs(velocity) < Self.momentumStopVelocity {
                isDecelerating = false
                velocity = 0
                report(.didEndDecelerating)
            }
        }
    }

    private func advanceKeyboard() {
        guard let running = keyboardAnimation else { return }
        let t = time - running.start
        // The spring runs past the notification's duration until it has arrived.
        let p =
            personality.keyboardSpring
            ? ScrollPhysics.springProgress(t, omega: ScrollPhysics.keyboardOmega) : min(1, t / running.duration)
        keyboard = running.from + (running.to - running.from) * p
        if p >= 1 { keyboardAnimation = nil }
    }

    /// Whether a cell laid out for the first time grows later, by how much and after how long:
    /// one in four, by 40 to 200 points, after 0.2 to 2 s, chosen by the id (FNV-1a), so that
    /// every policy sees the same.
    static func lateChange(of id: String) -> (delta: Double, delay: Double)? {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in id.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        guard hash % 4 == 0 else { return nil }
        return (40 + Double((hash >> 8) % 161), 0.2 + Double((hash >> 24) % 181) / 100)
    }

    /// Item `i` takes `height`; a view that corrects for rows above keeps what is shown when the
    /// row lies wholly above the top of the region laid out for `shownTop`. Then the delegate
    /// hears of the new height.
    private func setHeight(of i: Int, to height: Double, shownTop: Double) {
        let delta = height - items[i].current
        guard delta != 0 else { return }
        if heightsBeforeFrame[items[i].message.id] == nil { heightsBeforeFrame[items[i].message.id] = items[i].current }
        let above = tops[i] + items[i].current <= shownTop
        items[i].current = height
        items[i].message.height = height
        itemsChanged(ids: false)
        if personality.correctsOffsetForRowsAbove, above { moveItself(by: delta) }
        report(.cellMeasured(id: items[i].message.id, height: height))
    }

    /// Lays out: cells that come into view for the first time get their real height, cells whose
    /// late content arrived grow, and the delegate hears of it before the frame is drawn: in the
    /// same pass, or (``ViewPersonality/reportsAfterLayout``) after it, with one more pass for
    /// the app's answer whose own reports wait for the next frame.
    func layoutCells() {
        layOut(keepingBottom: keepSettingsBeforeLayout())
        if personality.reportsAfterLayout {
            deliverReports()
            layOut(keepingBottom: takeBottomRequest())
        }
        // An animation to the end draws its frame towards the end this layout has.
        if var running = animation, running.toEnd, running.to != restingMaxOffset {
            offset += (restingMaxOffset - running.to) * running.drawn
            running.to = restingMaxOffset
            animation = running
            report(.didScroll(contentOffsetY))
        }
        // UIKit keeps a resting offset inside the content it lays out; an offset the app set
        // this frame stays where it was set.
        if !fingerDown, !isDecelerating, animation == nil, !movedByApp, isPastAnEdge {
            offset = min(max(0, offset), restingMaxOffset)
            report(.didScroll(contentOffsetY))
        }
        movedByApp = false
        noteKeepingAfterLayout()
    }

    /// Lays out the rows around what is shown, `keepingBottom` points above the bottom when set
    /// (SwiftUI's bottom anchors, ``keepSettingsBeforeLayout()``).
    private func layOut(keepingBottom: Double? = nil) {
        // UIKit lays cells out for the model value: during a `UIView.animate` of the offset
        // only the cells of its end are laid out (what it passes through is not).
        func shownTop() -> Double { modelOffset }
        while let index = lateChanges.firstIndex(where: { $0.due <= time }) {
            let change = lateChanges.remove(at: index)
            guard let i = self.index(of: change.id) else { continue }
            setHeight(of: i, to: items[i].current + change.delta, shownTop: shownTop())
        }
        var changed = true
        var passes = 0
        while changed, passes < 256 {
            changed = false
            passes += 1
            keepBottom(keepingBottom)
            let top = shownTop()
            let lower = top - 200
            let upper = top + visibleHeight + 200
            var i = firstItem(below: lower)
            let tops = tops
            while i < items.count, tops[i] < upper {
                if !items[i].laidOut {
                    items[i].laidOut = true
                    if personality.lazyStackEstimates, items[i].message.direction != .system {
                        laidOutHeights.sum += items[i].message.height
                        laidOutHeights.count += 1
                    }
                    if personality.lateHeightChanges, let late = Self.lateChange(of: items[i].message.id) {
                        lateChanges.append((items[i].message.id, time + late.delay, late.delta))
                    }
                    if items[i].current != items[i].message.height {
                        setHeight(of: i, to: items[i].message.height, shownTop: top)
                        changed = true
                        break
                    }
                }
                i += 1
            }
            if !changed, personality.lazyStackEstimates, reestimate(shownTop: top) { changed = true }
        }
    }

    /// Gives the rows not laid out the lazy stack's estimate, the average of the rows it laid
    /// out, when that changed; the offset moves by what changed wholly above `shownTop`, inside
    /// layout, so that the rows shown stay where they are. Whether anything changed.
    private func reestimate(shownTop: Double) -> Bool {
        guard laidOutHeights.count > 0 else { return false }
        let estimate = laidOutHeights.sum / Double(laidOutHeights.count)
        guard estimate != stackEstimate else { return false }
        stackEstimate = estimate
        let tops = tops
        var above = 0.0
        var changed = false
        for i in items.indices where !items[i].laidOut && items[i].current != estimate {
            if tops[i] + items[i].current <= shownTop { above += estimate - items[i].current }
            items[i].current = estimate
            changed = true
        }
        guard changed else { return false }
        itemsChanged(ids: false)
        if personality.correctsOffsetForRowsAbove { moveItself(by: above) }
        return true
    }

    /// Where the items `ids` are now on screen, measured from the frame's top, visible or not,
    /// and their heights; an id no longer loaded has no entry.
    func rows(_ ids: some Collection<String>) -> ScreenRows {
        var rows = ScreenRows()
        rows.reserveCapacity(ids.count)
        let allTops = self.tops
        var next = -1
        for id in ids {
            // (Rows of one screen are neighbours: the next item is the likely one, and costs no hash.)
            let found = next >= 0 && next < items.count && items[next].message.id == id ? next : index(of: id)
            guard let index = found else { continue }
            rows.append(id, top: allTops[index] - offset + insetTop, height: items[index].current)
            next = index + 1
        }
        return rows
    }

    /// The rows the whole frame shows, under the bars and the keyboard too, with their tops in
    /// the content, for pictures of the screen.
    func framedItems() -> [(id: String, top: Double, height: Double, direction: MessageDirection)] {
        var result: [(id: String, top: Double, height: Double, direction: MessageDirection)] = []
        let start = offset - insetTop
        let end = start + frameHeight
        let tops = tops
        var i = firstItem(below: max(0, start))
        while i < items.count, tops[i] < end {
            if items[i].current > 0, tops[i] + items[i].current > start {
                result.append((items[i].message.id, tops[i], items[i].current, items[i].message.direction))
            }
            i += 1
        }
        return result
    }

    /// What the screen shows now: each visible row, its top on screen measured from the frame's
    /// top.
    func visibleRows() -> ScreenRows {
        var result = ScreenRows()
        result.reserveCapacity(16)
        let end = offset + visibleHeight
        let tops = tops
        var i = firstItem(below: offset)
        while i < items.count, tops[i] < end {
            if items[i].current > 0 {
                result.append(items[i].message.id, top: tops[i] - offset + insetTop, height: items[i].current)
            }
            i += 1
        }
        return result
    }
}
