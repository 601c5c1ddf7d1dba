import ChatEvents
import ChatReducer

/// How the app's scroll view should move to an offset the driver asks for.
///
/// A command's animated scroll is not among them: the driver runs it itself, one `.none` move
/// per ``ChatScrollDriver/tick(time:)``, so that it can follow a destination that moves.
public enum ScrollAnimation: Sendable, Hashable {
    /// At once, in the current layout pass, before the frame is drawn: position keeping and the
    /// frames of a command's animation. Any momentum goes on from the new offset.
    case none
    /// At once, stopping any momentum or scroll animation, as `setContentOffset(_:animated:
    /// false)` does in UIKit: a command that is not animated (an open, a restore, a window of
    /// history that replaced the content), and the start of an animated one.
    case jump
    /// Along the keyboard's animation, over its duration, so that what sits at the bottom edge
    /// moves with the keyboard.
    case alongKeyboard(duration: Double)
}

/// The scroll view the driver moves: the app implements it over its `UIScrollView` or its
/// SwiftUI `ScrollPosition`.
///
/// ```swift
/// // Not compiled here (UIKit). A main-actor view controller conforms as main-actor code:
/// extension ChatViewController: @MainActor ChatScrollViewTarget {
///     func setContentOffsetY(_ y: Double, animation: ScrollAnimation) {
///         switch animation {
///         case .none: tableView.contentOffset.y = y
///         case .jump: tableView.setContentOffset(CGPoint(x: 0, y: y), animated: false)
///         case let .alongKeyboard(duration):
///             UIView.animate(withDuration: duration) { self.tableView.contentOffset.y = y }
///         }
///     }
/// }
/// ```
public protocol ChatScrollViewTarget: AnyObject {
    /// Moves the content offset (`contentOffset.y`, which includes the adjusted top inset).
    func setContentOffsetY(_ y: Double, animation: ScrollAnimation)
}

/// The glue between a chat screen's scroll view and the reducer: scroll-view callbacks in,
/// events to `ChatState`, and each decision back out to the scroll view exactly once.
///
/// The app owns one driver next to its scroll view and calls it from its delegate callbacks,
/// its keyboard notifications and its data source. The driver
///
/// - converts the scroll view's terms into events: `offset = contentOffsetY + insetTop` (the
///   adjusted top inset), the keyboard's overlap with the scroll view less the bottom inset,
///   and sends geometry events only when a value really changed;
/// - after each event runs a new command once (when `scrollTarget.seq` changes), and keeps the
///   scroll view at the modelled offset whenever the reducer moved it for any reason other than
///   the user's own scrolling (a prepend, a measurement, growth while following, the keyboard),
///   at once, also while the user holds the view;
/// - does not report scroll callbacks caused by its own corrections or by a running command
///   animation as the user's scrolling;
/// - hands every effect to ``onEffect`` and, with a ``recorder``, records every event it sends.
///
/// Bad input (NaN, negative sizes, callbacks out of order) never traps: it is clamped or
/// dropped, with a line in ``warnings``.
///
/// The driver is not `Sendable`: it lives on the actor of whoever creates it (the main actor,
/// with the view controller or model that owns it) and is called only from there; its callbacks
/// (``onEffect``, ``onStep``, ``onNeedsFramesChanged``) run there, inside the call that caused
/// them.
///
/// - Complexity: each call costs what the reducer's event costs, O(log n); a scroll callback
///   while following or detached allocates nothing.
public final class ChatScrollDriver {
    /// The reducer's state after the last event.
    public private(set) var state: ChatState
    /// The scroll view the driver moves.
    public weak var scrollView: (any ChatScrollViewTarget)?
    /// Called with each effect of each step, in order: `loadOlder`, `loadNewer`, `loadWindow`,
    /// `markRead`, `persistPosition`.
    public var onEffect: (ChatEffect) -> Void = { _ in }
    /// Called after each event the driver sends, with the state after it: for logging and tests.
    public var onStep: ((ChatEvent, ChatState) -> Void)?
    /// When set, every event the driver sends is recorded here, stamped by ``clock``.
    public var recorder: ChatRecorder?
    /// The time stamp of recorded events, in seconds; `nil` records events without one.
    public var clock: (() -> Double)?
    /// The diagnostics of the last call: the driver's own (bad callbacks) and the reducer's for
    /// the events this call sent. Empty after a call that found nothing wrong, whatever an
    /// earlier call found (`state.warnings` is the last event's, which may be an earlier call's).
    public private(set) var warnings: [String] = []

