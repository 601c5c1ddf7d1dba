import ChatEvents
import ChatLogFormat
import ChatScrollDriver
import ChatScrollSimulator
import Testing

@Suite("Simulation")
struct SimulationTests {
    /// Sessions where the driver shows a few frames of a check, each explained under "Known
    /// limits" in docs/simulation.md; a change either way fails. (None today: the rows of the
    /// keyboard's end, measured at its start, once stepped by their estimates' error.)
    static let knownLimits: [String: [ScreenCheck: Int]] = [:]

    @Test(
        "the driver violates no check in any shipped scenario (but its known limits)",
        arguments: Scenarios.all.map(\.name))
    func scenario(name: String) throws {
        try Self.expectPinned(Self.knownLimits, in: name, on: .uikit)
    }

    /// Runs the shipped scenario `name` with the driver on a view of `personality`, and expects
    /// exactly the violating frames `pinned` holds for it (none where it holds nothing).
    static func expectPinned(
        _ pinned: [String: [ScreenCheck: Int]], in name: String, on personality: ViewPersonality
    ) throws {
        let session = try #require(Scenarios.named(name))
        let result = Simulator.runDriver(session, view: SimulatedScrollView(personality: personality))
        #expect(result.violations == pinned[name] ?? [:], "\(name): \(result.firstViolations)")
    }

    /// The frames of each shipped scenario that a SwiftUI view shows wrong with the driver, as
    /// explained under "Known limits" in docs/simulation.md (reports after layout); a change
    /// either way fails.
    static let swiftUILimits: [String: [ScreenCheck: Int]] = [
        // The open lands short by the rows its own correction brought into view.
        "scroll-up-during-stream": [.cleanOpen: 1],
        // A page corrected from an offset a frame old: momentum's or the finger's last step is
        // lost, then made twice.
        "prepend-during-momentum": [.readingStaysPut: 4],
        // The same for the spinner above the oldest message when it shows and goes during momentum.
        "spinner-while-reading-history": [.readingStaysPut: 8],
        "page-under-the-finger": [.fingerLock: 1],
        // The open lands short, as in scroll-up-during-stream.
        "keyboard-while-following": [.cleanOpen: 1],
        "keyboard-pulled-down": [.cleanOpen: 1],
    ]

    @Test(
        "on a SwiftUI view, the driver violates no check in any shipped scenario but its known limits",
        arguments: Scenarios.all.map(\.name))
    func swiftUIScenario(name: String) throws {
        try Self.expectPinned(Self.swiftUILimits, in: name, on: .swiftuiLate)
    }

    /// The frames of each shipped scenario that the SwiftUI view rebuilt from sources shows wrong
    /// through `ChatScrollSwiftUI`'s model (docs/simulation.md, "The table"); a change either way
    /// fails.
    static let rebuiltSwiftUIFrames: [String: [ScreenCheck: Int]] = [
        // A row on screen that grows late while SwiftUI's animation to the end runs with the keyboard.
        "keyboard-with-streamed-answer": [.bottomStaysVisible: 1]
    ]

    @Test(
        "on the SwiftUI view rebuilt from sources, the driver violates the checks in the frames pinned",
        arguments: Scenarios.all.map(\.name))
    func rebuiltSwiftUIScenario(name: String) throws {
        try Self.expectPinned(Self.rebuiltSwiftUIFrames, in: name, on: .swiftui)
    }

