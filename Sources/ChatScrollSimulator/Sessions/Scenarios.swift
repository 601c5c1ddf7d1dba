import ChatEvents
import ChatScrollUtilities

/// The shipped scenarios and seeded random sessions.
public enum Scenarios {
    /// Every shipped scenario, each a situation that makes hand-written chat screens jump.
    public static var all: [SimSession] {
        [
            openAndReadHistory(), streamWhileFollowing(), scrollUpDuringStream(), prependDuringMomentum(),
            pageUnderTheFinger(), keyboardDuringDrag(), keyboardWhileFollowingAndDetached(),
            measurementDuringCommandAnimation(), questionAndAnswer(), rotationWhileReading(),
            openAtFirstUnread(), replyJumpIntoHistory(), sendWhileReadingOldHistory(),
            typingIndicators(reserve: true), typingIndicators(reserve: false), spinnerWhileReadingHistory(),
            keyboardWhileFollowing(), keyboardWhileReading(), keyboardWithStreamedAnswer(), keyboardPulledDown(),
        ]
    }

    /// A messenger's configuration: read receipts and windowed history (specification §10 and §11).
    public static let messengerConfiguration = ChatConfiguration(readReceipts: true, windowedHistory: true)

    /// The shipped scenario named `name`, or the random session `random-SEED`; `nil` for
    /// another name.
    public static func named(_ name: String) -> SimSession? {
        if let scenario = all.first(where: { $0.name == name }) { return scenario }
        if name.hasPrefix("messenger-"), let seed = UInt64(name.dropFirst("messenger-".count)) {
            return messenger(seed: seed)
        }
        guard name.hasPrefix("random-"), let seed = UInt64(name.dropFirst("random-".count)) else { return nil }
        return random(seed: seed)
    }

    /// Opens 60 messages, scrolls up with momentum, gets messages while reading, jumps to latest.
    public static func openAndReadHistory() -> SimSession {
        var s = SessionBuilder(seed: 1)
        s.add(.app(.open(history: s.messages(60), hasMoreOlder: false)))
        s.wait(60)
        s.drag(500, velocity: 1500)
        s.wait(120)
        for _ in 0..<3 {
            s.add(.app(.append(s.message(.incoming), streaming: false)))
            s.wait(40)
        }
        s.add(.app(.jumpToLatest))
        return s.build("open-and-read-history")
    }

    /// A long answer streams while the view follows.
    public static func streamWhileFollowing() -> SimSession {
        var s = SessionBuilder(seed: 2)
        s.add(.app(.open(history: s.messages(30), hasMoreOlder: false)))
        s.wait(30)
        s.add(.app(.append(s.message(.outgoing), streaming: false)))
        s.wait(40)
        s.stream(s.message(.incoming), tokens: 60)
        return s.build("stream-while-following")
    }

    /// The reader scrolls up in the middle of a streamed answer; the stream goes on.
    public static func scrollUpDuringStream() -> SimSession {
        var s = SessionBuilder(seed: 3)
        s.add(.app(.open(history: s.messages(30), hasMoreOlder: false)))
        s.wait(30)
        let answer = s.message(.incoming)
        s.add(.app(.append(answer, streaming: true)))
        for batch in 0..<80 {
            s.wait(6)
            s.add(.app(.tokens(id: answer.id, delta: 18)))
            if batch == 20 {
                s.drag(420, frames: 20, velocity: 0)
            }
        }
        s.wait(1)
        s.add(.app(.finish(id: answer.id)))
        return s.build("scroll-up-during-stream")
    }

