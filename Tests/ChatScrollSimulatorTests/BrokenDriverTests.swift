import ChatScrollSimulator
import Testing

/// The checks are tested: each deliberately broken driver must be caught in at least 95 % of
/// the sessions in which it misbehaved where the user could see it, by a check that fails soon
/// after the misbehaviour in a frame the package's driver passes. The counts below are what
/// the checks reach today on these sessions (docs/simulation.md, "Broken drivers"), so a check
/// that gets weaker fails here, and a count is raised as the checks get stronger.
@Suite("Broken drivers are caught")
struct BrokenDriverTests {
    static let sessions =
        Scenarios.all + (1...120).map { Scenarios.random(seed: $0) }
        + (1...40).map { Scenarios.messenger(seed: $0) }

    /// Caught and misbehaving sessions today, per broken driver. The keyboard's frame taken for
    /// all that covers the list, and an overlap kept from the old frame, never differ from the
    /// package's driver today, which does the same (docs/simulation.md, "Input-bar setups"); a
    /// keyboard share reversed at a turn during a navigation meets none of these sessions (5 of
    /// `replay simulate --broken-drivers`). The broken drivers are built on the package's driver,
    /// so a change of the driver moves these counts too (docs/simulation.md, "Broken drivers").
    static let floors: [BrokenDrivers.Kind: (caught: Int, misbehaving: Int)] = [
        .yankOnIncoming: (84, 84), .yankOnIncomingAnimated: (83, 84), .ignoreJumpToLatest: (50, 50),
        .ignoreReplyTaps: (23, 23), .keyboardToBottom: (42, 42), .keyboardToTop: (5, 5), .rotationToTop: (48, 48),
        .rotationToBottom: (46, 46), .noPrependCompensation: (43, 43), .prependCompensatedTwice: (43, 43),
        .dropsDeferredCommand: (11, 11), .noDisplayLink: (133, 134), .keyboardDefaultCurve: (80, 80),
        .lateByAFrame: (176, 177), .forgetsMeasurements: (122, 124), .animatedPositionKeeping: (150, 155),
        .noEndDecelerating: (2, 2), .snapOnLift: (11, 11), .keyboardAfterAnimation: (78, 79),
        .keyboardCountsInputBar: (78, 80), .jumpToLatestAsMessage: (51, 51), .keyboardFrameShare: (0, 0),
        .staleKeyboardOverlap: (0, 0), .jumpDuringNavigation: (53, 53), .turnThrowsNavigationBack: (5, 5),
        .turnRestartsNavigation: (9, 9), .turnKeyboardShareReversed: (0, 0), .footerNotForwarded: (56, 56),
        .footerScrollsToBottom: (83, 83), .topForgetsSpacer: (8, 8), .topScrollsOnTokens: (13, 13),
        .growthForwardedTwice: (55, 55),
    ]

