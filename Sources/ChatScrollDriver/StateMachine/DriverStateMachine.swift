import ChatEvents
import ChatReducer

/// The driver's decisions as a value: the reducer's state, the user's gesture, the keyboard, the
/// command it animates and what it has told the reducer. Each transition takes one of the app's
/// calls (``DriverInput``) and hands the actions it decides (``DriverAction``) to a sink, in order;
/// ``ChatScrollDriver`` is the class that runs them against the app's scroll view.
///
/// ```swift
/// var machine = DriverStateMachine(configuration: ChatConfiguration())
/// var log = DriverActionLog()
/// machine.handle(.layout(frameHeight: 800, insetTop: 0, insetBottom: 0, frameBottom: nil), now: nil, into: &log)
/// // log.actions == [.sent(.viewportChanged(height: 800, insetTop: 0, insetBottom: 0))]
/// ```
///
/// - Complexity: each transition costs what the reducer's events cost, O(log n).
package struct DriverStateMachine: Sendable {
    /// The reducer's state after the last event.
    package internal(set) var state: ChatState
    /// The diagnostics of the last call: the machine's own and the reducer's for the events it sent.
    package internal(set) var warnings: [String] = []
    /// The last known `contentOffset.y`.
    package internal(set) var contentOffsetY: Double = 0
    /// The user's gesture.
    package internal(set) var phase = GesturePhase.idle
    /// How long an appended message's entrance animation runs, in seconds; `nil` when the app
    /// reports the ends itself.
    package var entranceAnimationDuration: Double? = 0.3

    /// The frame height, the adjusted top inset and the bottom inset last laid out.
    var frameHeight: Double?
    var insetTop: Double = 0
    var insetBottom: Double = 0
    /// Where what covers the scroll view's bottom (the keyboard, the bar riding on it) begins.
    var coveredEdge = CoveredEdge(top: .infinity, overlap: 0)
    /// Whether the keyboard's last notification still waits for the layout it causes, the one
    /// layout that measures the frame's bottom against the notified top.
    var coveredEdgeAwaitsLayout = false
    /// Whether the keyboard turned with the screen and the turned layout still has to apply it.
    var keyboardAwaitsLayout = false
    /// The keyboard's last animation: its duration, when it began (nil without a clock), and
    /// whether a layout came since.
    var keyboardMotion: (duration: Double, start: Double?, laidOut: Bool)?
    /// While a layout the keyboard caused is applied: what is left of the keyboard's animation.
    var layoutAlongKeyboard: Double?
    /// While a layout that moves the visible top (a turn) is applied under a command's animation
    /// that shows more than a screen above the content's end.
    var layoutKeepsShownTop = false
    /// A keyboard move that waits for the user's gesture to end: its duration and start time.
    var pendingKeyboard: (duration: Double?, start: Double?)?
    /// Whether the keyboard event being sent catches up with a keyboard that moved during a fling's
    /// gesture, whose momentum it ended: its move is eased, not a jump from where the user let go.
    var catchingUpAfterFling = false
    /// The `seq` of the last command run.
    var executedSeq = 0
    /// While an event's move is left to the next one (a settle that the keyboard carries on).
    var holdingMoves = false
    /// How far past the model's clamped offset the held view shows the content, kept through
    /// position keeping until the user's next scroll.
    var heldOverscroll = 0.0
    /// Where an animation the driver started along the keyboard ends: its callbacks are not the
    /// user's.
    var keyboardAnimationTarget: Double?
    /// Where the bottom and the top of what the view showed were in the content when that
    /// animation set off (a new end for it keeps where it set off), until a jump.
    var keyboardAnimationStart: (shownBottom: Double, shownTop: Double)?
    /// While an event is applied: the bottom of what the view showed before it, in the content
    /// (a keyboard that covered it included), where an animation that the event sets off along
    /// the keyboard starts from.
    var shownBottomBeforeEvent: Double?
    /// When that animation ends (nil without a clock). A jump does not end it: it goes on around
    /// the new value (UIKit's animations are additive).
    var keyboardAnimationEnd: Double?
    /// Whether a layout that moved the frame otherwise than by the keyboard (a turn) came while
    /// that animation ran: the view may then rest where the platform put it, not at its end.
    var keyboardAnimationLaidOutAnew = false
    /// The animated command the machine runs, frame by frame.
    var commandAnimation: CommandAnimation?
    /// Appended messages whose entrance animation's end the machine reports, and when it is due
    /// (nil until the next tick tells the time).
    var entrances: [(id: String, due: Double?)] = []
    /// What the last ``DriverAction/needsFrames(_:)`` said.
    var toldNeedsFrames = false
    /// The time of the last tick.
    var lastFrameTime: Double?
    /// The app's clock at the call being handled.
    var now: Double?
    /// The view's last move that the machine did not make, until the next call: where the view
    /// was, and whether the move went to the reducer as the user's scroll.
    var viewMove: (from: Double, forwarded: Bool)?

    /// A machine over a new state with `configuration`.
    package init(configuration: ChatConfiguration) {
        state = ChatState(configuration: configuration)
    }

    /// The modelled offset as a `contentOffset.y`, or `nil` before the geometry is known.
    package var modelledContentOffsetY: Double? { state.offset.map { $0 - insetTop } }
    /// While a command's animation runs.
    package var isAnimatingCommand: Bool { commandAnimation != nil }
    /// Whether display frames are needed: a command's animation runs, an entrance animation's
    /// end is still to be reported, or the user's gesture, its momentum or a bounce moves the view.
    /// A tick starts a frame: the view's own move in the frame before (momentum's step) is not
    /// mistaken for the move a table makes to keep what it shows when a row above is measured.
    package var needsFrames: Bool { commandAnimation != nil || !entrances.isEmpty || phase != .idle }

    /// Takes one of the app's calls: `now` is the app's clock at the call (nil without one).
    package mutating func handle(_ input: DriverInput, now: Double?, into out: inout some DriverActionSink) {
        self.now = now
        switch input {
        case .layout(let frameHeight, let insetTop, let insetBottom, let frameBottom):
            beginCall()
            layout(
                frameHeight: frameHeight, insetTop: insetTop, insetBottom: insetBottom, frameBottom: frameBottom, &out)
        case .keyboardWillChange(let keyboardTop, let scrollViewBottom, let barAboveKeyboard, let duration):
            beginCall()
            keyboardWillChange(
                keyboardTop: keyboardTop, scrollViewBottom: scrollViewBottom, barAboveKeyboard: barAboveKeyboard,
                duration: duration, &out)
        case .keyboardTurns(let keyboardTop, let scrollViewBottom, let barAboveKeyboard):
            beginCall()
            keyboardTurns(
                keyboardTop: keyboardTop, scrollViewBottom: scrollViewBottom, barAboveKeyboard: barAboveKeyboard)
        case .willBeginDragging:
            beginCall()
            willBeginDragging(&out)
        case .didScroll(let y):
            warnings = []
            didScroll(to: y, &out)
        case .willEndDragging(let velocity):
            beginCall()
            willEndDragging(velocity: velocity, &out)
        case .didEndDragging(let willDecelerate):
            beginCall()
            didEndDragging(willDecelerate: willDecelerate, &out)
        case .didEndDecelerating:
            beginCall()
            didEndDecelerating(&out)
        case .tick(let time):
            beginCall()
            tick(time: time, &out)
        case .cellMeasured(let id, let height):
            warnings = []
            cellMeasured(id: id, height: height, &out)
        case .send(let event):
            beginCall()
            if event.role == .growsTheLiveEnd { endBounceAtTheBottom(&out) }
            apply(event, &out)
        }
        let needs = needsFrames
        if needs != toldNeedsFrames {
            toldNeedsFrames = needs
            _ = out.take(.needsFrames(needs), from: self)
        }
    }

    /// Every call but the scroll and measurement callbacks starts here: its own warnings, and no
    /// move of the view's own left to match with a measurement.
    private mutating func beginCall() {
        warnings = []
        viewMove = nil
    }

    /// Whether the animation the driver started along the keyboard still runs by the clock.
    var isScrollingAlongKeyboard: Bool {
        guard keyboardAnimationTarget != nil, let end = keyboardAnimationEnd else { return false }
        return end > (now ?? lastFrameTime) ?? .infinity
    }

    /// Whether the animation the driver started along the keyboard met a turn, is over by the
    /// clock, and the view never reported its end: the turn's layout put the view elsewhere, and
    /// that is where it is.
    var isKeyboardTargetStale: Bool {
        guard keyboardAnimationTarget != nil, keyboardAnimationLaidOutAnew, let end = keyboardAnimationEnd,
            let time = now ?? lastFrameTime
        else { return false }
        return time >= end
    }

    /// The offset's model value, where every move starts from: while the animation the driver
    /// started along the keyboard runs, its end (moves shift it), which a view that reports each
    /// drawn frame does not report; otherwise the last known `contentOffset.y`.
    var modelOffsetY: Double { isScrollingAlongKeyboard ? keyboardAnimationTarget ?? contentOffsetY : contentOffsetY }

    /// Moves the scroll view; what the view reports from inside the move is where it is.
    mutating func move(to y: Double, animation: ScrollAnimation, _ out: inout some DriverActionSink) {
        // A jump and an animation stop a bounce, which then reports no end.
        switch animation {
        case .none:
            // A running animation goes on around the new offset (UIKit's are additive): what it
            // set off from and where it goes move as far as its end, the offset's model value.
            let shift = y - (keyboardAnimationTarget ?? contentOffsetY)
            keyboardAnimationStart?.shownBottom += shift
            keyboardAnimationStart?.shownTop += shift
            keyboardAnimationTarget? += shift
            contentOffsetY = y
        case .jump:
            contentOffsetY = y
            bounceBackEnded()
            // What the list showed when it set off along the keyboard is gone.
            keyboardAnimationStart = nil
        case .alongKeyboard(let duration):
            let setOff = isScrollingAlongKeyboard ? keyboardAnimationStart : nil
            keyboardAnimationStart =
                setOff
                ?? (
                    shownBottomBeforeEvent ?? contentOffsetY + (frameHeight ?? 0) - insetBottom,
                    contentOffsetY + insetTop
                )
            keyboardAnimationEnd = (now ?? lastFrameTime).map { $0 + duration }
            keyboardAnimationTarget = y
            keyboardAnimationLaidOutAnew = false
            bounceBackEnded()
        }
        if let reported = out.take(.move(y: y, animation: animation), from: self) { contentOffsetY = reported }
    }

    /// Moves the scroll view to the modelled offset, shown `overscroll` past it.
    mutating func keepModelledOffset(
        animation: ScrollAnimation, overscroll: Double = 0, _ out: inout some DriverActionSink
    ) {
        guard let target = modelledContentOffsetY.map({ $0 + overscroll }) else { return }
        if animation == .none, target == contentOffsetY { return }
        move(to: target, animation: animation, &out)
    }

    /// `value`, or 0 with a warning when it is not a number or negative.
    mutating func sanitized(_ value: Double, _ name: String) -> Double {
        if value.isNaN || value < 0 {
            warnings.append("\(name) \(value) replaced by 0")
            return 0
        }
        return value
    }
}

/// The user's gesture on the scroll view, as its callbacks tell it.
package enum GesturePhase: Sendable, Equatable {
    /// No finger, no momentum.
    case idle
    /// From `willBeginDragging` until the finger lifts.
    case dragging
    /// After a release with velocity, until `didEndDecelerating`, or until the driver stops the
    /// momentum itself (for the keyboard, a command or a tap).
    case decelerating
    /// After a release without velocity past an edge, until the scroll comes to rest: the view
    /// springs back to the edge on its own, showing the content past the model's offset.
    case bouncingBack
}