    /// A conversation with someone who types, with date separators: the typing indicator shows
    /// before each of their messages, while the list follows and while the reader reads above,
    /// and "thinking…" before a streamed answer. With `reserve`, the screen keeps room for it
    /// (`footerReserve`), so that it comes and goes without moving anything.
    public static func typingIndicators(reserve: Bool) -> SimSession {
        var s = SessionBuilder(seed: 21)
        s.add(.app(.open(history: s.messages(30), hasMoreOlder: false)))
        for _ in 0..<4 {
            s.wait(90)
            s.add(.app(.append(s.message(.incoming), streaming: false)))
        }
        s.wait(60)
        s.drag(500, frames: 30, velocity: 0)
        for _ in 0..<3 {
            s.wait(90)
            s.add(.app(.append(s.message(.incoming), streaming: false)))
        }
        s.wait(60)
        s.add(.app(.jumpToLatest))
        s.wait(90)
        s.add(.app(.append(s.message(.outgoing), streaming: false)))
        s.wait(90)
        s.stream(s.message(.incoming), tokens: 30)
        let configuration = ChatConfiguration(footerReserve: reserve ? SimSession.thinkingHeight : 0)
        return s.build(
            reserve ? "typing-indicators" : "typing-indicators-without-reserve", configuration: configuration,
            rowsThatAreNotMessages: true)
    }

    /// Reading back through history, with date separators: a spinner shows above the oldest
    /// message while each older page loads, and goes when the page is there.
    public static func spinnerWhileReadingHistory() -> SimSession {
        var s = SessionBuilder(seed: 22)
        s.add(.app(.open(history: s.messages(30), hasMoreOlder: true)))
        s.wait(30)
        let pages = (0..<4).map { _ in s.messages(24, prefix: "o") }
        for _ in 0..<6 {
            s.drag(500, frames: 20, velocity: 1500)
            s.wait(150)
        }
        return s.build(
            "spinner-while-reading-history", olderPages: pages, pageDelay: 40, tail: 200,
            rowsThatAreNotMessages: true)
    }

    /// A fling towards older history: the page arrives while the list is still decelerating.
    public static func prependDuringMomentum() -> SimSession {
        var s = SessionBuilder(seed: 4)
        s.add(.app(.open(history: s.messages(20), hasMoreOlder: true)))
        s.wait(30)
        let pages = (0..<3).map { _ in s.messages(20, prefix: "o") }
        s.drag(300, frames: 10, velocity: 4000)
        s.wait(200)
        s.drag(300, frames: 10, velocity: 4000)
        return s.build("prepend-during-momentum", olderPages: pages, pageDelay: 12, tail: 300)
    }

    /// The reader holds the list near the top while a page is prepended under the finger.
    public static func pageUnderTheFinger() -> SimSession {
        var s = SessionBuilder(seed: 5)
        s.add(.app(.open(history: s.messages(12), hasMoreOlder: true)))
        s.wait(30)
        let pages = (0..<2).map { _ in s.messages(20, prefix: "o") }
        s.drag(900, frames: 90, velocity: 0)
        return s.build("page-under-the-finger", olderPages: pages, pageDelay: 30)
    }

    /// The keyboard comes up while the user drags.
    public static func keyboardDuringDrag() -> SimSession {
        var s = SessionBuilder(seed: 6)
        s.add(.app(.open(history: s.messages(40), hasMoreOlder: false)))
        s.wait(30)
        s.add(.touchDown)
        for step in 0..<60 {
            s.wait(1)
            s.add(.fingerMove(dy: 8))
            if step == 20 { s.add(.app(.keyboard(overlap: 336, duration: 0.25))) }
        }
        s.wait(1)
        s.add(.touchUp(velocity: 0))
        s.wait(60)
        s.add(.app(.keyboard(overlap: 0, duration: 0.25)))
        return s.build("keyboard-during-drag")
    }

    /// The keyboard shows and hides at the bottom, then while reading history.
    public static func keyboardWhileFollowingAndDetached() -> SimSession {
        var s = SessionBuilder(seed: 7)
        s.add(.app(.open(history: s.messages(40), hasMoreOlder: false)))
        s.wait(30)
        s.add(.app(.keyboard(overlap: 336, duration: 0.25)))
        s.wait(60)
        s.add(.app(.keyboard(overlap: 0, duration: 0.25)))
        s.wait(60)
        s.drag(700, velocity: 0)
        s.wait(30)
        s.add(.app(.keyboard(overlap: 336, duration: 0.25)))
        s.wait(60)
        s.add(.app(.append(s.message(.incoming), streaming: false)))
        s.wait(60)
        s.add(.app(.keyboard(overlap: 0, duration: 0.25)))
        return s.build("keyboard-while-following-and-detached")
    }