    /// What the checks see of the driver on each input-bar setup but the accessory, in the four
    /// keyboard scenarios. With the bar that rides on the keyboard counted and the frame's share
    /// computed anew at each layout (and, with interactive dismissal, the layout guide's top while
    /// the finger pulls the keyboard), the UIKit setups are clean; SwiftUI's safe area, reported a
    /// frame late, is its personality's to mend. A change either way fails.
    static let setupViolations: [String: [InputBarSetup: [ScreenCheck: Int]]] = [
        "keyboard-while-following": [
            .layoutGuide: [:],
            .shrinkingFrame: [:],
            .interactiveDismissal: [:],
            .swiftUISafeArea: [.cleanOpen: 1],
        ],
        "keyboard-while-reading": [
            .layoutGuide: [:],
            .shrinkingFrame: [:],
            .interactiveDismissal: [:],
            .swiftUISafeArea: [:],
        ],
        "keyboard-with-streamed-answer": [
            .layoutGuide: [:],
            .shrinkingFrame: [:],
            .interactiveDismissal: [:],
            .swiftUISafeArea: [:],
        ],
        "keyboard-pulled-down": [
            .layoutGuide: [:],
            .shrinkingFrame: [:],
            .interactiveDismissal: [:],
            .swiftUISafeArea: [.cleanOpen: 1],
        ],
    ]