    /// The last known `contentOffset.y`.
    public private(set) var contentOffsetY: Double = 0
    /// The adjusted top inset, the bottom inset and the frame height last laid out.
    private var frameHeight: Double?
    private var insetTop: Double = 0
    private var insetBottom: Double = 0
    /// Where what covers the scroll view's bottom (the keyboard, the bar riding on it) begins.
    private var coveredEdge = CoveredEdge(top: .infinity, overlap: 0)
    /// The keyboard's last animation: its duration, when it began (nil without a clock), and
    /// whether a layout came since.
    private var keyboardMotion: (duration: Double, start: Double?, laidOut: Bool)?
    /// While a layout the keyboard caused is applied: what is left of the keyboard's animation.
    private var layoutAlongKeyboard: Double?
    /// A keyboard move that waits for the user's gesture to end: its duration and start time.
    private var pendingKeyboard: (duration: Double?, start: Double?)?
    /// Whether the keyboard event being sent ended a momentum: its move must stop the scroll
    /// view's deceleration, so it is animated.
    private var momentumSettledForKeyboard = false
    /// The `seq` of the last command run.
    private var executedSeq = 0
    /// While the driver itself moves the scroll view: its callbacks are not the user's.
    private var applying = false
    /// While an event's move is left to the next one (a settle that the keyboard carries on).
    private var holdingMoves = false
    /// How far past the model's clamped offset the held view shows the content, kept through
    /// position keeping until the user's next scroll.
    private var heldOverscroll = 0.0
    /// After a release without velocity past an edge, until the scroll comes to rest: the view
    /// springs back to the edge on its own, showing the content past the model's offset.
    private var bouncingBack = false
    /// Where an animation the driver started along the keyboard ends: its callbacks are not the
    /// user's.
    private var keyboardAnimationTarget: Double?
    /// The animated command the driver runs, frame by frame.
    private var commandAnimation: CommandAnimation? { didSet { frameNeedMayHaveChanged() } }
    /// Appended messages whose entrance animation's end the driver reports, and when it is due
    /// (nil until the next tick tells the time).
    private var entrances: [(id: String, due: Double?)] = [] { didSet { frameNeedMayHaveChanged() } }
    /// What ``onNeedsFramesChanged`` was last told.
    private var toldNeedsFrames = false
    /// The time of the last ``tick(time:)``.
    private var lastFrameTime: Double?
    /// The view's last move that the driver did not make, until the next call: where the view
    /// was, and whether the move went to the reducer as the user's scroll.
    private var viewMove: (from: Double, forwarded: Bool)?
    /// While a command's animation runs (the driver's own, advanced by ``tick(time:)``).
    public var isAnimatingCommand: Bool { commandAnimation != nil }
    /// Whether the driver needs ``tick(time:)`` on every frame: a command's animation runs, or an
    /// entrance animation's end is still to be reported. An idle driver needs none: pause the
    /// display link (`CADisplayLink.isPaused`) or the `TimelineView` until this turns true.
    public var needsFrames: Bool { commandAnimation != nil || !entrances.isEmpty }
    /// Called with ``needsFrames`` each time it changes, on the caller of the call that changed it.
    public var onNeedsFramesChanged: ((Bool) -> Void)?
    /// How long an appended message's entrance animation runs, in seconds: the driver sends
    /// `entranceAnimationFinished` for it at the first ``tick(time:)`` that long after the append.
    /// `nil` when the app reports the ends itself.
    public var entranceAnimationDuration: Double? = 0.3
    /// From `willBeginDragging` until the scroll comes to rest.
    public private(set) var isDragging = false
    /// After a release with velocity, until `didEndDecelerating`.
    public private(set) var isDecelerating = false

    /// Creates a driver over a new state with `configuration`.
    public init(configuration: ChatConfiguration = ChatConfiguration()) {
        state = ChatState(configuration: configuration)
    }

    /// The modelled offset as a `contentOffset.y`, or `nil` before the geometry is known.
    public var modelledContentOffsetY: Double? { state.offset.map { $0 - insetTop } }

    // MARK: Layout