    @Test(
        """
        each broken driver misbehaves, and the checks catch it in 95 % of those sessions, at least as often as they did
        """,
        arguments: BrokenDrivers.Kind.allCases.filter { $0.applies(to: .uikit) })
    func caught(_ kind: BrokenDrivers.Kind) throws {
        let rate = BrokenDrivers.catchRates(Self.sessions, kinds: [kind])[0]
        Self.expect(
            rate, floor: try #require(Self.floors[kind]), in: "uikit accessory")
    }

    // What once hid behind a navigation or a turn that had settled: a pinned question that drops
    // 453 points two frames after it landed, the view pulling it back to a content's end without
    // the spacer (`random-415`); an eased scroll that carries a reader to the bottom 27 frames
    // after a turn, for the typing indicator (`random-174`); and one that starts two frames after a
    // reply's jump came to rest (`messenger-20`) or as the keyboard rises after it landed
    // (`messenger-46`), for an arrival or the typing indicator.
    @Test(
        "a list moved after a navigation or a turn has settled is caught",
        arguments: [
            ("random-415", BrokenDrivers.Kind.topForgetsSpacer), ("random-174", .footerScrollsToBottom),
            ("messenger-20", .yankOnIncomingAnimated), ("messenger-46", .yankOnIncomingAnimated),
            ("messenger-46", .footerScrollsToBottom),
        ])
    func movedAfterASettledNavigation(name: String, kind: BrokenDrivers.Kind) throws {
        let session = try #require(Scenarios.named(name))
        let rate = BrokenDrivers.catchRates([session], kinds: [kind])
        #expect(rate.map(\.summary) == ["\(kind.rawValue): 1 of 1, missed []"])
        #expect(Simulator.runDriver(session).violations == [:])
    }

    // An open at a message that an eased scroll carries off as soon as it shows it (the typing
    // indicator scrolled to, `messenger-60` on `swiftui`): the open's first frame places the list
    // and carries no navigation on, so the scroll is judged as what the reader sees move.
    @Test("a list moved straight after the open is caught")
    func movedAfterTheOpen() {
        let session = Scenarios.messenger(seed: 60)
        let rate = BrokenDrivers.catchRates([session], kinds: [.footerScrollsToBottom], personality: .swiftui)
        #expect(rate.map(\.summary) == ["broken-footer-scrolls-to-bottom: 1 of 1, missed []"])
        #expect(Simulator.runDriver(session, view: SimulatedScrollView(personality: .swiftui)).violations == [:])
    }

    /// Expects `rate` to misbehave as often as `floor` says, to be caught at least as often, and
    /// in 95 % of its sessions.
    static func expect(_ rate: BrokenDrivers.CatchRate, floor: (caught: Int, misbehaving: Int), in block: String) {
        let missed =
            "\(block) \(rate.kind.rawValue): \(rate.caught) of \(rate.misbehaving) caught; "
            + "missed \(rate.missed.prefix(5))"
        #expect(rate.misbehaving == floor.misbehaving, "\(missed)")
        #expect(rate.caught >= floor.caught, "\(missed)")
        #expect(rate.rate >= 0.95, "\(missed)")
    }
}

/// The keyboard's broken drivers on the uikit view's other input-bar setups, over the sessions
/// that meet each (`SimulationTable.meets`): the same 95 %, and today's counts pinned, so that a
/// check that gets weaker on a setup fails here too. (`replay simulate --broken-drivers` runs
/// every personality and setup; docs/simulation.md, "Broken drivers", has the whole table.)
@Suite("Broken drivers are caught on every input-bar setup")
struct BrokenDriverSetupTests {
    static func sessions(meeting setup: InputBarSetup) -> [SimSession] {
        BrokenDriverTests.sessions.filter { SimulationTable.meets($0, setup, on: .uikit) }
    }

    /// Caught and misbehaving sessions today, per setup and broken driver.
    static let floors: [InputBarSetup: [BrokenDrivers.Kind: (caught: Int, misbehaving: Int)]] = [
        .layoutGuide: [
            .keyboardToBottom: (15, 15), .keyboardToTop: (2, 2), .keyboardDefaultCurve: (28, 28),
            .keyboardFrameShare: (24, 24), .staleKeyboardOverlap: (0, 0), .jumpDuringNavigation: (18, 18),
        ],
        .shrinkingFrame: [
            .keyboardToBottom: (20, 20), .keyboardToTop: (12, 12), .keyboardDefaultCurve: (31, 31),
            .keyboardFrameShare: (0, 0), .staleKeyboardOverlap: (30, 30), .jumpDuringNavigation: (18, 18),
        ],
        .interactiveDismissal: [
            .keyboardToBottom: (17, 17), .keyboardToTop: (6, 6), .keyboardDefaultCurve: (32, 32),
            .keyboardFrameShare: (27, 27), .staleKeyboardOverlap: (10, 10), .jumpDuringNavigation: (19, 19),
        ],
    ]

