import ChatEvents
import ChatReducer
import PropertyBased

/// Scenarios an app could really send: a viewport, cached then fetched history, incoming and
/// outgoing messages with server echoes, streamed answers growing token by token, measurements,
/// drags with momentum (also during streaming), the keyboard, the input bar growing, rotation,
/// paging where every `olderLoaded` or `loadOlderFailed` answers a `loadOlder` effect, jumps,
/// text selection, removals, and leaving and coming back with the persisted position.
///
/// Heights are multiples of ½ point, so every sum is exact; with `thirds`, multiples of ⅓
/// point, as a 3× screen measures them.
///
/// With `messenger`, the session is a messenger's (specification §10 and §11): it opens at the first
/// unread message, sends read receipts, jumps to replies that are not loaded, and answers every
/// `loadNewer` and `loadWindow` as a server would.
struct PlausibleEvents: ScenarioDrawing {
    /// Events per scenario.
    var length: Int
    var thirds = false
    var messenger = false
    var flavor: Scenario.Flavor { messenger ? .plausibleMessenger : thirds ? .plausibleThirds : .plausible }
    var salt: UInt64 { messenger ? 6 : thirds ? 4 : 1 }

    func draw(using rng: inout Xoshiro) -> (ChatConfiguration, [ChatEvent]) {
        var session = PlausibleSession(rng: rng, length: length, steps: thirds ? 3 : 2, messenger: messenger)
        Journal.current?.write(header: session.configuration)
        session.run()
        rng = session.rng
        return (session.configuration, session.events)
    }
}

private struct PlausibleSession {
    enum Gesture {
        case none
        /// The finger is down; `left` more moves, then it lifts.
        case dragging(left: Int, direction: Double)
        /// Momentum after the finger lifted.
        case momentum(left: Int, velocity: Double)
    }

    var rng: Xoshiro
    let length: Int
    /// A messenger's session: first unread, read receipts, windows.
    let messenger: Bool
    var nextNewer = 1
    var nextWindow = 1
    var nextReply = 1
    var newerPages = 0
    /// Heights are multiples of 1 / steps.
    let steps: Int
    let configuration: ChatConfiguration
    /// The app's view of the reducer: to answer effects and to scroll within the content.
    var state: ChatState
    var events: [ChatEvent] = []

    var nextLive = 1
    var nextOlder = 1
    var nextLocal = 1
    var olderPages: Int
    var loaded: [String] = []
    var loadedIndex: [String: Int] = [:]
    var unconfirmed: [String] = []
    var streamingID: String?
    var gesture = Gesture.none
    var selecting = false
    var focused = false
    var keyboardShown = false
    var visible = true
    var lastPosition: SavedPosition?
    /// About how many entrance animations are pending (exact after each finish).
    var pendingAnimations = 0
    var viewport: (height: Double, top: Double, bottom: Double)

    init(rng: Xoshiro, length: Int, steps: Int, messenger: Bool = false) {
        self.rng = rng
        self.length = length
        self.steps = steps
        self.messenger = messenger
        var configuration = ChatConfiguration()
        var draw = rng
        if Double.random(in: 0..<1, using: &draw) < 0.3 { configuration.layout = .top }
        if Bool.random(using: &draw) { configuration.atBottomThreshold = [0, 20, 50].randomElement(using: &draw)! }
        if Bool.random(using: &draw) {
            configuration.jumpToLatestThreshold = [100, 200, 400].randomElement(using: &draw)!
        }
        if Bool.random(using: &draw) {
            configuration.loadOlderThreshold = [200, 800, 2000].randomElement(using: &draw)!
        }
        configuration.focusScrollsToBottom = Bool.random(using: &draw)
        if configuration.layout == .top { configuration.pinMargin = [0, 8, 16].randomElement(using: &draw)! }
        configuration.reduceMotion = Double.random(in: 0..<1, using: &draw) < 0.2
        if messenger {
            if configuration.layout == .top, Bool.random(using: &draw) { configuration.layout = .bottom }
            configuration.readReceipts = Double.random(in: 0..<1, using: &draw) < 0.8
            configuration.windowedHistory = true
            if Bool.random(using: &draw) {
                configuration.loadNewerThreshold = [200, 800, 2000].randomElement(using: &draw)!
            }
        }
        self.rng = draw
        self.configuration = configuration
        state = ChatState(configuration: configuration)
        olderPages = 0
        viewport = (844, 91, 83)
        olderPages = Int.random(in: 0...12, using: &self.rng)
        viewport = (
            Double(Int.random(in: 560...1100, using: &self.rng)),
            Double(Int.random(in: 20...120, using: &self.rng)),
            Double(Int.random(in: 34...100, using: &self.rng))
        )
    }

