/// `navigation-lands`: a navigation the user asked for ends where it should, in time.
///
/// - jump to latest, and a send in layout `bottom`: the newest message's bottom at the visible
///   bottom (or, when all the content fits, visible);
/// - a reply's quote: the quoted message's centre in the middle half of the visible region (the
///   jump aims by the app's heights, and cells measured on the way move it), or the whole
///   message in view, or as near as the content's edges allow;
/// - a question sent in layout `top`: its top at the top inset plus `pinMargin`.
///
/// A navigation must have landed by the time its animation is over: ``Simulator/navigationFrames``
/// after the tap or send, or after the window of history that answers it arrives. Every frame
/// from then until it lands violates `navigation-lands`, except while the keyboard moves the
/// bottom edge (the navigation then lands with the keyboard), or for up to ``graceFrames`` while
/// it still closes in (its destination moved late). Before its time is up, a navigation that has
/// come to rest short of its place for ``stillFrames`` frames, or slowed for as many so that
/// what it has left to travel falls short, has stopped there: every frame it stays violates too
/// (an eased animation closes its last point moving; a message that arrives on the way gives the
/// navigation more time, never a stop). The user's finger ends the navigation (it is the user's
/// screen again) once the frame it touches in is judged (the touch stops the scroll in that frame,
/// so a navigation still closing in the frame before counts as closing in); a new navigation
/// replaces it. A reply's jump that lands before its time keeps its message on screen until then,
/// or for as long as the list still moves on from it without a pause, but where the rising
/// keyboard takes it up: a scroll that carries it away is no part of the jump.
///
/// A window of history replaces everything: its first frame already shows what it was loaded for
/// (the message, or the newest one), or the user sees a flash of other messages.
struct LandingCheck: FrameCheck {
    enum Target: Equatable {
        case bottom
        case message(String)
        case question(String)
    }

    struct Pending {
        var target: Target
        var what: String
        /// The first frame at which it must have landed; `nil` while its window is awaited.
        var deadline: Int?
        /// Where the screen was when it started (or its window arrived), and whether it has
        /// moved since: a navigation that has not landed must start moving within two frames.
        var startOffset: Double?
        var started = false
        var startDue: Int?
        /// How far it was from landing in the last frame, in points.
        var lastMiss = Double.infinity
        /// Whether it came nearer in the last frame.
        var closing = false
        /// Where the screen was in the last frame, how far it moved into it, and for how many
        /// frames it has not moved (or only crept on, ever slower).
        var lastOffset: Double?
        var lastMove = Double.infinity
        var still = 0
    }

    private(set) var pending: Pending?
    /// A reply's jump that has landed before its time was up: its message, that time, and how far
    /// the keyboard has risen since. Until then it stays landed (a scroll that carries it away is
    /// no part of the jump; the rising keyboard takes the rows up with the bottom edge).
    private var landedEarly: LandedEarly?

    /// A reply's jump landed before its time: its message's top and height where it was last
    /// seen on screen, and the offset then.
    private struct LandedEarly {
        var id: String
        var deadline: Int
        var keyboardRise = 0.0
        var seen: (top: Double, height: Double, offset: Double)?
    }
    /// The frames a navigation still moving may take past its time: another 0.3 s animation.
    static let graceFrames = 36
    /// The frames a navigation short of its place must rest to have stopped (25 ms).
    static let stillFrames = 3
    /// How far short of its place a navigation that creeps on, ever slower, ends to have stopped,
    /// in points.
    static let creepMiss = 5.0

    /// A navigation starts at `frame`; `awaitsWindow` when it lands only after a window of
    /// history arrives.
    mutating func navigate(to target: Target, what: String, at frame: Int, awaitsWindow: Bool = false, frames: Int) {
        landedEarly = nil
        pending = Pending(
            target: target, what: what, deadline: awaitsWindow ? nil : frame + frames,
            startDue: awaitsWindow ? nil : frame + 2)
    }

    /// The window a navigation waited for arrived at `frame`.
    mutating func windowArrived(at frame: Int, frames: Int) {
        guard var waiting = pending, waiting.deadline == nil else { return }
        waiting.deadline = frame + frames
        waiting.startOffset = nil
        waiting.startDue = frame + 2
        pending = waiting
    }

    /// A message arrived at `frame`: a navigation to the bottom now ends below it, with the
    /// scroll that shows it.
    mutating func messageArrived(at frame: Int, frames: Int) {
        guard var running = pending, running.target == .bottom, let deadline = running.deadline else { return }
        running.deadline = max(deadline, frame + frames)
        pending = running
    }

