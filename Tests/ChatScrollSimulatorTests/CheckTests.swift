import ChatEvents
import Testing

@testable import ChatScrollSimulator

/// Each check of what the user sees, shown failing on a session made to break it — so that a
/// check that cannot fail would be noticed — and the driver passing the same session.
@Suite("Screen checks")
struct CheckTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var session: @Sendable () -> SimSession
        var policy: BaselinePolicy.Kind
        var violations: [ScreenCheck: Int]
        /// The first violation of some of its checks, each as printed.
        var first: [String]
        var testDescription: String { "\(policy.rawValue) on \(session().name)" }
    }

    static let cases: [Case] = [
        // finger-lock: a measured cell above the finger shifts the content under it; clean-open: the
        // open lands past the bottom by the rows' estimates, and the view pulls the list back in the
        // next frame.
        Case(
            session: Scenarios.pageUnderTheFinger, policy: .scrollWhenAtBottom,
            violations: [.fingerLock: 7, .readingStaysPut: 1, .cleanOpen: 1],
            first: [
                "frame 36: m8 moved -5.0 under a finger that moved 10.0",
                "frame 0: the open shows offset 1196.0, not the bottom 1181.0",
            ]),
        // reading-stays-put: a page prepended during momentum without compensation jumps.
        Case(
            session: Scenarios.prependDuringMomentum, policy: .scrollWhenAtBottom,
            violations: [.fingerLock: 2, .readingStaysPut: 20, .cleanOpen: 30],
            first: ["frame 44: m11 moved 41.706060023703685 during momentum that carried it 31.706060023703753"]),
        // reading-stays-put: a streamed answer drags the reader back to the bottom.
        Case(
            session: Scenarios.scrollUpDuringStream, policy: .alwaysScroll,
            violations: [.readingStaysPut: 384, .cleanOpen: 156],
            first: ["frame 184: m23 moved -1.6170008935018814 while the reader read"]),
        // bottom-visible: the keyboard covers the last message; reading-stays-put: and what a reader read.
        Case(
            session: Scenarios.keyboardWhileFollowingAndDetached, policy: .scrollWhenAtBottom,
            violations: [.fingerLock: 6, .bottomStaysVisible: 95, .cleanOpen: 1, .readingStaysPut: 28],
            first: ["frame 31: 6.042983617146092 points of new content below the screen"]),
        // clean-open: the list shows its top, then scrolls down.
        Case(
            session: Scenarios.openAndReadHistory, policy: .delayedOpen,
            violations: [.fingerLock: 4, .readingStaysPut: 9, .cleanOpen: 60, .navigationLands: 81],
            first: ["frame 0: the open shows offset 0.0, not the bottom 7621.0"]),
        // clean-open: a conversation with unread messages opens at the bottom, past them; c: a message
        // that arrives while the list bounces back from a pull past the bottom is left below it
        // (bottom-visible).
        Case(
            session: Scenarios.openAtFirstUnread, policy: .scrollWhenAtBottom,
            violations: [.bottomStaysVisible: 104, .cleanOpen: 60],
            first: ["frame 0: the open shows m32 at no place, not at the top 91.0"]),
        // clean-open: a conversation that appears with a saved position (specification §13) opens at the
        // bottom, away from it.
        Case(
            session: { Scenarios.messenger(seed: 1, opening: .restore) }, policy: .scrollWhenAtBottom,
            violations: [.readingStaysPut: 8, .fingerLock: 1, .cleanOpen: 207],
            first: ["frame 9: the open shows m81 at no place, not at 53.0"]),
        // clean-open: a window loaded around the first unread message opens at its bottom, past it.
        Case(
            session: { Scenarios.messenger(seed: 8, opening: .window) }, policy: .scrollWhenAtBottom,
            violations: [
                .readingStaysPut: 22, .fingerLock: 6, .navigationLands: 104, .smoothAnimation: 1, .cleanOpen: 33,
            ],
            first: ["frame 0: the open shows a42 at no place, not at the top 91.0"]),
        // pinned-question and navigation-lands: the answer pushes the question up, and it never
        // sits at the top; an animated scroll that ends past the bottom snaps back 23 points
        // (bottom-visible, by the leap rule).
        Case(
            session: Scenarios.questionAndAnswer, policy: .alwaysScroll,
            violations: [.cleanOpen: 416, .pinnedQuestion: 505, .navigationLands: 616, .bottomStaysVisible: 1],
            first: ["frame 83: the question moved from 618.0 to 617.193287037037"]),
    ]

    @Test("a hand-written approach violates the check; the driver does not", arguments: cases)
    func violated(_ testCase: Case) {
        let session = testCase.session()
        let baseline = Simulator.run(session, policy: BaselinePolicy(testCase.policy))
        let driver = Simulator.runDriver(session)
        #expect(baseline.violations == testCase.violations)
        #expect(testCase.first.filter { !baseline.firstViolations.values.contains($0) } == [])
        #expect(driver.violations == [:])
    }

    // finger-lock: the frame in which the finger comes down is judged: a row measured above what is shown
    // and not kept moves the list 7 points past the momentum's step under the landing finger.
    @Test("finger-lock: a jump as the finger comes down")
    func jumpAsTheFingerComesDown() {
        let session = Scenarios.random(seed: 33)
        let baseline = Simulator.run(session, policy: BaselinePolicy(.delayedOpen), draw: true)
        let driver = Simulator.runDriver(session)
        #expect(
            baseline.drawing.filter { $0.contains("as the finger came down") }
                == ["  violates finger-lock: o26 moved 28.378104094539992 as the finger came down"])
        #expect(driver.violations == [:])
    }

    /// The package's driver behind an app's glue that forwards every callback; a subclass is one
    /// mistake an app could make.
    class ForwardingGlue: ScrollPolicy {
        let inner: DriverPolicy
        weak var view: SimulatedScrollView?
        var name: String { "forwarding-glue" }
        init(_ session: SimSession) { inner = DriverPolicy(configuration: session.configuration) }
        func attach(_ view: SimulatedScrollView, requests: SimRequests) {
            self.view = view
            inner.attach(view, requests: requests)
        }
        func handle(_ event: AppEvent) { inner.handle(event) }
        func tick() { inner.tick() }
        func willBeginDragging() { inner.willBeginDragging() }
        func didScroll(contentOffsetY: Double) { inner.didScroll(contentOffsetY: contentOffsetY) }
        func willEndDragging(velocity: Double) { inner.willEndDragging(velocity: velocity) }
        func willEndDragging(velocity: Double, targetContentOffsetY: Double) -> Double {
            inner.willEndDragging(velocity: velocity, targetContentOffsetY: targetContentOffsetY)
        }
        func didEndDragging(willDecelerate: Bool) { inner.didEndDragging(willDecelerate: willDecelerate) }
        func didEndDecelerating() { inner.didEndDecelerating() }
        func didEndScrollingAnimation() {}
        func cellMeasured(id: String, height: Double) { inner.cellMeasured(id: id, height: height) }
    }

    /// An app that forwards `scrollViewDidScroll` only while the finger drags: the driver does not
    /// hear of momentum, and a tap that stops it sends the list back to where the finger let go
    /// before the scroll to the bottom (found by an independent review of the UIKit adapter).
    final class DidScrollOnlyWhileDragging: ForwardingGlue {
        override var name: String { "didscroll-only-while-dragging" }
        override func didScroll(contentOffsetY: Double) {
            if view?.fingerDown == true { super.didScroll(contentOffsetY: contentOffsetY) }
        }
    }

    // reading-stays-put (the leap rule): the frame momentum ends in is judged, the view's own step
    // taken out, or none of it (an app's move may stop momentum before its step shows). A list
    // thrown back farther than where it last showed is a leap either way.
    @Test("reading-stays-put: a tap during momentum that first throws the list back")
    func jumpAsATapStopsMomentum() throws {
        let session = try #require(Scenarios.named("open-at-first-unread"))
        let broken = Simulator.run(session, policy: DidScrollOnlyWhileDragging(session), draw: true)
        #expect(
            broken.drawing.filter { $0.contains("leapt") }.first
                == """
                  violates reading-stays-put: m54 leapt 384.5841408291908 points in frame 624, more than the \
                keyboard, an eased scroll, the finger or momentum moves it
                """)
        #expect(Simulator.runDriver(session).violations == [:])
    }

    /// An app that puts `contentInset.bottom` back every frame after the adapter grew it for the
    /// keyboard (found by an independent review of the UIKit adapter): the scroll range ends under
    /// the keyboard, on the accessory setup too.
    final class ResetsInsetEachFrame: ForwardingGlue {
        override var name: String { "resets-inset-each-frame" }
        override func tick() {
            super.tick()
            view?.keyboardInset = 0
        }
    }

    @Test("bottom-visible: an inset put back under the keyboard, on the accessory setup")
    func insetPutBackOnTheAccessory() throws {
        let session = try #require(Scenarios.named("keyboard-while-following"))
        let broken = Simulator.run(session, policy: ResetsInsetEachFrame(session))
        #expect(broken.violations == [.bottomStaysVisible: 158])
        #expect(
            broken.firstViolations == [
                .bottomStaysVisible:
                    "frame 73: m38 moved 301.83842795115197 while the keyboard moved the bottom edge by "
                    + "0.16157204884797238"
            ])
        #expect(Simulator.runDriver(session).violations == [:])
    }

    // bottom-visible: in a frame a bounce moves, and the frame it ends in, only the view's own
    // step, the keyboard and what grew below move a following list.
    @Test("bottom-visible: a keyboard answered from where the finger let go throws the list during a bounce")
    func leapDuringABounce() {
        let session = Scenarios.random(seed: 9)
        let broken = Simulator.run(session, policy: DidScrollOnlyWhileDragging(session))
        #expect(broken.violations == [.bottomStaysVisible: 1])
        #expect(
            broken.firstViolations[.bottomStaysVisible]
                == "frame 111: m27 leapt -163.28885165647853 points beyond the 1.492752473951441 that momentum or "
                + "a bounce carried it")
        #expect(Simulator.runDriver(session).violations == [:])
    }

    // smooth-animation: an animated scroll that cannot follow a streamed answer snaps at its end.
    @Test("smooth-animation: the careful UIKit policy's end-of-animation snap")
    func snapAtTheEnd() {
        let session = Scenarios.streamWhileFollowing()
        let careful = Simulator.run(session, policy: CarefulUIKitPolicy())
        let driver = Simulator.runDriver(session)
        #expect(careful.violations == [.smoothAnimation: 1])
        #expect(
            careful.firstViolations[.smoothAnimation]
                == "frame 107: m28 moved -78.0 in an animation whose last step was -0.5157321673527804")
        #expect(driver.violations == [:])
    }

    // smooth-animation: once an animation has gone two steps one way, a step more than twice the
    // last (and 2 points) is a leap. Glue that keeps the rows' estimates on the SwiftUI view
    // places a reply's scroll through a row 149 points shorter than it is: a jerk in frame 295,
    // then 217 points in one frame (301) after 46, which five times the last step let pass.
    @Test("smooth-animation: a leap inside an animation under way")
    func leapInsideAnAnimation() {
        let session = Scenarios.random(seed: 49)
        let broken = Simulator.run(
            session, policy: BrokenDrivers.Policy(.forgetsMeasurements, configuration: session.configuration),
            view: SimulatedScrollView(personality: .swiftui))
        #expect(broken.violations == [.smoothAnimation: 2])
        #expect(broken.violatingFrames == [295, 301])
        #expect(Simulator.runDriver(session, view: SimulatedScrollView(personality: .swiftui)).violations == [:])
    }

    @Test(
        "smooth-animation: how much an animation's step may grow",
        arguments: [
            // (step, last, before, growth, smooth)
            (20.0, 4.0, 0.0, 0.0, true),  // an eased start's second frame
            (23.0, 4.0, 0.0, 0.0, false),
            (-94.0, -46.0, -53.0, 0.0, true),  // under way: twice the last, and 2 points
            (-95.0, -46.0, -53.0, 0.0, false),
            (-217.0, -46.0, -53.0, 0.0, false),
            (-217.0, -46.0, 0.5, 0.0, true),  // the step before went the other way: a new start
            (-30.5, -10.5, -10.0, 36.0, true),  // a footer that grew below, taken on the way
            (30.5, 10.5, 10.0, 36.0, false),  // (growth pushes rows up, never down)
            (3.0, -5.0, -5.0, 0.0, false),  // turned back
            (0.4, -5.0, -5.0, 0.0, true),
        ])
    func smoothStep(_ step: Double, last: Double, before: Double, growth: Double, smooth: Bool) {
        #expect(SmoothAnimationCheck.isSmooth(step, after: last, before: before, growth: growth) == smooth)
    }

    // A rotation's frame is judged while a scroll runs or starts in it: glue that throws the list
    // to the top is seen there, before the scroll that follows hides it. c: a following list
    // during a message's scroll (random-839); b: a reader whose send waited for the momentum the
    // rotation ends, and starts its scroll in that frame (random-309), or whose send's scroll
    // runs as the keyboard rises (random-296: a navigation goes on, it does not throw).
    @Test(
        "b and c: a list thrown to the top by a rotation while a scroll runs or starts",
        arguments: [
            (
                296, ScreenCheck.readingStaysPut,
                "frame 370: m9, the row read at the top, moved 1208.9468143783297 as the screen rotated"
            ),
            (
                839, ScreenCheck.bottomStaysVisible,
                "frame 235: the bottom went 5977.372497642317 points farther below the screen as it rotated"
            ),
            (
                309, ScreenCheck.readingStaysPut,
                "frame 117: m3, the row read at the top, moved 3566.9490301469295 as the screen rotated"
            ),
        ] as [(UInt64, ScreenCheck, String)])
    func thrownOnRotationDuringAScroll(seed: UInt64, check: ScreenCheck, first: String) {
        let session = Scenarios.random(seed: seed)
        let broken = Simulator.run(
            session, policy: BrokenDrivers.Policy(.rotationToTop, configuration: session.configuration))
        let driver = Simulator.runDriver(session)
        #expect(broken.firstViolations[check] == first)
        #expect(driver.violations == [:])
    }

    /// Jumps that a navigation combined with the keyboard once hid: a reader yanked 2,242 points
    /// as a message arrives after a reply's jump and the keyboard, a reader thrown to the bottom by
    /// the keyboard inside a navigation, and a tap on jump to latest ignored as the keyboard ends
    /// (seen once the list stands short of the bottom, long before the deadline, which falls on the
    /// frame the finger comes down in, which is judged first). The first two carry the reply's
    /// message off the screen after the jump landed: `navigation-lands` fails the frame they jump in.
    struct BlindSpot: Sendable, CustomTestStringConvertible {
        var session: String
        var kind: BrokenDrivers.Kind
        var violations: [ScreenCheck: Int]
        var first: [String]
        var testDescription: String { "\(kind.rawValue) on \(session)" }
    }

    static let blindSpots = [
        BlindSpot(
            session: "messenger-46", kind: .yankOnIncoming, violations: [.readingStaysPut: 2, .navigationLands: 1],
            first: [
                "frame 59: the reply's jump to a36 carried it off the screen 2 frames before its time was up",
                "frame 77: m52 leapt -23.119856860672428 points in frame 76, more than the keyboard, an eased scroll, "
                    + "the finger or momentum moves it",
            ]),
        BlindSpot(
            session: "messenger-120", kind: .keyboardToBottom, violations: [.navigationLands: 1],
            first: ["frame 64: the reply's jump to a53 carried it off the screen 43 frames before its time was up"]),
        BlindSpot(
            session: "random-756", kind: .ignoreJumpToLatest, violations: [.navigationLands: 40],
            first: [
                "frame 267: jump to latest stopped short of its place 42 frames before its time: "
                    + "3332.926222409085 points above the bottom"
            ]),
    ]

    @Test("no exemption hides a jump: a navigation, the keyboard and a touch at the deadline", arguments: blindSpots)
    func blindSpot(_ spot: BlindSpot) throws {
        let session = try #require(Scenarios.named(spot.session))
        let broken = Simulator.run(
            session, policy: BrokenDrivers.Policy(spot.kind, configuration: session.configuration))
        let driver = Simulator.runDriver(session)
        #expect(broken.violations == spot.violations)
        #expect(broken.firstViolations.values.sorted() == spot.first)
        #expect(driver.violations == [:])
    }

    // navigation-lands: a tap on jump to latest that glue turns into a jump to the newest loaded
    // message stops short of the bottom while an answer streams below it; the message that
    // arrived gave the navigation more time, and the finger came before it was up.
    @Test("navigation-lands: a navigation that stops short before its time is up")
    func stopsShort() throws {
        let session = try #require(Scenarios.named("random-114"))
        let broken = Simulator.run(
            session, policy: BrokenDrivers.Policy(.jumpToLatestAsMessage, configuration: session.configuration))
        let driver = Simulator.runDriver(session)
        #expect(broken.violations == [.navigationLands: 20])
        #expect(
            broken.firstViolations[.navigationLands]
                == "frame 86: jump to latest stopped short of its place 36 frames before its time: 86.0 points above "
                + "the bottom")
        #expect(driver.violations == [:])
    }

    // navigation-lands: a reply's jump slows as its message comes into view whole at the top,
    // short of the middle half; whole in view is its place too, so its slowing falls short of
    // nothing.
    @Test("navigation-lands: a reply's jump that slows into the message's whole view has not stopped short")
    func slowsIntoView() {
        let driver = Simulator.runDriver(Scenarios.messenger(seed: 136))
        #expect(driver.violations == [:])
    }

    // Two rows grow in one frame while a list follows a streamed answer (random-887 on the
    // estimates view, frame 66): the row under the navigation bar grows up, as the view keeps
    // what is shown, and the answer at the bottom grows down. The rows between move only by the
    // follow's eased step; taking every growth one way made that a 172-point leap.
    @Test("bottom-visible: rows that grow up above what is read and down below it in one frame")
    func growsBothWays() {
        let driver = Simulator.runDriver(
            Scenarios.random(seed: 887), view: SimulatedScrollView(personality: .estimates))
        #expect(driver.violations == [:])
    }

    // navigation-lands: a send's scroll that a row measured on the way lengthens by 155 points
    // still closes in, within its grace, when the finger comes 20 points short; the touch stops
    // the list in its frame, which is the user's doing, not the navigation stopping.
    @Test("navigation-lands: the touch, not the navigation, stops the list in the frame it comes in")
    func touchStopsALateSend() {
        let driver = Simulator.runDriver(
            Scenarios.random(seed: 682), view: SimulatedScrollView(personality: .estimates))
        #expect(driver.violations == [:])
    }

    // navigation-lands: glue that turns jump to latest into a jump to the last loaded message
    // stops 1,662 points above the bottom and rides the keyboard's tail by hundredths of a point
    // a frame; a creep that falls short is not closing in, so its time is up at once.
    @Test("navigation-lands: a jump that creeps on short of its place when its time is up")
    func creepPastItsTime() {
        let session = Scenarios.messenger(seed: 26)
        let broken = Simulator.run(
            session, policy: BrokenDrivers.Policy(.jumpToLatestAsMessage, configuration: session.configuration))
        #expect(broken.violations == [.navigationLands: 4])
        #expect(
            broken.firstViolations == [
                .navigationLands:
                    "frame 70: jump to latest has not landed 0 frames after it should have: "
                    + "1661.9468099879446 points above the bottom"
            ])
        #expect(Simulator.runDriver(session).violations == [:])
    }

    // navigation-lands: a window that the app hands to the driver a frame late shows other
    // messages first; the leap rule sees the list thrown to the window's place a frame later.
    @Test("navigation-lands: a window shown a frame before the driver hears of it")
    func windowFlash() {
        let session = Scenarios.replyJumpIntoHistory()
        let late = Simulator.run(session, policy: WindowOneFrameLate(configuration: session.configuration))
        let driver = Simulator.runDriver(session)
        #expect(late.violations == [.navigationLands: 1, .readingStaysPut: 1])
        #expect(
            late.firstViolations == [
                .navigationLands: "frame 80: the window's first frame does not show a21",
                .readingStaysPut:
                    "frame 82: a27 leapt 1224.5 points in frame 81, more than the keyboard, an eased scroll, "
                    + "the finger or momentum moves it",
            ])
        #expect(driver.violations == [:])
    }

    // scroll-calls: a streamed answer costs the driver one scroll (its append), after the open and the send.
    @Test("scroll-calls: a streamed answer's")
    func scrollCalls() {
        let session = Scenarios.streamWhileFollowing()
        let driver = Simulator.runDriver(session)
        let always = Simulator.run(session, policy: BaselinePolicy(.alwaysScroll))
        #expect(driver.scrollCalls == 3)
        #expect(always.scrollCalls == 63)
    }
}