    /// The scroll view was laid out: its frame height and adjusted insets, and, where its frame
    /// moves with the keyboard (its bottom pinned to a bar that rides on the keyboard, or SwiftUI's
    /// keyboard avoidance), its bottom in the window, the space of
    /// ``keyboardWillChange(keyboardTop:scrollViewBottom:barAboveKeyboard:duration:)``. Sends
    /// `viewportChanged` only when one of them changed, and the keyboard's share of the frame
    /// anew: a frame that shrank to the bar is covered no more. Without `frameBottom`, the
    /// keyboard covers as much of the frame's bottom as before.
    public func layout(frameHeight: Double, insetTop: Double, insetBottom: Double, frameBottom: Double? = nil) {
        beginCall()
        let height = sanitized(frameHeight, "frameHeight")
        let top = sanitized(insetTop, "insetTop")
        let bottom = sanitized(insetBottom, "insetBottom")
        if let frameBottom, frameBottom.isFinite { coveredEdge.overlap = frameBottom - coveredEdge.top }
        let keyboardAfter = max(0, coveredEdge.covers(frameHeight: height) - bottom)
        guard
            height != self.frameHeight || top != self.insetTop || bottom != self.insetBottom
                || frameBottom != nil && keyboardAfter != state.keyboardHeight && pendingKeyboard == nil
        else { return }
        // A bounce past the bottom is the user at the bottom: it ends there before the layout,
        // which a held view would otherwise read as a reader away from the new bottom.
        if isDecelerating || bouncingBack, isBouncingPastBottom { endBottomBounce() }
        let topMoved = top != self.insetTop
        // The visible region's bottom edge in the frame, before and after: a frame that shrinks
        // (or grows) by what the keyboard covers leaves it where it is.
        let edgeBefore = self.frameHeight.map { $0 - self.insetBottom - state.keyboardHeight }
        let edgeAfter = height - bottom - keyboardAfter
        let edgeStays =
            !topMoved && height != self.frameHeight && edgeBefore.map { abs($0 - edgeAfter) <= 0.5 } ?? false
        // A keyboard share that the new bottom inset changes ends plain momentum (below): it
        // settles first, so for the reader the inset's change and the share's cancel out.
        if isDecelerating, !isBouncing, keyboardAfter != state.keyboardHeight { settleMomentum() }
        // A running animation carries what it shows along with the visible top at once (the
        // rest of the way is bent to the new destination below).
        if topMoved, isAnimatingCommand { shiftCommandAnimation(by: self.insetTop - top) }
        self.frameHeight = height
        self.insetTop = top
        self.insetBottom = bottom
        guard edgeStays else {
            // A layout the keyboard caused (the frame grows back as it hides) goes along the
            // rest of its animation.
            let keyboardLeft = topMoved ? nil : keyboardTimeLeft()
            let offsetBefore = state.offset
            layoutAlongKeyboard = keyboardLeft
            apply(.viewportChanged(height: height, insetTop: top, insetBottom: bottom))
            layoutAlongKeyboard = nil
            // The same offset is another contentOffset.y under another top inset: where the model
            // kept the offset (a held view), the view moves so what is read stays under the top.
            if topMoved, !isAnimatingCommand { keepModelledOffset(animation: .none) }
            // The keyboard's share depends on the frame and the bottom inset.
            updateKeyboard(duration: keyboardLeft)
            // A frame the keyboard grows or shrinks moves the visible bottom edge as the keyboard
            // does: what sat at it stays there for a reader (specification §2's bottom edge).
            if let keyboardLeft, let offsetBefore, let edgeBefore, state.mode == .detached, !state.userHoldsView,
                !isAnimatingCommand
            {
                let target = min(max(0, offsetBefore + edgeBefore - edgeAfter), state.maxOffset)
                if let offset = state.offset, abs(target - offset) > 0.5 {
                    apply(.scrolled(offset: target))
                    keepModelledOffset(animation: .alongKeyboard(duration: keyboardLeft))
                }
            }
            return
        }
        // The region the user sees did not change, only how the frame, the inset and the
        // keyboard make it up: nothing moves, and a reader's model keeps what the view shows
        // (the frame's change and the keyboard's would otherwise move it twice).
        let shown = keyboardAnimationTarget ?? contentOffsetY
        holdingMoves = true
        apply(.viewportChanged(height: height, insetTop: top, insetBottom: bottom))
        updateKeyboard(duration: nil)
        holdingMoves = false
        if state.mode == .detached, !state.userHoldsView, let model = modelledContentOffsetY, abs(model - shown) > 0.5 {
            apply(.scrolled(offset: shown + insetTop))
        }
    }

    /// The keyboard will move to its end frame. `keyboardTop` and `scrollViewBottom` are in one
    /// coordinate space (the window's), as the notification's end frame and the scroll view's
    /// frame give them before the layout the keyboard causes; a hidden keyboard's top is at or
    /// below the screen. `barAboveKeyboard` is the height of an input bar that rides on the
    /// keyboard outside its frame (pinned to `keyboardLayoutGuide`, or SwiftUI's
    /// `safeAreaInset(edge: .bottom)`), 0 when the bar is the keyboard's `inputAccessoryView`
    /// (its frame includes it) or there is none: the keyboard's share is what the keyboard and
    /// that bar cover of the frame, beyond the bottom inset.
    public func keyboardWillChange(
        keyboardTop: Double, scrollViewBottom: Double, barAboveKeyboard: Double = 0, duration: Double? = nil
    ) {
        beginCall()
        guard !keyboardTop.isNaN, !scrollViewBottom.isNaN, !barAboveKeyboard.isNaN else {
            warnings.append("keyboard frame is not a number; ignored")
            return
        }
        let top = keyboardTop - max(0, barAboveKeyboard)
        // A keyboard that covers nothing of the frame covers nothing wherever the frame goes
        // (a hidden keyboard's top is the screen's bottom, which a rotation moves).
        let edge = CoveredEdge(top: top < scrollViewBottom ? top : .infinity, overlap: scrollViewBottom - top)
        // (A layout that tells where the keyboard is, without a duration, ends no animation
        // that takes it there.)
        if duration != nil || edge != coveredEdge {
            keyboardMotion = duration.map { (max(0, $0), clock?() ?? lastFrameTime, false) }
        }
        coveredEdge = edge
        updateKeyboard(duration: duration)
    }

    /// How long the keyboard's last animation still runs, nil when it is over. Without a clock,
    /// the first layout after its notification is the one it causes.
    private func keyboardTimeLeft() -> Double? {
        guard let motion = keyboardMotion, motion.duration > 0 else { return nil }
        defer { keyboardMotion?.laidOut = true }
        guard let start = motion.start, let now = clock?() ?? lastFrameTime else {
            return motion.laidOut ? nil : motion.duration
        }
        let left = motion.duration - (now - start)
        return left > 0.001 ? left : nil
    }

