import ChatEvents
import Testing

@testable import ChatReducer

/// Specification §12, header and footer: the header is content above what is read (kept as for
/// `olderLoaded`, `prepend`); the footer lies below the newest message (a following list follows
/// it, `growth`; anything else does not move but for a clamp); `footerReserve` keeps room for it.
/// The standard screen: visible height 650; m1…mN of 100 points.
@Suite("Header and footer")
struct HeaderFooterTests {
    @Test(
        """
        given a reader detached at 1030 (m11, 30), when a 44-point spinner appears above the oldest message, \
        then the offset grows by 44 so m11 stays where it is
        """
    )
    func headerWhileDetached() {
        var state = detachedChat(at: 1030)
        state.send(.headerChanged(height: 44))
        #expect(
            state.snapshot
                == Snapshot(
                    mode: .detached, offset: 1074, contentHeight: 2044, isAtBottom: false, offsetReason: .prepend,
                    scrollTarget: initialLoadCommand(), showJumpToLatest: true, messageCount: 20, headerHeight: 44))
        #expect(state.top(ofMessage: "m11") == 1044)
    }

    @Test("given a following list, when the header appears, then it stays at the bottom (prepend)")
    func headerWhileFollowing() {
        var state = openChat(count: 20)
        state.send(.headerChanged(height: 44))
        #expect(
            state.snapshot
                == Snapshot(
                    offset: 1394, contentHeight: 2044, offsetReason: .prepend, scrollTarget: initialLoadCommand(),
                    messageCount: 20, headerHeight: 44))
    }

    @Test("given a finger holding the list at 700, when the header appears, then what is under it stays (744)")
    func headerUnderTheFinger() {
        var state = openChat(count: 20)
        state.send(.dragBegan, .scrolled(offset: 700), .headerChanged(height: 44))
        #expect(
            (state.mode, state.offset, state.offsetReason, state.userHoldsView) == (.detached, 744, .prepend, true))
    }

    @Test("given a pinned question at 400, when the header appears, then the question stays at the top (444)")
    func headerInLayoutTop() {
        var state = openChat(count: 4, configuration: ChatConfiguration(layout: .top))
        state.send(.appended(outgoing("q", height: 60)), .headerChanged(height: 44))
        #expect((state.mode, state.offset, state.offsetReason) == (.pinned, 444, .prepend))
    }

    @Test(
        """
        given a 60-point header on screen and a reader at 20 (m1, -40), when the header grows to 100 and then \
        goes, then m1 stays where it was (offset 60), then the list clamps at 0
        """
    )
    func headerOnScreenKeepsTheAnchorMessage() {
        var state = ChatState()
        state.send(
            standardViewport, .headerChanged(height: 60), .historyLoaded(messages: history(1...20), hasMoreOlder: false)
        )
        state.send(.dragBegan, .scrolled(offset: 20), .released(at: 20))
        #expect(state.anchorPosition! == ("m1", -40))
        state.send(.headerChanged(height: 100))
        #expect((state.offset, state.offsetReason) == (60, .prepend))
        state.send(.headerChanged(height: 0))
        #expect((state.offset, state.offsetReason) == (0, .prepend))
    }

    @Test("given a 44-point header, when a window replaces the messages, then the header stays")
    func headerKeptAcrossWindows() {
        var state = openChat(configuration: ChatConfiguration(windowedHistory: true))
        state.send(.headerChanged(height: 44), .jumpToMessage(id: "x5"))
        state.send(.windowLoaded(messages: history(1...10, prefix: "x"), hasMoreOlder: true, hasMoreNewer: true))
        #expect((state.headerHeight, state.top(ofMessage: "x1"), state.contentHeight) == (44, 44, 1044))
    }

    @Test(
        """
        given a following list, when a 40-point typing indicator appears and goes, then the list follows it \
        (growth) both ways
        """
    )
    func footerWhileFollowing() {
        var state = openChat(count: 10)
        state.send(.footerChanged(height: 40))
        #expect(
            state.snapshot
                == Snapshot(
                    offset: 390, contentHeight: 1040, offsetReason: .growth,
                    scrollTarget: initialLoadCommand(count: 10), messageCount: 10, footerHeight: 40))
        state.send(.footerChanged(height: 0))
        #expect((state.offset, state.offsetReason, state.contentHeight) == (350, .growth, 1000))
    }

    @Test(
        """
        given footerReserve 48, when a 40-point indicator comes and goes, then nothing moves; when an 80-point one \
        comes, the list follows the 32 points beyond the reserve
        """
    )
    func footerWithinTheReserve() {
        var state = openChat(count: 10, configuration: ChatConfiguration(footerReserve: 48))
        // C = 1000 + 48.
        #expect((state.offset, state.contentHeight) == (398, 1048))
        state.send(.footerChanged(height: 40))
        #expect((state.offset, state.offsetReason, state.contentHeight, state.footerHeight) == (398, nil, 1048, 40))
        state.send(.footerChanged(height: 0), .footerChanged(height: 80))
        #expect((state.offset, state.offsetReason, state.contentHeight) == (430, .growth, 1080))
    }

    @Test(
        """
        given a reader detached at 360 with a 40-point indicator (maxOffset 390), when it goes, then only the \
        clamp moves the list, to 350
        """
    )
    func footerWhileDetached() {
        var state = openChat(count: 10)
        state.send(.footerChanged(height: 40), .dragBegan, .scrolled(offset: 360), .released(at: 360))
        #expect(state.mode == .detached)
        state.send(.footerChanged(height: 0))
        #expect((state.mode, state.offset, state.offsetReason) == (.detached, 350, .clamp))
    }

    @Test(
        """
        given a reader detached at the bottom by a jump with a 40-point indicator, when the indicator goes \
        (a clamp) and comes back, then the list returns to its anchor, as after any clamp
        """
    )
    func footerThatComesBackReturnsADetachedListToItsAnchor() {
        var state = openChat(count: 10)
        state.send(.footerChanged(height: 40), .jumpToMessage(id: "m10"))
        // m10 centred: 900 + 50 - 325 = 625, clamped to maxOffset 390.
        #expect((state.mode, state.offset) == (.detached, 390))
        state.send(.footerChanged(height: 0))
        #expect((state.offset, state.offsetReason) == (350, .clamp))
        state.send(.footerChanged(height: 40))
        #expect((state.offset, state.offsetReason) == (390, .growth))
    }

    @Test("given a finger holding the list at 340, when the indicator appears, then nothing moves under it")
    func footerUnderTheFinger() {
        var state = openChat(count: 10)
        state.send(.dragBegan, .scrolled(offset: 340), .footerChanged(height: 40))
        // Distance from the bottom 390 - 340 = 50 > 20: the held view is detached by distance.
        #expect((state.mode, state.offset, state.offsetReason) == (.detached, 340, nil))
    }

    @Test(
        """
        given a pinned question at 400 with a 40-point answer below, when a 40-point thinking footer appears, \
        then the spacer shrinks by 40 and the question does not move
        """
    )
    func footerInLayoutTop() {
        var state = openChat(count: 4, configuration: ChatConfiguration(layout: .top))
        state.send(.appended(outgoing("q", height: 60)), .streamingAppended(incoming("a", height: 40)))
        #expect((state.offset, state.trailingSpacer, state.contentHeight) == (400, 550, 1050))
        state.send(.footerChanged(height: 40))
        #expect((state.mode, state.offset, state.trailingSpacer, state.contentHeight) == (.pinned, 400, 510, 1050))
    }

    @Test("given bad heights, when the header and footer change, then they are clamped to 0…10,000,000 with a warning")
    func badHeights() {
        var state = openChat(count: 3)
        state.send(.headerChanged(height: -10))
        #expect((state.headerHeight, state.warnings) == (0, ["headerChanged: negative height -10 clamped to 0"]))
        state.send(.footerChanged(height: 2e7))
        #expect(
            (state.footerHeight, state.warnings)
                == (10_000_000, ["footerChanged: height 20000000 clamped to 10000000"]))
    }
}
