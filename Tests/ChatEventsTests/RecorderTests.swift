import ChatEvents
import ChatLogFormat
import ChatReducer
import ChatReplay
import Foundation
import TestSupport
import Testing

@Suite("ChatRecorder")
struct RecorderTests {
    @Test("a log recorded through the recorder replays to the state the app reached")
    func recordedLogReplays() throws {
        let config = ChatConfiguration(layout: .bottom, atBottomThreshold: 24)
        var recorder = ChatRecorder(configuration: config)
        var direct = ChatState(configuration: config)
        for logged in SessionGenerator.events(count: 600, seed: 7, withText: true) {
            recorder.record(logged.event, time: logged.time)
            direct.reduce(logged.event)
        }
        let exported = recorder.exportLog(metadata: ["app": "Example 2.1"])
        let log = try ChatLog(decoding: Array(exported.utf8))
        #expect(log.configuration == config)
        #expect(log.header?.metadata["package"] == ChatScrollPackage.version)
        #expect(log.header?.metadata["app"] == "Example 2.1")
        #expect(log.header?.metadata["redacted"] == "text")
        #expect(log.events.count == 600)
        #expect(!exported.contains("secret words"))
        var replayed = ChatState(configuration: log.configuration)
        for logged in log.events { replayed.reduce(logged.event) }
        #expect(replayed == direct)
        #expect(replayed.messages == direct.messages)
        #expect(replayed.offset == direct.offset)
    }

    @Test("every exported line is the encoding of one event, oldest first")
    func exportLinesAreEncodedEvents() throws {
        var recorder = ChatRecorder()
        recorder.record(.viewportChanged(height: 800, insetTop: 100, insetBottom: 50), time: 1)
        recorder.record(.tokensAppended(id: "a", text: "hi", heightDelta: 4, height: nil), time: 2)
        let lines = recorder.exportLines(keepingText: true)
        #expect(lines.count == 3)
        #expect(
            try ChatLogLine(decoding: lines[0])
                == .header(recorder.exportHeader(redactor: ChatLogRedactor(dropsText: false))))
        #expect(lines[1] == #"{"type":"viewportChanged","height":800,"insetTop":100,"insetBottom":50,"t":1}"#)
        #expect(lines[2] == #"{"type":"tokensAppended","id":"a","text":"hi","heightDelta":4,"t":2}"#)
        #expect(recorder.exportLines()[2] == #"{"type":"tokensAppended","id":"a","heightDelta":4,"t":2}"#)
    }

    @Test("wrap-around keeps the newest events in order and counts the dropped ones")
    func wrapAround() throws {
        var recorder = ChatRecorder(capacity: 5)
        for index in 1...12 { recorder.record(.scrolled(offset: Double(index)), time: Double(index)) }
        #expect(recorder.count == 5)
        #expect(recorder.droppedCount == 7)
        #expect(recorder.hasWrapped)
        #expect(recorder.events.map(\.time) == [8, 9, 10, 11, 12])
        #expect(recorder.events.map(\.event) == (8...12).map { ChatEvent.scrolled(offset: Double($0)) })
        let log = try ChatLog(decoding: Array(recorder.exportLog().utf8))
        #expect(log.events.map(\.time) == [8, 9, 10, 11, 12])
        #expect(log.header?.metadata["droppedEvents"] == "7")

        // Exactly full, then one more.
        var exact = ChatRecorder(capacity: 3)
        for index in 1...3 { exact.record(.scrolled(offset: Double(index))) }
        #expect(exact.events.map(\.event) == [.scrolled(offset: 1), .scrolled(offset: 2), .scrolled(offset: 3)])
        #expect(!exact.hasWrapped)
        exact.record(.scrolled(offset: 4))
        #expect(exact.events.map(\.event) == [.scrolled(offset: 2), .scrolled(offset: 3), .scrolled(offset: 4)])

        exact.removeAll()
        #expect(exact.events.isEmpty)
        #expect(exact.exportLines().count == 1)
    }

    @Test("a wrapped buffer exports the last dropped viewportChanged first")
    func evictedViewport() throws {
        var recorder = ChatRecorder(capacity: 3)
        recorder.record(.viewportChanged(height: 700, insetTop: 0, insetBottom: 0), time: 1)
        recorder.record(.viewportChanged(height: 800, insetTop: 100, insetBottom: 50), time: 2)
        for index in 3...6 { recorder.record(.scrolled(offset: Double(index)), time: Double(index)) }
        #expect(recorder.evictedViewport?.event == .viewportChanged(height: 800, insetTop: 100, insetBottom: 50))
        let events = recorder.exportedEvents()
        #expect(events.count == 4)
        #expect(events[0] == LoggedEvent(.viewportChanged(height: 800, insetTop: 100, insetBottom: 50)))
        #expect(recorder.exportedEvents(includingEvictedViewport: false).count == 3)
        let log = try ChatLog(decoding: Array(recorder.exportLog().utf8))
        #expect(log.events.first?.event == .viewportChanged(height: 800, insetTop: 100, insetBottom: 50))
    }

    @Test("the default capacity is 10,000")
    func defaultCapacity() {
        let recorder = ChatRecorder()
        #expect(recorder.capacity == 10_000)
        #expect(ChatRecorder.defaultCapacity == 10_000)
        #expect(ChatRecorder(capacity: 0).capacity == 1)
    }
}
