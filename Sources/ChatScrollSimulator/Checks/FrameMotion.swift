/// How the screen moved the rows of the last frame in this one, their own growth taken out: the
/// measure every check of motion uses.
struct FrameMotion {
    /// The rows seen in both frames, top to bottom as they were, but the footer (and the header
    /// in the frame a page arrives below it).
    let common: [String]
    /// The rows of the last frame, where they were then and where they are now.
    private let before: ScreenRows
    private let now: ScreenRows
    /// How far the growth of the rows around it pushed each row of the last frame, by its
    /// position in `before`; empty when no row changed height.
    private let pushes: [Double]
    /// Where the last frame showed its top, below the top inset.
    private let shownTop: Double
    /// How much the rows shown now above every row of the last frame changed height in this
    /// frame: they came into view (or arrived in a page) as they were measured or grew, and
    /// pushed the rows below as rows on screen do.
    private let grownComingIntoView: Double
    /// The content's height in the last frame and in this one, and in each the distance from the
    /// screen's top to the content's end.
    private let contentHeights: (before: Double, now: Double)
    private let ends: (before: Double, now: Double)

    /// Measures `current`, as drawn, against `previous`.
    ///
    /// - Parameters:
    ///   - now: Where the rows of `previous` are now, on screen or not (a jump farther than the
    ///     screen still moves them), and their heights.
    ///   - grownComingIntoView: How much the rows shown now above every row of `previous` changed
    ///     height in this frame.
    ///   - rubberBanded: Whether a finger move of this frame pulled the content past an edge.
    ///   - momentumEnds: Whether momentum that moved the last frame ends in this one.
    ///   - keyboardShare: The share of the keyboard's move that what is read follows, once seen.
    ///   - commandRunning: Whether an animated scroll or a navigation runs in this frame.
    ///   - pageAbove: Whether a page of older messages arrived in this frame, between the header
    ///     row and the oldest message.
    init(
        previous: Simulator.Frame, current: Simulator.Frame, now: ScreenRows, grownComingIntoView: Double,
        rubberBanded: Bool, momentumEnds: Bool, keyboardShare: Double?, commandRunning: Bool, pageAbove: Bool
    ) {
        before = previous.rows
        self.now = now
        shownTop = previous.insetTop
        self.grownComingIntoView = grownComingIntoView
        contentHeights = (previous.contentHeight, current.contentHeight)
        ends = (
            previous.contentHeight - previous.offset + previous.insetTop,
            current.contentHeight - current.offset + current.insetTop
        )
        // (The footer below the newest message is not read: every row that arrives goes above it
        // and pushes it down. Nor is the header above the oldest one in the frame a page arrives
        // below it: it stays above the page, and the rows read stay where they were,
        // specification §12.)
        let commonRows = previous.rows.indices.filter {
            let id = previous.rows[$0].id
            return now.top(id) != nil && id != SimulatedScrollView.footerID
                && !(pageAbove && id == SimulatedScrollView.headerID)
        }
        common = commonRows.map { previous.rows[$0].id }
        // A row seen last frame that changed height since (measured, grown by tokens, an image
        // that loaded), or the rows that came into view above them as they did, grows down,
        // pushing the rows after it by its change, or up, moving itself and the rows before it.
        // Views keep a row of what is read where it is: the rows above it grow up, the rows
        // below it down. What the screen did to a row is its move less that growth, about the
        // pivot that leaves the rows moving together (every row's growth one way is a pivot at
        // an end).
        func change(_ row: ScreenRows.Row) -> Double { Self.change(of: row, in: now) }
        guard grownComingIntoView != 0 || previous.rows.contains(where: { change($0) != 0 }) else {
            pushes = []
            return
        }
        let changes = previous.rows.map(change)
        // (The way that leaves them moving together; of several that do, the one that leaves them
        // moving as the frame moves them otherwise: with the finger (past an edge, by a part of
        // its move), the momentum (by a part of its step where it ends), a bounce, the animation
        // under way, a share of the keyboard, or not at all.)
        let keyboardMove = -(current.keyboard - previous.keyboard) * (keyboardShare ?? 1)
        let partOfTheMove =
            current.finger ? current.alongRubberBand(after: previous, rubberBanded: rubberBanded) : momentumEnds
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
        func cost(_ growth: [Double]) -> (spread: Double, off: Double) {
            let residuals = commonRows.map { position in
                let row = previous.rows[position]
                return (now.top(row.id) ?? 0) - row.top - growth[position]
            }
            let mean = residuals.reduce(0, +) / Double(max(1, residuals.count))
            let off =
                partOfTheMove
                ? max(0, min(0, expected) - mean, mean - max(0, expected)) : abs(mean - expected)
            return ((residuals.max() ?? 0) - (residuals.min() ?? 0), off)
        }
        // The rows before `pivot` grow up and the others down; the rows that came into view above
        // them all grow down only with the pivot at the top.
        func growth(pivot: Int) -> [Double] {
            var growth = [Double](repeating: 0, count: changes.count)
            var above = 0.0
            for position in stride(from: pivot - 1, through: 0, by: -1) {
                above += changes[position]
                growth[position] = -above
            }
            var below = pivot == 0 ? grownComingIntoView : 0
            for position in pivot..<changes.count {
                growth[position] = below
                below += changes[position]
            }
            return growth
        }
        // (Pivots between rows that did not change are the same; of equal ones, the topmost.)
        let pivots = (0...changes.count).filter {
            $0 == 0 || changes[$0 - 1] != 0 || $0 == 1 && grownComingIntoView != 0
        }
        let candidates = pivots.map { growth(pivot: $0) }
        let costs = candidates.map(cost)
        let least = costs.map(\.spread).min() ?? 0
        let best = costs.indices.filter { costs[$0].spread <= least + 0.5 }.min { costs[$0].off < costs[$1].off }
        pushes = candidates[best ?? 0]
    }