    @Test(
        "on each input-bar setup, the checks see what the driver gets wrong in the keyboard scenarios",
        arguments: setupViolations.keys.sorted())
    func keyboardScenarioOnSetups(name: String) throws {
        let session = try #require(Scenarios.named(name))
        for (setup, expected) in try #require(Self.setupViolations[name]) {
            let personality: ViewPersonality = setup == .swiftUISafeArea ? .swiftuiLate : .uikit
            let result = Simulator.runDriver(session, view: SimulatedScrollView(personality: personality, setup: setup))
            #expect(result.violations == expected, "\(setup.rawValue): \(result.firstViolations)")
        }
    }

    /// Sessions where a rotation, momentum, a bounce and the keyboard meet: the checks once
    /// misjudged them (a keyboard still moving at the rotation's end, momentum's step in the
    /// rotation's frame, an overshoot the keyboard's animation takes back, the share of a keyboard
    /// that turns back mid-animation taken from the last step of the one it ends) and the driver
    /// once moved the reader by a bottom inset's change it applied to a held list.
    @Test(
        "the driver violates no check where a rotation, momentum, a bounce and the keyboard meet",
        arguments: [35, 131, 171, 246, 322, 424, 454, 458, 487, 494, 521, 662, 671, 704, 811] as [UInt64])
    func rotationMeetsMomentumAndKeyboard(seed: UInt64) {
        let session = Scenarios.random(seed: seed)
        let result = Simulator.runDriver(session)
        #expect(result.violations == [:], "\(result.firstViolations)")
    }

    /// Sessions of further seeds: a typing indicator that grows under a list landing at the
    /// bottom (the check took its push for a turn back: `random-1008`, `-1121`, `-1684`, `-1981`),
    /// a rotation that ends momentum within 20 points of the bottom (the list settles there:
    /// `random-2175`), and a row under a hiding keyboard measured as it takes a send's scroll over
    /// (the driver once moved the list by its change at once: `random-1025`), and a rotation that
    /// makes the keyboard cover more of the new frame during a message's scroll (the driver once
    /// eased the list to the new bottom over 0.1 s, 12 points short of it: `random-1878`), a page
    /// above a conversation that fitted while the keyboard moves (it is pinned at its bottom at
    /// once: `random-2938`, `-8599`), and a rotation that ends a fling with the keyboard up (the
    /// list coasted on past the top while the driver took it for settled, and dropped the bounce
    /// when a page came: `random-2241`, `-2255`, `-2723`, `-8821`), and a reader whose momentum
    /// the keyboard ended as the space below a question shrank to the keyboard's end at once (the
    /// list was past the bottom by that clamp, which the check took for the reader pulling it
    /// there, and the keyboard then covers that blank first: `random-8398`), a page whose row is
    /// measured on screen as momentum reaches the top (the list kept the row read; the check took
    /// the row's change for a push: `random-4539`, `-4943`), a rotation whose own frame the
    /// footer's arrival pushed (`random-4124`), and a message that replaces the typing indicator
    /// under a list that bounces past the bottom as the keyboard rises (the check lost the growth
    /// below the list with the indicator, the last row it saw: `random-1970`, `-2791`), and a
    /// keyboard that rises under a reader whose typing indicator ends far above the bottom edge,
    /// over the space kept below a question (the keyboard covered only that blank, which the check
    /// counted as what sat at the bottom edge: `random-1278`), and a tap on jump to latest as the
    /// keyboard rises under a conversation that fits (its rows rise ahead of the keyboard by no more
    /// than the keyboard has still to rise, which the check took for the tap's scroll carrying them
    /// past the newest message's end: `random-2652`).
    @Test(
        "the driver violates no check where further seeds met a footer, a rotation, a page or the keyboard in a scroll",
        arguments: [
            1008, 1121, 1684, 1981, 2175, 1025, 1878, 2938, 8599, 2241, 2255, 2723, 8821, 8398, 4539, 4943, 4124,
            4259, 5193, 5841, 8184, 8446, 9677, 1970, 2791, 1278, 2652,
        ] as [UInt64])
    func furtherSeeds(seed: UInt64) {
        let session = Scenarios.random(seed: seed)
        let result = Simulator.runDriver(session)
        #expect(result.violations == [:], "\(result.firstViolations)")
    }

    /// A page that arrives under a finger pulling a conversation that fitted past its top leaves
    /// the view past the new bottom; a row of it measured between the model's clamped offset and
    /// what the view shows once moved the rows under the finger by its growth (`messenger-1192`
    /// of seed 1001, 27 points).
    @Test("the driver violates no check where a row is measured above what a view past the bottom shows")
    func rowMeasuredPastTheBottom() {
        let result = Simulator.runDriver(Scenarios.messenger(seed: 1192))
        #expect(result.violations == [:], "\(result.firstViolations)")
    }

    /// A list that follows, whose command's scroll has rested at its end since an earlier frame
    /// and only runs out its time (taps on jump to latest at the bottom), meets a row that grows
    /// on screen: it keeps its bottom at once, as at rest, instead of easing there from rest
    /// while the newest rows sit below the screen (`messenger-149` on the estimates view: 149
    /// points for 0.3 s; `random-559` on the simple view: 18 points).
    @Test(
        "the driver violates no check where a row grows under a command's scroll that rests at its end",
        arguments: [
            ("messenger-149", ViewPersonality.estimates, InputBarSetup.interactiveDismissal),
            ("random-559", .simple, .accessory),
        ])
    func growthUnderARestedScroll(name: String, personality: ViewPersonality, setup: InputBarSetup) throws {
        let session = try #require(Scenarios.named(name))
        let result = Simulator.runDriver(session, view: SimulatedScrollView(personality: personality, setup: setup))
        #expect(result.violations == [:], "\(result.firstViolations)")
    }

    /// On `swiftui`, scrolls that SwiftUI leapt: a jump to latest (`random-325`) or a send's scroll
    /// (`random-484`) that the rising keyboard takes to the end from far above it, where the
    /// typing indicator or the content growing on the way asked for the end again, which SwiftUI
    /// put there at once (1,700 to 2,200 points in a frame); and a command's frames across a row
    /// as tall as the visible region (a long message in landscape with the keyboard up), which
    /// every anchor puts at the top, so the scroll stood still, then leapt 193 to 321 points
    /// (`random-82`, `-189`, `-439`).
    @Test(
        "the driver violates no check where SwiftUI leapt a scroll to the end or across a row as tall as the screen",
        arguments: ["random-325", "random-484", "random-82", "random-189", "random-439"])
    func swiftUIScrollsWithoutALeap(name: String) throws {
        try Self.expectPinned([:], in: name, on: .swiftui)
    }

    /// On SwiftUI, a command to the end that starts while the list moves along the keyboard: an
    /// incoming message as the keyboard hides (`random-35`), jump to latest (`random-24`) and sends
    /// (`random-249`, `-322`; `random-505` in landscape, once a 217-point leap; `messenger-197`, once
    /// 1,170) as it rises. The command's first frame cut the move along the keyboard short.
    @Test(
        "the driver violates no check where a command to the end starts as SwiftUI moves the list along the keyboard",
        arguments: ["random-35", "random-24", "random-249", "random-322", "random-505", "messenger-197"])
    func swiftUICommandDuringTheMoveAlongTheKeyboard(name: String) throws {
        try Self.expectPinned([:], in: name, on: .swiftui)
    }

    /// Turns with the keyboard up, notified at the turn's start with animations disabled: a
    /// reader at the top (the bottom inset and the keyboard come off in one layout, `random-576`),
    /// a send whose scroll starts or runs as the screen turns (the path keeps what is shown far
    /// above the end, `random-494`, `-503`; a scroll that has arrived ends, `random-1878` above),
    /// an eased scroll that goes on after the turn (`random-258`), and a frame pinned to the bar
    /// whose keyboard animation the turn ends (`random-61`, `-700`, `-781`, `-817`, `-904`).
    @Test(
        "the driver violates no check where the keyboard turns with the screen",
        arguments: [
            (576, InputBarSetup.accessory), (494, .accessory), (503, .accessory), (258, .accessory),
            (61, .shrinkingFrame), (700, .shrinkingFrame), (781, .shrinkingFrame), (817, .shrinkingFrame),
            (904, .shrinkingFrame),
        ] as [(UInt64, InputBarSetup)])
    func keyboardTurnsWithTheScreen(seed: UInt64, setup: InputBarSetup) {
        let session = Scenarios.random(seed: seed)
        let result = Simulator.runDriver(session, view: SimulatedScrollView(setup: setup))
        #expect(result.violations == [:], "\(result.firstViolations)")
    }

    /// A conversation that fits, pulled or flung past its top, that grows past the screen (an
    /// answer, a message) or rotates to a screen it no longer fits while the list springs back:
    /// its top was its bottom, so the list goes on following. The list once rested at the top
    /// above the new bottom, or a rotation kept the top.
    @Test(
        "the driver violates no check where a conversation that fits outgrows the screen during a bounce from its top",
        arguments: [679, 736, 790, 829] as [UInt64])
    func bounceFromTheTopOfAConversationThatFits(seed: UInt64) {
        let session = Scenarios.random(seed: seed)
        let result = Simulator.runDriver(session)
        #expect(result.violations == [:], "\(result.firstViolations)")
    }

    /// On the estimates view, a following list bounces past its bottom as the typing indicator
    /// appears below it and a row on screen is measured 164 points taller: the list keeps its
    /// overshoot past the new bottom. The bounce's check once counted the row's growth twice.
    @Test("a bounce past the bottom that keeps its overshoot through a row's growth and a footer is no jump")
    func bounceThroughGrowthAndAFooter() {
        let session = Scenarios.random(seed: 722)
        let result = Simulator.runDriver(session, view: SimulatedScrollView(personality: .estimates))
        #expect(result.violations == [:], "\(result.firstViolations)")
    }

    /// On the estimates view, rows come into view at the top as they change height: a row above
    /// the screen grows (an image that loaded) in the frame in which the finger brings its last
    /// few points into view (`random-117`, `random-589`), or a page arrives as the finger or a
    /// bounce holds the list past its top, and its rows on screen are measured
    /// (`random-471`, `random-677`). The view lays them out as rows on screen and moves the rows
    /// below by their change, as it does for any row shown.
    @Test(
        "rows that change height as they come into view at the top push the rows below as rows on screen do",
        arguments: [117, 589, 471, 677] as [UInt64])
    func rowGrowsAsItComesIntoView(seed: UInt64) {
        let session = Scenarios.random(seed: seed)
        let result = Simulator.runDriver(session, view: SimulatedScrollView(personality: .estimates))
        #expect(result.violations == [:], "\(result.firstViolations)")
    }

    /// On the estimates view, a row hanging over the top grows by 97 points while a rotation
    /// settles (`random-711`), pushing the row read below it as a row on screen does: the
    /// rotation, judged at its end, takes that push out.
    @Test(
        "a rotation judged at its end takes out what a row on screen that grew since pushed",
        arguments: [60, 711] as [UInt64])
    func rowGrowsWhileARotationSettles(seed: UInt64) {
        let session = Scenarios.random(seed: seed)
        let result = Simulator.runDriver(session, view: SimulatedScrollView(personality: .estimates))
        #expect(result.violations == [:], "\(result.firstViolations)")
    }

    /// A page of older messages that arrives while the list bounces past its top with only the
    /// "loading" row on screen takes that row's place (specification §12: the rows read stay, the
    /// header goes above the page); the check once took that row for what was read.
    @Test("a page that replaces the loading row on screen is no jump")
    func pageReplacesTheLoadingRow() {
        let session = Scenarios.random(seed: 1895)
        let result = Simulator.runDriver(session)
        #expect(result.violations == [:], "\(result.firstViolations)")
    }

    /// Rotations with the keyboard up, on a frame pinned to the bar that rides on it: the
    /// rotation's layout once reported a frame that reached 12 points under the bar, and the
    /// driver once measured the new frame against the keyboard's top in the old window's
    /// coordinates (a keyboard of 454 points for a moment).
    @Test(
        "the driver violates no check where the screen rotates with the keyboard up on a frame pinned to the bar",
        arguments: [
            "random-25", "random-112", "random-130", "random-223", "random-244", "random-286", "random-403",
            "random-424", "random-427", "random-487", "random-493", "random-700", "random-703", "random-727",
        ])
    func rotationOnAShrinkingFrame(name: String) throws {
        let session = try #require(Scenarios.named(name))
        let result = Simulator.runDriver(session, view: SimulatedScrollView(setup: .shrinkingFrame))
        #expect(result.violations == [:], "\(result.firstViolations)")
    }

    /// A finger that pulls the keyboard down (interactive dismissal): the driver once moved the list
    /// under the finger to the model's new bottom as the layout guide told it of the keyboard
    /// (`random-188` on the simple view, from a list bounced past the bottom: 113 points where the
    /// finger moved 86; sessions of further seeds on the uikit view: 50 to 240 points), and once
    /// it left the list, moved it again by the keyboard's share when the finger lifted.
    @Test(
        "a keyboard the finger pulls down moves nothing under the finger, nor after it lifts",
        arguments: [
            ("random-188", "simple"), ("random-1349", "uikit"), ("random-4361", "uikit"), ("random-4802", "uikit"),
            ("messenger-5123", "uikit"), ("messenger-8081", "uikit"), ("random-9569", "uikit"),
            ("messenger-9164", "uikit"),
        ])
    func keyboardPulledByTheFinger(name: String, personality: String) throws {
        let session = try #require(Scenarios.named(name))
        let view = try #require(ViewPersonality.named(personality))
        let result = Simulator.runDriver(
            session, view: SimulatedScrollView(personality: view, setup: .interactiveDismissal))
        #expect(result.violations == [:], "\(result.firstViolations)")
    }

    /// A rotation that ends momentum or a bounce moves what is read by the view's own step in
    /// that frame. The check once guessed that step from momentum's decay, which a bounce's
    /// spring, speeding up on its way back, outruns by about a point (`random-348`, `random-985`).
    @Test(
        "a rotation that ends momentum or a bounce moves what is read by the view's own step",
        arguments: [("random-348", "estimates"), ("random-985", "simple")])
    func rotationEndsTheViewsOwnMotion(name: String, personality: String) throws {
        let session = try #require(Scenarios.named(name))
        let view = try #require(ViewPersonality.named(personality))
        let result = Simulator.runDriver(session, view: SimulatedScrollView(personality: view))
        #expect(result.violations == [:], "\(result.firstViolations)")
    }

    /// `random-1673` of seed 1001, on the uikit view: a rotation ends a bounce's spring (as
    /// above); later a message is sent during a fling, and the bounce that ends the hold ends in
    /// the frame the finger comes down again, which stops the send's scroll before it moves. The
    /// check once waited for the end of that second gesture to see the send start.
    @Test("a touch in the frame a hold ends stops a send's scroll as it stops any")
    func sendStoppedByTheNextTouch() throws {
        let session = try #require(Scenarios.named("random-1673"))
        let result = Simulator.runDriver(session)
        #expect(result.violations == [:], "\(result.firstViolations)")
    }

    /// A fling that a rotation to portrait ends as the keyboard comes back (`random-2702` of seed
    /// 2001): the rotation clamps the reader at the content's end, and the keyboard's share in the
    /// new frame once moved the list there over 0.1 s, 12 points past the end in the rotation's
    /// frame, which read as the row at the top moving 401 points. The share moves it at once now.
    @Test("a fling that a rotation ends lands at the content's end in the rotation's frame")
    func rotationEndsAFlingAtTheContentsEnd() {
        let result = Simulator.runDriver(Scenarios.random(seed: 2702))
        #expect(result.violations == [:], "\(result.firstViolations)")
    }

    /// Slow momentum a few points above the bottom as the screen rotates (`random-2262` and
    /// `random-2769` of seed 2001): the list once kept its top through the rotation, and the hold
    /// then ended away from the new bottom, 383 points above it.
    @Test(
        "a rotation that meets momentum near the bottom leaves the list at the new bottom",
        arguments: [2262, 2769] as [UInt64])
    func rotationEndsMomentumNearTheBottom(seed: UInt64) {
        let result = Simulator.runDriver(Scenarios.random(seed: seed))
        #expect(result.violations == [:], "\(result.firstViolations)")
    }

    /// The UIKit adapter runs its display link only while the driver needs frames. A row above
    /// what is read measured in the same frame as the finger's or the momentum's step, by as
    /// much as that step, once read as the table keeping what it shows by itself (the driver's
    /// rule for views that do, on the estimates view), since no tick told the frames apart: what
    /// was read stood still for a frame under the finger or the momentum (`random-62`, `-67`,
    /// `-129`). The driver asks for frames while the user's gesture moves the view.
    @Test(
        "through the UIKit adapter, what is read moves with the finger and the momentum when a row above is measured",
        arguments: [62, 67, 129] as [UInt64])
    func gestureStepsAreNotTheTablesOwnKeeping(seed: UInt64) {
        let result = Simulator.runDriver(Scenarios.random(seed: seed))
        #expect(result.violations == [:], "\(result.firstViolations)")
    }

    /// A page that arrives under a finger pulling a conversation that fits past an edge: the
    /// driver once kept the pull's overshoot from the model's offset, which stops at the content's
    /// end, and the rows under the finger jumped by the difference.
    @Test(
        "the driver violates no check where a page arrives under a finger pulling a short conversation past an edge",
        arguments: [
            Scenarios.random(seed: 68), Scenarios.random(seed: 734), Scenarios.messenger(seed: 214),
            Scenarios.messenger(seed: 220),
        ])
    func pageUnderAFingerPastAnEdge(session: SimSession) {
        let result = Simulator.runDriver(session)
        #expect(result.violations == [:], "\(result.firstViolations)")
    }

    /// Sessions where the typing indicator, the spinner and the rows of a page meet a bounce, a
    /// release, a rotation or a message's scroll: the driver once let a row straddling the top
    /// push what was read, moved the list by a stale overshoot, turned a scroll back in one
    /// frame and left a rotation behind a running scroll; the checks once judged a bounce's frame
    /// and a release without the indicator that went or came in it.
    @Test(
        "the driver violates no check where rows that are not messages meet a bounce, a rotation or a scroll",
        arguments: [
            "random-56", "random-161", "random-182", "random-318", "random-389", "random-542", "random-667",
            "random-869", "messenger-78",
        ])
    func rowsThatAreNotMessagesMeetMotion(name: String) throws {
        let session = try #require(Scenarios.named(name))
        let result = Simulator.runDriver(session)
        #expect(result.violations == [:], "\(result.firstViolations)")
    }

    /// UIKit reads `contentOffset` as the model value during a `UIView` animation of it; a view
    /// that reported what it drew mid-way left the driver's offset stale, and the next command's
    /// animation started 690 points away.
    @Test("an animated command after a measurement during the keyboard's animation starts where the view is")
    func commandAfterKeyboardAnimation() {
        let session = Scenarios.messenger(seed: 54, opening: .history)
        let result = Simulator.runDriver(session)
        #expect(result.violations == [:], "\(result.firstViolations)")
    }

    /// A fling that stopped within 20 points above the bottom left the list to snap there when
    /// the hold ended; the view now takes the driver's target and decelerates onto the bottom.
    @Test("a fling that would stop just short of the bottom lands on it")
    func flingLandsOnTheBottom() {
        let session = Scenarios.random(seed: 907)
        let result = Simulator.runDriver(session)
        #expect(result.violations == [:], "\(result.firstViolations)")
    }

    @Test(
        "the driver violates no check in messenger sessions (first unread, read receipts, windows)", arguments: 1...24)
    func messengerSession(seed: UInt64) {
        let session = Scenarios.messenger(seed: seed)
        let result = Simulator.runDriver(session)
        #expect(result.violations == [:], "\(result.firstViolations)")
    }

    @Test(
        """
        the driver violates no check in messenger sessions that open at a saved position or on a window around \
        the first unread message
        """,
        arguments: [Scenarios.MessengerOpening.restore, .window])
    func messengerOpenings(opening: Scenarios.MessengerOpening) {
        for seed in UInt64(1)...12 {
            let session = Scenarios.messenger(seed: seed, opening: opening)
            let result = Simulator.runDriver(session)
            #expect(result.violations == [:], "messenger-\(seed): \(result.firstViolations)")
        }
    }

    @Test("a reply jump into unloaded history: the window, newer pages down to the present, read receipts forwarded")
    func replyJumpIntoHistory() {
        let session = Scenarios.replyJumpIntoHistory()
        let policy = DriverPolicy(configuration: session.configuration, recording: true)
        let result = Simulator.run(session, policy: policy)
        #expect(result.violations == [:])
        let log = policy.driver.recorder?.exportLog(keepingText: true) ?? ""
        #expect(log.contains(#""type":"windowLoaded""#))
        #expect(log.contains(#""type":"newerLoaded""#))
        // The reader read the archive window, then the newest page after jump to latest.
        // m120 at the open, then a23 as the window around a21 shows it (older than m120: the
        // server keeps the newest marker), on down the archive, then the present again.
        #expect(Array(policy.readMarks.prefix(2)) == ["m120", "a23"])
        #expect(policy.readMarks.last == policy.driver.state.newestMessageID)
        #expect(policy.driver.state.hasMoreNewer == false)
        #expect(policy.driver.state.mode == .following)
    }
}