    private func updateKeyboard(duration: Double?) {
        if isDecelerating || bouncingBack, isBouncingPastBottom {
            // The keyboard ends a bounce past the bottom edge, which it moves: the list stops
            // where it is, and goes the rest of the way to the new bottom along the keyboard.
            endBottomBounce()
            keyboardAnimationTarget = nil
            sendKeyboard(duration: duration)
            if keyboardAnimationTarget == nil, modelledContentOffsetY != contentOffsetY {
                keepModelledOffset(
                    animation: .alongKeyboard(duration: max(duration ?? 0, CommandAnimation.shortestRemainder)))
            }
            return
        }
        let held = isDragging || isDecelerating && isBouncing
        if held, state.mode != .detached {
            // A following view under the finger, or bouncing back from past an edge, keeps the
            // keyboard waiting for the gesture to end: it ends at the bottom it began at, and
            // then follows the keyboard.
            pendingKeyboard = (duration, clock?())
            return
        }
        // A reader's held view hears of it at once: nothing moves while it is held (specification §2),
        // and nothing jumps when it is released. Plain momentum ends: the keyboard takes over.
        if isDecelerating, !held { settleMomentum() }
        sendKeyboard(duration: duration)
    }

    /// Whether the scroll view shows the content pulled past an edge.
    private var isBouncing: Bool { contentOffsetY + insetTop < 0 || isBouncingPastBottom }

    /// Whether the scroll view shows the content pulled past the bottom edge.
    private var isBouncingPastBottom: Bool {
        guard let offset = state.offset else { return false }
        return contentOffsetY + insetTop > offset && offset >= state.maxOffset
    }

    /// Ends a bounce past the bottom before it is over: the list stops where it is (its next move
    /// takes it on), and the hold ends at the bottom, where the bounce was taking it.
    private func endBottomBounce() {
        move(to: contentOffsetY, animation: .jump)
        settleAtTheBottom()
    }

    /// The user's hold ends at the modelled bottom, and the view stays where it is.
    private func settleAtTheBottom() {
        isDecelerating = false
        holdingMoves = true
        apply(.scrollSettled(offset: state.maxOffset))
        holdingMoves = false
    }

    /// The keyboard's animation replaces the momentum: the scroll settles where it is now.
    private func settleMomentum() {
        isDecelerating = false
        momentumSettledForKeyboard = true
        apply(.scrollSettled(offset: contentOffsetY + insetTop))
    }

    /// Sends the keyboard's height when it differs from the state's.
    private func sendKeyboard(duration: Double?) {
        let height = max(0, coveredEdge.covers(frameHeight: frameHeight ?? .infinity) - insetBottom)
        defer { momentumSettledForKeyboard = false }
        guard height != state.keyboardHeight else { return }
        apply(
            height > 0 ? .keyboardWillShow(height: height, duration: duration) : .keyboardWillHide(duration: duration))
    }

    /// After the user's gesture ended: the keyboard that moved during it, over what is left of
    /// its animation.
    private func sendPendingKeyboard() {
        guard let (duration, start) = pendingKeyboard, !isDragging else { return }
        pendingKeyboard = nil
        if isDecelerating { settleMomentum() }
        var remaining = duration
        if let duration, let start, let now = clock?() { remaining = max(0, duration - (now - start)) }
        sendKeyboard(duration: remaining)
    }

    // MARK: Scroll view delegate

    /// `scrollViewWillBeginDragging`: the user's finger takes the view.
    public func willBeginDragging() {
        beginCall()
        isDragging = true
        isDecelerating = false
        bouncingBack = false
        // A touch stops a running animation, as UIKit does.
        commandAnimation = nil
        keyboardAnimationTarget = nil
        apply(.dragBegan)
    }

    /// `scrollViewDidScroll`: forwarded as the user's scrolling only while the user drags or
    /// the scroll decelerates; callbacks of the driver's own moves and of a command animation
    /// are not the user's.
    public func didScroll(contentOffsetY y: Double) {
        // The callback of the driver's own move, from inside it: not the user's.
        if applying, y.isFinite {
            contentOffsetY = y
            return
        }
        warnings = []
        guard y.isFinite else {
            warnings.append("contentOffsetY \(y) is not a finite number; ignored")
            return
        }
        viewMove = (contentOffsetY, false)
        contentOffsetY = y
        if let target = keyboardAnimationTarget {
            if isDragging || abs(target - y) <= 0.5 { keyboardAnimationTarget = nil }
            return
        }
        if isAnimatingCommand { return }
        guard state.offset != nil else {
            warnings.append("didScroll before the first layout: the offset is not known yet; ignored")
            return
        }
        // Following or pinned with nobody scrolling, the callbacks come from an animation
        // the driver started (along the keyboard) or from layout: not the user's.
        if isDragging || isDecelerating || state.mode == .detached {
            heldOverscroll = 0
            let offset = y + insetTop
            if offset != state.offset {
                viewMove?.forwarded = true
                apply(.scrolled(offset: offset))
            }
        }
    }

    /// `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)`: the finger lifts.
    /// `velocity` is in points per second of offset, positive towards the bottom (UIKit gives
    /// points per millisecond: multiply its `velocity.y` by 1000); 0 settles.
    public func willEndDragging(velocity: Double) {
        beginCall()
        if !isDragging { warnings.append("willEndDragging without willBeginDragging") }
        if !velocity.isFinite { warnings.append("velocity \(velocity) is not a finite number; 0 used") }
        let velocity = velocity.isFinite ? velocity : 0
        isDragging = false
        isDecelerating = velocity != 0
        apply(.dragEnded(offset: contentOffsetY + insetTop, velocity: velocity))
        sendPendingKeyboard()
    }