    // MARK: Random helpers

    mutating func chance(_ probability: Double) -> Bool { Double.random(in: 0..<1, using: &rng) < probability }
    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &rng) }
    /// A height in steps of 1 / `steps` point.
    mutating func height(_ range: ClosedRange<Int>) -> Double {
        Double(int((range.lowerBound * steps)...(range.upperBound * steps))) / Double(steps)
    }

    // MARK: Emitting

    mutating func emit(_ event: ChatEvent) {
        events.append(event)
        Journal.current?.write(event)
        state.reduce(event)
        for effect in state.effects {
            if case .persistPosition(let position) = effect { lastPosition = position }
        }
        switch event {
        case .historyLoaded(let messages, _, _), .olderLoaded(let messages, _), .newerLoaded(let messages, _):
            for message in messages { track(message.id) }
        case .windowLoaded(let messages, _, _, _):
            // The window replaced everything: what the app tracks goes with it.
            loaded.removeAll()
            loadedIndex.removeAll()
            for message in messages { track(message.id) }
            unconfirmed.removeAll { state.message(id: $0) == nil }
            if let id = streamingID, state.message(id: id) == nil { streamingID = nil }
            pendingAnimations = state.animating.count
        case .messageAppended(let message, _):
            // Beyond the window a message is not inserted.
            guard state.message(id: message.id) != nil else { break }
            track(message.id)
            pendingAnimations += 1
        case .messageConfirmed(let id, let newID?):
            untrack(id)
            track(newID)
        case .messageRemoved(let id):
            untrack(id)
        default:
            break
        }
    }

    mutating func track(_ id: String) {
        guard loadedIndex[id] == nil else { return }
        loadedIndex[id] = loaded.count
        loaded.append(id)
    }

    mutating func untrack(_ id: String) {
        guard let index = loadedIndex.removeValue(forKey: id) else { return }
        let last = loaded.removeLast()
        if index < loaded.count {
            loaded[index] = last
            loadedIndex[last] = index
        }
    }

    var done: Bool { events.count >= length }

    var offset: Double { state.offset ?? 0 }

    // MARK: The session

    mutating func run() {
        open()
        while !done {
            step()
        }
        if events.count > length { events.removeLast(events.count - length) }
    }

    mutating func open() {
        // A messenger may open on a window it loaded around the first unread message or a saved
        // position beyond the newest page (specification §13).
        if messenger, chance(0.2) {
            openOnAWindow()
            return
        }
        let cached = history(count: int(0...40))
        // A messenger that saved a position appears with it before the history arrives.
        let saved = messenger && chance(0.3) ? savedPosition(in: cached) : nil
        if saved != nil || chance(0.5) { emit(.appeared(restore: saved)) }
        let cacheFirst = chance(0.3)
        if !cacheFirst {
            emit(.viewportChanged(height: viewport.height, insetTop: viewport.top, insetBottom: viewport.bottom))
        }
        emit(.historyLoaded(messages: cached, hasMoreOlder: olderPages > 0, firstUnreadID: firstUnread(in: cached)))
        if cacheFirst {
            emit(.viewportChanged(height: viewport.height, insetTop: viewport.top, insetBottom: viewport.bottom))
        }
        if chance(0.6) {
            // The network answer overlaps the cache and adds what is new.
            let overlap = Array(cached.suffix(int(0...10)))
            let fetched = overlap + history(count: int(0...8))
            emit(
                .historyLoaded(
                    messages: fetched, hasMoreOlder: olderPages > 0,
                    firstUnreadID: cached.isEmpty ? firstUnread(in: fetched) : nil))
        }
    }

    /// A position saved at an earlier visit, on one of `messages`; `nil` when there are none.
    mutating func savedPosition(in messages: [ChatMessage]) -> SavedPosition? {
        guard let anchor = messages.randomElement(using: &rng) else { return nil }
        return SavedPosition(anchorID: anchor.id, delta: Double(int(-40...200)), wasAtBottom: false)
    }

    /// The open on a window the app loaded itself: around the first unread message, or around a
    /// saved position that waits for it.
    mutating func openOnAWindow() {
        let window = newWindow(around: nil)
        let saved = chance(0.4) ? savedPosition(in: window) : nil
        if saved != nil || chance(0.5) { emit(.appeared(restore: saved)) }
        emit(.viewportChanged(height: viewport.height, insetTop: viewport.top, insetBottom: viewport.bottom))
        newerPages = int(0...4)
        olderPages = chance(0.8) ? int(1...6) : 0
        emit(
            .windowLoaded(
                messages: window, hasMoreOlder: olderPages > 0, hasMoreNewer: newerPages > 0,
                firstUnreadID: firstUnread(in: window)))
    }

    /// A messenger's server: often an incoming message of the opening history, unread.
    mutating func firstUnread(in messages: [ChatMessage]) -> String? {
        guard messenger, chance(0.7) else { return nil }
        let incoming = messages.filter { $0.direction == .incoming }
        guard !incoming.isEmpty else { return nil }
        // Mostly among the newest few, sometimes far up.
        let index = chance(0.7) ? max(0, incoming.count - int(1...4)) : int(0...(incoming.count - 1))
        return incoming[index].id
    }

    mutating func history(count: Int) -> [ChatMessage] {
        (0..<count).map { _ in
            defer { nextLive += 1 }
            // A messenger's history has date separators.
            if messenger, chance(0.08) { return ChatMessage(id: "m\(nextLive)", direction: .system, height: 28) }
            return ChatMessage(
                id: "m\(nextLive)", direction: chance(0.4) ? .outgoing : .incoming, height: height(36...420))
        }
    }

    mutating func step() {
        guard visible else {
            // Away: messages may still arrive; then the screen comes back.
            if chance(0.3) {
                appendIncoming()
            } else {
                restoreOnAppear()
            }
            return
        }
        if case .none = gesture {
        } else if chance(0.55) {
            continueGesture()
            return
        }
        if state.isLoadingOlder, chance(0.3) {
            answerOlder()
            return
        }
        if state.isLoadingNewer, chance(0.3) {
            answerNewer()
            return
        }
        if state.pendingWindow != nil, chance(0.35) {
            // An app applies a window once the finger is up.
            if case .dragging = gesture {
            } else {
                answerWindow()
                return
            }
        }
        if let id = streamingID {
            if chance(0.06) {
                emit(.streamFinished(id: id))
                streamingID = nil
                return
            }
            if chance(0.45) {
                if chance(0.1), let current = state.message(id: id)?.height {
                    emit(.tokensAppended(id: id, text: "…", heightDelta: nil, height: current + height(0...60)))
                } else {
                    emit(
                        .tokensAppended(
                            id: id, text: chance(0.5) ? "token" : nil, heightDelta: height(0...40), height: nil))
                }
                return
            }
        }

        var choices: [(Double, Action)] = [
            (6, .incoming), (4, .outgoing), (4, .measure), (2, .keyboard), (1, .focus),
            (1, .viewport), (state.hasMoreNewer ? 0 : 0.5, .refresh), (1, .remove),
        ]
        if streamingID == nil, !state.hasMoreNewer {
            choices.append((configuration.layout == .top ? 6 : 3, .startStream))
        }
        if messenger { choices.append((1.5, .replyJump)) }
        if !unconfirmed.isEmpty { choices.append((4, .confirm)) }
        if case .none = gesture, !selecting, state.offset != nil { choices.append((7, .drag)) }
        if !state.userHoldsView, state.offset != nil { choices.append((1, .programmaticScroll)) }
        if state.showJumpToLatest { choices.append((2, .jumpToLatest)) }
        if !loaded.isEmpty { choices.append((1, .jumpToMessage)) }
        if state.highlightedID != nil { choices.append((3, .highlightFinished)) }
        if pendingAnimations > 0 { choices.append((6, .animationFinished)) }
        if case .none = gesture { choices.append((1, .selection)) }
        if case .none = gesture, !selecting { choices.append((0.4, .disappear)) }

        let total = choices.reduce(0) { $0 + $1.0 }
        var pick = Double.random(in: 0..<total, using: &rng)
        var action = choices[0].1
        for (weight, candidate) in choices {
            if pick < weight {
                action = candidate
                break
            }
            pick -= weight
        }
        perform(action)
    }

    enum Action {
        case incoming, outgoing, startStream, confirm, measure, drag, keyboard, focus, viewport
        case programmaticScroll, jumpToLatest, jumpToMessage, highlightFinished, animationFinished
        case remove, selection, disappear, refresh, replyJump
    }

    mutating func perform(_ action: Action) {
        switch action {
        case .incoming:
            appendIncoming()
        case .outgoing:
            let id = "local\(nextLocal)"
            nextLocal += 1
            // Beyond the window the message is not inserted: it comes back with the newest page.
            if !state.hasMoreNewer { unconfirmed.append(id) }
            emit(.messageAppended(ChatMessage(id: id, direction: .outgoing, height: height(40...240)), streaming: nil))
        case .startStream:
            let id = "m\(nextLive)"
            nextLive += 1
            emit(.messageAppended(ChatMessage(id: id, direction: .incoming, height: height(24...60)), streaming: true))
            streamingID = id
        case .confirm:
            let id = unconfirmed.removeFirst()
            if chance(0.7) {
                let newID = "m\(nextLive)"
                nextLive += 1
                emit(.messageConfirmed(id: id, newID: newID))
            } else {
                emit(.messageConfirmed(id: id, newID: nil))
            }
        case .measure:
            guard let id = loaded.randomElement(using: &rng), let current = state.message(id: id)?.height else {
                return
            }
            emit(.itemMeasured(id: id, height: max(0, current + height(0...120) - 50)))
        case .drag:
            emit(.dragBegan)
            gesture = .dragging(left: int(1...6), direction: chance(0.6) ? -1 : 1)
        case .keyboard:
            if keyboardShown {
                emit(.keyboardWillHide(duration: 0.25))
                keyboardShown = false
                if focused, chance(0.7) {
                    emit(.inputBlurred)
                    focused = false
                }
            } else {
                if !focused {
                    emit(.inputFocused)
                    focused = true
                }
                emit(.keyboardWillShow(height: Double(int(216...346)), duration: chance(0.8) ? 0.25 : nil))
                keyboardShown = true
            }
        case .focus:
            emit(focused ? .inputBlurred : .inputFocused)
            focused.toggle()
        case .viewport:
            if chance(0.6) {
                // The input bar grows or shrinks by a line.
                viewport.bottom = max(34, viewport.bottom + (chance(0.5) ? 22 : -22))
            } else {
                // Rotation or a split view.
                viewport.height = Double(int(360...1100))
                viewport.top = Double(int(20...120))
            }
            emit(.viewportChanged(height: viewport.height, insetTop: viewport.top, insetBottom: viewport.bottom))
        case .programmaticScroll:
            // A client animating the last command reports offsets near its target.
            let target = state.scrollTarget?.offset ?? offset
            emit(.scrolled(offset: max(0, target + Double(int(-120...120)))))
        case .jumpToLatest:
            if case .dragging = gesture { return }
            gesture = .none
            selecting = false
            // A messenger also has the pill that jumps to the first unread message.
            emit(messenger && chance(0.5) ? .jumpToUnreadTapped : .jumpToLatestTapped)
        case .jumpToMessage:
            if case .dragging = gesture { return }
            guard let id = loaded.randomElement(using: &rng) else { return }
            gesture = .none
            selecting = false
            emit(.jumpToMessage(id: id))
        case .replyJump:
            // A reply quotes a message far up that is not loaded.
            if case .dragging = gesture { return }
            gesture = .none
            selecting = false
            emit(.jumpToMessage(id: "r\(nextReply)"))
            nextReply += 1
        case .highlightFinished:
            emit(.highlightFinished)
        case .animationFinished:
            guard let id = state.animating.randomElement(using: &rng) else { return }
            emit(.entranceAnimationFinished(id: id))
            pendingAnimations = state.animating.count
        case .remove:
            guard let id = loaded.randomElement(using: &rng) else { return }
            if id == streamingID { streamingID = nil }
            unconfirmed.removeAll { $0 == id }
            emit(.messageRemoved(id: id))
        case .selection:
            selecting.toggle()
            emit(.selectionChanged(active: selecting))
        case .disappear:
            emit(.disappeared)
            visible = false
            if keyboardShown {
                emit(.keyboardWillHide(duration: 0.25))
                keyboardShown = false
            }
        case .refresh:
            // A network refresh: the newest messages again, and perhaps one more.
            let recent = state.newestMessageID.flatMap { id in state.message(id: id) }.map { [$0] } ?? []
            emit(.historyLoaded(messages: recent + history(count: int(0...2)), hasMoreOlder: state.hasMoreOlder))
        }
    }

    mutating func appendIncoming() {
        if messenger, chance(0.05) {
            // A new day: its date separator comes first.
            emit(.messageAppended(ChatMessage(id: "m\(nextLive)", direction: .system, height: 28), streaming: nil))
            nextLive += 1
        }
        let id = "m\(nextLive)"
        nextLive += 1
        // A messenger shows who is typing until the message arrives.
        if messenger { emit(.footerChanged(height: height(30...48))) }
        emit(
            .messageAppended(
                ChatMessage(id: id, direction: .incoming, height: height(36...300)),
                streaming: chance(0.2) ? false : nil))
        if messenger { emit(.footerChanged(height: 0)) }
    }

    mutating func restoreOnAppear() {
        visible = true
        if let position = lastPosition, chance(0.8) {
            // A position whose anchor is gone is not restored: the app would not offer it.
            let usable = position.wasAtBottom || position.anchorID.map { state.message(id: $0) != nil } ?? false
            emit(.appeared(restore: usable ? position : nil))
        } else {
            emit(.appeared(restore: nil))
        }
    }

    mutating func answerOlder() {
        // A messenger shows a spinner above the oldest message while the page loads.
        if messenger { emit(.headerChanged(height: 44)) }
        defer { if messenger { emit(.headerChanged(height: 0)) } }
        if chance(0.1) {
            emit(.loadOlderFailed)
            return
        }
        let count = int(5...30)
        let page: [ChatMessage] = (0..<count).map { index in
            ChatMessage(
                id: "o\(nextOlder + count - 1 - index)", direction: chance(0.4) ? .outgoing : .incoming,
                height: height(36...420))
        }
        nextOlder += count
        olderPages -= 1
        emit(.olderLoaded(messages: page, hasMoreOlder: olderPages > 0))
    }

    mutating func answerNewer() {
        if chance(0.1) {
            emit(.loadNewerFailed)
            return
        }
        let page = (0..<int(5...30)).map { _ in
            defer { nextNewer += 1 }
            return ChatMessage(
                id: "n\(nextNewer)", direction: chance(0.4) ? .outgoing : .incoming, height: height(36...420))
        }
        newerPages -= 1
        emit(.newerLoaded(messages: page, hasMoreNewer: newerPages > 0))
    }

    /// The window the pending request asks for: around the message, or the newest page.
    mutating func answerWindow() {
        if chance(0.1) {
            emit(.windowLoadFailed)
            return
        }
        let around = state.pendingWindow?.around
        let window = newWindow(around: around)
        newerPages = around == nil ? 0 : int(0...4)
        olderPages = chance(0.8) ? int(1...6) : 0
        if case .momentum = gesture { gesture = .none }
        selecting = false
        emit(.windowLoaded(messages: window, hasMoreOlder: olderPages > 0, hasMoreNewer: newerPages > 0))
    }

    /// A window of 10 to 50 new messages, holding `around` when it is given.
    mutating func newWindow(around: String?) -> [ChatMessage] {
        let count = int(10...50)
        var window = (0..<count).map { _ in
            defer { nextWindow += 1 }
            return ChatMessage(
                id: "w\(nextWindow)", direction: chance(0.4) ? .outgoing : .incoming, height: height(36...420))
        }
        if let around { window[int(0...(count - 1))].id = around }
        return window
    }

    mutating func continueGesture() {
        let maxOffset = state.maxOffset
        func overscrolled(_ value: Double) -> Double { min(max(value, -80), maxOffset + 80) }
        switch gesture {
        case .none:
            return
        case .dragging(let left, let direction):
            if left > 0 {
                emit(.scrolled(offset: overscrolled(offset + direction * Double(int(4...260)))))
                gesture = .dragging(left: left - 1, direction: direction)
            } else {
                let flick = chance(0.6)
                let velocity = flick ? direction * Double(int(200...4000)) : 0
                emit(
                    .dragEnded(
                        offset: overscrolled(offset + direction * Double(int(0...20))),
                        velocity: flick ? velocity : (chance(0.5) ? 0 : nil)))
                gesture = flick ? .momentum(left: int(1...8), velocity: velocity) : .none
            }
        case .momentum(let left, let velocity):
            if chance(0.08) {
                // The finger catches the scroll.
                emit(.dragBegan)
                gesture = .dragging(left: int(0...4), direction: velocity < 0 ? -1 : 1)
            } else if left > 0 {
                emit(.scrolled(offset: overscrolled(offset + velocity * 0.05)))
                gesture = .momentum(left: left - 1, velocity: velocity * 0.6)
            } else {
                emit(.scrollSettled(offset: min(max(0, offset + velocity * 0.02), maxOffset)))
                gesture = .none
            }
        }
    }
}
