import ChatEvents
import ChatReducer
import ChatScrollDriver
import Testing

extension DriverStateMachine {
    /// The actions `input` decides, at `now`.
    mutating func actions(for input: DriverInput, now: Double? = nil) -> [DriverAction] {
        var log = DriverActionLog()
        handle(input, now: now, into: &log)
        return log.actions
    }

    /// The actions `input` decides, at `now`, on a scroll view that reports each move's offset
    /// from inside it (``ReportingView``).
    mutating func reportedActions(for input: DriverInput, now: Double? = nil) -> [DriverAction] {
        var view = ReportingView()
        handle(input, now: now, into: &view)
        return view.actions
    }

    /// A fling: the finger drags the view to `y` and lets go at `velocity` at 2 s, and by 2.1 s
    /// the momentum has carried it to `next`.
    mutating func fling(from y: Double, velocity: Double, to next: Double) {
        _ = actions(for: .willBeginDragging, now: 2)
        _ = actions(for: .didScroll(contentOffsetY: y), now: 2)
        _ = actions(for: .willEndDragging(velocity: velocity), now: 2)
        _ = actions(for: .didScroll(contentOffsetY: next), now: 2.1)
    }

    /// A machine laid out in a frame of 844 with insets 91 and 83 (a visible height of 670) and
    /// opened with `count` messages of 100 points, following at the bottom.
    static func opened(
        _ count: Int = 20, configuration: ChatConfiguration = ChatConfiguration()
    ) -> DriverStateMachine {
        var machine = DriverStateMachine(configuration: configuration)
        _ = machine.actions(for: .layout(frameHeight: 844, insetTop: 91, insetBottom: 83, frameBottom: nil))
        _ = machine.actions(for: .send(.historyLoaded(messages: messages(1...count), hasMoreOlder: false)))
        return machine
    }

    /// ``opened(_:configuration:)``, then the keyboard risen to 500 in the frame ending at 844
    /// (261 points beyond the bottom inset), its animation over at 1.5 s; on a ``ReportingView``
    /// when `reporting`.
    static func openedWithKeyboardUp(reporting: Bool = false) -> DriverStateMachine {
        var machine = opened()
        let keyboard = DriverInput.keyboardWillChange(
            keyboardTop: 500, scrollViewBottom: 844, barAboveKeyboard: 0, duration: 0.25)
        for (input, now) in [(keyboard, 1.0), (.tick(time: 1.5), 1.5)] {
            _ = reporting ? machine.reportedActions(for: input, now: now) : machine.actions(for: input, now: now)
        }
        return machine
    }
}

/// A scroll view that reports, from inside every move, the offset the move asked for, as UIKit
/// reports its model value from inside an animation of the offset.
struct ReportingView: DriverActionSink {
    var actions: [DriverAction] = []

    mutating func take(_ action: DriverAction, from machine: DriverStateMachine) -> Double? {
        actions.append(action)
        if case .move(let y, _) = action { return y }
        return nil
    }
}