    /// The reader follows the conversation, focuses the input (the keyboard shows), sends, gets an
    /// answer, and closes the keyboard: on a bar pinned to `keyboardLayoutGuide`, a driver that
    /// takes the keyboard's frame for all that covers the list leaves the newest message under
    /// the bar.
    public static func keyboardWhileFollowing() -> SimSession {
        var s = SessionBuilder(seed: 21)
        s.add(.app(.open(history: s.messages(40), hasMoreOlder: false)))
        s.wait(30)
        s.add(.app(.keyboard(overlap: 385, duration: 0.25)))
        s.wait(60)
        s.add(.app(.append(s.message(.outgoing), streaming: false)))
        s.wait(90)
        s.add(.app(.append(s.message(.incoming), streaming: false)))
        s.wait(90)
        s.add(.app(.keyboard(overlap: 0, duration: 0.25)))
        return s.build("keyboard-while-following")
    }

    /// The keyboard shows, the reader scrolls up into history and reads, the keyboard hides and
    /// shows again: where the frame shrinks to the bar's top, a driver that keeps the overlap it
    /// computed from the old frame counts the keyboard twice.
    public static func keyboardWhileReading() -> SimSession {
        var s = SessionBuilder(seed: 22)
        s.add(.app(.open(history: s.messages(50), hasMoreOlder: false)))
        s.wait(30)
        s.add(.app(.keyboard(overlap: 385, duration: 0.25)))
        s.wait(60)
        s.drag(600, velocity: 0)
        s.wait(60)
        s.add(.app(.keyboard(overlap: 0, duration: 0.25)))
        s.wait(60)
        s.add(.app(.keyboard(overlap: 385, duration: 0.25)))
        s.wait(60)
        s.add(.app(.jumpToLatest))
        s.wait(90)
        s.add(.app(.append(s.message(.incoming), streaming: false)))
        return s.build("keyboard-while-reading")
    }

    /// The keyboard shows while an answer streams in at the bottom (SwiftUI's keyboard avoidance
    /// resizes the scroll view after layout).
    public static func keyboardWithStreamedAnswer() -> SimSession {
        var s = SessionBuilder(seed: 23)
        s.add(.app(.open(history: s.messages(40), hasMoreOlder: false)))
        s.wait(30)
        s.add(.app(.append(s.message(.outgoing), streaming: false)))
        s.wait(20)
        s.add(.app(.keyboard(overlap: 385, duration: 0.25)))
        s.stream(s.message(.incoming), tokens: 30, every: 6, delta: 18)
        s.wait(60)
        s.add(.app(.keyboard(overlap: 0, duration: 0.25)))
        return s.build("keyboard-with-streamed-answer")
    }

    /// With the keyboard up, the reader drags the list down far enough to reach the keyboard and
    /// pull it (interactive dismissal), lets go, and later pulls it only part of the way.
    public static func keyboardPulledDown() -> SimSession {
        var s = SessionBuilder(seed: 24)
        s.add(.app(.open(history: s.messages(50), hasMoreOlder: false)))
        s.wait(30)
        s.add(.app(.keyboard(overlap: 385, duration: 0.25)))
        s.wait(60)
        s.drag(450, frames: 30, velocity: 300)
        s.wait(90)
        s.add(.app(.keyboard(overlap: 385, duration: 0.25)))
        s.wait(60)
        s.drag(220, frames: 30, velocity: 0)
        s.wait(60)
        s.add(.app(.append(s.message(.incoming), streaming: false)))
        return s.build("keyboard-pulled-down")
    }

    /// A message whose estimated height is far off is measured during its scroll animation.
    public static func measurementDuringCommandAnimation() -> SimSession {
        var s = SessionBuilder(seed: 8)
        s.add(.app(.open(history: s.messages(30), hasMoreOlder: false)))
        s.wait(30)
        for k in 0..<4 {
            var message = s.message(k % 2 == 0 ? .incoming : .outgoing)
            message.estimatedHeight = 44
            message.height = 44 + Double(60 * (k + 1))
            s.add(.app(.append(message, streaming: false)))
            s.wait(20)
        }
        return s.build("measurement-during-command-animation")
    }

