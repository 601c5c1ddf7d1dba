/// `reading-stays-put`'s measure while the keyboard moves the bottom edge: what is read moves with that edge
/// by one share of the keyboard's move through the whole animation: all of it (what sat at the
/// bottom edge stays there, specification §2), none (a held or pinned view), or less where the
/// content's end stops it; never another curve.
struct KeyboardShare {
    /// The share, once seen.
    private(set) var share: Double?
    /// When the keyboard's animation the share belongs to began.
    private(set) var animationStart: Double?
    /// The least share that is all of the move (the edge's rounding).
    static let whole = 0.99

    /// Starts a new frame. A gesture starts a new share (the finger held the list, and what it
    /// reads now), and so do a rotation, which lays the screen out anew, a keyboard at rest and
    /// the keyboard's next animation, from its first frame of motion: in the frame an animation
    /// starts (`startsNow`), the keyboard moved, if at all, as the last one's end.
    mutating func next(
        previous: Simulator.Frame, current: Simulator.Frame, keyboardStart: Double?, startsNow: Bool
    ) {
        let reset = current.finger || current.layoutChanged || !current.keyboardMoving && !previous.keyboardMoving
        let newAnimation = keyboardStart != animationStart
        if newAnimation, startsNow, previous.keyboardMoving, !reset { return }
        if reset || newAnimation { share = nil }
        animationStart = keyboardStart
    }

    /// Whether a row that moved `moved` follows the keyboard's move of `delta` in this frame, and
    /// notes the share when it is the first seen.
    ///
    /// - Parameter extra: How much larger a share may be: an overshoot past an edge that the
    ///   keyboard's animation takes back rides its curve too.
    mutating func follows(_ moved: Double, delta: Double, extra: Double) -> Bool {
        if let known = share { return abs(moved + delta * known) <= 0.5 }
        guard abs(delta) > 0.5 else { return abs(moved) <= 0.5 }
        let seen = -moved / delta
        guard seen >= -0.01 - extra, seen <= 1.01 + extra else { return false }
        share = min(1 + extra, max(-extra, seen))
        return true
    }
}
