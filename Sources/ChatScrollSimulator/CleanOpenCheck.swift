/// Check d, clean open: the first frame that shows a conversation opened with messages shows it
/// where it opens, not a frame elsewhere on the way.
///
/// - Opened at a first unread message: its top at the visible top or, when everything from it
///   down fits, the bottom with it in view (a following view snaps the last `atBottomThreshold`
///   points, specification §10).
/// - Otherwise: the newest message at the visible bottom.
/// - Never past an edge: the view would pull the list back in the next frame.
///
/// Every frame violates d until one shows the open right; a touch ends the check.
struct CleanOpenCheck {
    /// Whether a conversation with messages opened, and at which first unread message.
    private var opened = false
    private var firstUnreadID: String?
    /// Whether a frame has shown the open right, or the user touched the screen.
    private var done = false

    /// The conversation opened with `history`, at `firstUnreadID` when there is one.
    mutating func open(_ history: [SimMessage], atFirstUnread firstUnreadID: String?) {
        opened = !history.isEmpty
        self.firstUnreadID = firstUnreadID
    }

    /// Whether the open is no longer judged: it showed right, or nothing opened.
    var isOver: Bool { done || !opened }

    /// Whether an open at a first unread message is still being shown.
    var isOpeningAtFirstUnread: Bool { !isOver && firstUnreadID != nil }

    /// What is wrong with `frame`, or `nil`.
    mutating func check(_ frame: Simulator.Frame, insetTop: Double, atBottomThreshold snap: Double) -> String? {
        guard !isOver, frame.shown else { return nil }
        let unreadShown = firstUnreadID.map { id in
            guard let top = frame.tops[id] else { return false }
            return abs(top - insetTop) <= 0.5 || (frame.atBottom && top >= insetTop - snap - 0.5)
        }
        if frame.finger || ((unreadShown ?? frame.atBottom) && abs(frame.overshoot) <= 0.5) {
            done = true
            return nil
        }
        if let unread = firstUnreadID {
            return "the open shows \(unread) at "
                + "\(frame.tops[unread].map(String.init(describing:)) ?? "no place"), not at the top \(insetTop)"
        }
        return "the open shows offset \(frame.offset), not the bottom \(frame.maxOffset)"
    }
}