    mutating func judge(_ frame: TrackedFrame, into found: inout FrameFindings) {
        let (current, view) = (frame.current, frame.view)
        if let target = frame.windowTarget, !current.finger,
            !(target.map { current.rows.top($0) != nil } ?? current.newestBottomVisible)
        {
            found.add(.navigationLands, "the window's first frame does not show \(target ?? "the newest message")")
        }
        if let what = check(
            frame: frame.index, finger: current.finger, rows: current.rows, atBottom: current.atBottom,
            keyboardLeft: view.keyboardLeft, decelerating: view.isDecelerating, offset: current.offset,
            maxOffset: current.maxOffset, insetTop: view.insetTop, visibleHeight: view.visibleHeight,
            pinMargin: frame.pinMargin)
        {
            found.add(.navigationLands, what)
        }
        if let what = stayLanded(
            frame: frame.index, navigating: frame.navigating, rows: current.rows, offset: current.offset,
            keyboardDelta: frame.keyboardDelta, insetTop: view.insetTop, visibleHeight: view.visibleHeight)
        {
            found.add(.navigationLands, what)
        }
        if current.finger {
            pending = nil
            landedEarly = nil
        }
    }

    /// The violation of a reply's jump that landed early and, before its time is up (or while the
    /// list still moves on from it without a pause), no longer shows its message at all, but
    /// where the keyboard has taken it up since: a scroll carried it away. (Its place itself may
    /// move a little with the keyboard, its growth and the rows measured around it.)
    private mutating func stayLanded(
        frame: Int, navigating: Bool, rows: ScreenRows, offset: Double, keyboardDelta: Double, insetTop: Double,
        visibleHeight: Double
    ) -> String? {
        guard var landed = landedEarly else { return nil }
        // (Past its time, a list that has moved on without a pause still counts as navigating.)
        guard frame < landed.deadline || navigating else {
            landedEarly = nil
            return nil
        }
        landed.keyboardRise += max(0, keyboardDelta)
        if let position = rows.position(of: landed.id) {
            landed.seen = (rows[position].top, rows[position].height, offset)
            landedEarly = landed
            return nil
        }
        landedEarly = landed
        // (Off the screen, it is where the offset took it from where it was last seen.)
        guard let (top, height, seenAt) = landed.seen else { return nil }
        let now = top - (offset - seenAt)
        guard now + height < insetTop - landed.keyboardRise || now > insetTop + visibleHeight else { return nil }
        landedEarly = nil
        return "the reply's jump to \(landed.id) carried it off the screen \(landed.deadline - frame) frames before "
            + "its time was up"
    }

    /// Whether message `id` is where a reply's jump lands it, how far it is from there, and where
    /// it is; nil when it is not on screen.
    private static func placed(
        _ id: String, rows: ScreenRows, offset: Double, maxOffset: Double, insetTop: Double, visibleHeight: Double
    ) -> (landed: Bool, miss: Double, place: String, shown: Bool)? {
        guard let position = rows.position(of: id) else { return nil }
        let (top, height) = (rows[position].top, rows[position].height)
        let centre = top + height / 2
        let middle = insetTop + visibleHeight / 2
        let clamped = offset <= 0.5 || offset >= maxOffset - 0.5
        // The jump aims by the heights the app gave; cells measured on the way move the
        // message by their estimates' errors, so "centred" is the middle half. Where the
        // content ended below it, the jump stops short; a page that arrives then does not
        // move it: the whole message in view is landed too.
        // (How far the message is from whole in view; within half a point it is in view.)
        let outOfView = max(insetTop - top, top + height - insetTop - visibleHeight)
        let inView = outOfView <= 0.5
        let shown = abs(centre - middle) <= visibleHeight / 4 || inView
        // (How far from either: the middle half, or the whole message in view where it fits.)
        let miss = min(abs(centre - middle) - visibleHeight / 4, height <= visibleHeight ? outOfView : .infinity)
        return (shown || clamped, miss, "its centre at \(centre), not near \(middle)", shown)
    }

