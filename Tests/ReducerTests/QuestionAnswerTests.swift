import ChatEvents
import Testing

@testable import ChatReducer

/// Specification §§2–5, layout `top`: a new question is pinned under the top inset
/// (`offset = clamp(top(q) - pinMargin)`, `unitAnchorY = (T + pinMargin) / V`), its answer
/// streams below without moving it, `trailingSpacer = max(0, visibleHeight - (C₀ - top(q)) - pinMargin)`,
/// and a drag leaves `pinned`.
/// Base: layout top, 20 incoming history messages of 100 (C₀ 2000), standard viewport.
@Suite("QuestionAnswer")
struct QuestionAnswerTests {
    static let layoutTop = ChatConfiguration(layout: .top)

    @Test(
        """
        given a Q&A conversation, when a 60-point question is sent, then it is pinned under the top inset with the \
        right unitAnchorY and trailing spacer
        """,
        arguments: [
            // pinMargin, offset = 2000 - pinMargin, unitAnchorY = (100 + pinMargin) / 800,
            // spacer = 650 - (2060 - 2000) - pinMargin.
            (0.0, 2000.0, 0.125, 590.0),
            (16, 1984, 0.145, 574),
            (50, 1950, 0.1875, 540),
        ])
    func newQuestionIsPinned(pinMargin: Double, offset: Double, unitAnchorY: Double, spacer: Double) {
        var state = openChat(count: 20, configuration: ChatConfiguration(layout: .top, pinMargin: pinMargin))
        #expect(state.trailingSpacer == 0)

        state.send(.appended(outgoing("q1", height: 60)))

        // Content 2060 + spacer; maxOffset 1410 + spacer = offset: the view is at its bottom.
        #expect(
            state.snapshot
                == Snapshot(
                    mode: .pinned, offset: offset, contentHeight: 2060 + spacer, isAtBottom: true,
                    offsetReason: .command,
                    scrollTarget: ScrollCommand(
                        seq: 2, kind: .item, id: "q1", anchor: .top, offset: offset, unitAnchorY: unitAnchorY,
                        animated: true, reason: .newQuestion),
                    animating: ["q1"], trailingSpacer: spacer, messageCount: 21))
    }

    @Test(
        """
        given a pinned question, when its answer is appended and streams 10 batches of 100, then the question never \
        moves and no command is issued
        """
    )
    func answerStreamsWithoutMovingTheQuestion() {
        var state = openChat(count: 20, configuration: Self.layoutTop)
        state.send(.appended(outgoing("q1", height: 60)))
        let pin = state.scrollTarget

        state.send(.streamingAppended(incoming("a1", height: 40)))
        // C₀ 2100, spacer 650 - 100 = 550, content 2650.
        #expect(
            state.snapshot
                == Snapshot(
                    mode: .pinned, offset: 2000, contentHeight: 2650, isAtBottom: true, offsetReason: nil,
                    scrollTarget: pin, animating: ["q1", "a1"], trailingSpacer: 550, messageCount: 22))

        for batch in 1...10 {
            state.send(.grown("a1", by: 100))
            // a1 = 40 + 100k: C₀ = 2100 + 100k, spacer = max(0, 550 - 100k).
            let spacer = max(0, 550 - 100 * Double(batch))
            #expect(state.offset == 2000, "batch \(batch)")
            #expect(state.offsetReason == nil, "batch \(batch)")
            #expect(state.trailingSpacer == spacer, "batch \(batch)")
            #expect(state.contentHeight == 2100 + 100 * Double(batch) + spacer, "batch \(batch)")
            #expect(state.scrollTarget == pin, "batch \(batch)")
            #expect(state.mode == .pinned, "batch \(batch)")
        }
        state.send(.streamFinished(id: "a1"))
        #expect(state.offset == 2000)
        #expect(state.top(ofMessage: "q1") == 2000)
        #expect(state.maxOffset == 2450)
    }

    @Test(
        """
        given a Q&A conversation, when three questions are sent in quick succession, then each one is re-pinned by its \
        own command
        """
    )
    func threeRapidQuestions() {
        var state = openChat(count: 20, configuration: Self.layoutTop)

        state.send(.appended(outgoing("q1", height: 60)))
        #expect(
            state.scrollTarget
                == .item(2, id: "q1", .top, offset: 2000, unitAnchorY: 0.125, animated: true, .newQuestion)
        )

        state.send(.appended(outgoing("q2", height: 60)))
        #expect(
            state.scrollTarget
                == .item(3, id: "q2", .top, offset: 2060, unitAnchorY: 0.125, animated: true, .newQuestion)
        )
        #expect(state.offset == 2060)

        state.send(.appended(outgoing("q3", height: 60)))
        #expect(
            state.snapshot
                == Snapshot(
                    mode: .pinned, offset: 2120, contentHeight: 2770, isAtBottom: true, offsetReason: .command,
                    scrollTarget: .item(
                        4, id: "q3", .top, offset: 2120, unitAnchorY: 0.125, animated: true, .newQuestion),
                    animating: ["q1", "q2", "q3"], trailingSpacer: 590, messageCount: 23))
    }

    @Test("given a pinned question, when the user drags, then the view leaves pinned; the next question pins again")
    func dragLeavesPinned() {
        var state = openChat(count: 20, configuration: Self.layoutTop)
        state.send(.appended(outgoing("q1", height: 60)))

        state.send(.dragBegan)
        #expect(state.mode != .pinned)

        state.send(.scrolled(offset: 1500), .released(at: 1500))
        #expect(state.mode == .detached)

        state.send(.appended(incoming("a1")))
        #expect(state.offset == 1500)
        #expect(state.scrollTarget?.seq == 2)

        // top(q2) = 2000 + 60 + 100.
        state.send(.appended(outgoing("q2", height: 60)))
        #expect(state.mode == .pinned)
        #expect(
            state.scrollTarget
                == .item(3, id: "q2", .top, offset: 2160, unitAnchorY: 0.125, animated: true, .newQuestion)
        )
        #expect(state.offset == 2160)
    }

    @Test("given a drag, when a question is sent, then newQuestion is deferred to the end of the hold")
    func questionDuringADragIsDeferred() {
        var state = openChat(count: 20, configuration: Self.layoutTop)
        state.send(.dragBegan, .scrolled(offset: 1000))

        state.send(.appended(outgoing("q1", height: 60)))
        #expect(state.scrollTarget == initialLoadCommand())
        #expect(state.offset == 1000)

        state.send(.released(at: 1000))
        #expect(
            state.scrollTarget
                == .item(2, id: "q1", .top, offset: 2000, unitAnchorY: 0.125, animated: true, .newQuestion)
        )
        #expect(state.mode == .pinned)
        #expect(state.offset == 2000)
    }

    @Test("given a pinned question, when the keyboard shows, then the offset is unchanged (pinned)")
    func keyboardWhilePinned() {
        var state = openChat(count: 20, configuration: Self.layoutTop)
        state.send(.appended(outgoing("q1", height: 60)))

        state.send(.keyboardWillShow(height: 300, duration: 0.25))

        // visible 350: spacer 350 - 60 = 290, content 2350, maxOffset 2000.
        #expect(state.offset == 2000)
        #expect(state.offsetReason == nil)
        #expect(state.trailingSpacer == 290)
        #expect(state.mode == .pinned)
        #expect(state.scrollTarget?.seq == 2)
    }

    @Test(
        """
        given layout top, when history ends with a question and a 200-point answer, then the spacer counts from that \
        question
        """
    )
    func spacerFromAHistoryQuestion() {
        var state = ChatState(configuration: Self.layoutTop)
        state.send(standardViewport)

        state.send(.historyLoaded(messages: [outgoing("q0"), incoming("a0", height: 200)], hasMoreOlder: false))

        // C₀ 300, top(q0) 0: spacer 650 - 300 = 350.
        #expect(state.trailingSpacer == 350)
        #expect(state.contentHeight == 650)
        #expect(state.offset == 0)
        #expect(state.mode == .following)
    }

    @Test("given layout bottom, then the trailing spacer is 0 even with outgoing messages")
    func noSpacerInLayoutBottom() {
        var state = openChat(count: 20)

        state.send(.appended(outgoing("o1", height: 60)))

        #expect(state.trailingSpacer == 0)
        #expect(state.contentHeight == 2060)
    }

    @Test(
        """
        given a question sent before the geometry is known, when the first viewportChanged arrives, then the pin \
        command is resolved
        """
    )
    func pinResolvedWithTheGeometry() {
        var state = ChatState(configuration: ChatConfiguration(layout: .top, pinMargin: 16))
        state.send(
            .historyLoaded(messages: history(1...20), hasMoreOlder: false), .appended(outgoing("q1", height: 60)))
        #expect(
            state.scrollTarget
                == ScrollCommand(
                    seq: 2, kind: .item, id: "q1", anchor: .top, offset: nil, unitAnchorY: nil,
                    animated: true, reason: .newQuestion))

        state.send(standardViewport)

        #expect(
            state.scrollTarget
                == .item(2, id: "q1", .top, offset: 1984, unitAnchorY: 0.145, animated: true, .newQuestion)
        )
        #expect(state.offset == 1984)
        #expect(state.mode == .pinned)
    }

    @Test(
        """
        given a pinned question, when the top inset grows by 50, then the question stays pinned and the spacer shrinks \
        with the visible height
        """
    )
    func viewportChangeWhilePinned() {
        var state = openChat(count: 20, configuration: Self.layoutTop)
        state.send(.appended(outgoing("q1", height: 60)))

        state.send(.viewportChanged(height: 800, insetTop: 150, insetBottom: 50))

        // visible 600: spacer 600 - 60 = 540, content 2600, maxOffset 2000.
        #expect(state.offset == 2000)
        #expect(state.offsetReason == nil)
        #expect(state.trailingSpacer == 540)
        #expect(state.contentHeight == 2600)
        #expect(state.mode == .pinned)
    }

    @Test(
        """
        given a pinned question and not held, when scrolled reports another offset (a layout pass), then nothing moves \
        and the mode stays pinned
        """
    )
    func scrolledWhilePinnedDoesNothing() {
        var state = openChat(count: 20, configuration: Self.layoutTop)
        state.send(.appended(outgoing("q1", height: 60)))

        state.send(.scrolled(offset: 1500))

        #expect(state.offset == 2000)
        #expect(state.offsetReason == nil)
        #expect(state.mode == .pinned)
    }

    @Test(
        """
        given focusScrollsToBottom and a pinned question, when the input is focused, then pinned is not following: one \
        focus command to the bottom
        """
    )
    func focusWhilePinned() {
        var state = openChat(count: 20, configuration: ChatConfiguration(layout: .top, focusScrollsToBottom: true))
        state.send(.appended(outgoing("q1", height: 60)), .appended(incoming("a1", height: 1000)))
        // C₀ 3060, spacer 0: bottom 2410; the question stays at 2000.
        #expect(state.offset == 2000)

        state.send(.inputFocused)

        #expect(
            state.scrollTarget
                == .bottom(3, id: "a1", offset: 2410, animated: true, .focus))
        #expect(state.mode == .following)
        #expect(state.offset == 2410)
    }
}
