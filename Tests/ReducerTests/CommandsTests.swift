import ChatEvents
import Testing

@testable import ChatReducer

/// Specification §4: scroll commands, `seq`, offsets resolved once, and the user commands
/// `jumpToLatest` and `jumpToMessage`.
@Suite("Commands")
struct CommandsTests {
    @Test("given a conversation, when several navigations happen, then seq grows by one per command")
    func seqIncrements() {
        var state = openChat(count: 20)
        #expect(state.scrollTarget?.seq == 1)

        state.send(.appended(outgoing("o1")))
        #expect(
            state.scrollTarget
                == .bottom(2, id: "o1", offset: 1450, animated: true, .outgoingMessage))

        state.send(.appended(incoming("i1")))
        #expect(
            state.scrollTarget
                == .bottom(3, id: "i1", offset: 1550, animated: true, .incomingMessage))

        // Keeping position issues nothing.
        state.send(
            .keyboardWillShow(height: 300, duration: nil), .itemMeasured(id: "m1", height: 120),
            .keyboardWillHide(duration: nil), .viewportChanged(height: 800, insetTop: 100, insetBottom: 60))
        #expect(state.scrollTarget?.seq == 3)

        state.send(.jumpToMessage(id: "m5"))
        #expect(state.scrollTarget?.seq == 4)

        state.send(.jumpToLatestTapped)
        #expect(state.scrollTarget?.seq == 5)
    }

    @Test(
        """
        given detached with one unread message, when jump-to-latest is tapped, then following, unread 0, one animated \
        jumpToLatest command
        """
    )
    func jumpToLatest() {
        var state = detachedChat(at: 1030)
        state.send(.appended(incoming("i1")))
        #expect(state.unreadCount == 1)

        state.send(.jumpToLatestTapped)

        #expect(
            state.snapshot
                == Snapshot(
                    mode: .following, offset: 1450, contentHeight: 2100, isAtBottom: true, offsetReason: .command,
                    scrollTarget: .bottom(2, id: "i1", offset: 1450, animated: true, .jumpToLatest),
                    unreadCount: 0, showJumpToLatest: false, animating: ["i1"], messageCount: 21))
    }

    @Test(
        """
        given following, when the app jumps to m5, then detached with m5 centred and highlighted; a drag clears the \
        highlight
        """
    )
    func jumpToMessage() {
        var state = openChat(count: 20)

        state.send(.jumpToMessage(id: "m5"))

        // Centred: top 400 + 100/2 - 650/2 = 125; unitAnchorY (100 + 325) / 800 = 0.53125.
        let jump = ScrollCommand.item(
            2, id: "m5", .center, offset: 125, unitAnchorY: 0.53125, animated: true, .jumpToMessage)
        #expect(
            state.snapshot
                == Snapshot(
                    mode: .detached, offset: 125, contentHeight: 2000, isAtBottom: false, offsetReason: .command,
                    scrollTarget: jump, showJumpToLatest: true, highlightedID: "m5", messageCount: 20))

        state.send(.dragBegan)

        #expect(state.highlightedID == nil)
        #expect(state.scrollTarget == jump)
    }

    @Test(
        """
        given a highlighted message, when highlightFinished arrives, then the highlight is cleared and nothing else \
        changes
        """
    )
    func highlightFinished() {
        var state = openChat(count: 20)
        state.send(.jumpToMessage(id: "m5"))

        state.send(.highlightFinished)

        #expect(state.highlightedID == nil)
        #expect(state.offset == 125)
        #expect(state.mode == .detached)
    }

    @Test("given following, when the app jumps to m1, then the centred offset -275 is clamped to 0")
    func jumpToTheFirstMessage() {
        var state = openChat(count: 20)

        state.send(.jumpToMessage(id: "m1"))

        #expect(
            state.scrollTarget
                == .item(
                    2, id: "m1", .center, offset: 0, unitAnchorY: 0.53125, animated: true, .jumpToMessage))
        #expect(state.offset == 0)
    }

    @Test("given a conversation, when the app jumps to an unknown id, then only a warning")
    func jumpToUnknownID() {
        var state = detachedChat(at: 1030)
        var expected = state.snapshot

        state.send(.jumpToMessage(id: "zzz"))

        expected.offsetReason = nil
        expected.effects = []
        expected.warnings = ["jumpToMessage: unknown id \"zzz\""]
        #expect(state.snapshot == expected)
        #expect(state.scrollTarget == initialLoadCommand())
    }

    @Test("given a drag in progress, when the app jumps to m15, then the hold ends and the jump is issued")
    func jumpToMessageEndsTheHold() {
        var state = openChat(count: 20)
        state.send(.dragBegan, .scrolled(offset: 500))

        state.send(.jumpToMessage(id: "m15"))

        // 1400 + 50 - 325 = 1125.
        #expect(
            state.scrollTarget
                == .item(
                    2, id: "m15", .center, offset: 1125, unitAnchorY: 0.53125, animated: true, .jumpToMessage))
        #expect(state.userHoldsView == false)
        #expect(state.offset == 1125)
        #expect(state.mode == .detached)
    }

    @Test(
        """
        given history loaded before the geometry is known, when the first viewportChanged arrives, then the command's \
        offset is resolved and later changes do not touch it
        """
    )
    func bottomCommandResolvedWithTheGeometry() {
        var state = ChatState()
        state.send(.historyLoaded(messages: history(1...150), hasMoreOlder: false))
        #expect(
            state.scrollTarget
                == ScrollCommand(
                    seq: 1, kind: .bottom, id: "m150", anchor: nil, offset: nil, unitAnchorY: nil,
                    animated: false, reason: .initialLoad))

        state.send(standardViewport)

        let resolved = ScrollCommand.bottom(1, id: "m150", offset: 14350, animated: false, .initialLoad)
        #expect(state.scrollTarget == resolved)
        #expect(state.offset == 14350)
        #expect(state.offsetReason == .viewport)

        state.send(.keyboardWillShow(height: 300, duration: nil))

        #expect(state.offset == 14650)
        #expect(state.scrollTarget == resolved)
    }

    @Test(
        """
        given a jump to m5 before the geometry is known, when the first viewportChanged arrives, then the item \
        command's offset and unitAnchorY are resolved
        """
    )
    func itemCommandResolvedWithTheGeometry() {
        var state = ChatState()
        state.send(.historyLoaded(messages: history(1...20), hasMoreOlder: false), .jumpToMessage(id: "m5"))
        #expect(
            state.scrollTarget
                == ScrollCommand(
                    seq: 2, kind: .item, id: "m5", anchor: .center, offset: nil, unitAnchorY: nil,
                    animated: true, reason: .jumpToMessage))

        state.send(standardViewport)

        #expect(
            state.scrollTarget
                == .item(
                    2, id: "m5", .center, offset: 125, unitAnchorY: 0.53125, animated: true, .jumpToMessage))
        #expect(state.offset == 125)
        #expect(state.mode == .detached)
    }

    @Test("given an empty conversation, when jump-to-latest is tapped, then the bottom command names no message")
    func bottomCommandOnAnEmptyList() {
        var state = ChatState()
        state.send(standardViewport)

        state.send(.jumpToLatestTapped)

        #expect(
            state.scrollTarget
                == .bottom(1, id: nil, offset: 0, animated: true, .jumpToLatest))
    }

    @Test(
        """
        given a conversation, when the position is only kept (keyboard, measure, viewport, prepend), then no command \
        is issued
        """
    )
    func keepingPositionIssuesNoCommand() {
        var state = openChat(count: 10, hasMoreOlder: true)
        #expect(state.effects == [.loadOlder(before: "m1")])

        state.send(
            .keyboardWillShow(height: 300, duration: 0.25), .itemMeasured(id: "m3", height: 180),
            .viewportChanged(height: 780, insetTop: 100, insetBottom: 50), .keyboardWillHide(duration: 0.25),
            .olderLoaded(messages: history(1...3, prefix: "o"), hasMoreOlder: false), .grown("m10", by: 30))

        #expect(state.scrollTarget == initialLoadCommand(count: 10))
    }

    /// A replay compares the last command field by field (`scrollTarget(equals:)`); a field
    /// added to `ScrollCommand` and left out there would make its JSON lines stale.
    @Test("the replay's comparison of commands tells apart commands that differ in any one field")
    func commandComparisonCoversEveryField() {
        let base = ScrollCommand(
            seq: 3, kind: .item, id: "m1", anchor: .top, offset: 120, unitAnchorY: 0.25, animated: true,
            reason: .jumpToMessage)
        var variants: [ScrollCommand] = []
        for change in 0..<8 {
            var variant = base
            switch change {
            case 0: variant.seq = 4
            case 1: variant.kind = .bottom
            case 2: variant.id = "m2"
            case 3: variant.anchor = .center
            case 4: variant.offset = 121
            case 5: variant.unitAnchorY = 0.5
            case 6: variant.animated = false
            default: variant.reason = .restore
            }
            variants.append(variant)
        }
        #expect(Mirror(reflecting: base).children.count == variants.count)
        var state = ChatState()
        state.scrollTarget = base
        #expect(state.scrollTarget(equals: [base, nil] + variants) == [true, false] + variants.map { _ in false })
        state.scrollTarget = nil
        #expect(state.scrollTarget(equals: [nil, base]) == [true, false])
    }
}

extension ChatState {
    /// Whether ``scrollTarget`` equals each of `commands`, asked of a copy (the question is
    /// `mutating`, which `#expect` cannot ask).
    fileprivate func scrollTarget(equals commands: [ScrollCommand?]) -> [Bool] {
        var asked = self
        return commands.map { asked.scrollTarget(equals: $0) }
    }
}