    @Test(
        "the keyboard's broken drivers are caught in 95 % of their sessions on each setup, as often as they were",
        arguments: [InputBarSetup.layoutGuide, .shrinkingFrame, .interactiveDismissal])
    func caught(on setup: InputBarSetup) throws {
        let rates = BrokenDrivers.catchRates(
            Self.sessions(meeting: setup), kinds: BrokenDrivers.Kind.keyboard, setup: setup)
        for rate in rates {
            BrokenDriverTests.expect(
                rate, floor: try #require(Self.floors[setup]?[rate.kind]), in: "uikit \(setup.rawValue)")
        }
    }
}

/// On the SwiftUI view rebuilt from sources the broken drivers run through `ChatScrollSwiftUI`'s
/// model, as the package's driver does: those whose bug is the glue's (the requests dropped, run a
/// frame late, with SwiftUI's animation or an anchor clamped, or off the keyboard's curve, a page
/// kept wrong, the keyboard heard of once it stopped) are pinned here with the same 95 %.
@Suite("Broken drivers are caught through the SwiftUI model")
struct BrokenDriverSwiftUITests {
    /// Caught and misbehaving sessions today, per broken driver.
    static let floors: [BrokenDrivers.Kind: (caught: Int, misbehaving: Int)] = [
        .noPrependCompensation: (28, 28), .prependCompensatedTwice: (30, 30), .dropsDeferredCommand: (7, 7),
        .noDisplayLink: (134, 135), .keyboardDefaultCurve: (66, 67), .lateByAFrame: (176, 178),
        .jumpDuringNavigation: (57, 57), .animatedRequests: (178, 179), .clampedAnchor: (156, 159),
        .keyboardAfterAnimation: (72, 72),
    ]

    @Test("the SwiftUI glue's broken drivers are caught in 95 % of their sessions, as often as they were")
    func caught() throws {
        let rates = BrokenDrivers.catchRates(
            BrokenDriverTests.sessions, kinds: BrokenDrivers.Kind.allCases.filter { Self.floors[$0] != nil },
            personality: .swiftui)
        for rate in rates {
            BrokenDriverTests.expect(rate, floor: try #require(Self.floors[rate.kind]), in: "swiftui accessory")
        }
    }
}

extension BrokenDrivers.CatchRate {
    /// The rate whole, as one line: its broken driver, caught of misbehaving, and the sessions missed.
    var summary: String { "\(kind.rawValue): \(caught) of \(misbehaving), missed \(missed)" }
}

@Suite("When a user sees a keyboard's share taken wrong")
struct KeyboardShareSeenTests {
    // The keyboard rises during a jump to latest on the layout-guide setup, and a driver that
    // takes the keyboard's frame for all that covers the list eases toward a bottom 49 points
    // short; the finger comes while both lists still ease down, and the one dragged from higher
    // up rests higher: the user never saw where it was going.
    @Test("a list still easing toward a place the finger then takes it from is not a misbehaviour seen")
    func stillEasing() throws {
        let session = try #require(Scenarios.named("random-30"))
        let rate = BrokenDrivers.catchRates([session], kinds: [.keyboardFrameShare], setup: .layoutGuide)
        #expect(
            rate.map(\.summary) == [
                "broken-keyboard-frame-share: 0 of 0, missed []"
            ])
    }

    // On interactive dismissal, a send during momentum scrolls to the newest message as the
    // keyboard rises; the same driver's scroll creeps to a stop 50 points short of the bottom,
    // and `navigation-lands` fails the frame the finger comes down in, before the send's time
    // is up.
    @Test("a send that creeps to a stop short of the bottom is seen, and caught")
    func creepsShort() throws {
        try Self.expectCaught(
            "random-50", on: .interactiveDismissal, violations: [.navigationLands: 1],
            first: (
                .navigationLands,
                "frame 575: the send stopped short of its place 3 frames before its time: 50.17018664945954 "
                    + "points above the bottom"
            ))
    }

    // On the layout-guide setup a message arrives at the bottom and the keyboard rises as its
    // scroll begins; the driver rides the rest of the scroll on the keyboard's spring. Glue that
    // leaves the bar out of the share ends 49 points short of the bottom, and the spring's tail
    // creeps on for a dozen frames by less than a pixel each, which once kept the scroll running
    // until the keyboard hid: the bar covered 49 points of the newest message all the while.
    @Test("an arrival's scroll that creeps along the keyboard's spring short of the bottom has come to rest")
    func restsShortAsTheKeyboardArrives() throws {
        try Self.expectCaught(
            "random-792", on: .layoutGuide, violations: [.bottomStaysVisible: 11],
            first: (
                .bottomStaysVisible,
                "frame 798: the list rests 49.070432165579405 points short of the bottom as the keyboard arrives"
            ))
    }