    /// Layout `top`: a question is pinned under the navigation bar while its answer streams.
    public static func questionAndAnswer() -> SimSession {
        var s = SessionBuilder(seed: 9)
        s.add(.app(.open(history: s.messages(10), hasMoreOlder: false)))
        s.wait(30)
        for _ in 0..<2 {
            s.add(.app(.append(s.message(.outgoing), streaming: false)))
            s.wait(50)
            s.stream(s.message(.incoming), tokens: 50)
            s.wait(60)
        }
        return s.build("question-and-answer", configuration: ChatConfiguration(layout: .top))
    }

    /// The device rotates while the reader reads history.
    public static func rotationWhileReading() -> SimSession {
        var s = SessionBuilder(seed: 10)
        s.add(.app(.open(history: s.messages(50), hasMoreOlder: false)))
        s.wait(30)
        s.drag(900, velocity: 0)
        s.wait(30)
        s.add(.rotate(frameHeight: 390))
        s.wait(60)
        s.add(.rotate(frameHeight: 844))
        return s.build("rotation-while-reading")
    }

    /// A conversation opens at its first unread message, far above the bottom; the reader reads
    /// down to the newest while messages arrive, with read receipts.
    public static func openAtFirstUnread() -> SimSession {
        var s = SessionBuilder(seed: 11)
        let history = s.messages(60)
        let firstUnread = history[31]
        s.add(.app(.open(history: history, hasMoreOlder: false, firstUnreadID: firstUnread.id)))
        s.wait(60)
        for _ in 0..<4 {
            s.drag(-450, frames: 20, velocity: -900)
            s.wait(90)
            s.add(.app(.append(s.message(.incoming), streaming: false)))
            s.wait(30)
        }
        s.add(.app(.jumpToLatest))
        return s.build("open-at-first-unread", configuration: messengerConfiguration)
    }

    /// A reply quotes a message far up that is not loaded: its window replaces the
    /// conversation; the reader reads down as newer pages arrive (and messages keep coming,
    /// unread), then taps jump to latest, which loads the newest page.
    public static func replyJumpIntoHistory() -> SimSession {
        var s = SessionBuilder(seed: 12)
        let archive = s.messages(90, prefix: "a")
        s.add(.app(.open(history: s.messages(30), hasMoreOlder: true)))
        s.wait(60)
        s.add(.app(.replyJump(id: archive[20].id)))
        s.wait(60)
        for round in 0..<5 {
            s.drag(-500, frames: 18, velocity: round % 2 == 0 ? -2500 : 0)
            s.wait(70)
            if round == 2 { s.add(.app(.append(s.message(.incoming), streaming: false))) }
        }
        s.add(.app(.jumpToLatest))
        s.wait(60)
        s.add(.app(.append(s.message(.incoming), streaming: false)))
        return s.build(
            "reply-jump-into-history", configuration: messengerConfiguration, archive: archive, pageDelay: 20)
    }

    /// The reader jumps into old history through a reply, then sends a message: the newest page
    /// is loaded with it, and the screen follows the conversation again; an answer streams.
    public static func sendWhileReadingOldHistory() -> SimSession {
        var s = SessionBuilder(seed: 13)
        let archive = s.messages(60, prefix: "a")
        s.add(.app(.open(history: s.messages(25), hasMoreOlder: true)))
        s.wait(40)
        s.add(.app(.replyJump(id: archive[10].id)))
        s.wait(60)
        s.drag(-300, frames: 15, velocity: 0)
        s.wait(40)
        s.add(.app(.keyboard(overlap: 336, duration: 0.25)))
        s.wait(40)
        s.add(.app(.append(s.message(.outgoing), streaming: false)))
        s.wait(60)
        s.stream(s.message(.incoming), tokens: 30)
        return s.build(
            "send-while-reading-old-history", configuration: messengerConfiguration, archive: archive, pageDelay: 25)
    }

