/// What a SwiftUI screen sets on its `ScrollView`, as the simulated SwiftUI views take it: the
/// position binding, the scroll anchors' roles, and a transaction that turns the view's own
/// offset adjustment off. The sources of each rule are in docs/simulation.md ("The SwiftUI views,
/// from sources").
public struct SwiftUIScrollSettings: Sendable, Hashable {
    /// An edge of the visible region that a rule keeps.
    public enum Edge: Sendable, Hashable {
        case top, bottom
    }

    /// The `.scrollPosition` binding the screen installs.
    public enum Position: Sendable, Hashable {
        /// None.
        case none
        /// A point position (`scrollTo(y:)`): not kept when the content changes.
        case point
        /// An id position over a scroll target layout: the view at `edge` (the top-most or the
        /// bottom-most visible row) is kept where it is when content changes around it or the
        /// container changes size, and follows the user's scrolling.
        case id(anchor: Edge)
    }

    /// The position binding; a point position by default, as every screen that scrolls by offset
    /// has.
    public var position: Position = .point
    /// `defaultScrollAnchor(_:for: .sizeChanges)`: with `.bottom`, and no position binding, the
    /// bottom edge is kept when the content or the container changes size while the last row is
    /// visible; otherwise the top is kept.
    public var sizeChanges: Edge = .top
    /// `defaultScrollAnchor(_:for: .initialOffset)`: where the view is at its first layout with
    /// content.
    public var initialOffset: Edge = .top

    /// The settings of a screen that scrolls by offset (`scrollTo(y:)`) and sets no anchor.
    public init(position: Position = .point, sizeChanges: Edge = .top, initialOffset: Edge = .top) {
        self.position = position
        self.sizeChanges = sizeChanges
        self.initialOffset = initialOffset
    }
}

/// Where the view's own keeping found things at the end of the last layout.
struct SwiftUIKeeping {
    /// The row an id position keeps, and its edge's place in the content.
    var kept: (id: String, edge: Double)?
    /// Whether the last row was visible, and the largest offset then.
    var lastRowVisible = false
    var maxOffset = 0.0
    /// Whether the first layout with content is still to come.
    var awaitingContent = true
    /// A transaction turned the view's own adjustment off until the next layout
    /// (`scrollContentOffsetAdjustmentBehavior = .disabled`).
    var adjustmentDisabled = false
    /// The app asked for the bottom edge (`scrollTo(edge: .bottom)`): kept through the next layout.
    var bottomRequested = false
    /// The app asked for a row at an anchor (`scrollTo(id:anchor:)`): resolved anew at the next
    /// layout, where the row is then.
    var rowRequested: (id: String, anchor: Double)?

    /// The app set a position: it replaces the one an id position kept, and the end or the row
    /// the app asked for before.
    mutating func positionSetByApp() {
        kept = nil
        bottomRequested = false
        rowRequested = nil
    }
}

extension SimulatedScrollView {
    /// `ScrollPosition.scrollTo(id:anchor:)` with a unit anchor whose y is `anchor`: the point at
    /// that share of row `id`'s height goes to the point at the same share of the visible region,
    /// where the row is when the change lands (an anchor outside 0...1 places the row's top above
    /// or below the region's). Unanimated; `stopping` ends momentum, as an unanimated position
    /// change does unless the screen asks to preserve the velocity.
    public func scrollTo(id: String, anchor: Double, stopping: Bool) {
        if landsNextFrame({ [unowned self] in scrollTo(id: id, anchor: anchor, stopping: stopping) }) { return }
        guard let target = offset(showing: id, anchor: anchor) else { return }
        stopping ? setContentOffset(target - insetTop, animated: false) : setContentOffsetY(target - insetTop)
        keeping.rowRequested = (id, anchor)
    }

    /// The offset that puts row `id`'s point at `anchor` of its height at the same share of the
    /// visible region, if it is loaded.
    func offset(showing id: String, anchor: Double) -> Double? {
        guard let index = index(of: id) else { return nil }
        return tops[index] + anchor * (items[index].current - visibleHeight)
    }

    /// `ScrollPosition.scrollTo(edge: .bottom)`: the content's end, where it is when the change
    /// lands, kept through the layout that follows. Unanimated; `stopping` as in
    /// ``scrollTo(id:anchor:stopping:)``.
    public func scrollToBottom(stopping: Bool) {
        if landsNextFrame({ [unowned self] in scrollToBottom(stopping: stopping) }) { return }
        // (An animation to the end goes there already, wherever the end is by then: the app's
        // request is the same `scrollTo(edge: .bottom)`, stopping or not.)
        if animation?.toEnd == true {
            keeping.positionSetByApp()
            keeping.bottomRequested = true
            return
        }
        stopping ? setContentOffset(maxOffset - insetTop, animated: false) : setContentOffsetY(maxOffset - insetTop)
        keeping.bottomRequested = true
    }