/// The model of an inverted table: what the flipped view does by itself, and where it fails.
@Suite("The inverted-table baseline")
struct InvertedTableTests {
    @Test("the open, a page of older history during momentum and the keyboard cost nothing")
    func whatComesFree() {
        for session in [
            Scenarios.openAndReadHistory(), Scenarios.prependDuringMomentum(),
            Scenarios.keyboardWhileFollowingAndDetached(),
        ] {
            let result = Simulator.run(session, policy: InvertedTablePolicy())
            #expect(result.violations == [:], "\(session.name)")
        }
    }

    @Test(
        "it keeps the end, not the rows: a rotation moves the reader, and rows measured below move the finger's content"
    )
    func whereItFails() {
        let rotation = Simulator.run(Scenarios.rotationWhileReading(), policy: InvertedTablePolicy())
        #expect(rotation.violations == [.readingStaysPut: 2])
        #expect(
            rotation.firstViolations[.readingStaysPut]
                == "frame 85: m39, the row read at the top, moved -454.0 as the screen rotated"
        )
        let history = Simulator.run(Scenarios.replyJumpIntoHistory(), policy: InvertedTablePolicy())
        #expect(history.violations == [.fingerLock: 4, .readingStaysPut: 7, .bottomStaysVisible: 1])
        #expect(
            history.firstViolations[.fingerLock]
                == "frame 125: a19 moved -37.77777777777783 under a finger that moved -27.77777777777778")
    }
}