    /// `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)` with the offset where
    /// the scroll view's deceleration would stop: as ``willEndDragging(velocity:)``, and returns
    /// the `contentOffset.y` to write back into `targetContentOffset`. A fling that would stop
    /// within `atBottomThreshold` above the bottom lands on the bottom instead, where the end of
    /// the user's hold would otherwise snap a following list in one step.
    ///
    /// ```swift
    /// // Not compiled here (UIKit):
    /// targetContentOffset.pointee.y = driver.willEndDragging(
    ///     velocity: velocity.y * 1000, targetContentOffsetY: targetContentOffset.pointee.y)
    /// ```
    ///
    /// - Complexity: O(log n).
    public func willEndDragging(velocity: Double, targetContentOffsetY: Double) -> Double {
        willEndDragging(velocity: velocity)
        let end = targetContentOffsetY + insetTop
        let bottom = state.maxOffset
        guard isDecelerating, end.isFinite, end < bottom, bottom - end <= state.configuration.atBottomThreshold else {
            return targetContentOffsetY
        }
        return bottom - insetTop
    }

    /// `scrollViewDidEndDecelerating`: the scroll comes to rest.
    public func didEndDecelerating() {
        beginCall()
        isDecelerating = false
        let bounced = bouncingBack
        if bouncingBack { bounceBackEnded() }
        apply(.scrollSettled(offset: contentOffsetY + insetTop))
        // A bounce ends at the edge the view's spring went to; where the model moved a little
        // meanwhile (content that grew under a short list at the bottom), the list eases the
        // rest of the way, as a release near the bottom does.
        if bounced, !isAnimatingCommand, let target = modelledContentOffsetY,
            abs(target - contentOffsetY) > 0.5, abs(target - contentOffsetY) <= state.configuration.atBottomThreshold
        {
            startCommandAnimation()
        }
        sendPendingKeyboard()
    }

    /// `scrollViewDidEndDragging(_:willDecelerate:)`: with `willDecelerate` false the scroll
    /// is at rest now, whatever velocity ``willEndDragging(velocity:)`` reported (UIKit does not
    /// decelerate a release at an edge, and then never calls `didEndDecelerating`).
    public func didEndDragging(willDecelerate: Bool) {
        beginCall()
        if willDecelerate, !isDecelerating, isBouncing { bouncingBack = true }
        guard !willDecelerate, isDecelerating else { return }
        didEndDecelerating()
    }

    /// A frame of the display (`CADisplayLink`, or SwiftUI's `TimelineView(.animation)`): runs
    /// the next frame of an animated command. `time` is in seconds, on any clock that only moves
    /// forward (`CACurrentMediaTime()`, or the display link's `targetTimestamp`).
    ///
    /// Commands the user should see are animated over 0.3 s, eased, by the driver itself, so
    /// that a destination that moves on the way (an answer streaming in, a cell measured, the
    /// keyboard) bends the path instead of snapping at its end. Between commands a tick does
    /// nothing; ``isAnimatingCommand`` says when frames are needed.
    ///
    /// - Complexity: O(1); allocates nothing.
    public func tick(time: Double) {
        beginCall()
        guard time.isFinite else {
            warnings.append("tick time \(time) is not a finite number; ignored")
            return
        }
        lastFrameTime = time
        defer { reportEntrances(at: time) }
        guard var animation = commandAnimation else { return }
        if animation.start == nil {
            // The first frame: whatever the view does (momentum, a bounce, which UIKit starts
            // after willEndDragging even when a command came from it) stops where the list is,
            // and the animation starts from there.
            animation.from = contentOffsetY
            move(to: contentOffsetY, animation: .jump)
        }
        let (y, finished) = animation.position(at: time)
        commandAnimation = finished ? nil : animation
        move(to: y, animation: .none)
        // The last frame lands where the model is, whatever moved meanwhile.
        if finished { keepModelledOffset(animation: .none) }
    }

    /// Sends `entranceAnimationFinished` for the appended messages whose animation is over at
    /// `time`, in the order they came.
    private func reportEntrances(at time: Double) {
        guard !entrances.isEmpty, let duration = entranceAnimationDuration else {
            if !entrances.isEmpty { entrances = [] }
            return
        }
        for index in entrances.indices where entrances[index].due == nil { entrances[index].due = time + duration }
        while let first = entrances.first, let due = first.due, due <= time {
            entrances.removeFirst()
            // (A message gone since, or beyond a window, has no animation left to end.)
            if state.message(id: first.id) != nil { apply(.entranceAnimationFinished(id: first.id)) }
        }
    }

    /// Tells ``onNeedsFramesChanged`` when ``needsFrames`` changed.
    private func frameNeedMayHaveChanged() {
        let needs = needsFrames
        guard needs != toldNeedsFrames else { return }
        toldNeedsFrames = needs
        onNeedsFramesChanged?(needs)
    }

    // MARK: Content and screen events

