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
    /// The decisions, as a value; this class runs the actions they return.
    private var machine: DriverStateMachine
    /// While an action runs: the machine as it stands at that action, so that a callback reads the
    /// driver as it is at that point (the machine itself is being changed by the transition).
    private var atAction: UnsafePointer<DriverStateMachine>?
    /// Calls made from inside a callback while a transition runs, handled after it in order.
    private var queued: [DriverInput] = []
    /// An entrance animation duration set from inside a callback, taken after the transition.
    private var queuedEntranceDuration: Double??
    /// While the driver moves the scroll view: its callbacks are not the user's, and the last
    /// offset it reports is where the move left it.
    private var moving = false
    private var reportedOffset: Double?

    /// The scroll view the driver moves.
    public weak var scrollView: (any ChatScrollViewTarget)?
    /// Called with each effect of each step, in order: `loadOlder`, `loadNewer`, `loadWindow`,
    /// `markRead`, `persistPosition`.
    public var onEffect: (ChatEffect) -> Void = { _ in }
    /// Called after each event the driver sends, with the state after it: for logging and tests.
    public var onStep: ((ChatEvent, ChatState) -> Void)?
    /// When set, every event the driver sends is recorded here, stamped by ``clock``.
    public var recorder: ChatRecorder?
    /// The app's clock, in seconds, on the time base of ``tick(time:)``: the time stamp of recorded
    /// events, and how the driver knows how long the keyboard still moves between ticks. `nil`
    /// records events without one and takes the time of the last tick for now. `ChatScrollAdapter`
    /// and `ChatScrollModel` set `CACurrentMediaTime()` when the app sets none.
    public var clock: (() -> Double)?
    /// Called with ``needsFrames`` each time it changes, at the end of the call that changed it.
    public var onNeedsFramesChanged: ((Bool) -> Void)?

    /// The reducer's state after the last event.
    public var state: ChatState {
        // Lent in place: `driver.state.offset` copies no more than the offset.
        _read {
            if let atAction { yield atAction.pointee.state } else { yield machine.state }
        }
    }
    /// The diagnostics of the last call: the driver's own (bad callbacks) and the reducer's for
    /// the events this call sent. Empty after a call that found nothing wrong, whatever an
    /// earlier call found (`state.warnings` is the last event's, which may be an earlier call's).
    public var warnings: [String] { read { $0.warnings } }
    /// The last known `contentOffset.y`.
    public var contentOffsetY: Double { read { $0.contentOffsetY } }
    /// While a command's animation runs (the driver's own, advanced by ``tick(time:)``).
    public var isAnimatingCommand: Bool { read { $0.isAnimatingCommand } }
    /// Whether the driver needs ``tick(time:)`` on every frame: a command's animation runs, an
    /// entrance animation's end is still to be reported, or the user's drag, its momentum or a
    /// bounce moves the view (each tick tells the driver a frame began). An idle driver needs none:
    /// pause the display link (`CADisplayLink.isPaused`) or the `TimelineView` until this turns
    /// true.
    public var needsFrames: Bool { read { $0.needsFrames } }
    /// How long an appended message's entrance animation runs, in seconds: the driver sends
    /// `entranceAnimationFinished` for it at the first ``tick(time:)`` that long after the append.
    /// `nil` when the app reports the ends itself.
    public var entranceAnimationDuration: Double? {
        get { read { $0.entranceAnimationDuration } }
        set {
            // From inside a callback, the machine takes it when the call in progress ends.
            guard atAction == nil else {
                queuedEntranceDuration = .some(newValue)
                return
            }
            machine.entranceAnimationDuration = newValue
        }
    }
    /// From `willBeginDragging` until the finger lifts.
    public var isDragging: Bool { read { $0.phase == .dragging } }
    /// After a release with velocity, until `didEndDecelerating`, or until the driver stops the
    /// momentum itself (for the keyboard, a command or a tap).
    public var isDecelerating: Bool { read { $0.phase == .decelerating } }
    /// While the view moves on its own after the finger: momentum, or a bounce back to an edge.
    package var isMovingOnItsOwn: Bool { read { $0.phase == .decelerating || $0.phase == .bouncingBack } }
    /// While the keyboard's last notified animation still runs by ``clock``; false without one
    /// (the time of the last tick is no measure of now when nothing ticks).
    package var keyboardAnimates: Bool { read { $0.now != nil && $0.keyboardTimeRemaining != nil } }
    /// How long a command's animated scroll takes, in seconds.
    package static var commandDuration: Double { CommandAnimation.duration }
    /// The modelled offset as a `contentOffset.y`, or `nil` before the geometry is known.
    public var modelledContentOffsetY: Double? { read { $0.modelledContentOffsetY } }

    /// Creates a driver over a new state with `configuration`.
    public init(configuration: ChatConfiguration = ChatConfiguration()) {
        machine = DriverStateMachine(configuration: configuration)
    }

    // MARK: Layout

    /// The scroll view was laid out: its frame height and adjusted insets, and, where its frame
    /// moves with the keyboard (its bottom pinned to a bar that rides on the keyboard, or SwiftUI's
    /// keyboard avoidance), its bottom in the window, the space of
    /// ``keyboardWillChange(keyboardTop:scrollViewBottom:barAboveKeyboard:duration:beforeLayout:)``. Sends
    /// `viewportChanged` only when one of them changed, and the keyboard's share of the frame
    /// anew: a frame that shrank to the bar is covered no more. Only the first layout after a
    /// keyboard notification measures `frameBottom` against the notified top (a later one, a
    /// rotation's, moves the window too). Without `frameBottom`, the keyboard covers as much of
    /// the frame's bottom as before.
    public func layout(frameHeight: Double, insetTop: Double, insetBottom: Double, frameBottom: Double? = nil) {
        run(.layout(frameHeight: frameHeight, insetTop: insetTop, insetBottom: insetBottom, frameBottom: frameBottom))
    }

    /// The keyboard will move to its end frame. `keyboardTop` and `scrollViewBottom` are in one
    /// coordinate space (the window's), as the notification's end frame and the scroll view's
    /// frame give them before the layout the keyboard causes; a hidden keyboard's top is at or
    /// below the screen. `barAboveKeyboard` is the height of an input bar that rides on the
    /// keyboard outside its frame (pinned to `keyboardLayoutGuide`, or SwiftUI's
    /// `safeAreaInset(edge: .bottom)`), 0 when the bar is the keyboard's `inputAccessoryView`
    /// (its frame includes it) or there is none: the keyboard's share is what the keyboard and
    /// that bar cover of the frame, beyond the bottom inset.
    ///
    /// `beforeLayout` is for the keyboard of a turn of the screen, which UIKit notifies at the
    /// turn's start with animations disabled (`UIView.areAnimationsEnabled` false): call it from
    /// the turned layout, with the turned frame's bottom, just before
    /// ``layout(frameHeight:insetTop:insetBottom:frameBottom:)``. Nothing moves until that layout,
    /// which applies the keyboard with the frame, at once.
    public func keyboardWillChange(
        keyboardTop: Double, scrollViewBottom: Double, barAboveKeyboard: Double = 0, duration: Double? = nil,
        beforeLayout: Bool = false
    ) {
        guard !beforeLayout else {
            return run(
                .keyboardTurns(
                    keyboardTop: keyboardTop, scrollViewBottom: scrollViewBottom, barAboveKeyboard: barAboveKeyboard))
        }
        run(
            .keyboardWillChange(
                keyboardTop: keyboardTop, scrollViewBottom: scrollViewBottom, barAboveKeyboard: barAboveKeyboard,
                duration: duration))
    }

    // MARK: Scroll view delegate

    /// `scrollViewWillBeginDragging`: the user's finger takes the view.
    public func willBeginDragging() { run(.willBeginDragging) }

    /// `scrollViewDidScroll`: forwarded as the user's scrolling only while the user drags or
    /// the scroll decelerates; callbacks of the driver's own moves and of a command animation
    /// are not the user's.
    public func didScroll(contentOffsetY y: Double) {
        // The callback of the driver's own move, from inside it: where the move left the view.
        if moving, y.isFinite {
            reportedOffset = y
            return
        }
        run(.didScroll(contentOffsetY: y))
    }

    /// `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)`: the finger lifts.
    /// `velocity` is in points per second of offset, positive towards the bottom (UIKit gives
    /// points per millisecond: multiply its `velocity.y` by 1000); 0 settles.
    public func willEndDragging(velocity: Double) { run(.willEndDragging(velocity: velocity)) }

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
        return read { $0.landing(of: targetContentOffsetY) }
    }

    /// `scrollViewDidEndDecelerating`: the scroll comes to rest. Where the driver has already
    /// ended the momentum itself (the keyboard's notification, a command or a tap stops it), the
    /// late end moves nothing.
    public func didEndDecelerating() { run(.didEndDecelerating) }

    /// `scrollViewDidEndDragging(_:willDecelerate:)`: with `willDecelerate` false the scroll
    /// is at rest now, whatever velocity ``willEndDragging(velocity:)`` reported (UIKit does not
    /// decelerate a release at an edge, and then never calls `didEndDecelerating`).
    public func didEndDragging(willDecelerate: Bool) { run(.didEndDragging(willDecelerate: willDecelerate)) }

    /// A frame of the display (`CADisplayLink`, or SwiftUI's `TimelineView(.animation)`): runs
    /// the next frame of an animated command. `time` is in seconds, on any clock that only moves
    /// forward (`CACurrentMediaTime()`, or the display link's `targetTimestamp`).
    ///
    /// Commands the user should see are animated over 0.3 s, eased, by the driver itself, so
    /// that a destination that moves on the way (an answer streaming in, a cell measured, the
    /// keyboard) bends the path instead of snapping at its end. Between commands a tick does
    /// nothing; ``needsFrames`` says when frames are needed.
    ///
    /// - Complexity: O(1); allocates nothing.
    public func tick(time: Double) { run(.tick(time: time)) }

    // MARK: Content and screen events

    /// A cell was laid out at `height`; sends `itemMeasured` only when the height changed.
    public func cellMeasured(id: String, height: Double) { run(.cellMeasured(id: id, height: height)) }

    /// Sends any other event of the screen — history, appends, confirmations, tokens, pages,
    /// removals, focus and blur, selection, taps (jump to latest, jump to a message), highlight
    /// and entrance-animation ends, appear and disappear — and applies the outcome.
    ///
    /// ```swift
    /// driver.send(.messageAppended(message, streaming: nil))
    /// driver.send(.inputFocused)
    /// ```
    public func send(_ event: ChatEvent) { run(.send(event)) }

    // MARK: Running the machine

    /// Reads the machine: while an action runs, as it stands at that action, since the machine
    /// itself is then being changed and may not be read.
    private func read<T>(_ value: (borrowing DriverStateMachine) -> T) -> T {
        if let atAction { return value(atAction.pointee) }
        return value(machine)
    }

    /// Hands `input` to the machine and runs the actions it decides, as it decides them. A call
    /// from inside one of them (an effect's handler that sends an event) waits for the transition
    /// to end.
    private func run(_ input: DriverInput) {
        guard atAction == nil else {
            queued.append(input)
            return
        }
        var runner = Runner(driver: self, time: clock?())
        machine.handle(input, now: runner.time, into: &runner)
        while !queued.isEmpty || queuedEntranceDuration != nil {
            if let duration = queuedEntranceDuration {
                machine.entranceAnimationDuration = duration
                queuedEntranceDuration = nil
            }
            guard !queued.isEmpty else { break }
            let next = queued.removeFirst()
            runner.time = clock?()
            machine.handle(next, now: runner.time, into: &runner)
        }
    }

    /// Runs the machine's actions against the scroll view and the app's callbacks.
    private struct Runner: DriverActionSink {
        /// The driver that runs the machine: it outlives the call this runner lives in.
        unowned(unsafe) let driver: ChatScrollDriver
        /// The clock at the call.
        var time: Double?

        mutating func take(_ action: DriverAction, from machine: DriverStateMachine) -> Double? {
            withUnsafePointer(to: machine) { machine in
                driver.atAction = machine
                defer { driver.atAction = nil }
                switch action {
                case .move(let y, let animation):
                    driver.moving = true
                    driver.reportedOffset = nil
                    driver.scrollView?.setContentOffsetY(y, animation: animation)
                    driver.moving = false
                    return driver.reportedOffset
                case .sent(let event):
                    // In place: a copy recorded into would copy the whole ring buffer on every event.
                    driver.recorder?.record(event, time: time)
                    driver.onStep?(event, machine.pointee.state)
                case .effect(let effect):
                    driver.onEffect(effect)
                case .needsFrames(let needs):
                    driver.onNeedsFramesChanged?(needs)
                }
                return nil
            }
        }
    }
}
