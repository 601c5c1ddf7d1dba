import ChatEvents
import ChatReducer
import ChatReplay
import Foundation
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Collects the elements of an XML document and their attributes.
private final class ElementCollector: NSObject, XMLParserDelegate {
    var elements: [(name: String, attributes: [String: String])] = []

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName: String?, attributes: [String: String] = [:]
    ) {
        elements.append((elementName, attributes))
    }

    func withClass(_ name: String) -> [[String: String]] {
        elements.map(\.attributes).filter { ($0["class"] ?? "").split(separator: " ").contains(Substring(name)) }
    }

    static func parse(_ text: String) throws -> ElementCollector {
        let collector = ElementCollector()
        let parser = XMLParser(data: Data(text.utf8))
        parser.delegate = collector
        let parsed = parser.parse()
        #expect(parsed, "not well-formed: \(String(describing: parser.parserError))")
        return collector
    }
}

private let examples = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Examples")

@Suite("Timeline pictures and viewport frames")
struct TimelinePictureTests {
    @Test("the SVG is well-formed and has one marker per command", arguments: ["messaging", "question-answer"])
    func svgOfAnExample(name: String) throws {
        let path = examples.appendingPathComponent("\(name).jsonl").path
        let picture = try TimelinePicture.replaying(log: path)
        let svg = try ElementCollector.parse(picture.svg())

        // Count the commands independently, from the jsonl snapshots.
        var commands = 0
        var lastSeq: Int?
        var effectSteps = 0
        var steps = 0
        var geometrySteps = 0
        let reader = try ChatLogReader(contentsOf: path)
        var replayer = Replayer(configuration: reader.configuration)
        while let event = try reader.next() {
            let snapshot = replayer.apply(event)
            steps += 1
            if snapshot.offset != nil { geometrySteps += 1 }
            if let seq = snapshot.scrollTarget?.seq, seq != lastSeq {
                commands += 1
                lastSeq = seq
            }
            if !snapshot.effects.isEmpty { effectSteps += 1 }
        }
        #expect(commands > 0)
        #expect(svg.elements.first?.name == "svg")
        #expect(svg.withClass("command-marker").count == commands)
        #expect(svg.withClass("command-marker").map { $0["data-seq"] } == (1...commands).map { String($0) })
        #expect(svg.withClass("hit").count == steps)
        #expect(svg.withClass("effect-tick").count == effectSteps)
        #expect(svg.withClass("content-outline").count == 1)
        #expect(svg.withClass("visible-band").count == geometrySteps)
        #expect(svg.withClass("keyboard-band").count > 0)
        #expect(svg.withClass("legend").count == 1)
    }

