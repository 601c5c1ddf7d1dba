import ChatEvents
import Testing

@testable import ChatReducer

/// Specification §11, windowed history. The standard screen (visible height 650) with
/// `windowedHistory`; a reply jump to x50, which is not loaded, is answered by the window
/// x46…x55 of 100 points (C = 1000, maxOffset = 350, top(x50) = 400).
@Suite("Windowed history")
struct WindowTests {
    static let windowed = ChatConfiguration(windowedHistory: true)

    static func window(_ numbers: ClosedRange<Int> = 46...55, older: Bool = true, newer: Bool = true) -> ChatEvent {
        .windowLoaded(messages: history(numbers, prefix: "x"), hasMoreOlder: older, hasMoreNewer: newer)
    }

    /// 20 messages open at the bottom, then a jump to x50 answered by x46…x55.
    static func jumpedIntoHistory(configuration: ChatConfiguration = windowed) -> ChatState {
        var state = openChat(count: 20, configuration: configuration)
        state.send(.jumpToMessage(id: "x50"), window())
        return state
    }

    // MARK: Requesting a window

    @Test(
        """
        given windowedHistory, when the app jumps to a message that is not loaded, then a loadWindow around it and a \
        pending window; nothing moves, no warning
        """
    )
    func jumpRequestsAWindow() {
        var state = openChat(count: 20, configuration: Self.windowed)
        state.send(.jumpToMessage(id: "x50"))
        #expect(
            state.snapshot
                == Snapshot(
                    offset: 1350, contentHeight: 2000, scrollTarget: initialLoadCommand(),
                    effects: [.loadWindow(around: "x50")], messageCount: 20,
                    pendingWindow: PendingWindow(around: "x50", reason: .jumpToMessage)))
    }

    @Test(
        """
        given windowedHistory off, when the app jumps to a message that is not loaded, then v1's warning and nothing \
        else
        """
    )
    func withoutWindowsItWarns() {
        var state = openChat(count: 20)
        state.send(.jumpToMessage(id: "x50"))
        #expect(state.effects == [])
        #expect(state.pendingWindow == nil)
        #expect(state.warnings == [#"jumpToMessage: unknown id "x50""#])
    }

    @Test("given the user's finger is down, when a reply jump requests a window, then the hold ends")
    func requestEndsTheHold() {
        var state = openChat(count: 20, configuration: Self.windowed)
        state.send(.dragBegan, .scrolled(offset: 700))
        state.send(.jumpToMessage(id: "x50"))
        #expect(!state.userHoldsView)
        #expect(state.mode == .detached)
        #expect(state.offset == 700)
    }

    @Test(
        """
        given a pending window around x50, when the user jumps to y9, then the new request replaces it and emits its \
        own loadWindow
        """
    )
    func newRequestReplacesThePendingOne() {
        var state = openChat(count: 20, configuration: Self.windowed)
        state.send(.jumpToMessage(id: "x50"), .jumpToMessage(id: "y9"))
        #expect(state.effects == [.loadWindow(around: "y9")])
        #expect(state.pendingWindow == PendingWindow(around: "y9", reason: .jumpToMessage))
    }

    // MARK: The window arrives

    @Test(
        """
        given a pending jump to x50, when the window x46…x55 arrives, then x50 is centred at once (not animated), \
        highlighted, detached, not at the live end; older and newer pages are requested
        """
    )
    func windowAnswersTheJump() {
        let state = Self.jumpedIntoHistory()
        // centred: 400 + 50 - 325 = 125; unitAnchorY (100 + 325) / 800.
        #expect(
            state.snapshot
                == Snapshot(
                    mode: .detached, offset: 125, contentHeight: 1000, isAtBottom: false, offsetReason: .command,
                    scrollTarget: .item(
                        2, id: "x50", .center, offset: 125, unitAnchorY: 0.53125, animated: false, .jumpToMessage),
                    showJumpToLatest: true, isLoadingOlder: true, hasMoreOlder: true,
                    effects: [.loadOlder(before: "x46"), .loadNewer(after: "x55")], highlightedID: "x50",
                    messageCount: 10,
                    hasMoreNewer: true, isLoadingNewer: true))
        #expect(state.messages.map(\.id) == ids(46...55, prefix: "x"))
    }

    @Test(
        """
        given a pending jump, when a window without the message arrives, then one warning and the bottom of the \
        window, with the jump's reason
        """
    )
    func windowWithoutTheMessage() {
        var state = openChat(count: 20, configuration: Self.windowed)
        state.send(.jumpToMessage(id: "x50"), Self.window(60...69, newer: false))
        #expect(state.warnings == [#"windowLoaded: "x50" is not in the window; shown at its bottom"#])
        #expect(
            state.scrollTarget
                == ScrollCommand(
                    seq: 2, kind: .bottom, id: "x69", anchor: nil, offset: 350, unitAnchorY: nil, animated: false,
                    reason: .jumpToMessage))
        #expect(state.mode == .following)
        #expect(state.highlightedID == nil)
    }

    @Test(
        """
        given no pending request, when a window arrives, then it opens at its bottom with initialLoad, detached while \
        newer messages are missing
        """
    )
    func windowWithoutARequest() {
        var state = ChatState(configuration: Self.windowed)
        state.send(standardViewport, Self.window())
        #expect(
            state.scrollTarget
                == ScrollCommand(
                    seq: 1, kind: .bottom, id: "x55", anchor: nil, offset: 350, unitAnchorY: nil, animated: false,
                    reason: .initialLoad))
        #expect(state.mode == .detached)
        #expect(!state.isAtBottom)
        #expect(state.showJumpToLatest)
        #expect(state.warnings == [])
    }

    @Test(
        """
        given the divider on m12, the highlight on m20 and pending animations on m21 and m22, when a window keeps m20 \
        and m22 only, then what left is dropped and what stayed is kept
        """
    )
    func whatLeavesTheWindowIsDropped() {
        var state = ChatState(configuration: Self.windowed)
        state.send(
            standardViewport, .historyLoaded(messages: history(1...20), hasMoreOlder: false, firstUnreadID: "m12"))
        state.send(.appended(incoming("m21")), .appended(incoming("m22")), .jumpToMessage(id: "m20"))
        #expect(state.animating == ["m21", "m22"])
        state.send(.jumpToMessage(id: "x1"))
        state.send(
            .windowLoaded(
                messages: [incoming("x1"), incoming("m20"), incoming("m22")], hasMoreOlder: true, hasMoreNewer: false))
        #expect(state.unreadDividerID == nil)
        #expect(state.highlightedID == "x1")
        #expect(state.animating == ["m22"])
        #expect(state.messages.map(\.id) == ["x1", "m20", "m22"])
    }

    @Test(
        """
        given the highlight on m20, when a window that keeps m20 arrives without a pending jump, then m20 stays \
        highlighted
        """
    )
    func highlightSurvivesInTheWindow() {
        var state = openChat(count: 20, configuration: Self.windowed)
        state.send(
            .jumpToMessage(id: "m20"),
            .windowLoaded(messages: history(15...25), hasMoreOlder: true, hasMoreNewer: false))
        #expect(state.highlightedID == "m20")
    }

    @Test(
        """
        given readUpTo m20, when a window without m20 arrives, then readUpTo starts anew in it (an older marker may be \
        sent: the server keeps the newest)
        """
    )
    func readMarkerStartsAnewInANewWindow() {
        let state = Self.jumpedIntoHistory(configuration: ChatConfiguration(readReceipts: true, windowedHistory: true))
        // Visible [125, 775): x47 (100…200) to x53 (700…800).
        #expect(state.readUpTo == "x53")
        #expect(state.effects.contains(.markRead(upTo: "x53")))
    }

    @Test(
        """
        given a loadOlder in flight, when a window replaces the messages and the old page then arrives, then the page \
        is ignored with a warning
        """
    )
    func stalePageAfterAWindow() {
        var state = openChat(count: 20, configuration: Self.windowed, hasMoreOlder: true)
        state.send(.dragBegan, .scrolled(offset: 0), .released(at: 0))
        #expect(state.isLoadingOlder)
        state.send(.jumpToMessage(id: "x50"), Self.window(older: false))
        #expect(!state.isLoadingOlder)
        state.send(.olderLoaded(messages: history(1...5, prefix: "o"), hasMoreOlder: true))
        #expect(state.warnings == ["olderLoaded: no loadOlder request was in flight; the page is ignored"])
        #expect(state.messageCount == 10)
        #expect(state.offset == 125)
    }

    @Test("given the user holds the view, when a window arrives, then the hold ends and its command runs")
    func windowEndsTheHold() {
        var state = openChat(count: 20, configuration: Self.windowed)
        state.send(.jumpToMessage(id: "x50"), .dragBegan, .scrolled(offset: 300))
        state.send(Self.window())
        #expect(!state.userHoldsView)
        #expect(state.scrollTarget?.reason == .jumpToMessage)
        #expect(state.offset == 125)
        // The finger that was down lifts: expected, so no warning; the offset is the user's.
        state.send(.dragEnded(offset: 150, velocity: nil))
        #expect(state.warnings == [])
        #expect(state.offset == 150)
        // A second dragEnded is a problem again.
        state.send(.dragEnded(offset: 150, velocity: nil))
        #expect(state.warnings == ["dragEnded: no drag was in progress"])
    }

    @Test(
        """
        given a pending window, when loading it fails, then nothing moves and the request is gone; a second failure \
        warns
        """
    )
    func windowLoadFails() {
        var state = openChat(count: 20, configuration: Self.windowed)
        state.send(.jumpToMessage(id: "x50"), .windowLoadFailed)
        #expect(
            state.snapshot
                == Snapshot(
                    offset: 1350, contentHeight: 2000, scrollTarget: initialLoadCommand(), messageCount: 20))
        state.send(.windowLoadFailed)
        #expect(state.warnings == ["windowLoadFailed: no loadWindow request was pending"])
    }

    // MARK: Not at the live end

    @Test(
        """
        given a window short of the present, when the user scrolls to its bottom and settles, then the mode stays \
        detached: the loaded bottom is not the conversation's
        """
    )
    func neverFollowingWhileNewerIsMissing() {
        var state = Self.jumpedIntoHistory()
        state.send(.dragBegan, .scrolled(offset: 350), .released(at: 350))
        #expect(state.mode == .detached)
        #expect(!state.isAtBottom)
        #expect(state.showJumpToLatest)
    }

    @Test(
        """
        given a window short of the present, when an incoming message arrives, then it is not inserted and counts as \
        unread until the view follows again
        """
    )
    func incomingBeyondTheWindow() {
        var state = Self.jumpedIntoHistory()
        state.send(.appended(incoming("m21")), .appended(incoming("m22")))
        #expect(state.messageCount == 10)
        #expect(state.unreadCount == 2)
        #expect(state.effects == [])
        // Scrolling within the window does not read them.
        state.send(.dragBegan, .scrolled(offset: 350), .released(at: 350))
        #expect(state.unreadCount == 2)
    }

    @Test(
        """
        given a window short of the present, when the user sends a message, then the newest page is requested for it; \
        when it arrives the view follows at its bottom with nothing unread
        """
    )
    func ownMessageBeyondTheWindow() {
        var state = Self.jumpedIntoHistory()
        state.send(.appended(incoming("m21")), .appended(outgoing("local1")))
        #expect(state.messageCount == 10)
        #expect(state.effects == [.loadWindow(around: nil)])
        #expect(state.pendingWindow == PendingWindow(around: nil, reason: .outgoingMessage))

        state.send(
            .windowLoaded(messages: history(15...21) + [outgoing("s1")], hasMoreOlder: true, hasMoreNewer: false))
        #expect(
            state.scrollTarget
                == ScrollCommand(
                    seq: 3, kind: .bottom, id: "s1", anchor: nil, offset: 150, unitAnchorY: nil, animated: false,
                    reason: .outgoingMessage))
        #expect(state.mode == .following)
        #expect(state.unreadCount == 0)
        #expect(state.pendingWindow == nil)
    }

    @Test(
        """
        given layout top and a window short of the present, when the user asks a question, then the newest page is \
        requested with reason newQuestion and the question is pinned when it arrives
        """
    )
    func questionBeyondTheWindow() {
        var state = Self.jumpedIntoHistory(configuration: ChatConfiguration(layout: .top, windowedHistory: true))
        state.send(.appended(outgoing("q1")))
        #expect(state.pendingWindow == PendingWindow(around: nil, reason: .newQuestion))
        state.send(
            .windowLoaded(messages: history(15...19) + [outgoing("q1")], hasMoreOlder: true, hasMoreNewer: false))
        #expect(state.mode == .pinned)
        #expect(
            state.scrollTarget
                == ScrollCommand(
                    seq: 3, kind: .item, id: "q1", anchor: .top, offset: 500, unitAnchorY: 0.125, animated: false,
                    reason: .newQuestion))
    }

    @Test(
        """
        given a window short of the present, when jump to latest is tapped, then the newest page is requested and \
        nothing moves; when it arrives the view follows with unread 0
        """
    )
    func jumpToLatestBeyondTheWindow() {
        var state = Self.jumpedIntoHistory()
        state.send(.appended(incoming("m21")), .jumpToLatestTapped)
        #expect(state.effects == [.loadWindow(around: nil)])
        #expect(state.offset == 125)
        #expect(state.unreadCount == 1)
        state.send(.windowLoaded(messages: history(12...21), hasMoreOlder: true, hasMoreNewer: false))
        #expect(
            state.scrollTarget
                == ScrollCommand(
                    seq: 3, kind: .bottom, id: "m21", anchor: nil, offset: 350, unitAnchorY: nil, animated: false,
                    reason: .jumpToLatest))
        #expect(state.mode == .following)
        #expect(state.isAtBottom)
        #expect(state.unreadCount == 0)
        #expect(!state.showJumpToLatest)
    }

    @Test(
        """
        given a window short of the present, when events name messages that are not loaded, then they are ignored \
        without a warning
        """,
        arguments: [
            ChatEvent.grown("m21", by: 20), .streamFinished(id: "m21"), .itemMeasured(id: "m21", height: 50),
            .messageConfirmed(id: "local9", newID: "s9"), .messageRemoved(id: "m21"),
            .entranceAnimationFinished(id: "m21"),
        ])
    func unknownIDsBeyondTheWindow(event: ChatEvent) {
        var state = Self.jumpedIntoHistory()
        let before = state.snapshot
        state.send(event)
        var expected = before
        expected.offsetReason = nil
        expected.effects = []
        #expect(state.snapshot == expected)
    }

    @Test(
        """
        given a window that holds s1, when the echo of local1 → s1 arrives, then it is clean: the window already holds \
        the message under its server id
        """
    )
    func confirmationOfAMessageTheWindowHolds() {
        var state = Self.jumpedIntoHistory()
        state.send(
            .appended(outgoing("local1")),
            .windowLoaded(messages: history(15...20) + [outgoing("s1")], hasMoreOlder: true, hasMoreNewer: false))
        state.send(.messageConfirmed(id: "local1", newID: "s1"))
        #expect(state.warnings == [])
        #expect(state.messages.last?.id == "s1")
    }

    // MARK: Loading newer pages

    @Test(
        """
        given the window around x50 with a newer page in flight, when it arrives, then it is appended below and what \
        is on screen does not move
        """
    )
    func newerPageArrives() {
        var state = Self.jumpedIntoHistory()
        state.send(.newerLoaded(messages: history(56...60, prefix: "x"), hasMoreNewer: false))
        #expect(
            state.snapshot
                == Snapshot(
                    mode: .detached, offset: 125, contentHeight: 1500, isAtBottom: false,
                    scrollTarget: .item(
                        2, id: "x50", .center, offset: 125, unitAnchorY: 0.53125, animated: false, .jumpToMessage),
                    showJumpToLatest: true, isLoadingOlder: true, hasMoreOlder: true, highlightedID: "x50",
                    messageCount: 15))
    }

    @Test(
        """
        given newer pages in flight one at a time, when the user reaches the loaded bottom, then the next page is \
        requested only after the previous one arrived
        """
    )
    func oneNewerRequestAtATime() {
        var state = Self.jumpedIntoHistory()
        #expect(state.isLoadingNewer)
        state.send(.dragBegan, .scrolled(offset: 350))
        #expect(!state.effects.contains(.loadNewer(after: "x55")))
        state.send(.newerLoaded(messages: history(56...57, prefix: "x"), hasMoreNewer: true))
        // Distance from the bottom 550 - 350 = 200 ≤ 800: at once the next one.
        #expect(state.effects == [.loadNewer(after: "x57")])
    }

    @Test(
        """
        given a failed newer load, when the view stays near the loaded bottom, then no retry until it leaves the \
        trigger zone and comes back
        """
    )
    func newerFailureWaitsForTheZone() {
        var state = openChat(
            count: 40, configuration: ChatConfiguration(loadNewerThreshold: 200, windowedHistory: true))
        state.send(.jumpToMessage(id: "x50"), Self.window(1...30, older: false))
        // x1…x30 (C = 3000, maxOffset 2350); x50 is not there: the window's bottom.
        #expect(state.effects.contains(.loadNewer(after: "x30")))
        state.send(.loadNewerFailed)
        state.send(.dragBegan, .scrolled(offset: 2300))
        #expect(state.effects == [])
        state.send(.scrolled(offset: 2000))
        #expect(state.effects == [])
        state.send(.scrolled(offset: 2200))
        #expect(state.effects == [.loadNewer(after: "x30")])
    }

    @Test(
        """
        given the view following the present, when a newer page says more newer messages exist, then the view leaves \
        following and keeps what is on screen
        """
    )
    func newerPageThatStopsShort() {
        var state = openChat(count: 20)
        state.send(.newerLoaded(messages: history(21...22), hasMoreNewer: true))
        #expect(state.mode == .detached)
        #expect(state.offset == 1350)
        #expect(state.warnings == ["newerLoaded: no loadNewer request was in flight"])
    }
}
