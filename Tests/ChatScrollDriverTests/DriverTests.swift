import ChatEvents
import ChatReducer
import ChatScrollDriver
import Testing

/// A scroll view that records what the driver asks of it and, like UIKit, reports a
/// non-animated move back to its delegate at once.
final class RecordingScrollView: ChatScrollViewTarget {
    var calls: [(y: Double, animation: ScrollAnimation)] = []
    weak var driver: ChatScrollDriver?

    func setContentOffsetY(_ y: Double, animation: ScrollAnimation) {
        calls.append((y, animation))
        if animation == .none || animation == .jump { driver?.didScroll(contentOffsetY: y) }
    }
}

/// A driver over a scroll view of frame 844 with insets 91 and 83 (visible height 670), and the
/// events it sent.
final class Screen {
    let driver: ChatScrollDriver
    let view = RecordingScrollView()
    var sent: [ChatEvent] = []
    var effects: [ChatEffect] = []

    init(configuration: ChatConfiguration = ChatConfiguration()) {
        driver = ChatScrollDriver(configuration: configuration)
        driver.scrollView = view
        view.driver = driver
        driver.onStep = { [unowned self] event, _ in sent.append(event) }
        driver.onEffect = { [unowned self] effect in effects.append(effect) }
        driver.layout(frameHeight: 844, insetTop: 91, insetBottom: 83)
        // The geometry became known: offset 0, contentOffset.y -91.
        precondition(
            view.calls.map(\.y) == [-91] && sent == [.viewportChanged(height: 844, insetTop: 91, insetBottom: 83)])
        sent = []
        view.calls = []
    }

    /// Opens with `count` messages of 100 points: content 100 × count.
    static func open(
        _ count: Int = 20, hasMoreOlder: Bool = false, configuration: ChatConfiguration = ChatConfiguration()
    ) -> Screen {
        let screen = Screen(configuration: configuration)
        screen.driver.send(.historyLoaded(messages: messages(1...count), hasMoreOlder: hasMoreOlder))
        screen.sent = []
        screen.view.calls = []
        screen.effects = []
        return screen
    }

    /// Drags the list from where it is to `contentOffsetY` and releases it there without velocity.
    func drag(to y: Double) {
        driver.willBeginDragging()
        driver.didScroll(contentOffsetY: y)
        driver.willEndDragging(velocity: 0)
    }

    /// Pulls the list past its top to `contentOffsetY` -262 and flings it (the momentum is the
    /// user's hold): the view springs back and reports `bouncingAt` on the way.
    func flingPastTheTop(bouncingAt y: Double) {
        driver.willBeginDragging()
        driver.didScroll(contentOffsetY: -262)
        driver.willEndDragging(velocity: 2000)
        driver.didEndDragging(willDecelerate: true)
        driver.didScroll(contentOffsetY: y)
    }

    /// A bounce's spring ends at `contentOffsetY`, and the display link ticks through the 0.3 s
    /// the driver eases over: the moves it made, to a millionth of a point.
    func springEnds(at contentOffsetY: Double) -> [Double] {
        driver.didScroll(contentOffsetY: contentOffsetY)
        view.calls = []
        driver.didEndDecelerating()
        #expect(driver.isAnimatingCommand)
        for time in [10, 10.15, 10.3] { driver.tick(time: time) }
        return view.calls.map { ($0.y * 1e6).rounded() / 1e6 }
    }
}

func messages(_ numbers: ClosedRange<Int>, prefix: String = "m", height: Double = 100) -> [ChatMessage] {
    numbers.map { ChatMessage(id: "\(prefix)\($0)", direction: .incoming, height: height) }
}

@Suite("Scroll driver")
struct DriverTests {
    // MARK: Input: geometry

    @Test("given a new driver, when the scroll view is laid out twice alike, then one viewportChanged")
    func layoutOnlyWhenChanged() {
        let screen = Screen()
        screen.driver.layout(frameHeight: 844, insetTop: 91, insetBottom: 83)
        #expect(screen.sent == [])
        screen.driver.layout(frameHeight: 390, insetTop: 91, insetBottom: 83)
        #expect(screen.sent == [.viewportChanged(height: 390, insetTop: 91, insetBottom: 83)])
    }

    @Test(
        """
        given the geometry, when history opens the chat, then the scroll view jumps once to contentOffset = offset - \
        insetTop
        """
    )
    func openRunsTheCommandOnce() {
        let screen = Screen()
        screen.driver.send(.historyLoaded(messages: messages(1...20), hasMoreOlder: false))
        // Content 2000, visible 670: offset 1330, contentOffset.y 1330 - 91 = 1239.
        #expect(screen.view.calls.map(\.y) == [1239])
        #expect(screen.view.calls.map(\.animation) == [.jump])
        #expect(screen.driver.contentOffsetY == 1239)
        #expect(screen.driver.state.scrollTarget?.seq == 1)
        // The move's own callback is not the user's: nothing more was sent.
        #expect(screen.sent == [.historyLoaded(messages: messages(1...20), hasMoreOlder: false)])
        screen.driver.send(.inputBlurred)
        #expect(screen.view.calls.count == 1)
    }

    @Test(
        """
        given an open chat, when the keyboard's end frame covers 336 points of the scroll view, then keyboardWillShow \
        336 - 83 = 253, once
        """
    )
    func keyboardOverlap() {
        let screen = Screen.open()
        screen.driver.keyboardWillChange(keyboardTop: 508, scrollViewBottom: 844, duration: 0.25)
        screen.driver.keyboardWillChange(keyboardTop: 508, scrollViewBottom: 844, duration: 0.25)
        #expect(screen.sent == [.keyboardWillShow(height: 253, duration: 0.25)])
        // Following: the bottom follows the keyboard, along its animation. Offset 1330 + 253.
        #expect(screen.view.calls.map(\.y) == [1583 - 91])
        #expect(screen.view.calls.map(\.animation) == [.alongKeyboard(duration: 0.25)])

        screen.driver.keyboardWillChange(keyboardTop: 900, scrollViewBottom: 844, duration: 0.25)
        #expect(screen.sent.last == .keyboardWillHide(duration: 0.25))
    }

