/// The rule every exemption passes through: whatever else a frame is allowed (a navigation, an
/// arrival's scroll, a window, a rotation settling, the keyboard), what is read moves in it only
/// in a way something explains:
///
/// - the finger, momentum or a bounce (`finger-lock` and `reading-stays-put` judge those frames
///   by their own measures; in the frame momentum ends in, the view's own step is taken out and
///   the rest judged here, or none of it when an app's move stopped it before it showed), a
///   layout that replaced or resized the screen (a window's first frame, a rotation's:
///   `navigation-lands` and `reading-stays-put` judge them), or the open
///   (`clean-open` judges its frames), or a page above a following conversation that fitted,
///   which pins it at its bottom (`bottom-visible` judges it);
/// - a share of the keyboard's move in this frame, between none and all of it;
/// - an eased motion: the rest of the move (the keyboard's share taken out) is at most five
///   times the last frame's plus 2 points, the way it went; or it starts from rest and goes on
///   in the next frame at least half as fast, the same way (an animation's first step);
/// - for a following list, the content that grew below it, or ending the frame at the bottom
///   from within the content (`bottom-visible` judges that).
///
/// A move that does neither leapt: it is a violation of the frame after it (where it did not go
/// on), of `reading-stays-put` for a reader away from the bottom, else of `bottom-visible`, unless
/// another check already failed the frame it leapt in.
struct LeapRule: FrameCheck {
    /// A move that started from rest, or faster than the last frame's allows, waiting for the
    /// next frame to show whether it goes on.
    struct Start {
        var frame: Int
        var id: String
        /// The ways it may have moved (its candidates, the keyboard's share taken out).
        var steps: [Double]
        var away: Bool

        /// The move, the smaller way.
        var step: Double { steps.min { abs($0) < abs($1) } ?? 0 }
    }

    /// The last frame's move of what is read, the keyboard's share taken out.
    private var last = 0.0
    /// The last frame's move of what is read on screen, all of it.
    private var lastOnScreen = 0.0
    private var start: Start?

    /// Whether `step` goes on from `last` as an eased motion does.
    private static func continues(_ step: Double, from last: Double) -> Bool {
        abs(step) <= 0.5 || abs(step) <= abs(last) * 5 + 2 && (step * last >= 0 || abs(step) <= 2)
    }

    /// The part of `moved` that no share of the keyboard's move `keyboardDelta` explains (rows
    /// that ride the keyboard move against it: `-share * keyboardDelta`, share 0 to 1, widened by
    /// `extra` for an overshoot the keyboard takes back).
    static func beyondKeyboard(_ moved: Double, keyboardDelta: Double, extra: Double) -> Double {
        let ends = (-keyboardDelta * (1 + extra), keyboardDelta * extra)
        let low = min(ends.0, ends.1)
        let high = max(ends.0, ends.1)
        return moved < low ? moved - low : moved > high ? moved - high : 0
    }

    mutating func judge(_ frame: TrackedFrame, into found: inout FrameFindings) {
        let (previous, current, motion, view) = (frame.previous, frame.current, frame.motion, frame.view)
        let id = frame.common.first
        let onScreen = id.map(motion.movedOnScreen)
        defer { lastOnScreen = onScreen ?? 0 }
        // A following list that stays at the bottom, or comes to it going on as it moved, from
        // within the content: `bottom-visible` judges it (not one thrown there).
        let endsAtBottom =
            !frame.wasAway && current.atBottom && previous.inRange && current.inRange
            && (previous.atBottom || onScreen.map { Self.continues($0, from: lastOnScreen) } ?? true)
        // (Not the frame momentum ends in, on its own or stopped by the app: what is read moves
        // there by momentum's last step, and by what stopped it.)
        let judgedElsewhere =
            current.finger || previous.finger || view.isDecelerating
            || current.bouncing || previous.bouncing || current.layoutChanged || !previous.shown || !current.shown
            || frame.opening || endsAtBottom || frame.pagePinsAFittingConversation
        let step = id.map(motion.moved)
        // The ways it may rightly have moved, the keyboard's share taken out: as the screen
        // moved it, with the growth of the rows before it, and pushed by content that grew below
        // a following list.
        var rests: [Double] = []
        // Momentum that ran into the frame it ends in moved what is read by the view's own step
        // first (to an edge, or until the app stopped it).
        let ownStep = previous.decelerating && !view.isDecelerating ? current.physicsStep : 0
        if let step, let onScreen {
            rests.reserveCapacity(4)
            rests.append(step - ownStep)
            rests.append(onScreen - ownStep)
            if ownStep != 0 {
                // Or an app's move that landed with this frame's layout stopped it before its
                // step showed: what is read moved from where the last frame showed it.
                rests.append(step)
                rests.append(onScreen)
            }
            if !frame.wasAway && !frame.questionPinned || frame.navigating, let grown = motion.grownBelow() {
                rests.append(step - ownStep + grown)
                rests.append(onScreen - ownStep + grown)
            }
            for index in rests.indices {
                rests[index] = Self.beyondKeyboard(
                    rests[index], keyboardDelta: frame.keyboardDelta, extra: frame.keyboardExtra)
            }
        }
        // (A leap in a frame that another check already failed is that check's.)
        guard
            let leap = judge(
                frame: frame.index, judgedElsewhere: judgedElsewhere,
                interrupted: current.finger || current.layoutChanged || !current.shown, id: id, step: step,
                rests: rests, away: frame.wasAway, turned: current.rotated),
            !frame.violatedLastFrame
        else { return }
        found.add(
            leap.away ? .readingStaysPut : .bottomStaysVisible,
            "\(leap.id) leapt \(leap.step) points in frame \(leap.frame), "
                + "more than the keyboard, an eased scroll, the finger or momentum moves it")
    }

    /// Judges frame `frame`, and returns the leap of the frame before, if it did not go on.
    ///
    /// - Parameters:
    ///   - judgedElsewhere: Whether the finger, momentum, a bounce or a new layout moves what is
    ///     read in this frame (or it shows nothing to tell by), or a following list ends it at
    ///     the bottom, from within the content (`bottom-visible` judges it).
    ///   - interrupted: Whether the finger or a new layout took over in this frame: a move that
    ///     started in the last frame is not judged by this one.
    ///   - step: How far what is read moved (its growth taken out), `nil` when no row of the
    ///     last frame is left to tell by.
    ///   - rests: The ways it may rightly have moved, `step`'s first, the keyboard's share taken
    ///     out of each; empty without a step.
    ///   - turned: Whether the screen turned in this frame: the turn's layout moved what is read,
    ///     and a motion under way goes on from its last step before it.
    private mutating func judge(
        frame: Int, judgedElsewhere: Bool, interrupted: Bool, id: String?, step: Double?, rests: [Double], away: Bool,
        turned: Bool
    ) -> Start? {
        // A move that started in the last frame goes on in this one, whatever else moves it,
        // unless the finger or a new layout takes over.
        var leapt: Start?
        if let started = start {
            start = nil
            let goesOn = rests.contains { rest in
                started.steps.contains { $0 * rest > 0 && abs(rest) >= abs($0) / 2 }
            }
            if !interrupted, !rests.isEmpty, !goesOn { leapt = started }
        }
        guard !judgedElsewhere, let id, let step else {
            if !turned { last = judgedElsewhere ? step ?? 0 : 0 }
            return leapt
        }
        // (Of two ways it may have moved, the one that goes on from the last frame's.)
        let rest = rests.first { Self.continues($0, from: last) }
        if rest == nil {
            start = Start(frame: frame, id: id, steps: rests, away: away)
        }
        last = rest ?? step
        return leapt
    }
}
