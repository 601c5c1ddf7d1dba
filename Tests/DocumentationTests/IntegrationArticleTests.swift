import ChatEvents
import ChatLogFormat
import ChatReducer
import ChatReplay
import ChatScrollDriver
import Testing

/// The code of the integration and recording articles, run.
@Suite("Documentation examples")
struct IntegrationArticleTests {
    @Test func gettingStarted() {
        var state = ChatState(configuration: ChatConfiguration())
        state.reduce(.viewportChanged(height: 844, insetTop: 91, insetBottom: 83))
        state.reduce(
            .historyLoaded(
                messages: [
                    ChatMessage(id: "m1", direction: .incoming, height: 400),
                    ChatMessage(id: "m2", direction: .outgoing, height: 600),
                ],
                hasMoreOlder: true))
        #expect(state.scrollTarget?.reason == .initialLoad)
        #expect(state.isAtBottom)
        #expect(state.visibleHeight == 670)
        #expect(state.offset == 330)
    }

    /// The screen model of `ChatReplay`'s article "From a Bug Report to a Golden Test", as an app
    /// copies it: it records what it reduces, with the shipped recorder.
    final class ConversationScrollModel {
        private(set) var state: ChatState
        private var recorder: ChatRecorder
        private let started = ContinuousClock.now

        init(configuration: ChatConfiguration) {
            state = ChatState(configuration: configuration)
            recorder = ChatRecorder(configuration: configuration)  // keeps the newest 10,000 events
        }

        func send(_ event: ChatEvent) {
            let elapsed = ContinuousClock.now - started
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            recorder.record(event, time: seconds)
            let effects = state.reduce(event)
            // … run the effects, execute state.scrollTarget when its seq changes …
            _ = effects
        }

        /// Called from "Report a problem".
        func bugReportLog() -> String {
            recorder.exportLog(
                metadata: ["app": "Messenger 4.2 (812)", "device": "iPhone15,3", "os": "iOS 18.1"],
                redactingIDs: true)
        }
    }

    @Test("the article's screen model exports a log without text that replays to its state")
    func articleRecordsWithTheShippedRecorder() throws {
        let model = ConversationScrollModel(configuration: ChatConfiguration())
        model.send(.viewportChanged(height: 844, insetTop: 91, insetBottom: 83))
        model.send(.messageAppended(ChatMessage(id: "a1", direction: .incoming, height: 40), streaming: true))
        model.send(.tokensAppended(id: "a1", text: "private words", heightDelta: 20, height: nil))
        let log = model.bugReportLog()

        #expect(!log.contains("private words"))
        #expect(!log.contains("\"a1\""))
        let replayed = try ChatLog(decoding: Array(log.utf8))
        #expect(replayed.header?.metadata["app"] == "Messenger 4.2 (812)")
        var replayState = ChatState(configuration: replayed.configuration)
        for logged in replayed.events { replayState.reduce(logged.event) }
        #expect(replayState.offset == model.state.offset)
        #expect(replayState.contentHeight == 60)
        #expect(replayState.messages.map(\.id) == ["m1"])
    }

    /// A scroll view that only records what it is asked, as the articles' adapters would.
    final class Adapter: ChatScrollViewTarget {
        var moves: [ScrollAnimation] = []
        func setContentOffsetY(_ y: Double, animation: ScrollAnimation) { moves.append(animation) }
    }

    /// The overview of the ChatScrollDriver catalog and the integration articles' flow: each
    /// command runs once, a stream costs one scroll, older history is requested once.
    @Test func everyCommandRunsOnceThroughTheDriver() {
        let driver = ChatScrollDriver(configuration: ChatConfiguration())
        let adapter = Adapter()
        var requested: [String] = []
        driver.scrollView = adapter
        driver.onEffect = { effect in
            if case .loadOlder(let before) = effect { requested.append(before) }
        }
        driver.layout(frameHeight: 844, insetTop: 91, insetBottom: 83)
        driver.send(
            .historyLoaded(
                messages: (1...10).map { ChatMessage(id: "m\($0)", direction: .incoming, height: 100) },
                hasMoreOlder: true))
        driver.send(.messageAppended(ChatMessage(id: "a1", direction: .incoming, height: 40), streaming: true))
        for _ in 0..<5 { driver.send(.tokensAppended(id: "a1", text: nil, heightDelta: 20, height: nil)) }
        #expect(driver.state.scrollTarget?.seq == 2)
        #expect(driver.state.scrollTarget?.reason == .incomingMessage)

        // The user scrolls up to the top: older history is requested once.
        driver.willBeginDragging()
        driver.didScroll(contentOffsetY: -91)
        driver.willEndDragging(velocity: 0)
        #expect(driver.state.mode == .detached)
        #expect(requested == ["m1"])
        driver.keyboardWillChange(keyboardTop: 844 - 336 - 83, scrollViewBottom: 844, duration: 0.25)
        #expect(driver.state.keyboardHeight == 336)
        #expect(driver.state.scrollTarget?.seq == 2)
    }

    /// The article's export, as a function of a screen that records where it reduces: the log
    /// replays to the same timeline as the events themselves.
    @Test func exportedLogReplaysToTheSameTimeline() throws {
        var recorder = ChatRecorder(configuration: ChatConfiguration())
        var state = ChatState(configuration: recorder.configuration)
        func send(_ event: ChatEvent, at seconds: Double) {
            recorder.record(event, time: seconds)
            state.reduce(event)
        }
        send(.viewportChanged(height: 844, insetTop: 91, insetBottom: 83), at: 0)
        send(.messageAppended(ChatMessage(id: "me1", direction: .outgoing, height: 44), streaming: nil), at: 1.5)
        let log = recorder.exportLog(metadata: ["app": "1.4.2"], redactingIDs: true)

        let replayed = try ChatLog(decoding: Array(log.utf8))
        #expect(replayed.events.count == 2)
        #expect(TimelineRenderer.timeline(of: replayed).contains("reason=outgoingMessage"))
    }