    @Test("given a keyboard smaller than the bottom inset, when it shows, then nothing is sent")
    func keyboardWithinTheInset() {
        let screen = Screen.open()
        screen.driver.keyboardWillChange(keyboardTop: 800, scrollViewBottom: 844)
        #expect(screen.sent == [])
    }

    // MARK: Input: the user's scrolling

    @Test(
        """
        given an open chat, when the user drags and releases without velocity, then dragBegan, scrolled and dragEnded \
        with offset = contentOffset + insetTop
        """
    )
    func dragWithoutVelocity() {
        let screen = Screen.open()
        screen.drag(to: 500)
        #expect(screen.sent == [.dragBegan, .scrolled(offset: 591), .dragEnded(offset: 591, velocity: 0)])
        #expect(screen.driver.state.mode == .detached)
        #expect(screen.driver.state.offset == 591)
        #expect(screen.view.calls.isEmpty)
    }

    @Test(
        """
        given a release with velocity, when the scroll decelerates and stops, then its callbacks are the user's until \
        scrollSettled
        """
    )
    func momentum() {
        let screen = Screen.open()
        screen.driver.willBeginDragging()
        screen.driver.didScroll(contentOffsetY: 900)
        screen.driver.willEndDragging(velocity: -800)
        #expect(screen.driver.isDecelerating)
        screen.driver.didScroll(contentOffsetY: 700)
        screen.driver.didEndDecelerating()
        #expect(
            screen.sent == [
                .dragBegan, .scrolled(offset: 991), .dragEnded(offset: 991, velocity: -800), .scrolled(offset: 791),
                .scrollSettled(offset: 791),
            ])
        #expect(!screen.driver.isDecelerating)
        #expect(screen.driver.state.userHoldsView == false)
    }

    @Test(
        """
        given momentum that the keyboard's notification ended, when the view reports the end of that momentum a frame \
        into the keyboard's animation, then nothing is sent and the reader stays where the keyboard takes it
        """
    )
    func momentumEndedByTheKeyboardReportedLate() {
        let screen = Screen.open()
        screen.driver.willBeginDragging()
        screen.driver.didScroll(contentOffsetY: 900)
        screen.driver.willEndDragging(velocity: -800)
        screen.driver.didScroll(contentOffsetY: 700)
        screen.driver.keyboardWillChange(keyboardTop: 508, scrollViewBottom: 844, duration: 0.25)
        // The view stops at 700 (offset 791) and rides the keyboard's 253 points to 953 (offset 1044).
        #expect(screen.view.calls.map(\.y) == [700, 953])
        screen.sent = []
        screen.driver.didScroll(contentOffsetY: 706)
        screen.driver.didEndDecelerating()
        #expect(screen.sent == [])
        #expect(screen.driver.state.offset == 1044)
        #expect(screen.view.calls.map(\.y) == [700, 953])
    }

    @Test(
        """
        given a fling, when its deceleration would stop within the bottom's threshold, then it is sent to the bottom, \
        and elsewhere left alone
        """
    )
    func flingLandsOnTheBottom() {
        // The bottom is offset 1330, contentOffset.y 1239; the threshold is 20 points.
        let screen = Screen.open()
        screen.driver.willBeginDragging()
        screen.driver.didScroll(contentOffsetY: 1000)
        #expect(screen.driver.willEndDragging(velocity: 500, targetContentOffsetY: 1225) == 1239)
        #expect(screen.sent.last == .dragEnded(offset: 1091, velocity: 500))
        screen.driver.willBeginDragging()
        #expect(screen.driver.willEndDragging(velocity: 500, targetContentOffsetY: 1200) == 1200)
        screen.driver.willBeginDragging()
        #expect(screen.driver.willEndDragging(velocity: 0, targetContentOffsetY: 1225) == 1225)
    }

    @Test(
        """
        given a release at rest within the bottom's threshold, then the list eases the rest of the way, not in one step
        """
    )
    func releaseNearTheBottomEases() {
        // The bottom is offset 1330, contentOffset.y 1239; the finger lets go 10 points above.
        let screen = Screen.open()
        screen.drag(to: 1229)
        #expect(screen.driver.state.mode == .following)
        #expect(screen.driver.state.offset == 1330)
        #expect(screen.view.calls.isEmpty)
        #expect(screen.driver.isAnimatingCommand)
        screen.driver.tick(time: 10)
        screen.driver.tick(time: 10.15)
        screen.driver.tick(time: 10.3)
        #expect(screen.view.calls.map(\.y) == [1229, 1229, 1234, 1239])
        #expect(screen.view.calls.map(\.animation) == [.jump, .none, .none, .none])
        #expect(!screen.driver.isAnimatingCommand)
    }

    @Test(
        """
        given a short conversation pulled past its top, when the finger lets go at rest, then the list eases from \
        there to the bottom, not in one step
        """
    )
    func releasePastTheTopEases() {
        // Content 7 × 98 = 686 in a visible height of 670: the bottom is offset 16, 16 points
        // from the top, within the threshold; contentOffset.y -75.
        let screen = Screen()
        screen.driver.send(.historyLoaded(messages: messages(1...7, height: 98), hasMoreOlder: false))
        screen.view.calls = []
        screen.drag(to: -256)
        #expect(screen.driver.state.mode == .following)
        #expect(screen.driver.state.offset == 16)
        #expect(screen.view.calls.isEmpty)
        // The first frame stops the view's bounce where it is; the animation starts there.
        screen.driver.tick(time: 10)
        screen.driver.tick(time: 10.15)
        screen.driver.tick(time: 10.3)
        #expect(screen.view.calls.map { ($0.y * 1e6).rounded() / 1e6 } == [-256, -256, -165.5, -75])
        #expect(screen.view.calls.map(\.animation) == [.jump, .none, .none, .none])
    }

    @Test(
        """
        given a short conversation bouncing back from a pull past its top, when content grows a little under it, then \
        the list eases to the new bottom once the bounce ends
        """
    )
    func bounceEndsAboveANewBottom() {
        // Content 6 × 100 = 600 fits in the visible height of 670: the bottom is offset 0.
        let screen = Screen.open(6)
        screen.drag(to: -171)
        screen.driver.didEndDragging(willDecelerate: true)
        // An answer grows by 80 while the view springs back: the bottom is offset 10 now.
        screen.driver.send(.tokensAppended(id: "m6", text: nil, heightDelta: 80, height: nil))
        #expect(screen.driver.state.offset == 10)
        #expect(!screen.driver.isAnimatingCommand)
        // The spring ends at the top edge, 10 points above the bottom: the list eases there.
        #expect(screen.springEnds(at: -91) == [-91, -91, -86, -81])
        #expect(!screen.driver.isAnimatingCommand)
    }

    @Test(
        """
        given a conversation that fits flung past its top, when an answer grows past the screen during the bounce, \
        then the list still follows, and eases to the new bottom once the bounce ends
        """
    )
    func bounceEndsFarAboveANewBottom() {
        // Content 600 fits in 670 visible points.
        let screen = Screen.open(6)
        screen.flingPastTheTop(bouncingAt: -250)
        // An answer grows by 300 while the view springs back: the bottom is offset 230, 230
        // points below the top the bounce goes to. The top of a conversation that fits was
        // its bottom: the hold ends there, and the list goes on following.
        screen.driver.send(.tokensAppended(id: "m6", text: nil, heightDelta: 300, height: nil))
        #expect(screen.driver.state.mode == .following)
        #expect(screen.driver.state.offset == 230)
        #expect(!screen.driver.state.userHoldsView)
        #expect(screen.springEnds(at: -91) == [-91, -91, 24, 139])
    }

    @Test(
        """
        given a conversation that fits flung past its top, when the screen rotates, then the bounce ends and the list \
        follows: to the bottom when it no longer fits, to the top of the new layout when it still does
        """,
        arguments: [
            // Landscape: 287 visible points. Six rows: the bottom is offset 313 (contentOffset.y 281).
            (messages: 6, offset: 313.0, contentOffsetY: 281.0),
            // Two rows, 200 points, still fit: offset 0 (contentOffset.y -32).
            (messages: 2, offset: 0.0, contentOffsetY: -32.0),
        ])
    func rotationEndsABounceFromTheTopOfAConversationThatFits(
        _ conversation: (messages: Int, offset: Double, contentOffsetY: Double)
    ) {
        let screen = Screen.open(conversation.messages)
        screen.flingPastTheTop(bouncingAt: -150)
        screen.view.calls = []
        screen.driver.layout(frameHeight: 390, insetTop: 32, insetBottom: 71)
        #expect(screen.driver.state.mode == .following)
        #expect(screen.driver.state.offset == conversation.offset)
        #expect(screen.view.calls.map(\.y) == [-150, conversation.contentOffsetY])
        #expect(screen.view.calls.map(\.animation) == [.jump, .none])
    }

    @Test(
        """
        given a conversation that fits flung past its top, when the keyboard shows and the frame shrinks to the bar \
        and it still fits, then the bounce goes on: nothing moves the list
        """
    )
    func keyboardDuringABounceFromTheTopOfAConversationThatStillFits() {
        // Content 200 fits above the keyboard too (417 visible points).
        let screen = Screen.open(2)
        screen.flingPastTheTop(bouncingAt: -150)
        screen.view.calls = []
        screen.driver.keyboardWillChange(keyboardTop: 508, scrollViewBottom: 844, duration: 0.25)
        screen.driver.layout(frameHeight: 508, insetTop: 91, insetBottom: 0, frameBottom: 508)
        #expect(screen.view.calls.isEmpty)
        #expect(screen.driver.state.mode == .following)
        #expect(screen.driver.state.offset == 0)
    }

    @Test(
        """
        given a message's scroll half way, when the screen rotates, then the list moves with the new layout at once \
        and the scroll ends at the new bottom
        """
    )
    func rotationDuringACommandsScroll() {
        // The bottom is offset 1330 (contentOffset.y 1239); a message of 100 moves it to 1430.
        let screen = Screen.open()
        screen.driver.send(.messageAppended(ChatMessage(id: "m21", direction: .incoming, height: 100), streaming: nil))
        screen.driver.tick(time: 10)
        screen.driver.tick(time: 10.15)
        // Half way: 50 points above the bottom. Landscape: visible height 287, the bottom is
        // offset 2100 - 287 = 1813 (contentOffset.y 1781); the list stays 50 points above it.
        screen.driver.layout(frameHeight: 390, insetTop: 32, insetBottom: 71)
        #expect(screen.driver.state.offset == 1813)
        screen.driver.tick(time: 10.3)
        // (The first frame shows where the scroll starts; the layout moves the path by the top
        // inset's change, 59, and then by the bottom's, 383.)
        #expect(screen.view.calls.map { ($0.y * 1e6).rounded() / 1e6 } == [1239, 1239, 1289, 1348, 1731, 1781])
    }

    @Test(
        """
        given a scroll to the latest, when a row straddling the visible top is measured, then the rows below it stay \
        where they are on screen
        """
    )
    func rowStraddlingTheTopMeasuredDuringAScroll() {
        // A reader at offset 591 (contentOffset.y 500): m6 spans 500 to 600, 9 points of it shown.
        let screen = Screen.open()
        screen.drag(to: 500)
        screen.driver.send(.jumpToLatestTapped)
        screen.driver.tick(time: 10)
        screen.view.calls = []
        // m6 is 50 points taller: the view moves by 50 with it, and so does the bottom.
        screen.driver.cellMeasured(id: "m6", height: 150)
        #expect(screen.view.calls.map(\.y) == [550])
        #expect(screen.driver.state.offset == 1380)
    }

    @Test(
        """
        given SwiftUI's phases, when the user drags, flings, catches the list and lets go, then the same events as \
        UIKit's callbacks
        """
    )
    func scrollPhases() {
        let screen = Screen.open()
        screen.driver.scrollPhaseChanged(from: .idle, to: .tracking, velocity: nil)
        screen.driver.scrollPhaseChanged(from: .tracking, to: .interacting, velocity: nil)
        screen.driver.didScroll(contentOffsetY: 900)
        screen.driver.scrollPhaseChanged(from: .interacting, to: .decelerating, velocity: -800)
        screen.driver.didScroll(contentOffsetY: 700)
        // The finger catches the coasting list, then lifts without velocity.
        screen.driver.scrollPhaseChanged(from: .decelerating, to: .interacting, velocity: nil)
        screen.driver.scrollPhaseChanged(from: .interacting, to: .idle, velocity: .nan)
        // A programmatic animation is the app's own.
        screen.driver.scrollPhaseChanged(from: .idle, to: .animating, velocity: nil)
        screen.driver.scrollPhaseChanged(from: .animating, to: .idle, velocity: nil)
        #expect(
            screen.sent == [
                .dragBegan, .scrolled(offset: 991), .dragEnded(offset: 991, velocity: -800), .scrolled(offset: 791),
                .dragBegan, .dragEnded(offset: 791, velocity: 0),
            ])
        #expect(screen.driver.warnings == [])
        #expect(!screen.driver.isDragging && !screen.driver.isDecelerating)
    }

    @Test("given SwiftUI's phases, when a fling comes to rest, then scrollSettled")
    func scrollPhaseSettles() {
        let screen = Screen.open()
        screen.driver.scrollPhaseChanged(from: .idle, to: .interacting, velocity: nil)
        screen.driver.didScroll(contentOffsetY: 900)
        screen.driver.scrollPhaseChanged(from: .interacting, to: .decelerating, velocity: -800)
        screen.driver.didScroll(contentOffsetY: 700)
        screen.driver.scrollPhaseChanged(from: .decelerating, to: .idle, velocity: nil)
        #expect(
            screen.sent == [
                .dragBegan, .scrolled(offset: 991), .dragEnded(offset: 991, velocity: -800), .scrolled(offset: 791),
                .scrollSettled(offset: 791),
            ])
    }

    @Test(
        "given a following chat, when the scroll view reports a move nobody made, then it is not the user's scrolling")
    func layoutCallbacksAreNotTheUsers() {
        let screen = Screen.open()
        screen.driver.didScroll(contentOffsetY: 1000)
        #expect(screen.sent == [])
        #expect(screen.driver.state.offset == 1330)
    }

    // MARK: Output: commands and position keeping

    @Test(
        """
        given a following chat, when a message arrives, then the driver animates the command frame by frame, and its \
        callbacks are not the user's
        """
    )
    func animatedCommand() {
        let screen = Screen.open()
        screen.driver.send(.messageAppended(ChatMessage(id: "n1", direction: .incoming, height: 100), streaming: nil))
        // Content 2100: offset 1430, contentOffset.y 1339. The view is still at 1239.
        #expect(screen.view.calls.isEmpty)
        #expect(screen.driver.isAnimatingCommand)
        // The first frame stops whatever the view does there (momentum, a bounce) and starts
        // the animation; 0.15 s later it is half-way (smoothstep(0.5) = 0.5).
        func ys() -> [Double] { screen.view.calls.dropFirst().map { ($0.y * 1e6).rounded() / 1e6 } }
        screen.driver.tick(time: 10)
        #expect(screen.view.calls.map(\.animation) == [.jump, .none])
        screen.driver.tick(time: 10.15)
        #expect(ys() == [1239, 1289])
        #expect(screen.view.calls.dropFirst().allSatisfy { $0.animation == .none })
        #expect(screen.sent.count == 1)
        // Tokens while following move the live end by 40: the path bends to 1379 from where the
        // view is, at the speed it has (smoothstep's 1.5 * 100 / 0.3 = 500 points per second),
        // and still ends at 0.3 s. Half-way through the remaining 0.15 s the cubic is at
        // 0.5 * 1289 + 0.125 * (500 * 0.15) + 0.5 * 1379 = 1343.375.
        screen.driver.send(.tokensAppended(id: "n1", text: nil, heightDelta: 40, height: nil))
        #expect(ys() == [1239, 1289])
        screen.driver.tick(time: 10.225)
        #expect(ys() == [1239, 1289, 1343.375])
        screen.driver.tick(time: 10.3)
        #expect(ys() == [1239, 1289, 1343.375, 1379])
        #expect(!screen.driver.isAnimatingCommand)
        screen.driver.tick(time: 10.4)
        #expect(screen.view.calls.count == 5)
        #expect(screen.view.calls.first?.y == 1239)
        // The append, the tokens, and the end of n1's entrance animation 0.3 s after the first
        // tick told the time.
        #expect(screen.sent.count == 3)
        #expect(screen.sent.last == .entranceAnimationFinished(id: "n1"))
    }

    @Test(
        """
        given an arrival's command whose destination comes back to where the view is, when the answer then grows, then \
        the view follows it at once, not along a path from rest
        """
    )
    func commandBackWhereTheViewIsEnds() {
        // Content 4 × 100 = 400 fits in 670: offset 0, contentOffset.y -91.
        let screen = Screen.open(4)
        screen.driver.send(.messageAppended(ChatMessage(id: "n1", direction: .incoming, height: 300), streaming: nil))
        #expect(screen.driver.isAnimatingCommand)
        // Measured shorter, it fits after all: the destination is where the view is.
        screen.driver.cellMeasured(id: "n1", height: 270)
        #expect(!screen.driver.isAnimatingCommand)
        screen.driver.send(.tokensAppended(id: "n1", text: nil, heightDelta: 18, height: nil))
        #expect(screen.driver.state.offset == 18)
        #expect(screen.view.calls.map(\.y) == [-73])
        #expect(screen.view.calls.map(\.animation) == [ScrollAnimation.none])
    }

    @Test(
        """
        given a jump up to a message under way, when a row above what is shown but below the row the jump keeps is \
        measured, then the view moves with it at once and still lands on the message
        """
    )
    func measuredAboveShownDuringJump() {
        let screen = Screen.open()
        // m5 centred: offset 400 + 50 - 335 = 115, contentOffset.y 24; the model keeps m2, the
        // topmost row there.
        func y() -> Double? { screen.view.calls.last.map { ($0.y * 1e6).rounded() / 1e6 } }
        screen.driver.send(.jumpToMessage(id: "m5"))
        screen.driver.tick(time: 10)
        screen.driver.tick(time: 10.15)
        #expect(y() == 631.5)
        // m4 (300 to 400) lies wholly above what is shown (from 722.5) and below m2: the model's
        // offset stays, what is shown moves down by 50, and so does the view.
        screen.driver.cellMeasured(id: "m4", height: 150)
        #expect(screen.driver.state.offset == 115)
        #expect(y() == 681.5)
        screen.driver.tick(time: 10.3)
        #expect(y() == 24)
        #expect(!screen.driver.isAnimatingCommand)
    }

    // MARK: Views that do not do what was asked (regressions)

    @Test(
        """
        given a reader, when a table view keeps what it shows as a row above grows and then reports the new height, \
        then the driver does not move the list a second time
        """
    )
    func viewThatCorrectsItself() {
        let screen = Screen.open()
        // Content 2000; the reader at offset 600 (contentOffset.y 509), m7 at the top.
        screen.drag(to: 509)
        screen.view.calls = []
        // m2 (offset 100 to 200) grows by 50: the view moves itself by 50, then the app hears.
        screen.driver.didScroll(contentOffsetY: 559)
        screen.driver.cellMeasured(id: "m2", height: 150)
        #expect(screen.driver.state.offset == 650)
        #expect(screen.driver.contentOffsetY == 559)
        #expect(screen.view.calls.map(\.y) == [559])
        // A view that does not correct itself is moved by the driver, once.
        screen.view.calls = []
        screen.driver.cellMeasured(id: "m3", height: 150)
        #expect(screen.driver.state.offset == 700)
        #expect(screen.view.calls.map(\.y) == [609])
    }

    @Test(
        """
        given a short chat where everything fits, when an answer streams, then the driver is never stranded in an \
        animation and the answer stays in view
        """
    )
    func commandToWhereTheViewIs() {
        let screen = Screen()
        screen.driver.send(.historyLoaded(messages: messages(1...1, height: 44), hasMoreOlder: false))
        screen.driver.send(.messageAppended(ChatMessage(id: "a", direction: .incoming, height: 44), streaming: true))
        // Content 88 fits in 670: the command's target is where the view is, so nothing animates.
        #expect(!screen.driver.isAnimatingCommand)
        for _ in 0..<50 { screen.driver.send(.tokensAppended(id: "a", text: nil, heightDelta: 20, height: nil)) }
        // Content 1088: the bottom is offset 418, contentOffset.y 327, with no frame ever ticked.
        #expect(screen.driver.contentOffsetY == 327)
        #expect(screen.view.calls.last?.y == 327)
        #expect(screen.driver.state.offset == 418)
    }

    @Test(
        """
        given a view that completes every move inside the call, when a message arrives and an answer streams, then the \
        answer ends at the bottom
        """
    )
    func synchronousView() {
        final class SynchronousView: ChatScrollViewTarget {
            weak var driver: ChatScrollDriver?
            var y = -91.0
            func setContentOffsetY(_ y: Double, animation: ScrollAnimation) {
                self.y = y
                driver?.didScroll(contentOffsetY: y)
            }
        }
        let driver = ChatScrollDriver()
        let view = SynchronousView()
        view.driver = driver
        driver.scrollView = view
        driver.layout(frameHeight: 844, insetTop: 91, insetBottom: 83)
        driver.send(.historyLoaded(messages: messages(1...20), hasMoreOlder: false))
        driver.send(.messageAppended(ChatMessage(id: "a", direction: .incoming, height: 40), streaming: true))
        var time = 0.0
        for _ in 0..<50 {
            time += 1 / 60
            driver.tick(time: time)
            driver.send(.tokensAppended(id: "a", text: nil, heightDelta: 20, height: nil))
        }
        for _ in 0..<30 {
            time += 1 / 60
            driver.tick(time: time)
        }
        // Content 2000 + 40 + 1000: offset 2370, contentOffset.y 2279.
        #expect(view.y == 2279)
        #expect(driver.state.offset == 2370)
        #expect(driver.state.mode == .following)
        #expect(!driver.isAnimatingCommand)
    }

    @Test(
        """
        given a release without velocity past the bottom, when the bottom moves during the bounce back, then the \
        overshoot is kept, and not after a jump
        """
    )
    func bounceBackKeepsItsOvershoot() {
        // Content 2000, bottom at offset 1330 (contentOffset.y 1239); released 60 past it.
        let screen = Screen.open()
        screen.drag(to: 1299)
        screen.driver.didEndDragging(willDecelerate: true)
        // The newest row is measured 20 taller: the bottom moves to 1350, the overshoot stays.
        screen.driver.cellMeasured(id: "m20", height: 120)
        #expect(screen.view.calls.map(\.y) == [1319])
        // A command stops the bounce (UIKit then reports no end of it): no overshoot after it.
        screen.driver.send(.messageAppended(ChatMessage(id: "o1", direction: .outgoing, height: 50), streaming: nil))
        screen.driver.tick(time: 1)
        screen.driver.tick(time: 1.5)
        screen.driver.cellMeasured(id: "o1", height: 70)
        // The command starts where the view is and ends at the bottom, 1350 + 50 (1309); the
        // measurement moves the bottom 20 further (1329), without the overshoot of before.
        #expect(screen.view.calls.map(\.y) == [1319, 1319, 1319, 1309, 1329])
        #expect(screen.view.calls.map(\.animation) == [.none, .jump, .none, .none, .none])
    }

    @Test("given a release with velocity at an edge, when UIKit reports no deceleration, then the hold ends at once")
    func releaseWithoutDeceleration() {
        let screen = Screen.open()
        screen.driver.willBeginDragging()
        screen.driver.didScroll(contentOffsetY: 600)
        screen.driver.willEndDragging(velocity: 300)
        #expect(screen.driver.state.userHoldsView)
        screen.driver.didEndDragging(willDecelerate: false)
        #expect(
            screen.sent == [
                .dragBegan, .scrolled(offset: 691), .dragEnded(offset: 691, velocity: 300), .scrollSettled(offset: 691),
            ])
        #expect(!screen.driver.state.userHoldsView)
        #expect(!screen.driver.isDecelerating)
        // A release that does decelerate waits for didEndDecelerating.
        screen.driver.willBeginDragging()
        screen.driver.willEndDragging(velocity: 300)
        screen.driver.didEndDragging(willDecelerate: true)
        #expect(screen.driver.state.userHoldsView)
    }

    @Test("given bad callbacks, when they arrive, then each call's warnings are its own")
    func warningsBelongToOneCall() {
        let screen = Screen()
        screen.driver.didScroll(contentOffsetY: .infinity)
        #expect(screen.driver.warnings == ["contentOffsetY inf is not a finite number; ignored"])
        screen.driver.willBeginDragging()
        screen.driver.willEndDragging(velocity: .nan)
        #expect(screen.driver.warnings == ["velocity nan is not a finite number; 0 used"])
        screen.driver.send(.tokensAppended(id: "nobody", text: nil, heightDelta: 20, height: nil))
        #expect(screen.driver.warnings == screen.driver.state.warnings)
        #expect(screen.driver.warnings.count == 1)
        // A call that sends nothing and finds nothing wrong leaves no warning behind.
        screen.driver.layout(frameHeight: 844, insetTop: 91, insetBottom: 83)
        #expect(screen.driver.warnings == [])
        let fresh = ChatScrollDriver()
        fresh.didScroll(contentOffsetY: 10)
        #expect(fresh.warnings == ["didScroll before the first layout: the offset is not known yet; ignored"])
    }

    @Test(
        """
        given a following chat, when an answer streams, then every growth is a correction in the same pass, and no \
        command
        """
    )
    func growthWhileFollowing() {
        let screen = Screen.open()
        screen.driver.send(.messageAppended(ChatMessage(id: "a", direction: .incoming, height: 40), streaming: true))
        screen.driver.tick(time: 0)
        screen.driver.tick(time: 1)
        screen.view.calls = []
        for _ in 0..<3 { screen.driver.send(.tokensAppended(id: "a", text: nil, heightDelta: 20, height: nil)) }
        // Content 2040 + 20 k: offsets 1390, 1410, 1430 less 91.
        #expect(screen.view.calls.map(\.y) == [1299, 1319, 1339])
        #expect(screen.view.calls.allSatisfy { $0.animation == .none })
        #expect(screen.driver.state.scrollTarget?.seq == 2)
    }

    @Test(
        """
        given a reader scrolled up, when a page of history is prepended, then the scroll view moves down by the page \
        at once
        """
    )
    func prependCorrection() {
        let screen = Screen.open(hasMoreOlder: true)
        screen.drag(to: 300)
        #expect(
            screen.effects == [
                .loadOlder(before: "m1"),
                .persistPosition(SavedPosition(anchorID: "m4", delta: 91, wasAtBottom: false)),
            ])
        screen.view.calls = []
        screen.driver.send(.olderLoaded(messages: messages(1...5, prefix: "o"), hasMoreOlder: false))
        #expect(screen.view.calls.map(\.y) == [800])
        #expect(screen.view.calls.map(\.animation) == [.none])
        #expect(screen.driver.state.offset == 891)
    }

    @Test(
        """
        given an effect handler that answers loadOlder at once, when the reader scrolls up, then the page is \
        applied after the scroll that asked for it, the handler reads the driver as it stood then, and what it sets \
        is kept
        """
    )
    func effectHandlerCallsBack() {
        let screen = Screen.open(hasMoreOlder: true)
        let page = ChatEvent.olderLoaded(messages: messages(1...5, prefix: "o"), hasMoreOlder: false)
        var seen: [String] = []
        screen.driver.onEffect = { [unowned screen] effect in
            guard case .loadOlder = effect else { return }
            seen.append("\(screen.driver.state.messageCount) \(screen.driver.isDragging)")
            screen.driver.send(page)
            screen.driver.entranceAnimationDuration = nil
        }
        screen.drag(to: 300)
        #expect(seen == ["20 true"])
        #expect(screen.sent == [.dragBegan, .scrolled(offset: 391), page, .dragEnded(offset: 891, velocity: 0)])
        #expect(screen.view.calls.map(\.y) == [800])
        #expect(screen.driver.entranceAnimationDuration == nil)
    }

    @Test(
        """
        given an app that reports entrance animations itself, when an effect's handler reads the driver's entrance \
        duration, then it reads nil
        """
    )
    func callbackReadsNoEntranceDuration() {
        let screen = Screen.open(hasMoreOlder: true)
        screen.driver.entranceAnimationDuration = nil
        var read: [Double?] = []
        screen.driver.onEffect = { [unowned screen] _ in read.append(screen.driver.entranceAnimationDuration) }
        screen.drag(to: 300)
        #expect(read == [nil, nil])
    }

    @Test(
        """
        given a finger pulling a conversation that fits past the top, when a page arrives and a row of it is measured, \
        then what is shown keeps its place on screen
        """
    )
    func pageUnderAFingerPastTheTop() {
        let screen = Screen.open(3)
        screen.driver.willBeginDragging()
        // 173 points past the top: m1 at 173 below the visible top.
        screen.driver.didScroll(contentOffsetY: -91 - 173)
        screen.driver.send(.olderLoaded(messages: messages(1...20, prefix: "o"), hasMoreOlder: true))
        // m1's top is 2000 now; the model stops at the content's end (2300 - 670), the view does not.
        #expect(screen.driver.state.offset == 1630)
        #expect(screen.view.calls.last?.y == 1736)
        screen.driver.cellMeasured(id: "o20", height: 150)
        #expect(screen.driver.state.offset == 1680)
        #expect(screen.view.calls.last?.y == 1786)
    }

    @Test(
        """
        given a page that arrived under a finger pulling a conversation that fitted past its top, when a row between \
        the model's clamped offset and what the view shows is measured, then what is shown keeps its place on screen
        """
    )
    func rowMeasuredAboveWhatIsShownPastTheBottom() {
        let screen = Screen.open(3)
        screen.driver.willBeginDragging()
        screen.driver.didScroll(contentOffsetY: -91 - 173)
        screen.driver.send(.olderLoaded(messages: messages(1...20, prefix: "o"), hasMoreOlder: true))
        // The finger moves on: the model reads o17 at its clamped offset 1630; the view shows from
        // 1825, below o18 (1700 to 1800).
        screen.driver.didScroll(contentOffsetY: 1734)
        screen.view.calls = []
        screen.driver.cellMeasured(id: "o18", height: 150)
        #expect(screen.driver.state.offset == 1630)
        #expect(screen.view.calls.map(\.y) == [1784])
        #expect(screen.view.calls.map(\.animation) == [.none])
        // The finger goes on from there, and the model learns where the view is.
        screen.driver.didScroll(contentOffsetY: 1782)
        #expect(screen.sent.last == .scrolled(offset: 1873))
        #expect(screen.driver.state.offset == 1680)
    }

    @Test(
        """
        given a finger on the list, when a page arrives under it, then the correction is applied during the drag and \
        the drag goes on from there
        """
    )
    func pageUnderTheFinger() {
        let screen = Screen.open(hasMoreOlder: true)
        screen.driver.willBeginDragging()
        screen.driver.didScroll(contentOffsetY: 200)
        screen.view.calls = []
        screen.driver.send(.olderLoaded(messages: messages(1...3, prefix: "o"), hasMoreOlder: false))
        #expect(screen.view.calls.map(\.y) == [500])
        screen.driver.didScroll(contentOffsetY: 480)
        #expect(screen.sent.last == .scrolled(offset: 571))
        #expect(screen.driver.state.userHoldsView)
    }

    @Test(
        """
        given a reader's drag, when the keyboard shows during it, then it is sent at once and nothing moves, under the \
        finger or at its release
        """
    )
    func keyboardDuringAReadersDrag() {
        let screen = Screen.open()
        screen.driver.willBeginDragging()
        screen.driver.didScroll(contentOffsetY: 600)
        screen.driver.keyboardWillChange(keyboardTop: 508, scrollViewBottom: 844, duration: 0.25)
        #expect(screen.sent == [.dragBegan, .scrolled(offset: 691), .keyboardWillShow(height: 253, duration: 0.25)])
        screen.driver.willEndDragging(velocity: 0)
        #expect(screen.sent.last == .dragEnded(offset: 691, velocity: 0))
        #expect(screen.driver.state.mode == .detached)
        #expect(screen.driver.state.offset == 691)
        #expect(screen.view.calls.isEmpty)
    }

    @Test(
        """
        given a drag within the bottom's threshold, when the keyboard shows during it, then it waits for the finger to \
        lift and the view follows it
        """
    )
    func keyboardDuringADragAtTheBottom() {
        let screen = Screen.open()
        screen.driver.willBeginDragging()
        // 10 points above the bottom (1330): still following.
        screen.driver.didScroll(contentOffsetY: 1229)
        screen.driver.keyboardWillChange(keyboardTop: 508, scrollViewBottom: 844, duration: 0.25)
        #expect(!screen.sent.contains(.keyboardWillShow(height: 253, duration: 0.25)))
        screen.driver.willEndDragging(velocity: 0)
        #expect(
            screen.sent.suffix(2) == [
                .dragEnded(offset: 1320, velocity: 0), .keyboardWillShow(height: 253, duration: 0.25),
            ])
        // Following: the keyboard's animation takes the list the last 10 points to the bottom
        // and on with the keyboard, in one move.
        #expect(screen.driver.state.mode == .following)
        #expect(screen.driver.state.offset == 1583)
        #expect(screen.view.calls.map(\.y) == [1492])
        #expect(screen.view.calls.last?.animation == .alongKeyboard(duration: 0.25))
    }

    @Test(
        """
        given momentum, when the keyboard shows, then the scroll settles where it is and the keyboard's animation \
        replaces the momentum
        """
    )
    func keyboardDuringMomentum() {
        let screen = Screen.open()
        screen.driver.willBeginDragging()
        screen.driver.didScroll(contentOffsetY: 600)
        screen.driver.willEndDragging(velocity: 500)
        screen.driver.didScroll(contentOffsetY: 650)
        screen.driver.keyboardWillChange(keyboardTop: 508, scrollViewBottom: 844, duration: 0.25)
        #expect(screen.sent.suffix(2) == [.scrollSettled(offset: 741), .keyboardWillShow(height: 253, duration: 0.25)])
        #expect(!screen.driver.isDecelerating)
        #expect(screen.driver.state.offset == 994)
        #expect(screen.view.calls.last?.y == 903)
    }

    @Test(
        """
        given momentum over the keyboard, when the screen rotates, then the scroll settles first and the new bottom \
        inset and keyboard share cancel out
        """
    )
    func rotationDuringMomentumOverTheKeyboard() {
        let screen = Screen.open()
        screen.driver.keyboardWillChange(keyboardTop: 508, scrollViewBottom: 844, duration: 0.25)
        screen.driver.willBeginDragging()
        screen.driver.didScroll(contentOffsetY: 600)
        screen.driver.willEndDragging(velocity: 500)
        screen.driver.didScroll(contentOffsetY: 650)
        screen.sent = []
        // The keyboard still covers 336 points: 265 above the landscape bottom inset of 71.
        screen.driver.layout(frameHeight: 390, insetTop: 32, insetBottom: 71)
        #expect(
            screen.sent == [
                .scrollSettled(offset: 741), .viewportChanged(height: 390, insetTop: 32, insetBottom: 71),
                .keyboardWillShow(height: 265, duration: nil),
            ])
        #expect(!screen.driver.isDecelerating)
        #expect(screen.driver.state.offset == 741)
        #expect(screen.view.calls.last?.y == 709)
    }

    @Test("given a measured cell, when its height is unchanged, then nothing is sent; when it changed, itemMeasured")
    func cellMeasured() {
        let screen = Screen.open()
        screen.driver.cellMeasured(id: "m20", height: 100)
        screen.driver.cellMeasured(id: "ghost", height: 100)
        #expect(screen.sent == [])
        screen.driver.cellMeasured(id: "m20", height: 130)
        #expect(screen.sent == [.itemMeasured(id: "m20", height: 130)])
        #expect(screen.view.calls.map(\.y) == [1360 - 91])
    }

    // MARK: Effects and recording

    @Test(
        """
        given a recorder and a clock, when events are sent, then each is recorded with its time and replays to the \
        same state
        """
    )
    func recording() {
        let screen = Screen()
        var now = 0.0
        screen.driver.recorder = ChatRecorder(configuration: ChatConfiguration())
        screen.driver.clock = { now }
        screen.driver.send(.historyLoaded(messages: messages(1...3), hasMoreOlder: false))
        now = 1.5
        screen.drag(to: 0)
        let recorded = screen.driver.recorder?.events ?? []
        #expect(recorded.map(\.time) == [0, 1.5, 1.5, 1.5])
        #expect(
            recorded.map(\.event) == [
                .historyLoaded(messages: messages(1...3), hasMoreOlder: false), .dragBegan, .scrolled(offset: 91),
                .dragEnded(offset: 91, velocity: 0),
            ])
        var replayed = ChatState()
        replayed.reduce(.viewportChanged(height: 844, insetTop: 91, insetBottom: 83))
        for logged in recorded { replayed.reduce(logged.event) }
        #expect(replayed == screen.driver.state)
    }

    // MARK: Bad input

    @Test("given bad callbacks, when they arrive, then nothing traps: they are clamped or dropped with a warning")
    func badInput() {
        let screen = Screen.open()
        screen.driver.didScroll(contentOffsetY: .nan)
        #expect(screen.driver.warnings == ["contentOffsetY nan is not a finite number; ignored"])
        screen.driver.willEndDragging(velocity: .nan)
        // The driver's own lines, then the reducer's for the event the call sent.
        #expect(
            screen.driver.warnings == [
                "willEndDragging without willBeginDragging", "velocity nan is not a finite number; 0 used",
                "dragEnded: no drag was in progress",
            ])
        #expect(screen.sent.last == .dragEnded(offset: 1330, velocity: 0))
        screen.driver.keyboardWillChange(keyboardTop: .nan, scrollViewBottom: 844)
        #expect(screen.driver.warnings == ["keyboard frame is not a number; ignored"])
        screen.driver.layout(frameHeight: -5, insetTop: .nan, insetBottom: 83)
        #expect(screen.driver.warnings == ["frameHeight -5.0 replaced by 0", "insetTop nan replaced by 0"])
        #expect(screen.sent.last == .viewportChanged(height: 0, insetTop: 0, insetBottom: 83))
    }

    // MARK: specification §10 and §11

    @Test(
        """
        given a messenger's screen, when the user reads, jumps into unloaded history and reaches its bottom, then \
        markRead, loadWindow and loadNewer go to onEffect once each, in order
        """
    )
    func messengerEffectsAreForwarded() {
        let screen = Screen.open(20, configuration: ChatConfiguration(readReceipts: true, windowedHistory: true))
        screen.driver.send(.messageAppended(ChatMessage(id: "m21", direction: .incoming, height: 100), streaming: nil))
        #expect(screen.effects == [.markRead(upTo: "m21")])
        screen.driver.send(.jumpToMessage(id: "x5"))
        #expect(screen.effects == [.markRead(upTo: "m21"), .loadWindow(around: "x5")])
        screen.effects = []
        // x1…x10: content 1000, visible 670; x5 centred at 400 + 50 - 335 = 115.
        screen.driver.send(
            .windowLoaded(messages: messages(1...10, prefix: "x"), hasMoreOlder: false, hasMoreNewer: true))
        #expect(screen.effects == [.markRead(upTo: "x8"), .loadNewer(after: "x10")])
        #expect(screen.view.calls.last.map { [$0.y] } == [115 - 91])
        #expect(screen.view.calls.last?.animation == .jump)
    }

    @Test(
        """
        given the list coasting after a fling, when a window arrives, then the scroll view jumps and its momentum stops
        """
    )
    func windowStopsMomentum() {
        let screen = Screen.open(40, configuration: ChatConfiguration(windowedHistory: true))
        screen.driver.send(.jumpToMessage(id: "x5"))
        screen.driver.willBeginDragging()
        screen.driver.didScroll(contentOffsetY: 2000)
        screen.driver.willEndDragging(velocity: -1500)
        #expect(screen.driver.isDecelerating)
        screen.driver.send(
            .windowLoaded(messages: messages(1...10, prefix: "x"), hasMoreOlder: false, hasMoreNewer: true))
        #expect(screen.view.calls.last?.animation == .jump)
        #expect(!screen.driver.isDecelerating)
        #expect(!screen.driver.state.userHoldsView)
    }

    @Test(
        """
        given a window short of the newest messages and a fling, when the user taps the unread pill with nothing \
        unread loaded, then the momentum stops where the list is, as for jump to latest
        """
    )
    func unreadTapStopsMomentum() {
        let screen = Screen()
        screen.driver.send(
            .windowLoaded(messages: messages(1...20), hasMoreOlder: false, hasMoreNewer: true))
        screen.driver.willBeginDragging()
        screen.driver.didScroll(contentOffsetY: 600)
        screen.driver.willEndDragging(velocity: 500)
        screen.driver.didScroll(contentOffsetY: 650)
        screen.view.calls = []
        screen.driver.send(.jumpToUnreadTapped)
        #expect(screen.driver.state.pendingWindow == PendingWindow(around: nil, reason: .jumpToLatest))
        #expect(!screen.driver.isDecelerating)
        #expect(screen.view.calls.map(\.y) == [650])
        #expect(screen.view.calls.map(\.animation) == [.jump])
    }
}
