/// `reading-stays-put` on rotation: the row read at the top keeps its distance to the visible top
/// (specification §2's top edge), less the changes of the bottom inset and of the keyboard when
/// those moved too (§2's bottom edge), and less a bounce's overshoot, unless the content's end
/// stops it. It is judged in the rotation's own frame and again once the rotation's animation is
/// over (or nothing on screen has moved for 3 frames after it) and the keyboard, which the
/// rotation may set moving, is still, less what the rows around it pushed it by growing after its
/// frame (a row on screen that grows moves the rows below it).
struct RotationCheck {
    /// A rotation whose end is judged: when, the row read at the top, where it was, and the insets
    /// and keyboard then, the overshoot of a bounce and the step of momentum it ended, and how far
    /// the rows around it have pushed it by growing after its frame.
    private struct Turn {
        var due: Int
        var id: String
        var top: Double
        var insetTop: Double
        var insetBottom: Double
        var keyboard: Double
        var keyboardRest: Double
        var keyboardAfter: Double
        var maxOffset: Double
        var overshoot: Double
        var coast: Double
        var pushed = 0.0
        /// The frames since the turn in which nothing on screen moved, in a row.
        var still = 0
    }

    private var turn: Turn?

    /// Whether a rotation's animation runs in `frame`: what is read may move, by less than a screen.
    func isRunning(at frame: Int) -> Bool { turn.map { frame < $0.due } ?? false }

    /// Whether a rotation's animation is over by `frame` and waits to be judged.
    func isDue(at frame: Int) -> Bool { turn.map { frame >= $0.due } ?? false }

    /// The user's own moves (a finger, momentum, a navigation) make the row read another.
    mutating func userMoved() { turn = nil }

    /// Notes whether anything on screen moved in `frame`: a turn after which the screen has rested
    /// for ``LandingCheck/stillFrames`` frames has settled, and is judged then (a scroll that
    /// starts later is no part of it).
    mutating func noteMotion(at frame: Int, _ motion: FrameMotion) {
        guard var turned = turn, frame < turned.due, frame > turned.due - Simulator.rotationFrames else { return }
        turned.still = motion.firstMoved(fartherThan: 0.5) != nil ? 0 : turned.still + 1
        if turned.still >= LandingCheck.stillFrames { turned.due = frame }
        turn = turned
    }

    /// Notes how far the rows around the row read pushed it by growing in this frame.
    mutating func notePushes(_ motion: FrameMotion) {
        guard let id = turn?.id else { return }
        turn?.pushed += motion.pushed(id)
    }

    /// Notes a rotation in `current` and judges its own frame: the row read at the top has moved
    /// by the change of the visible top (less those of the bottom inset and the keyboard) and,
    /// during momentum or a bounce, by the view's own step in that frame, and during a navigation
    /// the user asked for, by as much as the navigation goes on moving it, the way it went (its
    /// distance from the bottom too, when it keeps that), unless the content's end
    /// stops it there.
    ///
    /// - Parameters:
    ///   - away: Whether the reader reads history now; `wasAway`, before this frame.
    ///   - navigationOver: Whether no navigation the user asked for runs.
    ///   - coast: The view's own step in this frame (momentum or a bounce), 0 without them.
    mutating func rotated(
        frame: Int, previous: Simulator.Frame, current: Simulator.Frame, motion: FrameMotion, away: Bool,
        wasAway: Bool, navigationOver: Bool, coast: Double
    ) -> String? {
        guard current.rotated else { return nil }
        // The turn ends a keyboard animation under way at its end, and a list that moved along it
        // with it; the new keyboard then covers another share, or the frame gives it up.
        let keyboardRest = previous.keyboardEnd - previous.keyboard
        if away, !current.finger, let first = previous.rows.first {
            // (A bounce past an edge that the rotation ends takes its overshoot back.)
            turn = Turn(
                due: frame + Simulator.rotationFrames, id: first.id, top: first.top, insetTop: previous.insetTop,
                insetBottom: previous.insetBottom, keyboard: previous.keyboard,
                keyboardRest: keyboardRest, keyboardAfter: current.keyboard,
                maxOffset: current.maxOffset,
                overshoot: previous.overshoot, coast: coast)
        }
        guard wasAway, !previous.finger, !current.finger, let first = previous.rows.first,
            let now = motion.top(first.id)
        else { return nil }
        // A navigation under way goes on moving the list as it moved: the way it went, by its last
        // step, five times over and 2 points (an eased motion, as the leap rule measures one), from
        // what is read at the top or from the bottom it may be heading for, not anywhere.
        let going = navigationOver ? 0 : abs(previous.animationStep) * 5 + 2
        func goesOn(_ change: Double) -> Bool {
            abs(change) <= 1 || change * previous.animationStep > 0 && abs(change) <= going + 1
        }
        // (Or it arrives where it heads: the turn ends a scroll along the keyboard at its end.)
        let fromBottom = (before: previous.maxOffset - previous.offset, after: current.maxOffset - current.offset)
        let arrives = current.atBottom && previous.animationStep < 0
        if !navigationOver, goesOn(fromBottom.after - fromBottom.before) || arrives { return nil }
        let moved = now - first.top
        let edge = current.insetTop - previous.insetTop
        let bottom = current.insetBottom - previous.insetBottom
        let keyboard = current.keyboard - previous.keyboard
        // (A bounce past an edge may take its overshoot back.)
        let allowed = Self.moves(edge: edge, bottom: bottom, keyboards: [keyboard, keyboardRest])
            .flatMap { [$0 + coast, $0 + previous.overshoot] }
        // Kept, or stopped at the content's end: the offset it asks for lies past an edge and the
        // list is at that edge, or past it by no more than the momentum's step and the overshoot
        // it had.
        let slack = abs(coast) + abs(previous.overshoot) + 0.5 + going
        let kept = allowed.contains { expected in
            let offset = current.offset + moved - expected
            return goesOn(moved - expected)
                || offset < -0.5 && current.offset <= 0.5 && current.offset >= -slack
                || offset > current.maxOffset + 0.5 && current.offset >= current.maxOffset - 0.5
                    && current.offset <= current.maxOffset + slack
        }
        guard !kept else { return nil }
        turn = nil
        return "\(first.id), the row read at the top, moved \(moved) as the screen rotated"
    }

