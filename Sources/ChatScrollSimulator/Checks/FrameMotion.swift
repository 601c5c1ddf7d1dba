/// How the screen moved the rows of the last frame in this one, their own growth taken out: the
/// measure every check of motion uses.
struct FrameMotion {
    /// The rows seen in both frames, top to bottom as they were, but the footer (and the header
    /// in the frame a page arrives below it).
    let common: [String]
    private let previous: Simulator.Frame
    private let now: RowValues
    private let heightsNow: RowValues
    private let pushes: RowValues
    private let contentHeight: Double
    private let offset: Double
    private let insetTop: Double

    /// Measures `current`, as drawn, against `previous`.
    ///
    /// - Parameters:
    ///   - now: Where the rows of `previous` are now, on screen or not (a jump farther than the
    ///     screen still moves them), and their heights.
    ///   - keyboardShare: The share of the keyboard's move that what is read follows, once seen.
    ///   - commandRunning: Whether an animated scroll or a navigation runs in this frame.
    ///   - pageAbove: Whether a page of older messages arrived in this frame, between the header
    ///     row and the oldest message.
    init(
        previous: Simulator.Frame, current: Simulator.Frame, now: (tops: RowValues, heights: RowValues),
        keyboardShare: Double?, commandRunning: Bool, pageAbove: Bool
    ) {
        self.previous = previous
        self.now = now.tops
        heightsNow = now.heights
        contentHeight = current.contentHeight
        offset = current.offset
        insetTop = current.insetTop
        // (The footer below the newest message is not read: every row that arrives goes above it
        // and pushes it down. Nor is the header above the oldest one in the frame a page arrives
        // below it: it stays above the page, and the rows read stay where they were,
        // specification §12.)
        let common = previous.order.filter {
            now.tops[$0] != nil && $0 != SimulatedScrollView.footerID
                && !(pageAbove && $0 == SimulatedScrollView.headerID)
        }
        self.common = common
        // A row seen last frame that changed height since (measured, grown by tokens, an image
        // that loaded) grows down, pushing the rows after it by its change, or up, moving
        // itself and the rows before it: what the screen did to a row is its move less that
        // growth, taken the way that leaves the rows moving together.
        let changes = previous.order.map { id in
            previous.heights[id].flatMap { before in now.heights[id].map { $0 - before } } ?? 0
        }
        guard changes.contains(where: { $0 != 0 }) else {
            pushes = RowValues()
            return
        }
        var down = RowValues()
        var up = RowValues()
        var below = 0.0
        var above = changes.reduce(0, +)
        for (id, change) in zip(previous.order, changes) {
            down.append(id, below)
            up.append(id, -above)
            below += change
            above -= change
        }
        // (The way that leaves them moving together; of two that do, the one that leaves them
        // moving as the frame moves them otherwise: with the finger, the momentum, a bounce, the
        // animation under way, a share of the keyboard, or not at all.)
        let keyboardMove = -(current.keyboard - previous.keyboard) * (keyboardShare ?? 1)
        let expected =
            current.finger
            ? current.fingerDy
            : previous.coasting
                ? previous.movement * Simulator.momentumDecayPerFrame
                : previous.bouncing
                    ? previous.bounceStep ?? 0
                    : commandRunning
                        ? previous.animationStep
                        : current.keyboardMoving || previous.keyboardMoving ? keyboardMove : 0
        func cost(_ growth: RowValues) -> (spread: Double, off: Double) {
            let residuals = common.map { (now.tops[$0] ?? 0) - (previous.tops[$0] ?? 0) - (growth[$0] ?? 0) }
            let mean = residuals.reduce(0, +) / Double(max(1, residuals.count))
            return ((residuals.max() ?? 0) - (residuals.min() ?? 0), abs(mean - expected))
        }
        let (upCost, downCost) = (cost(up), cost(down))
        let upwards =
            abs(upCost.spread - downCost.spread) <= 0.5
            ? upCost.off < downCost.off : upCost.spread < downCost.spread
        pushes = upwards ? up : down
    }

    /// How far the screen moved row `id` of the last frame.
    func moved(_ id: String) -> Double { (now[id] ?? 0) - (previous.tops[id] ?? 0) - (pushes[id] ?? 0) }

    /// How far row `id` of the last frame moved on screen, its growth and the growth of the rows
    /// before it left in (the other way ``moved(_:)`` may have taken them out).
    func movedOnScreen(_ id: String) -> Double { (now[id] ?? 0) - (previous.tops[id] ?? 0) }

    /// Where row `id` of the last frame is on screen now, nil when it is gone.
    func top(_ id: String) -> Double? { now[id] }

    /// The first row seen in both frames that the screen moved farther than `bound`, from where
    /// it was and from `alternative` (another place it may rightly have gone).
    func firstMoved(fartherThan bound: Double, orThan alternative: Double = 0) -> String? {
        common.first { abs(moved($0)) > bound && abs(moved($0) - alternative) > bound }
    }

    /// How much the content below the last row seen grew this frame: 0 when the content did not
    /// change, nil when there is no row to tell by.
    func grownBelow() -> Double? {
        guard contentHeight != previous.contentHeight else { return 0 }
        guard let last = previous.order.last, let top = previous.tops[last], let height = previous.heights[last],
            let topNow = now[last], let heightNow = heightsNow[last]
        else { return nil }
        let gapBefore = previous.contentHeight - previous.offset + previous.insetTop - (top + height)
        let gapNow = contentHeight - offset + insetTop - (topNow + heightNow)
        return max(0, gapNow - gapBefore)
    }
}
