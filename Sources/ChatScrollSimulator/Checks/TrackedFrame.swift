/// One frame as every check sees it: what the screen shows now and showed in the last frame, where
/// the rows read then went, and what moves the screen (the finger, momentum, a bounce, the
/// keyboard, a navigation the user asked for). The run tracks these across frames; the checks
/// only read them.
struct TrackedFrame {
    /// The frame's number in the session.
    let index: Int
    /// The last frame as drawn, and this one, noted with the moves that ran in it.
    let previous: Simulator.Frame
    let current: Simulator.Frame
    /// How the screen moved the rows of the last frame.
    let motion: FrameMotion
    /// The scroll view, as this frame left it.
    let view: SimulatedScrollView

    /// Whether the reader was away from the bottom before this frame, and is after it.
    let wasAway: Bool
    let away: Bool
    /// Whether the screen follows the conversation: the reader is not away, no question is
    /// pinned, the live end is loaded and the open is over.
    let following: Bool
    /// A question is pinned at the top (layout `top`).
    let questionPinned: Bool
    /// A scroll to a message that arrived or was sent, or a navigation, may still run.
    let navigating: Bool
    /// An animated scroll or a navigation runs.
    let commandRunning: Bool
    /// No navigation the user asked for runs.
    let navigationOver: Bool
    /// A navigation starts in this frame, and whether none ran before it.
    let navigationStarts: Bool
    let navigationStartsFromRest: Bool
    /// A list left near the bottom by the user's scroll eases there.
    let settling: Bool
    /// The user tapped or sent in this frame.
    let userActed: Bool
    /// A page of older messages arrived above the oldest one in this frame.
    let pageAbove: Bool
    /// The open is still judged by `clean-open`.
    let opening: Bool
    /// The navigation target of a window that arrived in this frame: a message, or the newest
    /// (nil).
    let windowTarget: String??
    /// An answer streams.
    let answerStreams: Bool
    /// The keyboard's move in this frame, how much larger a share of it may be (an overshoot the
    /// keyboard takes back), and when its animation began.
    let keyboardDelta: Double
    let keyboardExtra: Double
    let keyboardStart: Double?
    /// The finger let go, without momentum, of the keyboard it pulled (interactive dismissal): the
    /// hold is over, and the keyboard moves on its own from this frame.
    let keyboardLetGo: Bool
    /// The only navigation that runs, in this frame or the last, is the list catching up with a
    /// keyboard that moved under the finger: no one holds the list.
    let onlyCatchingUp: Bool
    /// The last frame violated a check.
    let violatedLastFrame: Bool
    /// The session's configuration of the snap at the bottom and the pinned question's margin.
    let atBottomThreshold: Double
    let pinMargin: Double

    /// The rows seen in both frames.
    var common: [String] { motion.common }

    /// A page of older messages arrived above a following conversation that fitted on screen: it
    /// is pinned at its bottom at once, and its rows go where the bottom puts them, which
    /// `bottom-visible` judges (specification §2: `following` keeps `offset = maxOffset`).
    var pagePinsAFittingConversation: Bool { pageAbove && !wasAway && previous.contentFits }
}

extension Simulator.Frame {
    /// Notes the moves that ran in this frame: momentum coasting and how far it moved what is on
    /// screen, a bounce and its step, an animated scroll and its step. The checks of the next
    /// frame measure against them.
    ///
    /// - Parameters:
    ///   - animating: Whether an animated scroll or a navigation runs in this frame.
    ///   - wasAway: Whether the reader was away from the bottom before this frame.
    ///   - navigationStarts: Whether the user started a navigation in this frame.
    mutating func noteMoves(
        after previous: Simulator.Frame, motion: FrameMotion, view: SimulatedScrollView, animating: Bool,
        wasAway: Bool, navigationStarts: Bool
    ) {
        let growth = wasAway ? 0 : contentHeight - previous.contentHeight
        coasting = coasts(in: view)
        // The previous frame's movement was momentum's own only if it coasted too.
        coastedSince = coasting && previous.coasting && !motion.common.isEmpty
        movement = motion.common.first.map(motion.moved) ?? 0
        noteBounce(after: previous, motion: motion, view: view, growth: growth)
        animated = animating && !finger && !view.isDecelerating
        let continues = previous.animated && !navigationStarts && !layoutChanged
        // (Of the ways the row moved, the first an animation allows, else as the rows moved.)
        animationStep =
            continues
            ? motion.common.first.map {
                SmoothAnimationCheck.smoothStep(of: $0, in: motion, growth: growth, after: previous) ?? motion.moved($0)
            } ?? 0 : 0
        stepBefore = continues ? previous.animationStep : 0
    }

    /// Whether the finger's move in this frame runs along the rubber band: it pulled the content
    /// past an edge (`rubberBanded`), or the content was past one before or after it.
    func alongRubberBand(after previous: Simulator.Frame, rubberBanded: Bool) -> Bool {
        rubberBanded || !previous.inRange || !inRange
    }

    /// Whether momentum alone moves the list in this frame, inside the content.
    func coasts(in view: SimulatedScrollView) -> Bool {
        view.isDecelerating && view.animation == nil && view.bounce == nil && !finger && !layoutChanged
            && offset > 0 && offset < maxOffset && !keyboardMoving
    }

    /// The ways a bounce's spring may have moved what is on screen: as measured, with the content
    /// that grew below a following list (all of it, or what grew below the last row seen, where
    /// rows seen grew too), or with the keyboard's edge.
    func bounceSteps(after previous: Simulator.Frame, motion: FrameMotion, growth: Double) -> [Double] {
        let keyboardMoves = keyboardMoving || previous.keyboardMoving
        return motion.common.first.map { id in
            let moved = motion.moved(id)
            let below = growth == 0 ? nil : motion.grownBelow()
            return [moved, moved + growth] + (below.map { [moved + $0] } ?? [])
                + (keyboardMoves ? [moved + keyboard - previous.keyboard] : [])
        } ?? []
    }

    private mutating func noteBounce(
        after previous: Simulator.Frame, motion: FrameMotion, view: SimulatedScrollView, growth: Double
    ) {
        bouncing = view.bounce != nil && !finger
        let steps = bounceSteps(after: previous, motion: motion, growth: growth)
        bounceStep =
            bouncing && !layoutChanged
            ? steps.first { BounceCheck.isSpringLike($0, after: previous.bounceStep) } ?? steps.first : nil
        // (A bounce that momentum starts in this frame is clamped at the edge, and goes on at the
        // momentum's speed.)
        if let started = view.bounce, started.start == view.time,
            abs(started.v0 / Simulator.frameRate) > abs(bounceStep ?? 0)
        {
            bounceStep = -started.v0 / Simulator.frameRate
        }
    }
}