    // What a user cannot see is not counted: a keyboard that rises while a reply's jump still
    // runs moves the place the jump lands on, which `navigation-lands` judges, and the message
    // lands in the middle of the screen either way (`messenger-242`); a window of history that
    // replaces the screen in the keyboard's frame leaves nothing that sat at the bottom edge to
    // cover (`messenger-156`); two lists a turn lays out anew that rest as far apart after it as
    // they stood before show nothing new (`random-777`).
    @Test(
        "a keyboard's share taken wrong where the user sees nothing new is not counted",
        arguments: [
            ("messenger-242", InputBarSetup.interactiveDismissal),
            ("messenger-156", .layoutGuide),
            ("random-777", .layoutGuide),
        ])
    func nothingNewSeen(name: String, setup: InputBarSetup) throws {
        let session = try #require(Scenarios.named(name))
        let rate = BrokenDrivers.catchRates([session], kinds: [.keyboardFrameShare], setup: setup)
        #expect(rate.map(\.summary) == ["broken-keyboard-frame-share: 0 of 0, missed []"])
    }

    /// Runs the session `name` with `broken-keyboard-frame-share` on `setup`: its account counts
    /// the session and the checks catch it, the broken screen shows `violations`, the first of
    /// `first`'s check as it says, and the package's driver shows none.
    static func expectCaught(
        _ name: String, on setup: InputBarSetup, violations: [ScreenCheck: Int], first: (ScreenCheck, String)
    ) throws {
        let session = try #require(Scenarios.named(name))
        let rate = BrokenDrivers.catchRates([session], kinds: [.keyboardFrameShare], setup: setup)
        #expect(
            rate.map(\.summary) == [
                "broken-keyboard-frame-share: 1 of 1, missed []"
            ])
        let broken = Simulator.run(
            session, policy: BrokenDrivers.Policy(.keyboardFrameShare, configuration: session.configuration),
            view: SimulatedScrollView(setup: setup))
        #expect(broken.violations == violations)
        #expect(broken.firstViolations[first.0] == first.1)
        let driver = Simulator.runDriver(session, view: SimulatedScrollView(setup: setup))
        #expect(driver.violations == [:])
    }

    // A reader flings as the keyboard finishes rising under the finger; glue that tells the
    // driver of the keyboard only once it stops moves the list by the keyboard's share in the
    // frame the momentum ends (`random-483`), or as a message arrives (`messenger-13`). Neither
    // the end of the momentum, nor the catch-up after the finger, nor an arrival scrolls a reader.
    @Test(
        "a reader's jump in the frame momentum ends under the keyboard is seen",
        arguments: [
            (
                "random-483",
                "frame 321: m1 moved -259.1957667575434 during momentum of 6.3 a frame and the keyboard's move of "
                    + "0.13535671641901104"
            ),
            (
                "messenger-13",
                "frame 122: m43 moved -248.41548983724124 during momentum of 4.6616367522574365 a frame and the "
                    + "keyboard's move of 0.13535671641901104"
            ),
        ])
    func jumpAsMomentumEnds(name: String, first: String) throws {
        let session = try #require(Scenarios.named(name))
        let broken = Simulator.run(
            session, policy: BrokenDrivers.Policy(.keyboardAfterAnimation, configuration: session.configuration))
        #expect(broken.firstViolations[.readingStaysPut] == first)
        #expect(Simulator.runDriver(session).violations == [:])
    }