    /// "Opening at the first unread message": the open, the divider and the first receipt.
    @Test func openingAtTheFirstUnreadMessage() {
        let page = (1...20).map { ChatMessage(id: "m\($0)", direction: .incoming, height: 100) }
        var state = ChatState(configuration: ChatConfiguration(readReceipts: true))
        state.reduce(.viewportChanged(height: 800, insetTop: 100, insetBottom: 50))
        state.reduce(.historyLoaded(messages: page, hasMoreOlder: true, firstUnreadID: "m12"))
        #expect(
            state.scrollTarget
                == ScrollCommand(
                    seq: 1, kind: .item, id: "m12", anchor: .top, offset: 1100, unitAnchorY: 0.125, animated: false,
                    reason: .initialLoad))
        #expect(state.unreadDividerID == "m12")
        #expect(state.effects == [.markRead(upTo: "m18")])
        var marked: [String] = []
        for case .markRead(let upTo) in state.effects { marked.append(upTo) }
        #expect(marked == ["m18"])
    }

    /// "Jumping into history": the request, the window, and the newer page it asks for.
    @Test func jumpingIntoHistory() {
        var state = ChatState(configuration: ChatConfiguration(windowedHistory: true))
        state.reduce(.viewportChanged(height: 800, insetTop: 100, insetBottom: 50))
        state.reduce(
            .historyLoaded(
                messages: (1...20).map { ChatMessage(id: "m\($0)", direction: .incoming, height: 100) },
                hasMoreOlder: true))
        state.reduce(.jumpToMessage(id: "x50"))
        #expect(state.effects == [.loadWindow(around: "x50")])
        #expect(state.pendingWindow == PendingWindow(around: "x50", reason: .jumpToMessage))
        let window = (40...60).map { ChatMessage(id: "x\($0)", direction: .incoming, height: 100) }
        state.reduce(.windowLoaded(messages: window, hasMoreOlder: true, hasMoreNewer: true))
        #expect(state.highlightedID == "x50")
        #expect(state.scrollTarget?.animated == false)
        #expect(state.hasMoreNewer && !state.isAtBottom && state.showJumpToLatest)
    }

    /// A server that returns a window of messages around an id, as the article's `server` does.
    struct WindowServer {
        struct Window {
            var messages: [ChatMessage]
            var hasMoreOlder: Bool
            var hasMoreNewer: Bool
        }

        func messages(around id: String?) async throws -> Window {
            let center = Int(id?.dropFirst() ?? "") ?? 100
            let range = max(1, center - 20)...(center + 20)
            return Window(
                messages: range.map { ChatMessage(id: "m\($0)", direction: .incoming, height: 100) },
                hasMoreOlder: range.lowerBound > 1, hasMoreNewer: true)
        }
    }

    /// "Opening where the reader belongs": the order of events, and the two recipes beyond the
    /// newest page, as the article writes them.
    @Test func openingWhereTheReaderBelongs() async throws {
        let saved = SavedPosition(anchorID: "m40", delta: 12, wasAtBottom: false)
        let newestPage = (31...60).map { ChatMessage(id: "m\($0)", direction: .incoming, height: 100) }
        var state = ChatState(configuration: ChatConfiguration(readReceipts: true))
        state.reduce(.appeared(restore: saved))  // waits: nothing is loaded
        state.reduce(.viewportChanged(height: 844, insetTop: 91, insetBottom: 83))
        state.reduce(.historyLoaded(messages: newestPage, hasMoreOlder: true))
        #expect(state.scrollTarget?.reason == .restore)
        #expect(state.scrollTarget?.id == "m40")
        #expect(state.offset == 912)

        // Beyond the newest page: a window around the saved anchor.
        let server = WindowServer()
        let older = SavedPosition(anchorID: "m7", delta: 0, wasAtBottom: false)
        var reopened = ChatState(configuration: ChatConfiguration(readReceipts: true))
        reopened.reduce(.viewportChanged(height: 844, insetTop: 91, insetBottom: 83))
        reopened.reduce(.appeared(restore: older))
        let window = try await server.messages(around: older.anchorID)
        reopened.reduce(
            .windowLoaded(
                messages: window.messages, hasMoreOlder: window.hasMoreOlder, hasMoreNewer: window.hasMoreNewer))
        #expect(reopened.scrollTarget?.reason == .restore)
        #expect(reopened.offset == 600)
        #expect(reopened.mode == .detached && reopened.showJumpToLatest)

        // Beyond the newest page: a window around the first unread message.
        struct Marker { var firstUnreadID: String }
        let marker = Marker(firstUnreadID: "m150")
        var unread = ChatState(configuration: ChatConfiguration(readReceipts: true))
        unread.reduce(.viewportChanged(height: 844, insetTop: 91, insetBottom: 83))
        let around = try await server.messages(around: marker.firstUnreadID)
        unread.reduce(
            .windowLoaded(
                messages: around.messages, hasMoreOlder: true, hasMoreNewer: true,
                firstUnreadID: marker.firstUnreadID))
        #expect(unread.scrollTarget?.id == "m150")
        #expect(unread.unreadDividerID == "m150")
        #expect(unread.readUpTo == "m156")
    }
}