/// The package's glue, but the app tells the driver of a window of history one frame after the
/// scroll view shows it.
final class WindowOneFrameLate: ScrollPolicy {
    let inner: DriverPolicy
    weak var view: SimulatedScrollView?
    /// The window, and the time of the frame that showed it.
    var pending: (event: AppEvent, time: Double)?
    var name: String { "window-one-frame-late" }

    init(configuration: ChatConfiguration) { inner = DriverPolicy(configuration: configuration) }

    func attach(_ view: SimulatedScrollView, requests: SimRequests) {
        self.view = view
        inner.attach(view, requests: requests)
    }
    func handle(_ event: AppEvent) {
        if case .windowLoaded = event, let view { pending = (event, view.time) } else { inner.handle(event) }
    }
    func tick() {
        if let (event, time) = pending, let view, view.time > time {
            pending = nil
            inner.handle(event)
        }
        inner.tick()
    }
    func willBeginDragging() { inner.willBeginDragging() }
    func didScroll(contentOffsetY: Double) { inner.didScroll(contentOffsetY: contentOffsetY) }
    func willEndDragging(velocity: Double) { inner.willEndDragging(velocity: velocity) }
    func didEndDragging(willDecelerate: Bool) { inner.didEndDragging(willDecelerate: willDecelerate) }
    func didEndDecelerating() { inner.didEndDecelerating() }
    func didEndScrollingAnimation() { inner.didEndScrollingAnimation() }
    func cellMeasured(id: String, height: Double) { inner.cellMeasured(id: id, height: height) }
}
