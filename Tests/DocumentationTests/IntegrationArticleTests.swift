import ChatEvents
import ChatReducer
import ChatReplay
import Testing

/// The code of the integration and recording articles, run.
@Suite("Documentation examples")
struct IntegrationArticleTests {
    @Test func gettingStarted() {
        var state = ChatState(configuration: ChatConfiguration())
        state.reduce(.viewportChanged(height: 844, insetTop: 91, insetBottom: 83))
        state.reduce(.historyLoaded(
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

    /// The README's "From a bug report to a golden test": the shipped recorder, not a copy of it.
    @Test func readmeRecordsWithTheShippedRecorder() throws {
        let configuration = ChatConfiguration()
        var state = ChatState(configuration: configuration)
        var recorder = ChatRecorder(configuration: configuration)

        func send(_ event: ChatEvent, at seconds: Double) {
            recorder.record(event, time: seconds)
            state.reduce(event)
        }

        send(.viewportChanged(height: 844, insetTop: 91, insetBottom: 83), at: 0)
        send(.messageAppended(ChatMessage(id: "a1", direction: .incoming, height: 40), streaming: true), at: 1)
        send(.tokensAppended(id: "a1", text: "private words", heightDelta: 20, height: nil), at: 1.5)
        let log = recorder.exportLog(metadata: ["app": "1.4.2 (311)"])

        #expect(!log.contains("private words"))
        let replayed = try ChatLog(decoding: Array(log.utf8))
        #expect(replayed.header?.metadata["app"] == "1.4.2 (311)")
        var replayState = ChatState(configuration: replayed.configuration)
        for logged in replayed.events { replayState.reduce(logged.event) }
        #expect(replayState == state)
    }

    @Test func everyCommandRunsOnce() {
        let model = ChatScrollModel()
        var scrolls: [ScrollCommand.Reason] = []
        var requested: [String] = []
        model.performScroll = { scrolls.append($0.reason) }
        model.loadOlder = { requested.append($0) }
        model.layoutChanged(viewportHeight: 844, insetTop: 91, insetBottom: 83)
        model.send(.historyLoaded(
            messages: (1...10).map { ChatMessage(id: "m\($0)", direction: .incoming, height: 100) },
            hasMoreOlder: true))
        // Streaming the answer grows the content but issues no new command.
        model.send(.messageAppended(ChatMessage(id: "a1", direction: .incoming, height: 40), streaming: true))
        for _ in 0..<5 { model.send(.tokensAppended(id: "a1", text: nil, heightDelta: 20, height: nil)) }
        #expect(scrolls == [.initialLoad, .incomingMessage])

        // The user scrolls up to the top: older history is requested once.
        model.userBeganDragging()
        model.scrolled(toOffset: 0)
        model.userEndedDragging(atOffset: 0, velocity: nil)
        #expect(model.state.mode == .detached)
        #expect(requested == ["m1"])
        model.keyboardWillShow(overlap: 336 + 83, insetBottom: 83, duration: 0.25)
        #expect(model.state.keyboardHeight == 336)
        #expect(scrolls == [.initialLoad, .incomingMessage])
    }

    @Test func uikitOffsets() {
        #expect(UIKitGeometry.contentOffsetY(forOffset: 920, adjustedContentInsetTop: 91) == 829)
        #expect(UIKitGeometry.offset(forContentOffsetY: 829, adjustedContentInsetTop: 91) == 920)
    }

    @Test func recordingABugReport() throws {
        var recorder = ChatRecorder(configuration: ChatConfiguration())
        var state = ChatState(configuration: recorder.configuration)
        func send(_ event: ChatEvent, at seconds: Double) {
            recorder.record(event, time: seconds)
            state.reduce(event)
        }
        send(.viewportChanged(height: 844, insetTop: 91, insetBottom: 83), at: 0)
        send(.messageAppended(ChatMessage(id: "me1", direction: .outgoing, height: 44), streaming: nil), at: 1.5)
        let log = recorder.exportLog(metadata: ["app": "1.4.2"], redactingIDs: true)

        // The exported log replays to the same timeline as the events themselves.
        let replayed = try ChatLog(decoding: Array(log.utf8))
        #expect(replayed.events.count == 2)
        #expect(TimelineRenderer.timeline(of: replayed).contains("reason=outgoingMessage"))
    }
}