    /// How a messenger session opens (specification §10 and §13).
    public enum MessengerOpening: Sendable, Hashable, CaseIterable {
        /// The newest page of history, often at a first unread message in it.
        case history
        /// The screen appears with a saved position before the history that holds it arrives.
        case restore
        /// A window the app loaded around a first unread message far above the present.
        case window
    }

    /// A seeded messenger session: an open (often at a first unread, at a saved position that
    /// waits for the history, or on a window around a first unread message of the archive), then
    /// incoming messages, sends, drags and flings, the keyboard, reply jumps into history that is
    /// not loaded (and into loaded history), newer and older pages, and jumps to the latest; read
    /// receipts on. Without `opening`, the seed draws it: the history one time in two.
    public static func messenger(seed: UInt64, opening: MessengerOpening? = nil) -> SimSession {
        var s = SessionBuilder(seed: seed)
        var random = SplitMix64(seed: seed ^ 0x3e55)
        // (A stream of its own, so that the rest of a session is drawn as before.)
        var openings = SplitMix64(seed: seed ^ 0x09e2)
        let opening = opening ?? [.history, .history, .restore, .window][openings.int(0...3)]
        let archive = s.messages(random.int(20...120), prefix: "a")
        let history = s.messages(random.int(1...50))
        let incoming = history.filter { $0.direction == .incoming }
        let firstUnread =
            random.int(0...2) > 0 && !incoming.isEmpty ? incoming[random.int(0...(incoming.count - 1))].id : nil
        // The server's conversation: the archive, then the newest page; a window open loads part
        // of the archive and leaves the newest page to newer pages and jumps.
        var conversation = archive
        switch opening {
        case .history:
            s.add(.app(.open(history: history, hasMoreOlder: true, firstUnreadID: firstUnread)))
        case .restore:
            // A position saved away from the bottom has more than a screen below it (a reader at
            // the bottom saved `wasAtBottom`).
            let delta = Double(openings.int(0...40))
            var below = 0.0
            var candidates: [SimMessage] = []
            for message in history.reversed() {
                below += message.height
                if below - delta > 800 { candidates.append(message) }
            }
            let restore =
                candidates.isEmpty
                ? SavedPosition(anchorID: nil, delta: 0, wasAtBottom: true)
                : SavedPosition(
                    anchorID: candidates[openings.int(0...(candidates.count - 1))].id, delta: delta,
                    wasAtBottom: false)
            s.add(.app(.appeared(restore: restore)))
            s.wait(openings.int(1...20))
            s.add(.app(.open(history: history, hasMoreOlder: true, firstUnreadID: firstUnread)))
        case .window:
            // The server's window around the first unread message: ten messages before it and
            // ten after (those of the newest page when it is near the archive's end), short of
            // the present.
            conversation += history
            let unread = archive.indices.filter { archive[$0].direction == .incoming }
            let center = unread.isEmpty ? archive.count / 2 : unread[openings.int(0...(unread.count - 1))]
            let start = max(0, center - 10)
            let end = min(conversation.count - 1, center + 11)
            s.add(
                .app(
                    .open(
                        history: Array(conversation[start..<end]), hasMoreOlder: start > 0,
                        firstUnreadID: unread.isEmpty ? nil : archive[center].id, hasMoreNewer: true)))
        }
        var keyboardUp = false
        for _ in 0..<random.int(5...14) {
            s.wait(random.int(5...60))
            switch random.int(0...11) {
            case 0, 1:
                s.add(.app(.append(s.message(.incoming), streaming: false)))
            case 2:
                s.stream(s.message(.incoming), tokens: random.int(3...30), every: random.int(2...8))
            case 3:
                s.add(.app(.append(s.message(.outgoing), streaming: false)))
            case 4, 5, 6:
                let distance = Double(random.int(-900...700))
                s.drag(distance, frames: random.int(5...40), velocity: random.int(0...1) == 0 ? 0 : distance * 4)
            case 7:
                keyboardUp.toggle()
                s.add(.app(.keyboard(overlap: keyboardUp ? 336 : 0, duration: 0.25)))
            case 8:
                s.add(.app(.jumpToLatest))
            case 9, 10:
                // A reply quoting a message of the archive (not loaded), sometimes of the history.
                let quoted =
                    random.int(0...3) == 0
                    ? history[random.int(0...(history.count - 1))] : archive[random.int(0...(archive.count - 1))]
                s.add(.app(.replyJump(id: quoted.id)))
            default:
                s.drag(Double(-random.int(200...900)), frames: 8, velocity: -5000)
            }
        }
        var configuration = messengerConfiguration
        configuration.footerReserve = reserve(seed: seed)
        return s.build(
            "messenger-\(seed)", configuration: configuration, archive: conversation,
            pageDelay: random.int(5...40), tail: 240, rowsThatAreNotMessages: true)
    }