    /// The violation of this frame, if any.
    private mutating func check(
        frame: Int, finger: Bool, rows: ScreenRows, atBottom: Bool, keyboardLeft: Double, decelerating: Bool,
        offset: Double,
        maxOffset: Double, insetTop: Double, visibleHeight: Double, pinMargin: Double
    ) -> String? {
        // It may land before its deadline (a later scroll may then carry the screen on).
        guard var navigation = pending, let deadline = navigation.deadline else { return nil }
        if let start = navigation.startOffset {
            // (Momentum that goes on is the user's fling, not the navigation taking over.)
            navigation.started = navigation.started || abs(offset - start) > 0.01 && !decelerating
        } else {
            navigation.startOffset = offset
        }
        let landed: Bool
        var place = ""
        // How far it is from landing, in points.
        var miss = Double.infinity
        // Whether a message it lands on shows where it belongs (not only at an edge of the content).
        var shown = false
        switch navigation.target {
        case .bottom:
            landed = atBottom
            miss = abs(maxOffset - offset)
            place = "\(maxOffset - offset) points above the bottom"
        case .message(let id):
            if let found = Self.placed(
                id, rows: rows, offset: offset, maxOffset: maxOffset, insetTop: insetTop, visibleHeight: visibleHeight)
            {
                (landed, miss, place) = (found.landed, found.miss, found.place)
                shown = found.shown
            } else {
                landed = false
                place = "not on screen"
            }
        case .question(let id):
            if let top = rows.top(id) {
                landed = abs(top - (insetTop + pinMargin)) <= 0.5
                miss = abs(top - (insetTop + pinMargin))
                place = "its top at \(top), not \(insetTop + pinMargin)"
            } else {
                landed = false
                place = "not on screen"
            }
        }
        if landed {
            pending = nil
            // (One that lands only at an edge of the content may yet move: the edge moves with the
            // keyboard.)
            if case .message(let id) = navigation.target, shown, frame < deadline {
                landedEarly = LandedEarly(id: id, deadline: deadline)
            }
            return nil
        }
        pending = navigation
        // While the keyboard moves, the bottom edge is on its way too: a navigation within the
        // keyboard's remaining travel of its place lands with it.
        if let due = navigation.startDue, frame >= due, frame < deadline, !navigation.started, miss > keyboardLeft + 0.5
        {
            return "\(navigation.what) has not started \(frame - due + 2) frames after it was asked for: \(place)"
        }
        // (Still only counts while it has somewhere to go: a list that waits for the keyboard to
        // bring its place, then gets a message, has 3 frames to set off for it.)
        // (A list that moves on ever slower, so that all it has left to travel at that slowing
        // falls more than 5 points short of its place, has stopped there too: the sum of a
        // geometric series, more than an eased curve's last steps add up to. While the keyboard
        // moves, whose spring carries a list at its own pace, only a creep under half a point a
        // frame counts; and only while the place is on screen to measure. A step under half the
        // last is no eased curve's slowing at 120 frames a second, but a stall, or the lazy stack
        // estimating the rows above anew.)
        let move = navigation.lastOffset.map { abs(offset - $0) } ?? .infinity
        let slowing = move / navigation.lastMove
        // (Not while its place comes to it: the bottom edge on its way with a keyboard and a turn.)
        let placeComes = navigation.lastMiss - miss > move + 0.01
        let eased = miss.isFinite && abs(keyboardLeft) < 0.5 && slowing >= 0.5
        let creeps =
            (move < 0.5 || eased) && slowing < 1 && !placeComes
            && move / (1 - slowing) < miss - keyboardLeft - Self.creepMiss
        let resting = (move < 0.01 && miss > keyboardLeft + 1 || creeps) && !decelerating
        // A navigation still closing in when its time is up (its destination moved late: a cell
        // measured, an image loaded) may take up to another animation's time to get there; one
        // that creeps so that it falls short is not closing in. (The frame a touch comes in stops
        // the scroll: that is the user's doing, so it closes in as the frame before did.)
        let closingIn = miss < navigation.lastMiss - 0.01 && !creeps || finger && navigation.closing
        pending?.lastMiss = miss
        pending?.closing = closingIn
        pending?.lastOffset = offset
        pending?.lastMove = move
        pending?.still = resting ? navigation.still + 1 : 0
        if frame < deadline, navigation.started, resting, navigation.still + 1 >= Self.stillFrames {
            return "\(navigation.what) stopped short of its place \(deadline - frame) frames before its time: \(place)"
        }
        guard frame >= deadline, miss > keyboardLeft + 0.5, !closingIn || frame >= deadline + Self.graceFrames else {
            return nil
        }
        return "\(navigation.what) has not landed \(frame - deadline) frames after it should have: \(place)"
    }
}