    // On the layout-guide setup a reader flings, and the keyboard rises as the fling runs: the
    // driver stops the momentum at the keyboard's news, and nobody holds the list for the rest of
    // the keyboard's move, so what sat at the bottom edge goes up with it (specification §2).
    // Glue that leaves the bar out of the keyboard's share moves the list 80 points where the
    // package's driver moves it 129, and the bar covers 49 points of what was read.
    @Test("a keyboard whose news stops a fling takes what sat at the bottom edge up with it")
    func keyboardStopsFling() throws {
        try Self.expectCaught(
            "random-231", on: .layoutGuide, violations: [.readingStaysPut: 25],
            first: (
                .readingStaysPut,
                "frame 400: m20 moved -1.9108248591769552 while the keyboard moved the bottom edge by "
                    + "3.0812050854225626: the keyboard covered what sat at the bottom edge"
            ))
    }
}

@Suite("When a user sees a measurement never forwarded")
struct MeasurementSeenTests {
    /// The catch rate of a driver that never forwards measurements, on the estimates view.
    static func catchRate(in session: SimSession) -> [BrokenDrivers.CatchRate] {
        BrokenDrivers.catchRates([session], kinds: [.forgetsMeasurements], personality: .estimates)
    }

    /// `session` run by a driver that never forwards measurements, on the estimates view.
    static func forgetting(_ session: SimSession, draw: Bool = false) -> SimulationResult {
        Simulator.run(
            session, policy: BrokenDrivers.Policy(.forgetsMeasurements, configuration: session.configuration),
            draw: draw, view: SimulatedScrollView(personality: .estimates))
    }

    // On the estimates view, a row measured under the finger keeps its estimate, and the view
    // keeps what is shown itself: the list moves exactly with the finger. The package's driver
    // scrolled a row in at the top in that frame, which once counted as the screens moving
    // otherwise.
    @Test("a list that moves with the finger while the other screen's top row changes is not a jump seen")
    func movesWithTheFinger() throws {
        let session = try #require(Scenarios.named("open-and-read-history"))
        let rate = Self.catchRate(in: session)
        #expect(
            rate.map(\.summary) == [
                "broken-forgets-measurements: 0 of 0, missed []"
            ])
    }

    // On the estimates view, a following list scrolls to an arrival at its bottom when the row
    // hanging over its top is measured 164 points taller. The package's driver keeps the rows
    // below where they are; one that keeps the estimate lets the row push them down the screen.
    @Test("a row that grows above what a following list shows pushes its newest rows down")
    func pushedDownFromAbove() {
        let session = Scenarios.random(seed: 194)
        let broken = Self.forgetting(session)
        #expect(
            broken.firstViolations[.bottomStaysVisible]
                == "frame 66: m33 was pushed 152.71714636020852 points down by 164.0 points that grew above the screen")
        let driver = Simulator.runDriver(session, view: SimulatedScrollView(personality: .estimates))
        #expect(driver.violations == [:])
    }

    // On the estimates view, a message arrives as momentum ends past the bottom of a following
    // list. A driver that kept the estimates of the rows above scrolls to the bottom its model
    // knows, 248 points short of the newest message's end, easing there as an arrival's scroll
    // does: away from the bottom, which no scroll to an arrival may go.
    @Test("a scroll to an arrival that goes away from the bottom is seen, and caught")
    func arrivalScrollGoesAway() throws {
        let session = Scenarios.random(seed: 122)
        let rate = Self.catchRate(in: session)
        #expect(
            rate.map(\.summary) == [
                "broken-forgets-measurements: 1 of 1, missed []"
            ])
        let broken = Self.forgetting(session, draw: true)
        #expect(
            broken.drawing.first { $0.contains("away from the bottom") }
                == "  violates bottom-visible: a scroll carried the list 12.879626656519576 points away from the "
                + "bottom, 12.879626656519576 points above it")
        let driver = Simulator.runDriver(session, view: SimulatedScrollView(personality: .estimates))
        #expect(driver.violations == [:])
    }

    // On the estimates view, a send's scroll aims by the heights the model kept, 400 points short
    // of the bottom, and slows toward that place; the finger comes before it stands still. Its
    // slowing tells where it ends: short of the send's place, which `navigation-lands` fails.
    @Test("a scroll that slows short of its place is seen, and caught, before the finger comes")
    func slowsShort() {
        let session = Scenarios.random(seed: 378)
        #expect(Self.catchRate(in: session).map(\.summary) == ["broken-forgets-measurements: 1 of 1, missed []"])
        let broken = Self.forgetting(session)
        #expect(
            broken.firstViolations[.navigationLands]
                == "frame 519: the send stopped short of its place 38 frames before its time: 894.8430608602648 points "
                + "above the bottom")
        let driver = Simulator.runDriver(session, view: SimulatedScrollView(personality: .estimates))
        #expect(driver.violations == [:])
    }

    // On the estimates view, momentum bounces past the bottom of a following list as the last
    // row is measured 151 points taller. A driver that keeps the estimate leaves the list where
    // the bounce ends, 105 points short of the newest message's end, and creeps there a fifth of
    // a point a frame: no eased scroll to the bottom goes so slowly, so the settle it was allowed
    // ends after 12 frames, and the gap is seen for what it is.
    @Test("a list that creeps after a bounce is not easing to the bottom")
    func creepingSettle() throws {
        let session = Scenarios.random(seed: 164)
        let rate = Self.catchRate(in: session)
        #expect(
            rate.map(\.summary) == [
                "broken-forgets-measurements: 1 of 1, missed []"
            ])
        let broken = Self.forgetting(session)
        #expect(
            broken.firstViolations[.bottomStaysVisible]
                == "frame 77: 103.36593641070158 points of new content below the screen")
    }
}

