/// The app's server in a simulated session (specification §11): the whole conversation, oldest
/// first — the archive, what opened and what arrived since — which part of it the screen has
/// loaded, and the pages and windows the screen asked for, answered `pageDelay` frames later.
final class SimulatedServer {
    /// The whole conversation, oldest first.
    private(set) var conversation: [SimMessage]
    /// The loaded part of ``conversation``.
    private var loadedStart: Int
    private var loadedEnd: Int
    /// Whether the loaded window stops short of the newest message.
    private(set) var beyondLiveEnd = false
    /// How many windows the screen asked for.
    private(set) var windowRequests = 0
    /// The pages of a session without an archive, handed out in turn.
    private var pages: [[SimMessage]]
    private let usesArchive: Bool
    private let delay: Int
    private var olderPagesDue: [(frame: Int, page: [SimMessage], more: Bool)] = []
    private var archiveOlderDue: [Int] = []
    private var newerDue: [Int] = []
    private var windowDue: (frame: Int, around: String?)?

    init(_ session: SimSession) {
        conversation = session.archive
        loadedStart = conversation.count
        loadedEnd = conversation.count
        pages = session.olderPages
        usesArchive = !session.archive.isEmpty
        delay = session.pageDelay
    }

    /// The requests the screen makes, answered from `frame` plus the delay.
    func requests(frame: @escaping () -> Int) -> SimRequests {
        SimRequests(
            older: { [self] _ in
                guard !usesArchive else {
                    archiveOlderDue.append(frame() + delay)
                    return
                }
                guard !pages.isEmpty else { return }
                let page = pages.removeFirst()
                olderPagesDue.append((frame() + delay, page, !pages.isEmpty))
            },
            newer: { [self] _ in newerDue.append(frame() + delay) },
            // The app cancels a superseded window load: the latest request is answered.
            window: { [self] around in
                windowDue = (frame() + delay, around)
                windowRequests += 1
            })
    }

    /// The conversation opened with `history`.
    func opened(_ history: [SimMessage]) {
        conversation += history
        loadedEnd = conversation.count
    }

    /// The conversation opened on `window`, a part of the conversation the app loaded itself
    /// around a place far above the present (specification §13).
    func opened(window: [SimMessage]) {
        let messages = window.filter { $0.direction != .system }
        guard let first = messages.first, let last = messages.last,
            let start = conversation.firstIndex(where: { $0.id == first.id }),
            let end = conversation.firstIndex(where: { $0.id == last.id })
        else { return opened(window) }
        loadedStart = start
        loadedEnd = end + 1
        beyondLiveEnd = loadedEnd < conversation.count
    }

    /// `message` arrived; it is loaded unless the loaded window stops short of the newest.
    func arrived(_ message: SimMessage) {
        conversation.append(message)
        if !beyondLiveEnd { loadedEnd = conversation.count }
    }

    /// Whether a page of older messages is asked for and not yet shown.
    var isLoadingOlder: Bool { !olderPagesDue.isEmpty || !archiveOlderDue.isEmpty }

    /// Whether a window is asked for and not yet shown.
    var isLoadingWindow: Bool { windowDue != nil }

    /// Drops the window being loaded.
    func cancelWindow() { windowDue = nil }

    /// The next page of older messages due by `frame`, with whether more remain; `nil` when
    /// none is due. (Asked in a loop: a page shown may ask for the next.)
    func nextOlderPage(dueBy frame: Int) -> (page: [SimMessage], more: Bool)? {
        if let delivery = olderPagesDue.first, delivery.frame <= frame {
            olderPagesDue.removeFirst()
            return (delivery.page, delivery.more)
        }
        guard let next = archiveOlderDue.first, next <= frame else { return nil }
        archiveOlderDue.removeFirst()
        let start = max(0, loadedStart - 15)
        let page = Array(conversation[start..<loadedStart])
        loadedStart = start
        return (page, start > 0)
    }

    /// The next page of newer messages due by `frame`, with whether more remain beyond it;
    /// `nil` when none is due.
    func nextNewerPage(dueBy frame: Int) -> (page: [SimMessage], more: Bool)? {
        guard let next = newerDue.first, next <= frame else { return nil }
        newerDue.removeFirst()
        let end = min(conversation.count, loadedEnd + 15)
        let page = Array(conversation[loadedEnd..<end])
        loadedEnd = end
        beyondLiveEnd = end < conversation.count
        return (page, beyondLiveEnd)
    }

    /// The window due by `frame`, unless the finger is down (content replaced under a finger
    /// jumps): its messages, the message it is around (`nil`: the newest), and whether more lie
    /// before and after it. Showing it cancels the page loads of the old window.
    func window(dueBy frame: Int, fingerDown: Bool) -> (
        messages: [SimMessage], around: String?, hasMoreOlder: Bool, hasMoreNewer: Bool
    )? {
        guard let due = windowDue, due.frame <= frame, !fingerDown else { return nil }
        windowDue = nil
        let index = due.around.flatMap { id in conversation.firstIndex { $0.id == id } }
        let start = index.map { max(0, $0 - 10) } ?? max(0, conversation.count - 20)
        let end = index.map { min(conversation.count, $0 + 11) } ?? conversation.count
        loadedStart = start
        loadedEnd = end
        beyondLiveEnd = end < conversation.count
        olderPagesDue.removeAll()
        archiveOlderDue.removeAll()
        newerDue.removeAll()
        return (Array(conversation[start..<end]), due.around, start > 0, beyondLiveEnd)
    }
}