    /// How far the screen moved row `id` of the last frame.
    func moved(_ id: String) -> Double {
        guard let position = before.position(of: id) else { return now.top(id) ?? 0 }
        return (now.top(id) ?? 0) - before[position].top - push(at: position)
    }

    /// How much the rows before row `id` of the last frame that began above what it showed (under
    /// the top inset or past it) grew in this frame.
    func grownAboveShown(before id: String) -> Double {
        guard !pushes.isEmpty, let position = before.position(of: id) else { return 0 }
        var grown = grownComingIntoView
        for row in before.prefix(position) where row.top < shownTop {
            grown += Self.change(of: row, in: now)
        }
        return grown
    }

    /// How much row `row` of the last frame changed height in `now`: 0 when it is gone.
    private static func change(of row: ScreenRows.Row, in now: ScreenRows) -> Double {
        now.height(row.id).map { $0 - row.height } ?? 0
    }

    /// How far the rows around row `id` of the last frame pushed it by growing: 0 when no row
    /// changed height or it is not held.
    func pushed(_ id: String) -> Double { before.position(of: id).map(push(at:)) ?? 0 }

    /// How far the growth of the rows around it pushed the row at `position` in the last frame.
    private func push(at position: Int) -> Double { pushes.isEmpty ? 0 : pushes[position] }

    /// How far row `id` of the last frame moved on screen, its growth and the growth of the rows
    /// before it left in (the other way ``moved(_:)`` may have taken them out).
    func movedOnScreen(_ id: String) -> Double { (now.top(id) ?? 0) - (before.top(id) ?? 0) }

    /// Where row `id` of the last frame is on screen now, nil when it is gone.
    func top(_ id: String) -> Double? { now.top(id) }

    /// The first row seen in both frames that the screen moved farther than `bound`, from where
    /// it was and from `alternative` (another place it may rightly have gone).
    func firstMoved(fartherThan bound: Double, orThan alternative: Double = 0) -> String? {
        common.first { abs(moved($0)) > bound && abs(moved($0) - alternative) > bound }
    }

    /// How much the content below the last row seen in both frames grew this frame (a message
    /// that replaces the typing indicator under it counts): 0 when the content did not change,
    /// nil when there is no row to tell by.
    func grownBelow() -> Double? {
        guard contentHeights.now != contentHeights.before else { return 0 }
        guard let id = common.last, let was = before.position(of: id), let position = now.position(of: id) else {
            return nil
        }
        let last = before[was]
        let gapBefore = ends.before - (last.top + last.height)
        let gapNow = ends.now - (now[position].top + now[position].height)
        return max(0, gapNow - gapBefore)
    }
}