    /// A cell was laid out at `height`; sends `itemMeasured` only when the height changed.
    public func cellMeasured(id: String, height: Double) {
        warnings = []
        let move = viewMove
        viewMove = nil
        guard let message = state.message(id: id), message.height != height else { return }
        // A row below what is shown moves the bottom away from a bounce past it; one above moves
        // the bottom and what is shown alike.
        if let top = state.top(ofMessage: id), let shown = state.offset, top + message.height > shown {
            endBounceAtTheBottom()
        }
        // A view that keeps what it shows when a row above it changes height (a table view
        // with estimated heights) has just moved by the change itself: the model learns the
        // height from where the view was, so that the move is not made twice.
        if let move, abs(contentOffsetY - move.from - (height - message.height)) <= 0.5,
            let top = state.top(ofMessage: id), top + message.height <= move.from + insetTop
        {
            contentOffsetY = move.from
            if move.forwarded { apply(.scrolled(offset: move.from + insetTop)) }
        }
        apply(.itemMeasured(id: id, height: height))
    }

    /// Sends any other event of the screen — history, appends, confirmations, tokens, pages,
    /// removals, focus and blur, selection, taps (jump to latest, jump to a message), highlight
    /// and entrance-animation ends, appear and disappear — and applies the outcome.
    ///
    /// ```swift
    /// driver.send(.messageAppended(message, streaming: nil))
    /// driver.send(.inputFocused)
    /// ```
    public func send(_ event: ChatEvent) {
        beginCall()
        if event.role == .growsTheLiveEnd { endBounceAtTheBottom() }
        apply(event)
    }

    /// Every call but the scroll and measurement callbacks starts here: its own warnings, and no
    /// move of the view's own left to match with a measurement.
    private func beginCall() {
        warnings = []
        viewMove = nil
    }

    /// Content that grows during a following list's bounce past the bottom ends the user's hold
    /// at the bottom, where the bounce is taking the list, so the list goes on following; the
    /// view springs back on its own, its overshoot kept through the growth.
    private func endBounceAtTheBottom() {
        guard isDecelerating || bouncingBack, isBouncingPastBottom, state.mode == .following else { return }
        settleAtTheBottom()
        bouncingBack = true
    }

    /// A bounce back without velocity is over: what the view showed past the edge is gone.
    private func bounceBackEnded() {
        bouncingBack = false
        heldOverscroll = 0
    }

    /// Reduces `event`, records it, hands out its effects, and moves the scroll view.
    private func apply(_ event: ChatEvent) {
        // In place: a copy recorded into would copy the whole ring buffer on every event.
        recorder?.record(event, time: clock?())
        let before = state.offset
        // During a command's animation, the row whose change above what is shown moves it: the
        // view then moves with it at once, and only the rest of the path bends.
        let edgeAboveShown = isAnimatingCommand ? self.edgeAboveShown(event) : nil
        // How far the view shows the content past an edge (the model clamps it): position
        // keeping keeps it, so a page that arrives under a rubber-banding finger does not jump.
        let overscroll = self.overscroll
        // Past the top, or past the bottom of a conversation that fits, the oldest row is shown
        // first: it keeps its place on screen, also where the model's offset stops at the
        // content's end (a page above a conversation that fits).
        let shownRow = overscroll < 0 || overscroll > 0 && state.maxOffset == 0 ? oldestRow : nil
        let countBefore = state.messageCount
        state.reduce(event)
        // An appended message's entrance animation ends after its duration, told by the driver.
        if let duration = entranceAnimationDuration, case .messageAppended(let message, _) = event,
            message.direction != .system, state.messageCount > countBefore
        {
            entrances.append((message.id, (clock?() ?? lastFrameTime).map { $0 + duration }))
        }
        warnings += state.warnings
        onStep?(event, state)
        for effect in state.effects { onEffect(effect) }
        if let command = state.scrollTarget, command.seq != executedSeq, command.offset != nil {
            executedSeq = command.seq
            // The user's gesture is over once a command takes the view.
            isDragging = isDragging && state.userHoldsView
            isDecelerating = isDecelerating && state.userHoldsView
            if command.animated {
                startCommandAnimation()
            } else {
                commandAnimation = nil
                keepModelledOffset(animation: .jump)
            }
            if pendingKeyboard != nil, !isDragging, !isDecelerating { sendPendingKeyboard() }
            return
        }
        if isDecelerating, !state.userHoldsView, state.offset == before,
            event.role == .tap
        {
            // A tap that asks for a window (jump to latest or to a message that is not loaded)
            // ends the hold with nothing to scroll to yet: it stops the momentum, as the tap's
            // touch does in UIKit, so the list rests where the window will replace it; a bounce
            // past an edge goes back to the edge.
            isDecelerating = false
            if isBouncing {
                bouncingBack = true
            } else {
                move(to: contentOffsetY, animation: .jump)
            }
            return
        }
        if isAnimatingCommand, let edge = edgeAboveShown, !holdingMoves {
            // Content above what is shown moved it: the view moves with it at once, as it would
            // at rest, and the rest of the way bends to where the model now is when that moved
            // otherwise (an anchor below the change, the content's end).
            shiftCommandAnimation(by: moved(edge))
            if let target = modelledContentOffsetY, let running = commandAnimation, abs(running.to - target) > 0.5 {
                redirectCommandAnimation()
            }
            return
        }
        guard state.offset != before || state.offsetReason == .clamp, !holdingMoves else { return }
        switch state.offsetReason {
        case .user?, nil:
            // The user's own scrolling: the scroll view is already there.
            return
        case .keyboard?:
            var animation = keyboardAnimation(event)
            if isAnimatingCommand {
                // The keyboard's animation takes over the command's: the rest of the way goes
                // along the keyboard's curve, so the bottom edge and the content arrive together.
                commandAnimation = nil
                if case .alongKeyboard(let duration) = animation {
                    animation = .alongKeyboard(duration: max(duration, CommandAnimation.shortestRemainder))
                } else {
                    animation = .alongKeyboard(duration: CommandAnimation.shortestRemainder)
                }
            }
            keepModelledOffset(animation: animation)
        case .command?, .growth?, .prepend?, .viewport?, .measure?, .remove?, .settle?, .clamp?:
            if isAnimatingCommand, state.offsetReason == .viewport, let offset = state.offset, let before {
                // A new frame (a rotation) moves the whole path with it: the list keeps its place
                // on it, as everything on screen moves with the new layout at once.
                shiftCommandAnimation(by: offset - before)
            } else if isAnimatingCommand {
                // The destination moved (the live end grew, a cell below was measured): the path
                // bends to it at the view's speed, ending on time unless that would lurch.
                redirectCommandAnimation()
            } else if overscroll != 0 || heldOverscroll != 0, state.offsetReason != .viewport,
                state.userHoldsView || bouncingBack
            {
                // Under the finger or in a bounce, the view shows the content past the model's
                // clamped offset: what is shown keeps its place, by that much, until the user's
                // next scroll tells the model where the view is.
                // (Out of the finger's hold, only what the view shows past the edge now is held.)
                if overscroll != 0 || !state.userHoldsView { heldOverscroll = overscroll }
                if let row = shownRow, let now = state.top(ofMessage: row.id), let offset = state.offset {
                    heldOverscroll = contentOffsetY + insetTop + now - row.top - offset
                } else if bouncingBack, state.offsetReason == .growth, let offset = state.offset, let before,
                    offset < before
                {
                    // The live end shrank (the typing indicator went) under a bounce past the
                    // bottom: what is shown stays, and the spring carries the larger overshoot back.
                    heldOverscroll = contentOffsetY + insetTop - offset
                }
                keepModelledOffset(animation: .none, overscroll: heldOverscroll)
            } else if state.offsetReason == .settle, !state.userHoldsView, event.role == .mayEndTheUsersHold {
                // The user's hold ends at the bottom (within `atBottomThreshold`): the list eases
                // there from where the finger, the momentum or a bounce left it, not in one step.
                startCommandAnimation()
            } else if state.offsetReason == .viewport, let left = layoutAlongKeyboard {
                // A frame laid out for the keyboard moves what it shows along the keyboard.
                keepModelledOffset(animation: .alongKeyboard(duration: left))
            } else {
                keepModelledOffset(animation: .none)
            }
        }
    }