/// The driver's decisions without a scroll view: each input's whole list of actions.
@Suite("Scroll driver: state machine")
struct DriverStateMachineTests {
    @Test(
        """
        given a new machine, when the view is laid out and the history loads, then it sends both and moves the view \
        to the top, then to the bottom at once
        """
    )
    func opens() {
        var machine = DriverStateMachine(configuration: ChatConfiguration())
        #expect(
            machine.actions(for: .layout(frameHeight: 844, insetTop: 91, insetBottom: 83, frameBottom: nil)) == [
                .sent(.viewportChanged(height: 844, insetTop: 91, insetBottom: 83)),
                .move(y: -91, animation: .none),
            ])
        let history = ChatEvent.historyLoaded(messages: messages(1...20), hasMoreOlder: false)
        // Content 2,000 in 670 visible points: the bottom is at offset 1,330, contentOffset.y 1,239.
        #expect(machine.actions(for: .send(history)) == [.sent(history), .move(y: 1239, animation: .jump)])
        #expect(machine.actions(for: .tick(time: 1)) == [])
    }

    @Test(
        """
        given a list following at the bottom, when the keyboard rises to 500 in a frame ending at 844, then it sends \
        the 261 points beyond the bottom inset and moves the list along the keyboard
        """
    )
    func keyboardShows() {
        var machine = DriverStateMachine.opened()
        let keyboard = DriverInput.keyboardWillChange(
            keyboardTop: 500, scrollViewBottom: 844, barAboveKeyboard: 0, duration: 0.25)
        #expect(
            machine.actions(for: keyboard, now: 1) == [
                .sent(.keyboardWillShow(height: 261, duration: 0.25)),
                .move(y: 1500, animation: .alongKeyboard(duration: 0.25)),
            ])
    }

    @Test(
        """
        given a move the view reports from inside it, then the machine goes on from the offset the view reported, \
        and from its own offset when it reported none
        """
    )
    func movesReportTheirOffset() {
        let keyboard = DriverInput.keyboardWillChange(
            keyboardTop: 500, scrollViewBottom: 844, barAboveKeyboard: 0, duration: 0.25)
        var silent = DriverStateMachine.opened()
        _ = silent.actions(for: keyboard, now: 1)
        #expect(silent.contentOffsetY == 1239)
        var reporting = DriverStateMachine.opened()
        _ = reporting.reportedActions(for: keyboard, now: 1)
        #expect(reporting.contentOffsetY == 1500)
    }

    @Test(
        """
        given a fling away from the bottom, when the user taps jump to the first unread, then the momentum stops and \
        the list scrolls from where it is
        """
    )
    func unreadTapStopsMomentum() {
        var machine = DriverStateMachine.opened()
        // (The gesture needs frames: each tick tells the driver a frame began.)
        #expect(machine.actions(for: .willBeginDragging, now: 2) == [.sent(.dragBegan), .needsFrames(true)])
        #expect(machine.actions(for: .didScroll(contentOffsetY: 500), now: 2) == [.sent(.scrolled(offset: 591))])
        #expect(
            machine.actions(for: .willEndDragging(velocity: -2000), now: 2) == [
                .sent(.dragEnded(offset: 591, velocity: -2000))
            ])
        #expect(machine.phase == .decelerating)
        #expect(machine.actions(for: .didScroll(contentOffsetY: 400), now: 2.1) == [.sent(.scrolled(offset: 491))])
        #expect(
            machine.actions(for: .send(.jumpToUnreadTapped), now: 2.2) == [.sent(.jumpToUnreadTapped)])
        #expect(machine.phase == .idle)
        #expect(
            machine.actions(for: .tick(time: 2.21), now: 2.21) == [
                .move(y: 400, animation: .jump), .move(y: 400, animation: .none),
            ])
        #expect(
            machine.actions(for: .tick(time: 2.6), now: 2.6) == [
                .move(y: 1239, animation: .none), .needsFrames(false),
            ])
    }

    @Test(
        """
        given a fling about to land on the bottom, when the user taps the quote of a message that is not loaded, then \
        the momentum stops where the list is and the list eases the last points to the bottom
        """
    )
    func replyTapEndsAFlingNearTheBottom() {
        var machine = DriverStateMachine.opened(configuration: ChatConfiguration(windowedHistory: true))
        machine.fling(from: 1100, velocity: 300, to: 1230)
        #expect(machine.phase == .decelerating)
        #expect(
            machine.actions(for: .send(.jumpToMessage(id: "m0")), now: 2.2) == [
                .sent(.jumpToMessage(id: "m0")), .effect(.loadWindow(around: "m0")), .move(y: 1230, animation: .jump),
            ])
        #expect(machine.phase == .idle)
        #expect(
            machine.actions(for: .tick(time: 2.21), now: 2.21) == [
                .move(y: 1230, animation: .jump), .move(y: 1230, animation: .none),
            ])
        #expect(
            machine.actions(for: .tick(time: 2.6), now: 2.6) == [
                .move(y: 1239, animation: .none), .needsFrames(false),
            ])
    }

    @Test(
        """
        given a list at the bottom, when a message arrives, then frames are needed until its scroll and its entrance \
        animation are over, and the machine reports the entrance's end
        """
    )
    func arrivalNeedsFramesUntilItsEnd() {
        var machine = DriverStateMachine.opened()
        let message = ChatMessage(id: "m21", direction: .incoming, height: 100)
        #expect(
            machine.actions(for: .send(.messageAppended(message, streaming: nil)), now: 4) == [
                .sent(.messageAppended(message, streaming: nil)), .needsFrames(true),
            ])
        #expect(
            machine.actions(for: .tick(time: 4.1), now: 4.1) == [
                .move(y: 1239, animation: .jump), .move(y: 1239, animation: .none),
            ])
        #expect(
            machine.actions(for: .tick(time: 4.5), now: 4.5) == [
                .move(y: 1339, animation: .none), .sent(.entranceAnimationFinished(id: "m21")), .needsFrames(false),
            ])
    }

    @Test("given a top inset that is not a number, then it is laid out as 0, with a warning, and nothing moves")
    func badInsetIsZero() {
        var machine = DriverStateMachine.opened()
        #expect(
            machine.actions(for: .layout(frameHeight: 844, insetTop: .nan, insetBottom: 83, frameBottom: nil)) == [
                .sent(.viewportChanged(height: 844, insetTop: 0, insetBottom: 83))
            ])
        #expect(machine.warnings == ["insetTop nan replaced by 0"])
    }

    @Test(
        """
        given a jump to latest under way, when the keyboard takes it over and rows are measured, then a row below \
        the frame bends the rest of the way along the keyboard, and a row above moves the list with it at once
        """
    )
    func measurementsDuringTheKeyboardsScroll() {
        var machine = DriverStateMachine.opened()
        _ = machine.actions(for: .willBeginDragging, now: 1)
        _ = machine.actions(for: .didScroll(contentOffsetY: -91), now: 1)
        _ = machine.actions(for: .willEndDragging(velocity: 0), now: 1)
        _ = machine.actions(for: .send(.jumpToLatestTapped), now: 2)
        _ = machine.actions(for: .tick(time: 2), now: 2)
        #expect(machine.actions(for: .tick(time: 2.1), now: 2.1) == [.move(y: 253.81481481481538, animation: .none)])
        let keyboard = DriverInput.keyboardWillChange(
            keyboardTop: 500, scrollViewBottom: 844, barAboveKeyboard: 0, duration: 0.25)
        #expect(
            machine.actions(for: keyboard, now: 2.1) == [
                .sent(.keyboardWillShow(height: 261, duration: 0.25)),
                .move(y: 1500, animation: .alongKeyboard(duration: 0.25)), .needsFrames(false),
            ])
        // m20 starts at 1,900, below the frame's bottom (1,015) when the list set off.
        #expect(
            machine.actions(for: .cellMeasured(id: "m20", height: 60), now: 2.1) == [
                .sent(.itemMeasured(id: "m20", height: 60)), .move(y: 1460, animation: .alongKeyboard(duration: 0.25)),
            ])
        #expect(
            machine.actions(for: .cellMeasured(id: "m1", height: 60), now: 2.1) == [
                .sent(.itemMeasured(id: "m1", height: 60)), .move(y: 1420, animation: .none),
            ])
    }

    @Test(
        """
        given a fling with the keyboard up, when the screen rotates and the keyboard covers another share of the new \
        frame, then the fling stops where it is at once and its end is told: the list does not coast on unheld
        """
    )
    func rotationEndsAFlingUnderTheKeyboard() {
        var machine = DriverStateMachine.openedWithKeyboardUp()
        machine.fling(from: 800, velocity: -2000, to: 700)
        #expect(machine.phase == .decelerating)
        // The bottom inset's change (12 more points shown) and the keyboard's share in the new frame
        // (12 more covered) cancel out for the reader, who stays at offset 791; the share moves the
        // view at once, in the rotation's frame (the jump has stopped the fling).
        #expect(
            machine.actions(for: .layout(frameHeight: 390, insetTop: 32, insetBottom: 71, frameBottom: nil), now: 2.2)
                == [
                    .move(y: 700, animation: .jump), .sent(.scrollSettled(offset: 791)),
                    .effect(.persistPosition(SavedPosition(anchorID: "m8", delta: 91, wasAtBottom: false))),
                    .sent(.viewportChanged(height: 390, insetTop: 32, insetBottom: 71)),
                    .move(y: 747, animation: .none), .sent(.keyboardWillShow(height: 273, duration: nil)),
                    .move(y: 759, animation: .none), .needsFrames(false),
                ])
        #expect(machine.phase == .idle)
    }

    @Test(
        """
        given a short conversation pulled past its top while the keyboard rose, when the finger flings it, then the \
        fling stops and the list eases to the bottom the keyboard made, rather than jumping from where it was let go
        """
    )
    func flingAfterTheKeyboardRoseUnderTheFinger() {
        var machine = DriverStateMachine.opened(5)
        _ = machine.actions(for: .willBeginDragging, now: 2)
        _ = machine.actions(for: .didScroll(contentOffsetY: -191), now: 2)
        _ = machine.actions(
            for: .keyboardWillChange(keyboardTop: 500, scrollViewBottom: 844, barAboveKeyboard: 0, duration: 0.25),
            now: 2)
        // Content 500 in 409 visible points once the keyboard's 261 are in: the bottom at
        // contentOffset.y 0, 191 points below where the finger let go.
        #expect(
            machine.actions(for: .willEndDragging(velocity: -2000), now: 2.3) == [
                .sent(.dragEnded(offset: -100, velocity: -2000)), .move(y: -191, animation: .jump),
                .sent(.scrollSettled(offset: -100)),
                .effect(.persistPosition(SavedPosition(anchorID: "m1", delta: 0, wasAtBottom: true))),
                .sent(.keyboardWillShow(height: 261, duration: 0)),
                .move(y: 0, animation: .alongKeyboard(duration: 0.1)), .needsFrames(false),
            ])
    }

    @Test(
        """
        given slow momentum a few points above the bottom, when the screen rotates, then the momentum stops where it \
        is, the hold ends following, and the list goes to the new bottom: the rotation does not leave it reading
        """
    )
    func rotationEndsMomentumNearTheBottom() {
        var machine = DriverStateMachine.opened()
        machine.fling(from: 1235, velocity: -20, to: 1234)
        #expect(machine.phase == .decelerating)
        // Settled 5 points above the bottom (1330): following, whose last points are eased. The
        // ease moves with the top inset (59 points less), then with the new bottom (content 2000
        // in 287 visible points: 1713), 5 points short of it.
        #expect(
            machine.actions(for: .layout(frameHeight: 390, insetTop: 32, insetBottom: 71, frameBottom: nil), now: 2.2)
                == [
                    .move(y: 1234, animation: .jump), .sent(.scrollSettled(offset: 1325)),
                    .effect(.persistPosition(SavedPosition(anchorID: "m14", delta: 30, wasAtBottom: true))),
                    .move(y: 1293, animation: .none),
                    .sent(.viewportChanged(height: 390, insetTop: 32, insetBottom: 71)),
                    .move(y: 1676, animation: .none),
                ])
        #expect(machine.phase == .idle)
        _ = machine.actions(for: .tick(time: 2.25), now: 2.25)
        #expect(
            machine.actions(for: .tick(time: 2.6), now: 2.6) == [.move(y: 1681, animation: .none), .needsFrames(false)])
    }

    @Test(
        """
        given a sent message's scroll with the keyboard up, when the keyboard hides and a row under it is measured, \
        then the rest of the way bends along the keyboard: nothing the list showed moves at once
        """
    )
    func measurementUnderTheHidingKeyboard() {
        var machine = DriverStateMachine.openedWithKeyboardUp(reporting: true)
        for id in ["m21", "m22"] {
            let message = ChatMessage(id: id, direction: .outgoing, height: 200)
            _ = machine.reportedActions(for: .send(.messageAppended(message, streaming: nil)), now: 2)
        }
        _ = machine.reportedActions(for: .tick(time: 2), now: 2)
        // A third of the way from 1500 to 1900, eased: 7/27 of it.
        #expect(
            machine.reportedActions(for: .tick(time: 2.1), now: 2.1) == [.move(y: 1603.703703703704, animation: .none)])
        // Content 2400 in 670 visible points once the keyboard is gone: the bottom at contentOffset.y 1639.
        #expect(
            machine.reportedActions(
                for:
                    .keyboardWillChange(keyboardTop: 844, scrollViewBottom: 844, barAboveKeyboard: 0, duration: 0.25),
                now: 2.1)
                == [
                    .sent(.keyboardWillHide(duration: 0.25)), .move(y: 1639, animation: .alongKeyboard(duration: 0.25)),
                ])
        // m22 starts at 2200, under the keyboard (whose top was at 2104 in the content) as the list set off.
        #expect(
            machine.reportedActions(for: .cellMeasured(id: "m22", height: 150), now: 2.1) == [
                .sent(.itemMeasured(id: "m22", height: 150)), .move(y: 1589, animation: .alongKeyboard(duration: 0.25)),
            ])
    }

    @Test(
        """
        given a message's scroll with the keyboard up, when the screen rotates and the keyboard covers more of the \
        new frame at once, then the scroll's whole path moves by that much at once, and goes on
        """
    )
    func rotationChangesTheKeyboardsShareDuringAScroll() {
        var machine = DriverStateMachine.openedWithKeyboardUp(reporting: true)
        let message = ChatMessage(id: "m21", direction: .incoming, height: 100)
        _ = machine.reportedActions(for: .send(.messageAppended(message, streaming: nil)), now: 2)
        _ = machine.reportedActions(for: .tick(time: 2), now: 2)
        // A third of the way from 1500 to 1600, eased: 7/27 of it, at 1525.93.
        _ = machine.reportedActions(for: .tick(time: 2.1), now: 2.1)
        // The top inset's change (59), the frame's (383) and the keyboard's share in the new frame
        // (344 covered, 273 beyond the inset: 12 more) each move the path at once.
        #expect(
            machine.reportedActions(
                for: .layout(frameHeight: 390, insetTop: 32, insetBottom: 71, frameBottom: nil), now: 2.1) == [
                    .move(y: 1584.9259259259259, animation: .none),
                    .sent(.viewportChanged(height: 390, insetTop: 32, insetBottom: 71)),
                    .move(y: 1967.9259259259259, animation: .none),
                    .sent(.keyboardWillShow(height: 273, duration: nil)),
                    .move(y: 1979.9259259259259, animation: .none),
                ])
        // Two thirds of the way, from 1954 to 2054.
        #expect(
            machine.reportedActions(for: .tick(time: 2.2), now: 2.2) == [.move(y: 2028.0740740740741, animation: .none)]
        )
    }

    @Test(
        """
        given a reader as the keyboard hides, when the row at the new visible top is measured at the keyboard's \
        start, then the rows below it, on screen, stay: the list and the model move by the change at once
        """
    )
    func measurementAtTheKeyboardsEnd() {
        var machine = DriverStateMachine.opened()
        let shown = DriverInput.keyboardWillChange(
            keyboardTop: 500, scrollViewBottom: 844, barAboveKeyboard: 0, duration: 0.25)
        _ = machine.actions(for: shown, now: 1)
        _ = machine.actions(for: .willBeginDragging, now: 2)
        _ = machine.actions(for: .didScroll(contentOffsetY: 809), now: 2)
        _ = machine.actions(for: .willEndDragging(velocity: 0), now: 2)
        let hidden = DriverInput.keyboardWillChange(
            keyboardTop: 844, scrollViewBottom: 844, barAboveKeyboard: 0, duration: 0.25)
        #expect(
            machine.actions(for: hidden, now: 3) == [
                .sent(.keyboardWillHide(duration: 0.25)), .move(y: 548, animation: .alongKeyboard(duration: 0.25)),
            ])
        // m7 (600 to 700) is the new visible top, above what is shown (900) as the list sets off.
        #expect(
            machine.actions(for: .cellMeasured(id: "m7", height: 120), now: 3) == [
                .sent(.itemMeasured(id: "m7", height: 120)), .move(y: 568, animation: .none),
                .sent(.scrolled(offset: 659)),
            ])
        #expect(machine.state.offset == 659)
    }

    @Test(
        """
        given a message's scroll on a frame pinned to a bar over the keyboard, when the keyboard hides and the frame \
        grows back, then the rest of the way goes along the keyboard, not at once by the frame's growth
        """
    )
    func frameGrowsBackDuringAScroll() {
        var machine = DriverStateMachine(configuration: ChatConfiguration())
        _ = machine.reportedActions(
            for: .layout(frameHeight: 769, insetTop: 103, insetBottom: 0, frameBottom: 769), now: 0)
        _ = machine.reportedActions(for: .send(.historyLoaded(messages: messages(1...20), hasMoreOlder: false)), now: 0)
        _ = machine.reportedActions(
            for:
                .keyboardWillChange(keyboardTop: 516, scrollViewBottom: 769, barAboveKeyboard: 49, duration: 0.25),
            now: 1)
        _ = machine.reportedActions(
            for: .layout(frameHeight: 467, insetTop: 103, insetBottom: 0, frameBottom: 467), now: 1)
        let message = ChatMessage(id: "m21", direction: .incoming, height: 100)
        _ = machine.reportedActions(for: .send(.messageAppended(message, streaming: nil)), now: 2)
        _ = machine.reportedActions(for: .tick(time: 2), now: 2)
        // A third of the way from 1533 to 1633, eased: 7/27 of it.
        let third: Double = 1533 + 700 / 27
        #expect(machine.reportedActions(for: .tick(time: 2.1), now: 2.1) == [.move(y: third, animation: .none)])
        let hidden = DriverInput.keyboardWillChange(
            keyboardTop: 852, scrollViewBottom: 467, barAboveKeyboard: 49, duration: 0.25)
        #expect(machine.reportedActions(for: hidden, now: 2.1) == [])
        // Content 2100 in 666 visible points: the bottom at contentOffset.y 1331, reached with the keyboard.
        #expect(
            machine.reportedActions(
                for: .layout(frameHeight: 769, insetTop: 103, insetBottom: 0, frameBottom: 769), now: 2.1) == [
                    .sent(.viewportChanged(height: 769, insetTop: 103, insetBottom: 0)),
                    .move(y: 1331, animation: .alongKeyboard(duration: 0.25)),
                ])
        #expect(machine.reportedActions(for: .tick(time: 2.2), now: 2.2) == [])
    }

    @Test(
        """
        given the list's scroll along the keyboard on a view that reports each drawn frame, when a tap on jump to \
        latest comes before it ends, then the list goes on from the scroll's end, not from the frame drawn last
        """
    )
    func commandDuringTheKeyboardsScrollOnAViewThatReportsFrames() {
        var machine = DriverStateMachine.opened()
        _ = machine.actions(for: .willBeginDragging, now: 1)
        _ = machine.actions(for: .didScroll(contentOffsetY: 900), now: 1)
        _ = machine.actions(for: .willEndDragging(velocity: 0), now: 1)
        let shown = DriverInput.keyboardWillChange(
            keyboardTop: 508, scrollViewBottom: 844, barAboveKeyboard: 0, duration: 0.25)
        // The reader's rows ride up with the keyboard: contentOffset.y 900 + 253.
        #expect(
            machine.actions(for: shown, now: 2) == [
                .sent(.keyboardWillShow(height: 253, duration: 0.25)),
                .move(y: 1153, animation: .alongKeyboard(duration: 0.25)),
            ])
        // A frame drawn on the way, reported.
        #expect(machine.actions(for: .didScroll(contentOffsetY: 1000), now: 2.1) == [])
        #expect(
            machine.actions(for: .send(.jumpToLatestTapped), now: 2.1) == [
                .sent(.jumpToLatestTapped), .needsFrames(true),
            ])
        // Setting 1000 would move the keyboard's animation, which goes on around it, 153 points back.
        #expect(
            machine.actions(for: .tick(time: 2.1), now: 2.1) == [
                .move(y: 1153, animation: .jump), .move(y: 1153, animation: .none),
            ])
    }

    @Test(
        """
        given a list that follows with the keyboard up, when the finger pulls the keyboard down (interactive \
        dismissal), then the model hears of each move at once, nothing moves under the finger, and nothing moves \
        when it lifts
        """
    )
    func keyboardPulledByTheFinger() {
        var machine = DriverStateMachine.openedWithKeyboardUp()
        #expect(machine.actions(for: .willBeginDragging, now: 3) == [.sent(.dragBegan), .needsFrames(true)])
        // The finger pulls the content 20 points down, then the keyboard 100 points down with it.
        #expect(machine.actions(for: .didScroll(contentOffsetY: 1480), now: 3) == [.sent(.scrolled(offset: 1571))])
        #expect(
            machine.actions(
                for: .keyboardWillChange(keyboardTop: 600, scrollViewBottom: 844, barAboveKeyboard: 0, duration: nil),
                now: 3.1) == [.sent(.keyboardWillShow(height: 161, duration: nil))])
        #expect(
            machine.actions(for: .willEndDragging(velocity: 0), now: 3.2) == [
                .sent(.dragEnded(offset: 1571, velocity: 0)),
                .effect(.persistPosition(SavedPosition(anchorID: "m15", delta: 91, wasAtBottom: true))),
                .needsFrames(false),
            ])
    }
}
