import ChatEvents
import ChatReducer

/// A call the app makes on ``ChatScrollDriver``, as a value: what a transition of
/// ``DriverStateMachine`` takes.
package enum DriverInput: Sendable, Equatable {
    /// ``ChatScrollDriver/layout(frameHeight:insetTop:insetBottom:frameBottom:)``.
    case layout(frameHeight: Double, insetTop: Double, insetBottom: Double, frameBottom: Double?)
    /// ``ChatScrollDriver/keyboardWillChange(keyboardTop:scrollViewBottom:barAboveKeyboard:duration:beforeLayout:)``.
    case keyboardWillChange(keyboardTop: Double, scrollViewBottom: Double, barAboveKeyboard: Double, duration: Double?)
    /// ``ChatScrollDriver/keyboardWillChange(keyboardTop:scrollViewBottom:barAboveKeyboard:duration:beforeLayout:)``
    /// with `beforeLayout`: the keyboard turns with the screen.
    case keyboardTurns(keyboardTop: Double, scrollViewBottom: Double, barAboveKeyboard: Double)
    /// ``ChatScrollDriver/willBeginDragging()``.
    case willBeginDragging
    /// ``ChatScrollDriver/didScroll(contentOffsetY:)``, not caused by the driver's own move.
    case didScroll(contentOffsetY: Double)
    /// ``ChatScrollDriver/willEndDragging(velocity:)``.
    case willEndDragging(velocity: Double)
    /// ``ChatScrollDriver/didEndDragging(willDecelerate:)``.
    case didEndDragging(willDecelerate: Bool)
    /// ``ChatScrollDriver/didEndDecelerating()``.
    case didEndDecelerating
    /// ``ChatScrollDriver/tick(time:)``.
    case tick(time: Double)
    /// ``ChatScrollDriver/cellMeasured(id:height:)``.
    case cellMeasured(id: String, height: Double)
    /// ``ChatScrollDriver/send(_:)``.
    case send(ChatEvent)
}

/// What a transition of ``DriverStateMachine`` decided, in the order it decided it.
package enum DriverAction: Sendable, Equatable {
    /// Move the scroll view's `contentOffset.y` to `y`.
    case move(y: Double, animation: ScrollAnimation)
    /// The machine sent `event` to its reducer: record it and report the step.
    case sent(ChatEvent)
    /// Hand the reducer's effect to the app.
    case effect(ChatEffect)
    /// The driver needs display frames from now on (true), or no more (false).
    case needsFrames(Bool)
}

/// Where a transition's actions go as they are decided: ``ChatScrollDriver`` runs them against the
/// app's scroll view and callbacks; a test keeps them in a list.
///
/// Actions run as they come rather than after the transition, because a scroll view reports its
/// offset from inside a move (UIKit's `scrollViewDidScroll`), and what it reports is what the
/// machine's next decision in the same call starts from.
package protocol DriverActionSink {
    /// Runs or keeps `action`; `machine` is the state machine as it stands when the action is taken.
    /// For a move, returns the `contentOffset.y` the scroll view reported from inside it, or nil
    /// when it reported none.
    mutating func take(_ action: DriverAction, from machine: DriverStateMachine) -> Double?
}

/// A sink that keeps a transition's actions in a list, for tests and tools that drive
/// ``DriverStateMachine`` without a scroll view: no move reports an offset of its own.
package struct DriverActionLog: DriverActionSink {
    /// The actions taken, in order.
    package var actions: [DriverAction] = []

    /// An empty log.
    package init() {}

    /// Keeps `action`.
    package mutating func take(_ action: DriverAction, from machine: DriverStateMachine) -> Double? {
        actions.append(action)
        return nil
    }
}