    /// Starts the animated scroll to the modelled offset, from where the view is at the next
    /// ``tick(time:)``. A scroll to where the view already is does nothing; a command that comes
    /// while another's animation runs carries it on, without a stop.
    private func startCommandAnimation() {
        guard let target = modelledContentOffsetY else { return }
        if var running = commandAnimation {
            running.redirect(
                to: target, from: contentOffsetY, at: lastFrameTime ?? 0, atLeast: CommandAnimation.duration)
            commandAnimation = running
            return
        }
        guard abs(target - contentOffsetY) > 0.5 else {
            keepModelledOffset(animation: .none)
            return
        }
        commandAnimation = CommandAnimation(from: contentOffsetY, to: target)
    }

    /// The running animation's destination moved to the modelled offset: the path bends from
    /// where the view is, at its speed, and still ends on time.
    private func redirectCommandAnimation() {
        guard var animation = commandAnimation, let target = modelledContentOffsetY else { return }
        // A destination that came back to where the view rests ends the animation: what comes
        // next (an answer growing at the live end) moves the view at once, not along a path
        // that starts from rest and lags behind it. (Not in a bounce, which the path carries on.)
        if !bouncingBack, abs(target - contentOffsetY) <= 0.5,
            abs(animation.speed(at: lastFrameTime ?? 0)) < CommandAnimation.restSpeed
        {
            commandAnimation = nil
            keepModelledOffset(animation: .none)
            return
        }
        animation.redirect(to: target, from: contentOffsetY, at: lastFrameTime ?? 0)
        commandAnimation = animation
    }

    /// What the running animation passes through moved by `delta`: the view moves with it now.
    private func shiftCommandAnimation(by delta: Double) {
        guard var animation = commandAnimation, delta != 0 else { return }
        animation.shift(by: delta)
        commandAnimation = animation
        move(to: contentOffsetY + delta, animation: .none)
    }

    /// The oldest loaded row and its top.
    private var oldestRow: (id: String, top: Double)? {
        state.oldestMessageID.flatMap { id in state.top(ofMessage: id).map { (id, $0) } }
    }

    /// A row above what the scroll view shows, as it was before an event: what is shown hangs
    /// from its bottom, or from its top when a page arrives above it.
    private struct EdgeAboveShown {
        var id: String
        var top: Double
        var height: Double
        var pageAbove: Bool
    }