    @Test func commandMarkersNameTheirReasons() throws {
        let path = examples.appendingPathComponent("question-answer.jsonl").path
        let svg = try ElementCollector.parse(TimelinePicture.replaying(log: path, options: .init(timeAxis: true)).svg())
        #expect(
            svg.withClass("command-marker").map { $0["data-reason"] ?? "" } == [
                "initialLoad", "newQuestion", "newQuestion",
            ])
        #expect(svg.withClass("mode-pinned").count > 0)
    }

    @Test func longConversationsFollowTheVisibleWindow() throws {
        var replayer = Replayer()
        var picture = TimelinePicture(title: "long")
        var contentPicture = TimelinePicture(title: "long", options: .init(verticalScale: .content))
        let history = (1...5_000).map { ChatMessage(id: "m\($0)", direction: .incoming, height: 80) }
        let events: [ChatEvent] = [
            .viewportChanged(height: 800, insetTop: 100, insetBottom: 50),
            .historyLoaded(messages: history, hasMoreOlder: false),
            .dragBegan, .scrolled(offset: 398_000), .dragEnded(offset: 398_000, velocity: nil),
        ]
        for event in events {
            let snapshot = replayer.apply(event)
            picture.add(snapshot, state: replayer.state)
            contentPicture.add(snapshot, state: replayer.state)
        }
        let svg = picture.svg()
        #expect(svg.contains("following the visible window"))
        #expect(!contentPicture.svg().contains("following the visible window"))
        _ = try ElementCollector.parse(svg)
    }

    @Test("the picture draws the header, the footer and the system rows in view as bands of their own")
    func rowsThatAreNotMessages() throws {
        var replayer = Replayer()
        var picture = TimelinePicture(title: "rows")
        let rows = [
            ChatMessage(id: "d1", direction: .system, height: 24),
            ChatMessage(id: "m1", direction: .incoming, height: 80),
        ]
        for event: ChatEvent in [
            .viewportChanged(height: 800, insetTop: 100, insetBottom: 50), .headerChanged(height: 44),
            .historyLoaded(messages: rows, hasMoreOlder: false), .footerChanged(height: 36),
        ] {
            picture.add(replayer.apply(event), state: replayer.state)
        }
        let svg = picture.svg()
        // The header from step 2 on (3 steps), the system row once it is loaded (2), the footer once (1).
        #expect(
            ["header-band", "system-row", "footer-band", ">not messages<"].map {
                svg.components(separatedBy: $0).count - 1
            } == [3, 2, 1, 1])
        _ = try ElementCollector.parse(svg)
    }

    @Test func warningsAndOddTextStayWellFormed() throws {
        var picture = TimelinePicture(title: "a <title> & \"quotes\"")
        var replayer = Replayer()
        let events: [ChatEvent] = [
            .viewportChanged(height: 800, insetTop: 100, insetBottom: 50),
            .messageAppended(ChatMessage(id: "</script><&\u{1}", direction: .incoming, height: 120), streaming: nil),
            .messageAppended(ChatMessage(id: "</script><&\u{1}", direction: .incoming, height: 120), streaming: nil),
            .jumpToMessage(id: "missing"),
        ]
        for event in events { picture.add(replayer.apply(event), state: replayer.state) }
        let svg = try ElementCollector.parse(picture.svg())
        #expect(svg.withClass("warning-tick").count == 2)
        let html = picture.html()
        #expect(!html.contains("</script><&"))
        #expect(html.contains("<script type=\"application/json\" id=\"steps\">"))
        // Only the SVG namespace.
        #expect(!html.contains("http://") || html.components(separatedBy: "http://").count == 2)
    }

    @Test func framesShowTheVisibleMessagesOnly() throws {
        var replayer = Replayer()
        replayer.apply(.viewportChanged(height: 400, insetTop: 80, insetBottom: 40))
        let history = (1...500).map {
            ChatMessage(id: "m\($0)", direction: $0 % 2 == 0 ? .outgoing : .incoming, height: 40)
        }
        replayer.apply(.historyLoaded(messages: history, hasMoreOlder: false))
        let snapshot = replayer.apply(.keyboardWillShow(height: 120, duration: nil))
        let frame = ViewportFrame.draw(snapshot, state: replayer.state)
        let lines = frame.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0] == "#3 keyboardWillShow height=120")
        #expect(frame.contains("m500 ]"))
        #expect(frame.contains("[ m499"))
        #expect(!frame.contains("m490"))
        #expect(frame.contains(" top inset 80 "))
        #expect(frame.contains(" keyboard 120 "))
        #expect(frame.contains(" bottom inset 40 "))
        #expect(frame.contains("following  offset 19840/19840"))
        for line in lines.dropFirst().dropLast(2) where !line.isEmpty && !line.hasPrefix(" ") {
            #expect(line.count == ViewportFrame.width + 2, "\(line)")
        }
    }

    @Test func framesShowTheJumpButton() {
        var replayer = Replayer()
        replayer.apply(.viewportChanged(height: 400, insetTop: 0, insetBottom: 0))
        let history = (1...50).map { ChatMessage(id: "m\($0)", direction: .incoming, height: 100) }
        replayer.apply(.historyLoaded(messages: history, hasMoreOlder: false))
        replayer.apply(.dragBegan)
        let snapshot = replayer.apply(.dragEnded(offset: 1000, velocity: nil))
        let frame = ViewportFrame.draw(snapshot, state: replayer.state)
        #expect(frame.contains("[v latest]"))
        #expect(frame.contains("detached"))
    }

    @Test func framesShowTheDividerAndTheWindow() {
        var replayer = Replayer(configuration: ChatConfiguration(readReceipts: true, windowedHistory: true))
        replayer.apply(.viewportChanged(height: 400, insetTop: 0, insetBottom: 0))
        let history = (1...50).map { ChatMessage(id: "m\($0)", direction: .incoming, height: 100) }
        let opened = replayer.apply(.historyLoaded(messages: history, hasMoreOlder: false, firstUnreadID: "m40"))
        let frame = ViewportFrame.draw(opened, state: replayer.state)
        #expect(frame.contains("[ --new-- m40"))
        #expect(
            frame.contains(
                """
                detached  offset 3900/4600  (command)  content 5000  visible 400  unread 7  read to m43  last command \
                #1 initialLoad
                """
            ))
        let pending = replayer.apply(.jumpToMessage(id: "x9"))
        #expect(ViewportFrame.draw(pending, state: replayer.state).contains("window pending around x9"))
        let window = (1...20).map { ChatMessage(id: "x\($0)", direction: .incoming, height: 100) }
        let loaded = replayer.apply(.windowLoaded(messages: window, hasMoreOlder: false, hasMoreNewer: true))
        #expect(
            ViewportFrame.draw(loaded, state: replayer.state).contains(
                "read to x11  more newer  last command #2 jumpToMessage"))
    }

    @Test("frames draw the header, system rows and the footer as rows of their own")
    func framesShowRowsThatAreNotMessages() {
        var replayer = Replayer()
        replayer.apply(.viewportChanged(height: 400, insetTop: 0, insetBottom: 0))
        replayer.apply(.headerChanged(height: 80))
        let rows = [
            ChatMessage(id: "d1", direction: .system, height: 40),
            ChatMessage(id: "m1", direction: .incoming, height: 80),
            ChatMessage(id: "m2", direction: .outgoing, height: 80),
        ]
        replayer.apply(.historyLoaded(messages: rows, hasMoreOlder: false))
        let snapshot = replayer.apply(.footerChanged(height: 80))
        // C = 80 + 200 + 80 = 360 fits in 400: the header, d1, m1, m2 and the footer, a row per 40 points.
        #expect(
            ViewportFrame.draw(snapshot, state: replayer.state) == """
                #4 footerChanged height=80
                +------------------------------------------------------------+
                | ~~~~~~~~~~~~~~~~~~~~~~~ header 80 ~~~~~~~~~~~~~~~~~~~~~~~~ |
                | ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~ |
                | --------------------------- d1 --------------------------- |
                | [ m1                                                       |
                | [                                                          |
                |                                                       m2 ] |
                |                                                          ] |
                | ....................... footer 80 ........................ |
                | .......................................................... |
                |                                                            |
                +------------------------------------------------------------+
                 following  offset 0/0  content 360  visible 400  last command #1 initialLoad

                """)
    }
}