    /// `withAnimation(.spring(duration:)) { position.scrollTo(edge: .bottom) }` as the keyboard
    /// moves: the view's offset animates, on the keyboard's curve unless `alongKeyboardCurve` is
    /// false, to the content's end as the keyboard's move leaves it.
    func animateToBottomAlongKeyboard(duration: Double, alongKeyboardCurve: Bool = true) {
        animateContentOffsetY(to: nil, duration: duration, alongKeyboardCurve: alongKeyboardCurve)
    }

    /// `withAnimation { position.scrollTo(id:anchor:) }`: the view's own eased scroll to where
    /// ``scrollTo(id:anchor:stopping:)`` puts the row (a broken glue's); how far it has to go, or
    /// `nil` for a row that is not loaded.
    func scrollToAnimated(id: String, anchor: Double) -> Double? {
        guard let target = offset(showing: id, anchor: anchor) else { return nil }
        setContentOffset(target - insetTop, animated: true)
        return target - offset
    }

    /// `withAnimation { position.scrollTo(edge: .bottom) }`: the view's own eased scroll to the
    /// content's end (a broken glue's); how far it has to go.
    func scrollToBottomAnimated() -> Double? {
        let distance = maxOffset - offset
        setContentOffset(maxOffset - insetTop, animated: true)
        return distance
    }

    /// The bottom the app asked for since the last layout, kept through the next: 0 points above
    /// the bottom, or `nil`.
    func takeBottomRequest() -> Double? {
        defer { keeping.bottomRequested = false }
        return keeping.bottomRequested ? 0 : nil
    }
    /// `Transaction.scrollContentOffsetAdjustmentBehavior = .disabled` around the app's next
    /// change: the view adjusts nothing for it at the next layout (the lazy stack's own keeping
    /// of estimates aside).
    public func disableContentOffsetAdjustment() { keeping.adjustmentDisabled = true }

    /// The view's own keeping of what the app set, before the frame's layout: an id position
    /// keeps its row; a bottom anchor for size changes keeps the distance from the bottom while
    /// the last row was visible, and the initial offset's anchor shows the first content's end,
    /// both through the layout that follows: the distance from the bottom they keep, if any. The
    /// lazy stack's keeping of rows laid out above happens inside layout (``layoutCells()``).
    func keepSettingsBeforeLayout() -> Double? {
        guard personality.lazyStackEstimates else { return nil }
        defer { keeping.adjustmentDisabled = false }
        if let bottom = takeBottomRequest() { return bottom }
        if let requested = keeping.rowRequested {
            // (Content that changed since the request, a page above, say, moved the row.)
            keeping.rowRequested = nil
            if let target = offset(showing: requested.id, anchor: requested.anchor) { moveItself(by: target - offset) }
            return nil
        }
        if keeping.awaitingContent {
            guard contentHeight > 0 else { return nil }
            keeping.awaitingContent = false
            // (Without the initial anchor, what the app asked for before is kept as ever.)
            if swiftUI.initialOffset == .bottom { return 0 }
        }
        guard !keeping.adjustmentDisabled else { return nil }
        switch swiftUI.position {
        case .id(let anchor):
            guard let kept = keeping.kept, let index = index(of: kept.id) else { return nil }
            moveItself(by: edge(of: index, anchor) - kept.edge)
            return nil
        case .none:
            guard swiftUI.sizeChanges == .bottom, keeping.lastRowVisible else { return nil }
            return max(0, keeping.maxOffset - offset)
        case .point:
            return nil
        }
    }

    /// Keeps the view `distance` above the bottom through a layout that may change heights.
    func keepBottom(_ distance: Double?) {
        guard let distance else { return }
        moveItself(by: maxOffset - distance - offset)
    }

    /// Notes what the view's own keeping needs at the next layout.
    func noteKeepingAfterLayout() {
        guard personality.lazyStackEstimates else { return }
        let rows = visibleRows()
        keeping.maxOffset = maxOffset
        keeping.lastRowVisible = rows.last.map { $0.id == items.last?.message.id } ?? false
        keeping.kept = nil
        // The spinner and the typing indicator sit outside the stack's scroll target layout (above
        // and below it), so an id position never names them.
        let targets = rows.filter { $0.id != Self.headerID && $0.id != Self.footerID }
        guard case .id(let anchor) = swiftUI.position, let row = anchor == .top ? targets.first : targets.last,
            let index = index(of: row.id)
        else { return }
        keeping.kept = (row.id, edge(of: index, anchor))
    }

    /// Where row `index`'s `anchor` edge is, in the content, less what the view shows above the
    /// bottom edge for a bottom anchor (so that a smaller container counts as a move).
    private func edge(of index: Int, _ anchor: SwiftUIScrollSettings.Edge) -> Double {
        switch anchor {
        case .top: tops[index]
        case .bottom: tops[index] + items[index].current - visibleHeight
        }
    }
}
