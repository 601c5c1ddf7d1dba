import ChatEvents
import Testing

@testable import ChatReducer

/// Specification §8: configuration and its defaults, and the options that change commands
/// (`focusScrollsToBottom`, `reduceMotion`).
@Suite("Configuration")
struct ConfigurationTests {
    @Test(
        """
        given no options, then the configuration is layout bottom, thresholds 20 / 200 / 800, focusScrollsToBottom \
        false, pinMargin 0, reduceMotion false
        """
    )
    func defaults() {
        #expect(
            ChatConfiguration()
                == ChatConfiguration(
                    layout: .bottom, atBottomThreshold: 20, jumpToLatestThreshold: 200, loadOlderThreshold: 800,
                    focusScrollsToBottom: false, pinMargin: 0, reduceMotion: false))
        #expect(ChatState().configuration == ChatConfiguration())
    }

    @Test(
        """
        given atBottomThreshold 50, when a drag ends at a given distance from the bottom, then the mode follows that \
        threshold
        """,
        arguments: [(1300.0, ScrollMode.following, 1350.0), (1299, .detached, 1299)])
    func atBottomThreshold(release: Double, mode: ScrollMode, offset: Double) {
        var state = openChat(count: 20, configuration: ChatConfiguration(atBottomThreshold: 50))

        state.send(.dragBegan, .scrolled(offset: release), .released(at: release))

        #expect(state.mode == mode)
        #expect(state.offset == offset)
    }

    @Test(
        """
        given detached 150 points above the bottom with nothing unread, then jump-to-latest shows only when the \
        distance exceeds jumpToLatestThreshold
        """,
        arguments: [(200.0, false), (149, true), (150, false)])
    func jumpToLatestThreshold(threshold: Double, shown: Bool) {
        let state = detachedChat(at: 1200, configuration: ChatConfiguration(jumpToLatestThreshold: threshold))

        #expect(state.distanceFromBottom == 150)
        #expect(state.unreadCount == 0)
        #expect(state.showJumpToLatest == shown)
    }

    @Test("given loadOlderThreshold 300, then the request goes out at 300 and not at 301")
    func loadOlderThreshold() {
        var state = openChat(count: 20, configuration: ChatConfiguration(loadOlderThreshold: 300), hasMoreOlder: true)
        state.send(.dragBegan, .scrolled(offset: 301))
        #expect(state.effects == [])

        state.send(.scrolled(offset: 300))
        #expect(state.effects == [.loadOlder(before: "m1")])
    }

    @Test(
        """
        given focusScrollsToBottom and detached, when the input is focused, then one animated focus command to the \
        bottom
        """
    )
    func focusScrollsToBottomWhenDetached() {
        var state = detachedChat(at: 1030, configuration: ChatConfiguration(focusScrollsToBottom: true))

        state.send(.inputFocused)

        #expect(
            state.snapshot
                == Snapshot(
                    mode: .following, offset: 1350, contentHeight: 2000, offsetReason: .command,
                    scrollTarget: .bottom(2, id: "m20", offset: 1350, animated: true, .focus),
                    inputFocused: true, messageCount: 20))

        state.send(.inputBlurred)
        #expect(state.inputFocused == false)
        #expect(state.scrollTarget?.seq == 2)
    }

    @Test("given focusScrollsToBottom and following, when the input is focused, then no command is needed")
    func focusWhileFollowing() {
        var state = openChat(count: 20, configuration: ChatConfiguration(focusScrollsToBottom: true))

        state.send(.inputFocused)

        #expect(state.inputFocused)
        #expect(state.scrollTarget == initialLoadCommand())
        #expect(state.offset == 1350)
    }

    @Test("given the default (focusScrollsToBottom false) and detached, when the input is focused, then no command")
    func focusWithoutTheOption() {
        var state = detachedChat(at: 1030)

        state.send(.inputFocused)

        #expect(state.inputFocused)
        #expect(state.scrollTarget == initialLoadCommand())
        #expect(state.mode == .detached)
        #expect(state.offset == 1030)
    }

    struct MotionCase: Sendable, CustomTestStringConvertible {
        var name: String
        var layout: ChatLayout = .bottom
        var events: [ChatEvent]
        var command: ScrollCommand
        var testDescription: String { name }
    }

    static let motionCases: [MotionCase] = [
        MotionCase(
            name: "outgoingMessage", events: [.appended(outgoing("o1"))],
            command: ScrollCommand(
                seq: 2, kind: .bottom, id: "o1", anchor: nil, offset: 1450, unitAnchorY: nil, animated: false,
                reason: .outgoingMessage)),
        MotionCase(
            name: "incomingMessage", events: [.appended(incoming("i1"))],
            command: ScrollCommand(
                seq: 2, kind: .bottom, id: "i1", anchor: nil, offset: 1450, unitAnchorY: nil, animated: false,
                reason: .incomingMessage)),
        MotionCase(
            name: "jumpToLatest",
            events: [.dragBegan, .scrolled(offset: 1030), .released(at: 1030), .jumpToLatestTapped],
            command: ScrollCommand(
                seq: 2, kind: .bottom, id: "m20", anchor: nil, offset: 1350, unitAnchorY: nil, animated: false,
                reason: .jumpToLatest)),
        MotionCase(
            name: "jumpToMessage", events: [.jumpToMessage(id: "m5")],
            command: ScrollCommand(
                seq: 2, kind: .item, id: "m5", anchor: .center, offset: 125, unitAnchorY: 0.53125, animated: false,
                reason: .jumpToMessage)),
        MotionCase(
            name: "focus", events: [.dragBegan, .scrolled(offset: 1030), .released(at: 1030), .inputFocused],
            command: ScrollCommand(
                seq: 2, kind: .bottom, id: "m20", anchor: nil, offset: 1350, unitAnchorY: nil, animated: false,
                reason: .focus)),
        MotionCase(
            name: "newQuestion", layout: .top, events: [.appended(outgoing("q1", height: 60))],
            command: ScrollCommand(
                seq: 2, kind: .item, id: "q1", anchor: .top, offset: 2000, unitAnchorY: 0.125, animated: false,
                reason: .newQuestion)),
    ]

    @Test(
        "given reduceMotion, when a command that normally animates is issued, then animated is false",
        arguments: motionCases)
    func reduceMotion(_ motion: MotionCase) {
        let configuration = ChatConfiguration(layout: motion.layout, focusScrollsToBottom: true, reduceMotion: true)
        var state = openChat(count: 20, configuration: configuration)

        state.send(motion.events)

        #expect(state.scrollTarget == motion.command)
    }

    @Test(
        """
        given focusScrollsToBottom and a drag, when the input is focused, then the automatic focus command is dropped, \
        not deferred
        """
    )
    func focusDuringAHoldIsDropped() {
        var state = openChat(count: 20, configuration: ChatConfiguration(focusScrollsToBottom: true))
        state.send(.dragBegan, .scrolled(offset: 700))

        state.send(.inputFocused)
        #expect(state.inputFocused)
        #expect(state.scrollTarget == initialLoadCommand())

        state.send(.released(at: 700))
        #expect(state.scrollTarget == initialLoadCommand())
        #expect(state.offset == 700)
    }
}
