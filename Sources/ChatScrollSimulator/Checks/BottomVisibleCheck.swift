/// `bottom-visible`: a list that follows the conversation, with no animated command
/// running, shows the newest message's bottom at the visible bottom in every frame, and is not
/// pushed past it: an overshoot may only shrink (a bounce that the keyboard carries back), never
/// start or grow, but by the bounce's own last frame or along the keyboard where the rows do not
/// rise (content that fits until the keyboard has risen, or an end that moved up under rows that
/// stay), and never rests with neither a bounce nor the keyboard moving.
///
/// Frames that a navigation, an arrival's scroll or the settling of a list left near the bottom
/// moves are judged only for carrying the rows on past the newest message's end or away from it,
/// for letting rows that grow above what the screen shows push the newest rows down by half
/// their growth or more, and for resting short of the bottom once they only creep along the
/// keyboard's spring, past the notified duration (the spring's tail would otherwise keep such a
/// scroll running for as long as it lasts). Frames that momentum or a bounce moves, and the frame
/// it ends in, are judged only for a leap: rows moved by more than the view's own step, the
/// keyboard's move and what grew below them.
struct BottomVisibleCheck: FrameCheck {
    /// Frames in a row in which the list rode the keyboard's spring past the notified duration by
    /// less than a pixel, ever slower, with nothing grown below it; and its last frame's move.
    private var creeping = 0
    private var lastMove = 0.0

    mutating func judge(_ frame: TrackedFrame, into found: inout FrameFindings) {
        let (previous, current) = (frame.previous, frame.current)
        let springTail = frame.view.keyboardAnimation.map { frame.view.time - $0.start > $0.duration } ?? false
        // (A list that moves ever slower by less than a pixel, once it moved at all: a scroll that
        // has not started, or starts and speeds up, content that grows, the user's own gesture, a
        // navigation that starts or a list that does not follow are no creep.)
        let move = abs(current.offset - previous.offset)
        let endMoved = current.maxOffset - previous.maxOffset > Simulator.pixel
        let free =
            frame.following && !frame.navigationStarts && !previous.finger && !current.finger
            && !previous.decelerating && !current.decelerating
        creeping =
            springTail && free && move < Simulator.pixel && move <= lastMove + 0.001 && !endMoved
                && (move > 0.001 || creeping > 0) ? creeping + 1 : 0
        lastMove = move
        guard frame.following, previous.shown, !previous.finger, !current.finger, current.offset >= 0 else { return }
        let overshoot = current.offset - current.maxOffset
        // An overshoot that starts or grows in this frame.
        let grew = overshoot > max(0, previous.offset - previous.maxOffset) + 0.5
        // (The keyboard's rise may leave content that fitted past its end, by no more than the
        // keyboard has still to rise: such rows arrive at the bottom with the keyboard.)
        let aheadOfKeyboard =
            current.keyboardMoving && previous.contentFits && overshoot <= current.keyboardEnd - current.keyboard + 0.5
        // How far the rows rose on screen by a scroll (not by content changed above them).
        let rise = frame.common.first.map { -frame.motion.moved($0) } ?? 0
        // How much the content grew below the first row seen in both frames: what changed above it
        // (a view that keeps what it shows moves the offset by that) is not counted.
        let above = frame.common.first.map { frame.motion.movedOnScreen($0) + current.offset - previous.offset } ?? 0
        let grownBelow = max(0, current.contentHeight - previous.contentHeight - above)
        // (While momentum or a bounce runs on, and in the frame it ends in, only the view's own
        // step, the keyboard and what grew below move the rows: a leap beyond them is the app's.)
        if previous.decelerating, !frame.navigating, !current.rotated,
            !current.layoutChanged, let first = frame.common.first
        {
            let leap = frame.motion.moved(first) - current.physicsStep
            if abs(leap) > abs(frame.keyboardDelta) + grownBelow + 2 {
                return found.add(
                    .bottomStaysVisible,
                    "\(first) leapt \(leap) points beyond the \(current.physicsStep) that momentum or a bounce "
                        + "carried it")
            }
        }
        if frame.navigating || frame.settling || frame.view.isDecelerating {
            // (The app's own scroll never carries the list on past the newest message's end; a
            // rotation's frame has a rule of its own.)
            guard !frame.view.isDecelerating, !previous.decelerating, !current.rotated else { return }
            // (Nor does it come to rest short of the bottom: a scroll that rides the keyboard's
            // spring past the notified duration and creeps by less than a pixel a frame rests.)
            let short = current.maxOffset - current.offset
            if creeping >= LandingCheck.stillFrames, short > LandingCheck.creepMiss, !current.layoutChanged {
                return found.add(
                    .bottomStaysVisible, "the list rests \(short) points short of the bottom as the keyboard arrives")
            }
            if rise > 0.5, grew, !aheadOfKeyboard {
                return found.add(.bottomStaysVisible, "a scroll carried the list \(overshoot) points past the bottom")
            }
            // (Nor away from the bottom it goes to: the way left grows by more than what grew
            // below the rows shown and the keyboard's move, with the newest message's end below the
            // screen; a list past the bottom that comes back to it comes from no way left. Rows
            // above that a view keeps out of sight change the content, not the way left.)
            let away =
                max(0, current.maxOffset - current.offset) - max(0, previous.maxOffset - previous.offset)
                - grownBelow - abs(frame.keyboardDelta)
            if away > 1, !current.atBottom, !current.layoutChanged, !frame.pageAbove {
                return found.add(
                    .bottomStaysVisible,
                    "a scroll carried the list \(away) points away from the bottom, "
                        + "\(current.maxOffset - current.offset) points above it")
            }
            // (Nor does it let rows that grow above what it shows push the newest ones down the
            // screen, away from the bottom it is going to: specification §2.)
            if let newest = frame.common.last, !previous.contentFits, !current.contentFits, !current.layoutChanged,
                !frame.pageAbove
            {
                let grown = frame.motion.grownAboveShown(before: newest)
                let pushed = frame.motion.movedOnScreen(newest)
                if grown > 1, pushed > grown / 2 {
                    found.add(
                        .bottomStaysVisible,
                        "\(newest) was pushed \(pushed) points down by \(grown) points that grew above the screen")
                }
            }
            return
        }
        // (Rows that rise while the blank below them grows were carried past the newest message's
        // end, but for content that fitted.)
        let alongKeyboard = aheadOfKeyboard || current.keyboardMoving && rise <= 0.5
        // (Past the bottom with nothing to take it back: no bounce, and the keyboard at rest,
        // blank space shows below the newest message, where the app's insets put it.)
        let overshootGrew =
            grew && !previous.decelerating && !alongKeyboard
            || overshoot > 0.5 && !current.decelerating && !previous.decelerating && !current.keyboardMoving
                && !previous.keyboardMoving
        guard !current.atBottom || overshootGrew else { return }
        found.add(
            .bottomStaysVisible,
            current.atBottom
                ? "\(overshoot) points past the bottom"
                : "\(current.maxOffset - current.offset) points of new content below the screen")
    }
}