    /// The row that `event` changes and that starts above what the scroll view shows now, or that a page
    /// (or the header) arrives above.
    private func edgeAboveShown(_ event: ChatEvent) -> EdgeAboveShown? {
        let shownTop = contentOffsetY + insetTop
        if event.role == .contentAbove {
            return oldestRow.map { EdgeAboveShown(id: $0.id, top: $0.top, height: 0, pageAbove: true) }
        }
        // (A row that starts above what is shown counts as above it: what is read is below it.)
        guard let id = event.resizedMessageID, let top = state.top(ofMessage: id),
            let message = state.message(id: id), top < shownTop
        else { return nil }
        return EdgeAboveShown(id: id, top: top, height: message.height, pageAbove: false)
    }

    /// How far the event moved what is shown below `edge` (a removed row takes its height).
    private func moved(_ edge: EdgeAboveShown) -> Double {
        guard let top = state.top(ofMessage: edge.id), let message = state.message(id: edge.id) else {
            return -edge.height
        }
        return edge.pageAbove ? top - edge.top : top + message.height - edge.top - edge.height
    }

    private func keyboardAnimation(_ event: ChatEvent) -> ScrollAnimation {
        var duration = 0.0
        if case .keyboardWillShow(_, let given) = event { duration = given ?? 0 }
        if case .keyboardWillHide(let given) = event { duration = given ?? 0 }
        // An animation stops the scroll view's momentum; a jump would not.
        if momentumSettledForKeyboard { return .alongKeyboard(duration: max(duration, 0.1)) }
        return duration > 0 ? .alongKeyboard(duration: duration) : .none
    }

    /// How far the scroll view shows the content past an edge: negative above the top, positive
    /// below the bottom.
    private var overscroll: Double {
        guard let offset = state.offset else { return 0 }
        let shown = contentOffsetY + insetTop
        if shown < 0 { return shown }
        return offset >= state.maxOffset && shown > state.maxOffset ? shown - state.maxOffset : 0
    }

    /// Moves the scroll view to the modelled offset, shown `overscroll` past it, ignoring the
    /// callbacks this causes.
    private func keepModelledOffset(animation: ScrollAnimation, overscroll: Double = 0) {
        guard let target = modelledContentOffsetY.map({ $0 + overscroll }) else { return }
        if animation == .none, target == contentOffsetY { return }
        move(to: target, animation: animation)
    }

    /// Moves the scroll view, ignoring the callbacks this causes.
    private func move(to y: Double, animation: ScrollAnimation) {
        applying = true
        // A jump and an animation stop a bounce, which then reports no end.
        switch animation {
        case .none:
            contentOffsetY = y
        case .jump:
            contentOffsetY = y
            bounceBackEnded()
        case .alongKeyboard:
            keyboardAnimationTarget = y
            bounceBackEnded()
        }
        scrollView?.setContentOffsetY(y, animation: animation)
        applying = false
    }

    private func sanitized(_ value: Double, _ name: String) -> Double {
        if value.isNaN || value < 0 {
            warnings.append("\(name) \(value) replaced by 0")
            return 0
        }
        return value
    }
}

/// What covers the scroll view's bottom (the keyboard, the bar riding on it), as the keyboard's
/// last notification put it.
private struct CoveredEdge: Equatable {
    /// Its top, in the window.
    var top: Double
    /// How far above the frame's bottom it begins (negative below it): the frame's bottom in the
    /// window, less ``top``.
    var overlap: Double

    /// How much of a frame `frameHeight` tall it covers.
    func covers(frameHeight: Double) -> Double { max(0, min(overlap, frameHeight)) }
}

/// What an event is to the driver, beyond what the reducer does with it. Decided once per type,
/// by an exhaustive switch: a new event does not compile until the driver has classified it.
private enum DriverRole {
    /// It changes the content at the live end: a message, a streamed answer's tokens, a page of
    /// newer history, the footer.
    case growsTheLiveEnd
    /// It may end the user's hold on the view: the finger lifts, the scroll comes to rest, a text
    /// selection ends.
    case mayEndTheUsersHold
    /// A tap that navigates (jump to latest, to a message, to the first unread): it stops the
    /// momentum, as the tap's touch does in UIKit.
    case tap
    /// Content arrives above the oldest row: a page of older history, the header.
    case contentAbove
    /// Nothing more.
    case other
}

extension ChatEvent {
    fileprivate var role: DriverRole {
        switch type {
        case .messageAppended, .tokensAppended, .newerLoaded, .footerChanged: .growsTheLiveEnd
        case .dragEnded, .scrollSettled, .selectionChanged: .mayEndTheUsersHold
        case .jumpToLatestTapped, .jumpToMessage, .jumpToUnreadTapped: .tap
        case .olderLoaded, .headerChanged: .contentAbove
        case .viewportChanged, .historyLoaded, .messageConfirmed, .streamFinished, .itemMeasured, .messageRemoved,
            .loadOlderFailed, .keyboardWillShow, .keyboardWillHide, .dragBegan, .scrolled, .inputFocused, .inputBlurred,
            .highlightFinished, .entranceAnimationFinished, .appeared, .disappeared, .loadNewerFailed, .windowLoaded,
            .windowLoadFailed:
            .other
        }
    }

    /// The message whose height the event changes or removes: `itemMeasured`, `tokensAppended`,
    /// `messageRemoved`.
    fileprivate var resizedMessageID: String? {
        if case .itemMeasured(let id, _) = self { return id }
        if case .tokensAppended(let id, _, _, _) = self { return id }
        if case .messageRemoved(let id) = self { return id }
        return nil
    }
}
