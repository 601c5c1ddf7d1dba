import ChatEvents

/// `clean-open`: the first frame that shows a conversation opened with messages shows it
/// where it opens, not a frame elsewhere on the way.
///
/// - Opened at a saved position whose anchor the history holds (specification §13): the anchor's
///   top `delta` above the visible top or, when that offset lies past an edge, the list at that
///   edge with the anchor lower than asked.
/// - Opened at a first unread message: its top at the visible top or, when everything from it
///   down fits, the bottom with it in view (a following view snaps the last `atBottomThreshold`
///   points, specification §10).
/// - Otherwise: the newest message at the visible bottom.
/// - Never past an edge: the view would pull the list back in the next frame.
///
/// Every frame violates `clean-open` until one shows the open right; a touch ends the check.
struct CleanOpenCheck: FrameCheck {
    /// Whether a conversation with messages opened, and at which first unread message.
    private var opened = false
    private var firstUnreadID: String?
    /// The saved position it opened at, when its anchor was in the history.
    private var restore: (id: String, delta: Double)?
    /// Whether a frame has shown the open right, or the user touched the screen.
    private var done = false

    /// The conversation opened with `history`: at `restore` when the history holds its anchor,
    /// else at `firstUnreadID` when there is one.
    mutating func open(_ history: [SimMessage], atFirstUnread firstUnreadID: String?, restoring restore: SavedPosition?)
    {
        opened = !history.isEmpty
        if let id = restore?.anchorID, let delta = restore?.delta, history.contains(where: { $0.id == id }) {
            self.restore = (id, delta)
            self.firstUnreadID = nil
        } else {
            self.restore = nil
            self.firstUnreadID = firstUnreadID
        }
    }

    /// Whether the open is no longer judged: it showed right, or nothing opened.
    var isOver: Bool { done || !opened }

    /// Whether an open at a first unread message is still being shown.
    var isOpeningAtFirstUnread: Bool { !isOver && firstUnreadID != nil }

    /// Whether the open takes the reader away from the bottom: to a first unread message or a
    /// saved position.
    var opensAwayFromTheBottom: Bool { opened && (firstUnreadID != nil || restore != nil) }

    mutating func judge(_ frame: TrackedFrame, into found: inout FrameFindings) {
        if let what = check(frame.current, insetTop: frame.view.insetTop, atBottomThreshold: frame.atBottomThreshold) {
            found.add(.cleanOpen, what)
        }
    }

    private mutating func check(_ frame: Simulator.Frame, insetTop: Double, atBottomThreshold snap: Double) -> String? {
        guard !isOver, frame.shown else { return nil }
        let unreadShown = firstUnreadID.map { id in
            guard let top = frame.rows.top(id) else { return false }
            return abs(top - insetTop) <= 0.5 || (frame.atBottom && top >= insetTop - snap - 0.5)
        }
        let restoreShown = restore.map { restore in
            guard let top = frame.rows.top(restore.id) else { return false }
            let wanted = insetTop - restore.delta
            return abs(top - wanted) <= 0.5 || ((frame.atBottom || frame.offset <= 0.5) && top >= wanted - 0.5)
        }
        if frame.finger || ((restoreShown ?? unreadShown ?? frame.atBottom) && abs(frame.overshoot) <= 0.5) {
            done = true
            return nil
        }
        if let restore {
            return "the open shows \(restore.id) at "
                + "\(frame.rows.top(restore.id).map(String.init(describing:)) ?? "no place"), "
                + "not at \(insetTop - restore.delta)"
        }
        if let unread = firstUnreadID {
            return "the open shows \(unread) at "
                + "\(frame.rows.top(unread).map(String.init(describing:)) ?? "no place"), not at the top \(insetTop)"
        }
        return "the open shows offset \(frame.offset), not the bottom \(frame.maxOffset)"
    }
}