    /// What the row read may move by over a turn: the visible top's change, less the bottom
    /// inset's or not, and less one of `keyboards` (a change of the keyboard the bottom edge's
    /// rule counts) or none.
    private static func moves(edge: Double, bottom: Double, keyboards: [Double]) -> [Double] {
        ([0] + keyboards).flatMap { [edge - $0, edge - bottom - $0] }
    }

    /// `bottom-visible` on rotation: a list that follows the conversation, with no question pinned, is no
    /// farther from its bottom after the rotation's frame than before it, but for what grew below
    /// it in that frame and a bounce's overshoot (an animation under way carries on from where it
    /// was, moved with the layout). The keyboard that moves with it is judged by its own share.
    static func judgeFollowing(
        previous: Simulator.Frame, current: Simulator.Frame, following: Bool
    ) -> String? {
        let grown = max(0, current.contentHeight - previous.contentHeight)
        let before = max(0, previous.maxOffset - previous.offset)
        let now = current.maxOffset - current.offset
        guard current.rotated, following, !previous.finger, !current.finger, !current.keyboardMoving,
            !previous.keyboardMoving, now > before + grown + abs(previous.overshoot) + 1
        else { return nil }
        return "the bottom went \(now - before) points farther below the screen as it rotated"
    }

    /// Judges, and forgets, the rotation that is due: where its row is now, against where it was
    /// when the screen rotated. (Judged by where the user was at the rotation: a throw to the
    /// bottom since is not the user at the bottom.)
    ///
    /// - Parameter topNow: Where a row is on screen now, nil when it is not laid out.
    mutating func settle(current: Simulator.Frame, topNow: (String) -> Double?) -> String? {
        guard let turned = turn else { return nil }
        turn = nil
        guard let top = topNow(turned.id) else { return nil }
        let moved = top - turned.top - turned.pushed
        let edge = current.insetTop - turned.insetTop
        let bottom = current.insetBottom - turned.insetBottom
        let keyboard = current.keyboard - turned.keyboard
        // (Or the turn's own keyboard moved the frame, not what is read, and the keyboard's moves
        // since are the bottom edge's.)
        let since = current.keyboard - turned.keyboardAfter
        let allowed = Self.moves(edge: edge, bottom: bottom, keyboards: [keyboard, turned.keyboardRest, since])
            .flatMap { [$0, $0 + turned.overshoot, $0 + turned.coast] }
        let kept = allowed.contains { abs(moved - $0) <= 0.5 }
        // Or stopped at the content's end: the offset it asks for lies past an edge and the list
        // rests at that edge (the end as the rotation left it: content that arrives later below
        // it does not move what is read).
        let clamped = allowed.contains { expected in
            let offset = current.offset + moved - expected
            return offset < -0.5 && current.offset <= 0.5
                || offset > turned.maxOffset + 0.5 && current.offset >= turned.maxOffset - 0.5
        }
        guard !kept, !clamped else { return nil }
        return "\(turned.id), the row read at the top, moved \(moved) over a rotation"
    }
}
