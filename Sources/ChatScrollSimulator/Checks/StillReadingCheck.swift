/// What is read while nobody moves the list (no finger, no momentum, no navigation) stays where
/// it is, or moves with the bottom edge the keyboard moves, or with the screen that rotates:
///
/// - a reader away from the bottom, with the keyboard at rest and no rotation settling: nothing
///   read moves (`reading-stays-put`);
/// - while the keyboard moves: what is read moves by one share of its move through the whole
///   animation (``KeyboardShare``), for a reader (`reading-stays-put`) and for a list that
///   follows, which may also be pushed by what grew below it (`bottom-visible`); a keyboard that
///   rises under a reader nobody holds (or whose fling ended as it began) takes all of it up with
///   the bottom edge, so it covers nothing that was read (specification §2): it may first cover
///   only the blank the screen showed below the newest row (past the content's end, or the space
///   kept below a question pinned at the top);
/// - a rotation keeps the row read at the top where it was (``RotationCheck``); while it
///   settles, what is read moves by less than a screen.
struct StillReadingCheck: FrameCheck {
    /// The keyboard's share that what is read follows, tracked across its animation.
    private(set) var keyboardShare = KeyboardShare()
    private var rotation = RotationCheck()
    /// Whether the keyboard's animation under way has met only a reader nobody held.
    private var keyboardUnheld = false
    /// Momentum ended in the frame the keyboard's animation began (the driver stops a fling at the
    /// keyboard's news): nobody holds the reader from its next frame on, so the rest of the move
    /// is all the bottom edge's.
    private var keyboardStoppedMomentum = false
    /// The blank the screen showed below the newest row as the keyboard's animation met a reader
    /// nobody held: the keyboard may cover that first, and nothing read.
    private var blankBelowAtKeyboard = 0.0

    mutating func judge(_ frame: TrackedFrame, into found: inout FrameFindings) {
        let (previous, current, motion) = (frame.previous, frame.current, frame.motion)
        let lastKeyboardStart = keyboardShare.animationStart
        keyboardShare.next(
            previous: previous, current: current, keyboardStart: frame.keyboardStart,
            startsNow: frame.keyboardStart == frame.view.time)
        // (Momentum goes on while the keyboard moves a held list.)
        let coast = previous.coasting || previous.decelerating && previous.inRange ? current.physicsStep : 0
        // (The rotation's own frame is judged as it moved on screen; what rows that grew pushed
        // counts from the next frame.)
        rotation.notePushes(motion)
        rotation.noteMotion(at: frame.index, motion)
        if let what = rotation.rotated(
            frame: frame.index, previous: previous, current: current, motion: motion, away: frame.away,
            wasAway: frame.wasAway,
            navigationOver: frame.navigationOver
                || frame.navigationStartsFromRest && !current.keyboardMoving,
            coast: coast)
        {
            found.add(.readingStaysPut, what)
        }
        if let what = RotationCheck.judgeFollowing(
            previous: previous, current: current, following: !frame.wasAway && !frame.questionPinned)
        {
            found.add(.bottomStaysVisible, what)
        }
        if current.finger || current.moving { rotation.userMoved() }
        let rotating = rotation.isRunning(at: frame.index)
        let untouched = !previous.finger && !current.finger && !previous.moving && !current.moving
        // (A rotation's settling moves rows in ways of its own, judged when it is due; a keyboard
        // that rises meanwhile still takes the bottom edge up.)
        let awayReader = frame.away && previous.shown && !frame.questionPinned
        let reader = awayReader && !rotating
        let quiet = reader && untouched
        // Nobody holds the list either when the finger let go of the keyboard without momentum
        // (interactive dismissal) and the list at most catches up with the keyboard since.
        let released =
            frame.keyboardLetGo
            || !previous.finger && !current.finger && frame.onlyCatchingUp && !frame.view.isDecelerating
                && !previous.decelerating
        let unheld = awayReader && (untouched || released)
        let keyboardMoves = current.keyboardMoving || previous.keyboardMoving
        // (A hold keeps the list where the finger left it, also for the rest of the keyboard's move;
        // a rotation lays out anew what is read.)
        if !unheld || !keyboardMoves || current.layoutChanged {
            keyboardUnheld = false
        } else if !previous.keyboardMoving || frame.keyboardStart != lastKeyboardStart || keyboardStoppedMomentum {
            keyboardUnheld = frame.keyboardStart != nil
            blankBelowAtKeyboard = max(previous.overshoot, current.overshoot, previous.blankBelow, current.blankBelow)
        }
        keyboardStoppedMomentum =
            frame.keyboardStart == frame.view.time && awayReader && previous.decelerating && !current.decelerating
            && !previous.finger && !current.finger
        func followsKeyboard(_ moved: Double) -> Bool {
            keyboardShare.follows(moved, delta: frame.keyboardDelta, extra: frame.keyboardExtra)
        }
        func alongKeyboard() -> String { "while the keyboard moved the bottom edge by \(frame.keyboardDelta)" }
        if quiet, !keyboardMoves, !current.layoutChanged, let id = motion.firstMoved(fartherThan: 0.5) {
            found.add(.readingStaysPut, "\(id) moved \(motion.moved(id)) while the reader read")
        } else if rotating, frame.away, untouched, !current.layoutChanged,
            let id = motion.firstMoved(fartherThan: frame.view.visibleHeight)
        {
            found.add(.readingStaysPut, "\(id) moved \(motion.moved(id)) while the screen rotated")
        } else if quiet, keyboardMoves, !current.layoutChanged,
            let id = frame.common.first(where: { !followsKeyboard(motion.moved($0)) })
        {
            found.add(.readingStaysPut, "\(id) moved \(motion.moved(id)) \(alongKeyboard())")
        } else if unheld, keyboardMoves, !current.layoutChanged, frame.keyboardDelta > 0.5,
            keyboardUnheld, let id = frame.common.last,
            let share = keyboardShare.share ?? (rotating ? -motion.moved(id) / frame.keyboardDelta : nil),
            share < KeyboardShare.whole,
            (1 - share) * (frame.view.keyboardAnimation?.distance ?? .infinity)
                > blankBelowAtKeyboard + 0.5
        {
            // A rising keyboard covers a reader's rows only where something holds the list.
            found.add(
                .readingStaysPut,
                "\(id) moved \(motion.moved(id)) \(alongKeyboard()): the keyboard covered what sat at the bottom edge")
        } else if !frame.wasAway, !frame.away, keyboardMoves, !current.layoutChanged, untouched, !frame.navigating,
            !frame.view.isDecelerating, previous.shown, previous.inRange, !frame.questionPinned,
            !frame.pagePinsAFittingConversation,
            let grown = motion.grownBelow(),
            let id = frame.common.first(where: {
                !followsKeyboard(motion.moved($0)) && !followsKeyboard(motion.moved($0) + grown)
            })
        {
            // A following list goes with the keyboard the same way: one share of its move,
            // plus what grew below it (a bounce past the bottom that the keyboard carries back
            // dissolves on its own way).
            found.add(.bottomStaysVisible, "\(id) moved \(motion.moved(id)) \(alongKeyboard())")
        } else if rotation.isDue(at: frame.index), !current.keyboardMoving,
            let what = rotation.settle(current: current, topNow: { frame.view.rows([$0]).top($0) })
        {
            found.add(.readingStaysPut, what)
        }
    }
}
