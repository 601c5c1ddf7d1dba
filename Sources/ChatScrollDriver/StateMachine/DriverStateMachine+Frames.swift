import ChatEvents
import ChatReducer

// Display frames: a command's animation, run frame by frame, and entrance animations that end.
extension DriverStateMachine {
    mutating func tick(time: Double, _ out: inout some DriverActionSink) {
        guard time.isFinite else {
            warnings.append("tick time \(time) is not a finite number; ignored")
            return
        }
        lastFrameTime = time
        defer { reportEntrances(at: time, &out) }
        guard var animation = commandAnimation else { return }
        if animation.start == nil {
            // The first frame: whatever the view does (momentum, a bounce, which UIKit starts
            // after willEndDragging even when a command came from it) stops where the list is,
            // and the animation starts from there (an animation along the keyboard goes on
            // around it).
            let start = modelOffsetY
            animation.from = start
            move(to: start, animation: .jump, &out)
        }
        let (y, finished) = animation.position(at: time)
        // The last frame is still the command's to a view that asks (a SwiftUI view keeps
        // positions itself and takes only a command's frames): the animation ends after it.
        commandAnimation = animation
        move(to: y, animation: .none, &out)
        guard finished else { return }
        // The last frame lands where the model is, whatever moved meanwhile.
        keepModelledOffset(animation: .none, &out)
        commandAnimation = nil
    }

    /// Sends `entranceAnimationFinished` for the appended messages whose animation is over at
    /// `time`, in the order they came.
    private mutating func reportEntrances(at time: Double, _ out: inout some DriverActionSink) {
        guard !entrances.isEmpty, let duration = entranceAnimationDuration else {
            if !entrances.isEmpty { entrances = [] }
            return
        }
        for index in entrances.indices where entrances[index].due == nil { entrances[index].due = time + duration }
        while let first = entrances.first, let due = first.due, due <= time {
            entrances.removeFirst()
            // (A message gone since, or beyond a window, has no animation left to end.)
            if state.message(id: first.id) != nil { apply(.entranceAnimationFinished(id: first.id), &out) }
        }
    }

    /// An appended message's entrance animation ends after its duration, told by the machine.
    mutating func noteEntrance(of message: ChatMessage) {
        guard let duration = entranceAnimationDuration, message.direction != .system else { return }
        entrances.append((message.id, (now ?? lastFrameTime).map { $0 + duration }))
    }

    /// Starts the animated scroll to the modelled offset, from where the view is at the next tick.
    /// A scroll to where the view already is does nothing; a command that comes while another's
    /// animation runs carries it on, without a stop.
    mutating func startCommandAnimation(_ out: inout some DriverActionSink) {
        guard let target = modelledContentOffsetY else { return }
        if var running = commandAnimation {
            running.redirect(
                to: target, from: modelOffsetY, at: lastFrameTime ?? 0, atLeast: CommandAnimation.duration)
            commandAnimation = running
            return
        }
        guard abs(target - modelOffsetY) > 0.5 else {
            keepModelledOffset(animation: .none, &out)
            return
        }
        commandAnimation = CommandAnimation(from: modelOffsetY, to: target)
    }

    /// The running animation's destination moved to the modelled offset: the path bends from
    /// where the view is, at its speed, and still ends on time.
    mutating func redirectCommandAnimation(_ out: inout some DriverActionSink) {
        guard var animation = commandAnimation, let target = modelledContentOffsetY else { return }
        // A destination that came back to where the view rests ends the animation: what comes
        // next (an answer growing at the live end) moves the view at once, not along a path
        // that starts from rest and lags behind it. So does a path that has rested at its end
        // since an earlier frame, only running out its time (a tap on jump to latest at the
        // bottom), under a list that follows and nothing else moves: what grows moves it as it
        // would at rest. (Not a command of this frame, whose scroll the user should see; nor in a
        // bounce, which the path carries on.)
        let restedSinceAnEarlierFrame = animation.start.map { $0 < lastFrameTime ?? 0 } ?? false
        let arrived =
            restedSinceAnEarlierFrame && abs(animation.to - modelOffsetY) <= 0.5 && state.mode == .following
            && !state.userHoldsView && phase == .idle && !isBouncing
        if phase != .bouncingBack, abs(target - modelOffsetY) <= 0.5 || arrived,
            abs(animation.speed(at: lastFrameTime ?? 0)) < CommandAnimation.restSpeed
        {
            commandAnimation = nil
            keepModelledOffset(animation: .none, &out)
            return
        }
        animation.redirect(to: target, from: modelOffsetY, at: lastFrameTime ?? 0)
        commandAnimation = animation
    }

    /// What the running animation passes through moved by `delta`: the view moves with it now.
    mutating func shiftCommandAnimation(by delta: Double, _ out: inout some DriverActionSink) {
        guard var animation = commandAnimation, delta != 0 else { return }
        animation.shift(by: delta)
        commandAnimation = animation
        move(to: modelOffsetY + delta, animation: .none, &out)
    }
}