    /// The footer reserve of a seeded session: the typing indicator's height in half of them, none
    /// in the others (a stream of its own, so the rest of a session is drawn as before).
    static func reserve(seed: UInt64) -> Double {
        var random = SplitMix64(seed: seed ^ 0xf007)
        return random.int(0...1) == 0 ? SimSession.typingHeight : 0
    }

    /// A seeded random session: an open, then a mix of incoming messages, streamed answers,
    /// sends, drags and flings, the keyboard, rotations, pages of history and jumps to the latest.
    public static func random(seed: UInt64) -> SimSession {
        var s = SessionBuilder(seed: seed)
        var random = SplitMix64(seed: seed ^ 0x5eed)
        let top = random.int(0...5) == 0
        s.add(.app(.open(history: s.messages(random.int(0...50)), hasMoreOlder: random.int(0...1) == 0)))
        let pages = (0..<random.int(0...3)).map { _ in s.messages(random.int(5...25), prefix: "o") }
        var keyboardUp = false
        // Rotations come from a stream of their own, so the rest of a session is drawn as before
        // up to its first rotation.
        var rotations = SplitMix64(seed: seed ^ 0x0707_a7e5)
        var landscape = false
        for _ in 0..<random.int(4...12) {
            s.wait(random.int(5...60))
            if rotations.int(0...7) == 0 {
                landscape.toggle()
                // Landscape: a compact navigation bar (32) and input bar with home indicator (71).
                // The keyboard changes its frame with the orientation (200 points in landscape).
                s.add(
                    .rotate(
                        frameHeight: landscape ? 390 : 844, insetTop: landscape ? 32 : 91,
                        insetBottom: landscape ? 71 : 83, keyboard: keyboardUp ? (landscape ? 200 : 336) : nil))
                s.wait(rotations.int(5...60))
            }
            switch random.int(0...9) {
            case 0, 1:
                s.add(.app(.append(s.message(.incoming), streaming: false)))
            case 2:
                s.stream(s.message(.incoming), tokens: random.int(3...40), every: random.int(2...8))
            case 3:
                s.add(.app(.append(s.message(.outgoing), streaming: false)))
            case 4, 5:
                let distance = Double(random.int(-600...900))
                s.drag(distance, frames: random.int(5...40), velocity: random.int(0...1) == 0 ? 0 : distance * 4)
            case 6:
                keyboardUp.toggle()
                s.add(.app(.keyboard(overlap: keyboardUp ? (landscape ? 200 : 336) : 0, duration: 0.25)))
            case 7:
                s.add(.app(.jumpToLatest))
            case 8:
                // A stream with a drag in the middle.
                let answer = s.message(.incoming)
                s.add(.app(.append(answer, streaming: true)))
                for k in 0..<20 {
                    s.wait(4)
                    s.add(.app(.tokens(id: answer.id, delta: 16)))
                    if k == 6 { s.drag(Double(random.int(100...500)), frames: 12, velocity: 0) }
                }
                s.wait(1)
                s.add(.app(.finish(id: answer.id)))
            default:
                s.drag(Double(random.int(200...900)), frames: 8, velocity: 5000)
            }
        }
        return s.build(
            "random-\(seed)",
            configuration: ChatConfiguration(layout: top ? .top : .bottom, footerReserve: reserve(seed: seed)),
            olderPages: pages, pageDelay: random.int(5...40), tail: 180, rowsThatAreNotMessages: true)
    }
}