@Suite("What the checks see of a broken driver")
struct BrokenDriverCaseTests {
    /// A broken driver on one random session: what the checks see, whole, while the package's
    /// driver passes the same session.
    struct Case: Sendable, CustomTestStringConvertible {
        var seed: UInt64
        var kind: BrokenDrivers.Kind
        var setup = InputBarSetup.accessory
        var violations: [ScreenCheck: Int]
        var first: [ScreenCheck: String]
        var testDescription: String { "\(kind.rawValue) on random-\(seed), \(setup.rawValue)" }
    }

    static let cases: [Case] = [
        // reading-stays-put: the frame in which the finger lifts moves what is on screen no farther than the
        // fling's first step, so a page kept by an animation that starts there is seen.
        Case(
            seed: 151, kind: .animatedPositionKeeping, violations: [.readingStaysPut: 12, .cleanOpen: 23],
            first: [
                .readingStaysPut: "frame 32: m4 moved 2757.0 as the finger lifted at 5000.0 points/s",
                .cleanOpen: "frame 0: the open shows offset 731.0, not the bottom 771.0",
            ]),
        // reading-stays-put: a fling the app stops in its first frame is stopped dead, as in any later one.
        Case(
            seed: 859, kind: .animatedPositionKeeping, violations: [.readingStaysPut: 1, .cleanOpen: 31],
            first: [
                .readingStaysPut: "frame 46: momentum of 40.97729336999669 a frame stopped with no touch",
                .cleanOpen: "frame 0: the open shows offset 1182.0, not the bottom 1190.0",
            ]),
        // bottom-visible: a tap on jump to latest while the list bounces back from past the bottom ends the
        // gesture's claim on the screen: the message that arrives next must be shown, so glue
        // with no display link, which never runs the command that would show it, is seen.
        Case(
            seed: 58, kind: .noDisplayLink, violations: [.bottomStaysVisible: 71],
            first: [.bottomStaysVisible: "frame 130: 7.771929409430982 points of new content below the screen"]),
        // bottom-visible: a scroll that has brought the list to the bottom when the keyboard starts to move
        // is over: the list rides the keyboard as a following list does, so glue that moves it
        // along the default curve carries it past the newest message's end, then leaves the newest
        // message under the keyboard's edge.
        Case(
            seed: 17, kind: .keyboardDefaultCurve, violations: [.bottomStaysVisible: 35],
            first: [.bottomStaysVisible: "frame 393: 1.2187949145775292 points past the bottom"]),
        // bottom-visible: a jump to latest that the keyboard's rise meets goes to the bottom above the
        // keyboard; glue that counts the input bar twice sends it past the newest message's end,
        // and the finger that comes before it lands does not hide the blank that grew below.
        Case(
            seed: 30, kind: .keyboardCountsInputBar, violations: [.bottomStaysVisible: 4, .readingStaysPut: 30],
            first: [
                .bottomStaysVisible: "frame 262: a scroll carried the list 8.538093068134003 points past the bottom",
                .readingStaysPut: "frame 370: m8 moved 8.025464408542575 while the keyboard moved the bottom edge by "
                    + "-6.042983617146575",
            ]),
        // reading-stays-put: a keyboard that rises under a reader nobody holds takes what sat at the
        // bottom edge up with it; glue that tells the driver only when the keyboard has stopped
        // lets it cover the rows read (here a rotation comes before the catch-up's jump).
        Case(
            seed: 10, kind: .keyboardAfterAnimation, violations: [.readingStaysPut: 30, .smoothAnimation: 1],
            first: [
                .readingStaysPut: "frame 374: m49 moved 0.0 while the keyboard moved the bottom edge by "
                    + "6.042983617146576: the keyboard covered what sat at the bottom edge",
                .smoothAnimation: "frame 486: m48 moved -19.988433345958583 in an animation whose last step was "
                    + "112.11116466792828",
            ]),
        // reading-stays-put: a keyboard that rises 16 frames after a rotation, while the turn still
        // settles, takes what sat at the bottom edge up all the same; that glue lets it cover the
        // rows read, then its catch-up, which hears of the keyboard as it stops, leaps 253 points
        // in one frame (559).
        Case(
            seed: 116, kind: .keyboardAfterAnimation, violations: [.readingStaysPut: 29],
            first: [
                .readingStaysPut: "frame 517: m30 moved 0.0 while the keyboard moved the bottom edge by "
                    + "6.042983617147137: the keyboard covered what sat at the bottom edge"
            ]),
        // reading-stays-put: a finger that lets go of the keyboard it pulled down ends the hold, and the
        // keyboard that comes back up takes what sat at the bottom edge with it; glue that tells
        // the driver again of the keyboard as notified (the driver never saw it go) lets it cover
        // the rows read.
        Case(
            seed: 578, kind: .staleKeyboardOverlap, setup: .interactiveDismissal, violations: [.readingStaysPut: 20],
            first: [
                .readingStaysPut: "frame 171: m50 moved 0.0 while the keyboard moved the bottom edge by "
                    + "4.7671044673928975: the keyboard covered what sat at the bottom edge"
            ]),
        // reading-stays-put: a reader has nothing to catch up with after the finger lifts; with that
        // glue the keyboard the finger pulled away hides again in the driver's eyes, which slides
        // the reader down.
        Case(
            seed: 29, kind: .staleKeyboardOverlap, setup: .interactiveDismissal, violations: [.readingStaysPut: 1],
            first: [
                .readingStaysPut: "frame 378: m20 moved 6.042983617146547 points after the finger lifted, more "
                    + "than the keyboard moved since (0.0)"
            ]),
        // bottom-visible: a following list that comes to the bottom is judged by that check, but not one
        // thrown there: glue that finishes a message's scroll at once as the keyboard hides (a
        // frame pinned to the bar) jumps it 121 points in one frame.
        Case(
            seed: 475, kind: .jumpDuringNavigation, setup: .shrinkingFrame, violations: [.bottomStaysVisible: 1],
            first: [
                .bottomStaysVisible: "frame 323: m51 leapt -121.5 points in frame 322, more than the keyboard, an "
                    + "eased scroll, the finger or momentum moves it"
            ]),
    ]

    @Test("a broken driver is seen where it misbehaves; the driver is not", arguments: cases)
    func seen(_ testCase: Case) {
        let session = Scenarios.random(seed: testCase.seed)
        let broken = Simulator.run(
            session, policy: BrokenDrivers.Policy(testCase.kind, configuration: session.configuration),
            view: SimulatedScrollView(setup: testCase.setup))
        let driver = Simulator.runDriver(session, view: SimulatedScrollView(setup: testCase.setup))
        #expect(broken.violations == testCase.violations)
        #expect(broken.firstViolations == testCase.first)
        #expect(driver.violations == [:])
    }
}
