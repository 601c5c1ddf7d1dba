import ChatEvents
import ChatReducer
import ChatScrollDriver
import ChatScrollSwiftUI

/// Deliberately broken drivers: the package's driver with one integration bug each, as an app
/// could ship it. They exist to test the checks: a check that lets a visibly wrong screen pass
/// is a defect, so each must be caught in the sessions where it misbehaves.
///
/// Each keeps its own account of when it misbehaved in a way the user could see (it moved the
/// list, or failed to, by more than a point), independent of the checks.
public enum BrokenDrivers {
    /// The integration bugs.
    public enum Kind: String, Sendable, CaseIterable {
        /// Jumps to the bottom at once when a message arrives while the user reads history.
        case yankOnIncoming = "broken-yank-on-incoming"
        /// Scrolls to the bottom, animated, when a message arrives while the user reads history.
        case yankOnIncomingAnimated = "broken-yank-on-incoming-animated"
        /// Does not forward taps on jump to latest.
        case ignoreJumpToLatest = "broken-ignore-jump-to-latest"
        /// Does not forward taps on a reply's quote.
        case ignoreReplyTaps = "broken-ignore-reply-taps"
        /// Jumps to the bottom when the keyboard moves while the user reads history.
        case keyboardToBottom = "broken-keyboard-to-bottom"
        /// Jumps to the top when the keyboard moves while the user reads history.
        case keyboardToTop = "broken-keyboard-to-top"
        /// Jumps to the top on rotation.
        case rotationToTop = "broken-rotation-to-top"
        /// Jumps to the bottom on rotation.
        case rotationToBottom = "broken-rotation-to-bottom"
        /// Drops the position keeping of a prepended page of history, or of the spinner above it.
        case noPrependCompensation = "broken-no-prepend-compensation"
        /// Applies the position keeping of a prepended page (or of the spinner above it) twice.
        case prependCompensatedTwice = "broken-prepend-compensated-twice"
        /// Runs nothing of a command that waited for the user's finger to lift.
        case dropsDeferredCommand = "broken-drops-deferred-command"
        /// Never calls `tick(time:)` (no display link): animated commands never move the list.
        case noDisplayLink = "broken-no-display-link"
        /// Moves along the keyboard with the default curve instead of the keyboard's.
        case keyboardDefaultCurve = "broken-keyboard-default-curve"
        /// Applies every move a frame late, as glue that wraps it in `DispatchQueue.main.async`.
        case lateByAFrame = "broken-late-by-a-frame"
        /// Never forwards a cell's measured height.
        case forgetsMeasurements = "broken-forgets-measurements"
        /// Applies position keeping (a page above, a row measured above, growth while following)
        /// with `setContentOffset(_:animated: true)` when no finger is down: only the moves of its
        /// display link's tick set `contentOffset` directly.
        case animatedPositionKeeping = "broken-animated-position-keeping"
        /// Never forwards `scrollViewDidEndDecelerating`: after a fling the driver believes the
        /// user still holds the list, until the next touch, command or keyboard.
        case noEndDecelerating = "broken-no-end-decelerating"
        /// Scrolls to the bottom, animated, when the finger lifts without a fling within 150
        /// points of it.
        case snapOnLift = "broken-snap-on-lift"
        /// Tells the driver of the keyboard only when its animation has ended (`keyboardDidShow`
        /// and `keyboardDidHide` instead of `keyboardWillChangeFrame`), with no duration: the list
        /// stays while the keyboard moves, then jumps.
        case keyboardAfterAnimation = "broken-keyboard-after-animation"
        /// Adds the input bar's height to the keyboard's overlap while the keyboard shows (the
        /// keyboard's frame already holds the bar, its input accessory view): the list is kept
        /// that much too high, past the bottom above the keyboard.
        case keyboardCountsInputBar = "broken-keyboard-counts-input-bar"
        /// Forwards a tap on jump to latest as a jump to the newest loaded message: it stops at the
        /// end of a window short of the present, and leaves the list detached, so what arrives
        /// next stays below the edge.
        case jumpToLatestAsMessage = "broken-jump-to-latest-as-message"
        /// Tells the driver of the keyboard's frame as notified, whatever rides on it: on a bar
        /// pinned to `keyboardLayoutGuide` the bar is left out of the share, and the newest message
        /// ends under it. (The package's driver does the same today: these sessions show no
        /// difference until it takes the covered edge.)
        case keyboardFrameShare = "broken-keyboard-frame-share"
        /// Keeps the keyboard's overlap computed from the frame at its notification: where the
        /// frame then shrinks to the bar's top, the keyboard is counted twice. (The package's
        /// driver does the same today.)
        case staleKeyboardOverlap = "broken-stale-keyboard-overlap"
        /// Finishes a running navigation at once (a jump to its end) when the keyboard moves or a
        /// message arrives on the way.
        case jumpDuringNavigation = "broken-jump-during-navigation"
        /// Runs the SwiftUI model's moves by row or edge with SwiftUI's default animation
        /// (`withAnimation { position.scrollTo(...) }` instead of a transaction without one): each
        /// frame of a command starts an eased scroll of its own from where the view is, and a jump
        /// eases instead of landing.
        case animatedRequests = "broken-animated-requests"
        /// Clamps the anchor of the SwiftUI model's row requests to 0...1, as glue that reads the
        /// `UnitPoint` as a point inside the row: a row whose top must sit above the visible top,
        /// or a row taller than the visible region, lands elsewhere, and a command's frames stall
        /// and leap.
        case clampedAnchor = "broken-clamped-anchor"
        /// At a turn of the screen while a navigation the user asked for runs (jump to latest, a
        /// reply's quote, a send), moves the list back against the navigation by its last four
        /// frames' steps (a position it keeps four frames stale), then asks for the navigation
        /// again so that it lands in the turned layout: the list is thrown back, and goes on from
        /// there.
        case turnThrowsNavigationBack = "broken-turn-throws-navigation-back"
        /// At a turn while a navigation runs, puts back the place the reader was at when the
        /// navigation began (what was at the top then), then asks for the navigation again: the
        /// list jumps back to where the navigation set off, and runs it again.
        case turnRestartsNavigation = "broken-turn-restarts-navigation"
        /// At a turn with the keyboard up while a navigation runs, moves the list by the change of
        /// the keyboard's share of the screen, its sign reversed, on top of the driver's keeping,
        /// then asks for the navigation again: the list jumps by the change at the turn.
        case turnKeyboardShareReversed = "broken-turn-keyboard-share-reversed"
        /// Draws the typing indicator (the table's footer view) but never tells the driver of it
        /// (`footerChanged`): a following list does not move to keep the indicator, the newest
        /// row, above the input bar; the driver reckons without it from then on.
        case footerNotForwarded = "broken-footer-not-forwarded"
        /// Scrolls to the bottom, animated, whenever the typing indicator appears or goes (the
        /// hand-written "scroll to the typing indicator" kept beside the driver): a reader of
        /// history, or a pinned question, is carried to the bottom.
        case footerScrollsToBottom = "broken-footer-scrolls-to-bottom"
        /// Layout `top`: never adds the driver's `trailingSpacer` below the last message: the
        /// newest question cannot reach the top, so the view pulls it back down where the
        /// driver's pin leaves it past the content's end.
        case topForgetsSpacer = "broken-top-forgets-spacer"
        /// Layout `top`: scrolls to the bottom at once on every batch of streamed tokens while the
        /// list is not following (the hand-written "keep the answer in view"): the pinned question
        /// is pushed up and away as soon as its answer outgrows the screen.
        case topScrollsOnTokens = "broken-top-scrolls-on-tokens"
        /// Forwards each batch of streamed tokens' growth twice (the data source's callback and
        /// the cell's resize both call `tokensAppended(heightDelta:)`): the driver believes the
        /// answer twice as tall as it grew, and a following list is sent past the bottom.
        case growthForwardedTwice = "broken-growth-forwarded-twice"

        /// Whether its bug can show in `session` at all: the session has the event the bug answers
        /// (a broken driver that never meets it behaves as the package's driver, so the catch
        /// rates skip those sessions without changing).
        func canMisbehave(in session: SimSession) -> Bool {
            func has(_ matches: (SessionStep) -> Bool) -> Bool { session.steps.contains { matches($0.step) } }
            switch self {
            case .yankOnIncoming, .yankOnIncomingAnimated:
                return has {
                    if case .app(.append(let message, _)) = $0 { message.direction == .incoming } else { false }
                }
            case .ignoreJumpToLatest, .jumpToLatestAsMessage:
                return has { if case .app(.jumpToLatest) = $0 { true } else { false } }
            case .ignoreReplyTaps:
                return has { if case .app(.replyJump) = $0 { true } else { false } }
            case .keyboardToBottom, .keyboardToTop, .keyboardDefaultCurve, .keyboardAfterAnimation,
                .keyboardCountsInputBar, .keyboardFrameShare, .staleKeyboardOverlap:
                return has { if case .app(.keyboard) = $0 { true } else { false } }
            case .rotationToTop, .rotationToBottom:
                return has { if case .rotate = $0 { true } else { false } }
            case .turnThrowsNavigationBack, .turnRestartsNavigation, .turnKeyboardShareReversed:
                // (The reversed share, only at a turn with the keyboard up.)
                let keyboardNeeded = self == .turnKeyboardShareReversed
                return has {
                    if case .rotate(_, _, _, let keyboard) = $0 { !keyboardNeeded || keyboard != nil } else { false }
                }
                    && has { if case .app(let event) = $0 { event.isUserNavigation } else { false } }
            case .noPrependCompensation, .prependCompensatedTwice:
                return !session.olderPages.isEmpty || !session.archive.isEmpty
                    || has { if case .app(.header) = $0 { true } else { false } }
            case .dropsDeferredCommand:
                return has {
                    if case .app(.append(let message, _)) = $0 { message.direction == .outgoing } else { false }
                }
            case .snapOnLift, .noEndDecelerating:
                return has { if case .touchUp = $0 { true } else { false } }
            case .noDisplayLink, .lateByAFrame, .forgetsMeasurements, .animatedPositionKeeping, .jumpDuringNavigation,
                .animatedRequests, .clampedAnchor:
                return true
            case .footerNotForwarded, .footerScrollsToBottom:
                return has { if case .app(.footer) = $0 { true } else { false } }
            case .topForgetsSpacer:
                return session.configuration.layout == .top
                    && has {
                        if case .app(.append(let message, _)) = $0 { message.direction == .outgoing } else { false }
                    }
            case .topScrollsOnTokens:
                return session.configuration.layout == .top
                    && has { if case .app(.tokens) = $0 { true } else { false } }
            case .growthForwardedTwice:
                return has { if case .app(.tokens) = $0 { true } else { false } }
            }
        }

        /// How the turns' broken drivers move a running navigation at a turn; nil for the others.
        var turnThrow: TurnThrow? {
            switch self {
            case .turnThrowsNavigationBack: .back
            case .turnRestartsNavigation: .restart
            case .turnKeyboardShareReversed: .keyboardShareReversed
            case .yankOnIncoming, .yankOnIncomingAnimated, .ignoreJumpToLatest, .ignoreReplyTaps, .keyboardToBottom,
                .keyboardToTop, .rotationToTop, .rotationToBottom, .noPrependCompensation, .prependCompensatedTwice,
                .dropsDeferredCommand, .noDisplayLink, .keyboardDefaultCurve, .lateByAFrame, .forgetsMeasurements,
                .animatedPositionKeeping, .noEndDecelerating, .snapOnLift, .keyboardAfterAnimation,
                .keyboardCountsInputBar, .jumpToLatestAsMessage, .keyboardFrameShare, .staleKeyboardOverlap,
                .jumpDuringNavigation, .animatedRequests, .clampedAnchor, .footerNotForwarded, .footerScrollsToBottom,
                .topForgetsSpacer, .topScrollsOnTokens, .growthForwardedTwice:
                nil
            }
        }

        /// Where a turn's broken driver puts a running navigation: back by its last four steps, back
        /// to where it set off, or by the keyboard share's change, its sign reversed.
        enum TurnThrow { case back, restart, keyboardShareReversed }

        /// Whether it can misbehave on a view of `personality` at all: the bugs of the SwiftUI
        /// model's glue only where the model runs (the lazy stack's SwiftUI views).
        public func applies(to personality: ViewPersonality) -> Bool {
            switch self {
            case .animatedRequests, .clampedAnchor: personality.lazyStackEstimates
            // (UIKit glue, which answers the turn after the tick of the turn's frame: not the views
            // that report after layout, where the turn reaches the glue after that tick.)
            case .turnThrowsNavigationBack, .turnRestartsNavigation, .turnKeyboardShareReversed:
                !personality.reportsAfterLayout
            case .yankOnIncoming, .yankOnIncomingAnimated, .ignoreJumpToLatest, .ignoreReplyTaps, .keyboardToBottom,
                .keyboardToTop, .rotationToTop, .rotationToBottom, .noPrependCompensation, .prependCompensatedTwice,
                .dropsDeferredCommand, .noDisplayLink, .keyboardDefaultCurve, .lateByAFrame, .forgetsMeasurements,
                .animatedPositionKeeping, .noEndDecelerating, .snapOnLift, .keyboardAfterAnimation,
                .keyboardCountsInputBar, .jumpToLatestAsMessage, .keyboardFrameShare, .staleKeyboardOverlap,
                .jumpDuringNavigation, .footerNotForwarded, .footerScrollsToBottom, .topForgetsSpacer,
                .topScrollsOnTokens, .growthForwardedTwice:
                true
            }
        }

        /// The broken drivers whose bug is the keyboard's: they run on every input-bar setup, the
        /// others on the accessory setup of every view.
        public static let keyboard: [Kind] = [
            .keyboardToBottom, .keyboardToTop, .keyboardDefaultCurve, .keyboardFrameShare, .staleKeyboardOverlap,
            .jumpDuringNavigation,
        ]
    }

    /// Whether the user saw the misbehaviour of `frame`, given the screens of the broken driver
    /// and of the package's driver in the same session: a jump moves what is shown, and otherwise
    /// than the package's driver moves it, within 3 frames, a distorted animation within a
    /// navigation's time, and a navigation that did not happen leaves another screen at the end
    /// of that time and a navigation's time later (another animation that took the user to the
    /// same place hid it). A share of the keyboard taken wrong is seen where the list rests: it
    /// moves otherwise within a navigation's time and, within two, in the first stretch in which
    /// the user moves neither list, both stand still for two frames on different screens, further
    /// apart than just before it: each list's travel since then, frame by frame, differs (a list
    /// still easing toward a place the finger then takes it from never showed where it was
    /// going). A screen that differs but moves alike is the session going its own way (rows that
    /// one of them measured and the other did not), not the misbehaviour. Where both bring other
    /// rows in at once (a turn), it moved otherwise if the two showed the same before and not
    /// after.
    static func isSeen(_ kind: Kind, at frame: Int, in pairs: [(broken: Screen, correct: Screen)]) -> Bool {
        // How far the row at the top moved into frame `index`; nil when another row is there.
        func moved(_ index: Int, _ screen: KeyPath<(broken: Screen, correct: Screen), Screen>) -> Double? {
            guard index > 0, index < pairs.count else { return 0 }
            let (before, now) = (pairs[index - 1][keyPath: screen], pairs[index][keyPath: screen])
            return now.topOffset(from: before)
        }
        // The broken screen moved in frame `index`, and otherwise than the package's.
        func jumps(_ index: Int) -> Bool {
            (moved(index, \.broken).map { abs($0) > 1 } ?? true) && movesOtherwise(index)
        }
        func movesOtherwise(_ index: Int) -> Bool {
            switch (moved(index, \.broken), moved(index, \.correct)) {
            case (let broken?, let correct?): abs(broken - correct) > 1
            // (Both brought another row in: where they showed the same before, they must still.)
            case (nil, nil):
                !pairs[index - 1].broken.differs(from: pairs[index - 1].correct)
                    && pairs[index].broken.differs(from: pairs[index].correct)
            case (_?, nil), (nil, _?): true
            }
        }
        let end = min(pairs.count, frame + Simulator.navigationFrames)
        switch kind {
        case .yankOnIncoming, .yankOnIncomingAnimated, .keyboardToBottom, .keyboardToTop, .rotationToTop,
            .rotationToBottom, .noPrependCompensation, .prependCompensatedTwice, .lateByAFrame,
            .animatedPositionKeeping, .jumpDuringNavigation, .turnThrowsNavigationBack, .turnRestartsNavigation,
            .turnKeyboardShareReversed, .topForgetsSpacer, .topScrollsOnTokens, .growthForwardedTwice:
            return (frame..<min(pairs.count, frame + 3)).contains(where: jumps)
        case .forgetsMeasurements:
            // (A kept estimate moves what is shown by its error, a few dozen points, or leaves it
            // where the package's driver moves it, as a following list that does not follow a
            // row grown: the row at the top of both screens stays and tells; where one of them
            // scrolled another row in, nothing tells.)
            return (frame..<min(pairs.count, frame + 3)).contains { index in
                moved(index, \.broken) != nil && moved(index, \.correct) != nil && movesOtherwise(index)
            }
        case .keyboardDefaultCurve, .snapOnLift, .keyboardCountsInputBar, .keyboardAfterAnimation, .animatedRequests,
            .clampedAnchor, .footerNotForwarded, .footerScrollsToBottom:
            return (frame..<end).contains(where: movesOtherwise)
        case .keyboardFrameShare, .staleKeyboardOverlap:
            // (In the first stretch after it that the user does not move either list: a list
            // dragged from another place rests elsewhere by the user's hand.)
            let limit = min(pairs.count, frame + 2 * Simulator.navigationFrames)
            func held(_ index: Int) -> Bool { pairs[index].broken.held || pairs[index].correct.held }
            let free = (frame..<limit).first { !held($0) } ?? limit
            let taken = (free..<limit).first(where: held) ?? limit
            func still(_ index: Int) -> Bool {
                (moved(index, \.broken).map { abs($0) <= 0.5 } ?? false)
                    && (moved(index, \.correct).map { abs($0) <= 0.5 } ?? false)
            }
            // (Two screens already a few points apart before it, resting as far apart after it,
            // show nothing new: each moved alike since, frame by frame, or where a row at an end of
            // some frame does not tell, the two stand as far apart by a row they both show.)
            func travel(to index: Int, _ screen: KeyPath<(broken: Screen, correct: Screen), Screen>) -> Double? {
                var total = 0.0
                for step in max(1, frame)...max(1, index) {
                    guard let moved = pairs[step][keyPath: screen].shift(from: pairs[step - 1][keyPath: screen])
                    else { return nil }
                    total += moved
                }
                return total
            }
            func apart(_ index: Int) -> Double? {
                guard index >= 0, index < pairs.count else { return nil }
                return pairs[index].broken.shift(from: pairs[index].correct)
            }
            func restsElsewhere(_ index: Int) -> Bool {
                guard pairs[index].broken.differs(from: pairs[index].correct) else { return false }
                if let broken = travel(to: index, \.broken), let correct = travel(to: index, \.correct) {
                    return abs(broken - correct) > 1
                }
                // (Before it: the last of a few frames in which a row at an end tells.)
                let before = (max(0, frame - 4)..<frame).reversed().lazy.compactMap(apart).first
                guard let before, let after = apart(index) else { return true }
                return abs(after - before) > 1
            }
            return (frame..<end).contains(where: movesOtherwise)
                && (free + 1..<max(free + 1, taken)).contains { still($0 - 1) && still($0) && restsElsewhere($0) }
        case .ignoreJumpToLatest, .ignoreReplyTaps, .dropsDeferredCommand, .noDisplayLink, .noEndDecelerating,
            .jumpToLatestAsMessage:
            // Elsewhere at the end of the navigation's time, and still a navigation's time later
            // (not merely arriving later by another way).
            let later = min(pairs.count, end + Simulator.navigationFrames)
            return end > frame && pairs[end - 1].broken.differs(from: pairs[end - 1].correct)
                && pairs[later - 1].broken.differs(from: pairs[later - 1].correct)
        }
    }

    /// Whether a move of `change` along the keyboard is the list riding with the keyboard's edge (a
    /// share of its move), where a curve other than the keyboard's shows; a longer scroll along it
    /// (a command the keyboard carries on) shows no curve.
    static func ridesWithKeyboard(_ change: Double, on view: SimulatedScrollView) -> Bool {
        let keyboardLeft = (view.keyboardAnimation?.to ?? view.keyboard) - view.keyboard
        return view.personality.keyboardSpring && abs(change) <= abs(keyboardLeft) + 1
    }

    /// The glue of a broken driver: the article's, or one that drops or distorts moves.
    final class Adapter: ChatScrollViewTarget {
        weak var view: SimulatedScrollView?
        /// While set, moves are dropped, or position keeping is applied twice as far.
        var dropping = false
        var doubling = false
        /// Distorts every move until the frame of this time is drawn.
        var distortingAt: Double?
        var keyboardCurve = true
        /// The largest move dropped or doubled since it was last read.
        var distorted = 0.0
        /// Moves wait for the next frame: each with the time it was asked for, and whether the
        /// driver's tick asked for it (a command's frame, which is only delayed as a whole).
        var deferring = false
        var inTick = false
        var deferred: [(y: Double, animation: ScrollAnimation, time: Double, fromTick: Bool)] = []
        /// Moves outside the tick, with no finger down, become the view's own animated scroll.
        var animatingKeeping = false
        /// The frame in which such a scroll last started, and the speed of the fling it stopped.
        var keptAnimated: (time: Double, fling: Double)?
        /// While the driver moves the view (its callbacks are not the view's own moves).
        var moving = false

        init(_ view: SimulatedScrollView) { self.view = view }

        func setContentOffsetY(_ y: Double, animation: ScrollAnimation) {
            guard let view else { return }
            moving = true
            defer { moving = false }
            if let time = distortingAt, time != view.time {
                distortingAt = nil
                dropping = false
                doubling = false
            }
            if deferring {
                deferred.append((y, animation, view.time, inTick))
                return
            }
            let change = y - view.contentOffsetY
            if dropping {
                distorted = max(distorted, abs(change))
                return
            }
            switch animation {
            case .none where animatingKeeping && !inTick && !view.fingerDown:
                let fling = view.isDecelerating ? abs(view.velocity) : 0
                view.setContentOffset(y, animated: true)
                if view.isAnimatingScroll {
                    keptAnimated = (
                        view.time, max(fling, keptAnimated.map { $0.time == view.time ? $0.fling : 0 } ?? 0)
                    )
                }
            case .none:
                if doubling { distorted = max(distorted, abs(change)) }
                view.setContentOffsetY(doubling ? y + change : y)
            case .jump:
                view.setContentOffset(y, animated: false)
            case .alongKeyboard(let duration):
                if !keyboardCurve, BrokenDrivers.ridesWithKeyboard(change, on: view) {
                    distorted = max(distorted, abs(change))
                }
                view.animateContentOffsetY(to: y, duration: duration, alongKeyboardCurve: keyboardCurve)
            }
        }

        /// Applies the moves asked for in earlier frames; the largest that was not a command's
        /// frame or along the keyboard, in points, and when it was asked for (the frame drawn
        /// without it is the one the user saw wrong).
        func applyDeferred() -> (late: Double, askedAt: Double) {
            guard let view else { return (0, 0) }
            let due = deferred.filter { $0.time < view.time }
            deferred.removeAll { $0.time < view.time }
            var late = (late: 0.0, askedAt: view.time)
            deferring = false
            for move in due {
                if case .alongKeyboard = move.animation {
                } else if !move.fromTick, abs(move.y - view.contentOffsetY) > late.late {
                    late = (abs(move.y - view.contentOffsetY), move.time)
                }
                setContentOffsetY(move.y, animation: move.animation)
            }
            deferring = true
            return late
        }
    }

    /// A broken driver as a policy of the simulator.
    public final class Policy: ScrollPolicy {
        public let kind: Kind
        public var name: String { kind.rawValue }
        let inner: DriverPolicy
        var adapter: Adapter?
        weak var view: SimulatedScrollView?
        /// When it misbehaved, by its own account: the frame, and what it did.
        public private(set) var misbehaviours: [(frame: Int, what: String)] = []
        /// A misbehaviour the user may still cut short by touching the screen, and until when.
        var retractable: (index: Int, until: Double)?
        var frameHeight: Double?
        var deferredSend = false
        var droppingCommand = false
        var countedSeq = 0
        /// The events the driver sent during the current call (a hold left open).
        var sentEvents: [ChatEvent] = []
        /// Misbehaviours of a hold left open, with their times: a touch soon after takes them back.
        var holdRecords: [(index: Int, time: Double)] = []
        /// The keyboard's last move, which the glue hears of only when the keyboard stops: its overlap.
        var keyboardUntold: Double?
        /// While the list shows past the bottom the user sees above the keyboard.
        var shownPastBottom = false
        /// The keyboard's end frame and the scroll view's bottom at its last notification.
        var notifiedKeyboard: (top: Double, bottom: Double)?
        /// How much of the covered share the driver was not told at the keyboard's last notification.
        var shareLeftOut = 0.0
        /// A wrong share told at a notification, and when: a layout in the same frame may mend it.
        var unseenUntilLaidOut: (index: Int, time: Double)?
        /// A wrong share told for a reader, and when: a window that replaces the content in the
        /// same frame leaves nothing that sat at the bottom edge to cover.
        var unseenIfReplaced: (index: Int, time: Double)?
        /// The command whose animation was finished at once; its remaining moves are dropped.
        var finishedCommand: Int?
        /// After a tap on jump to latest that left the list detached where the package's driver
        /// would follow from there.
        var shouldFollow = false
        /// On the SwiftUI view, where the model runs: the requests are dropped while set; those
        /// that wait for the next frame, with the time each was asked for and whether the tick
        /// asked for it; the largest move off the keyboard's curve since it was last read; and a
        /// page's shift the app scrolls by in the next frame.
        var droppingRequests = false
        var lateRequests: [(request: ChatScrollRequest, time: Double, fromTick: Bool)] = []
        var inTick = false
        var offCurve = 0.0
        var pageShift: Double?
        /// The turns' broken drivers: the navigation the user asked for whose animation runs, and
        /// where the list was (the offset) at each of its frames, the first kept; the last command
        /// seen; the keyboard's share at the end of the last frame.
        var navigation: (start: Double, recent: [Double])?
        var seenSeq: Int?
        var shareBefore = 0.0
        var lastOffset: Double?
        var lastFromBottom: Double?
        var thrown: (time: Double, from: Double, to: Double, step: Double, before: Double, fromBottom: Double?)?
        var turnedAt: Double?

        /// Creates the broken driver with `configuration`.
        public init(_ kind: Kind, configuration: ChatConfiguration) {
            self.kind = kind
            inner = DriverPolicy(configuration: configuration)
            inner.makeBrokenGlue = { [unowned self] view in
                let adapter = Adapter(view)
                adapter.keyboardCurve = kind != .keyboardDefaultCurve
                adapter.deferring = kind == .lateByAFrame
                adapter.animatingKeeping = kind == .animatedPositionKeeping
                self.adapter = adapter
                return adapter
            }
            inner.brokenRequests = { [unowned self] request, view in self.run(request, on: view) }
            inner.rowsKeepEstimates = kind == .forgetsMeasurements
            inner.dropsSpacer = kind == .topForgetsSpacer
            if kind == .noEndDecelerating {
                inner.driver.onStep = { [unowned self] event, _ in self.sentEvents.append(event) }
            }
        }

        var driver: ChatScrollDriver { inner.driver }
        /// Tells the driver of the keyboard by `tell`, as the glue does: on the SwiftUI views through
        /// the model, where a stop past the end in a bounce waits for the move along the keyboard.
        func tellKeyboard(_ tell: () -> Void) {
            guard let model = inner.model else { return tell() }
            withoutActuallyEscaping(tell) { tell in
                nonisolated(unsafe) let tell = tell
                onAppMainThread { model.hearingKeyboard { tell() } }
            }
        }
        /// Where the driver's model is headed, as the view's `contentOffset.y` (on the SwiftUI views
        /// the lazy stack's offsets differ from the model's).
        var commandTarget: Double? { driver.modelledContentOffsetY.map { $0 - inner.modelDelta } }

        func misbehave(_ what: String, at time: Double? = nil, retractableFor seconds: Double? = nil) {
            guard let view else { return }
            let frame = Int(((time ?? view.time) * Simulator.frameRate).rounded())
            misbehaviours.append((frame, what))
            if let seconds { retractable = (misbehaviours.count - 1, view.time + seconds) }
        }

        /// Whether the reader reads history: the driver's own view of it.
        var reading: Bool { driver.state.mode == .detached && !driver.state.userHoldsView }

        public func attach(_ view: SimulatedScrollView, requests: SimRequests) {
            self.view = view
            frameHeight = view.frameHeight
            inner.attach(view, requests: requests)
        }

        /// Moves the view to `offset`; whether that moved it farther than `least` points.
        func force(to offset: Double, animated: Bool, least: Double = 1) -> Bool {
            guard let view else { return false }
            let moved = abs(offset - view.offset) > least
            view.setContentOffset(offset - view.insetTop, animated: animated)
            return moved
        }

        public func handle(_ event: AppEvent) {
            guard let view else { return }
            verifyKeptAnimated()
            if kind == .noEndDecelerating {
                return checkingOpenHold(String("\(event)".prefix(60))) { inner.handle(event) }
            }
            if kind == .keyboardFrameShare || kind == .staleKeyboardOverlap { return keyboardGlue(event) }
            if kind.turnThrow != nil { return turnGlue(event) }
            if kind == .jumpDuringNavigation {
                let running = driver.isAnimatingCommand
                inner.handle(event)
                return finishNavigation(after: event, wasRunning: running)
            }
            let navigation = Double(Simulator.navigationFrames) / Simulator.frameRate
            switch kind {
            case .yankOnIncoming, .yankOnIncomingAnimated:
                guard case .append(let message, _) = event else { return inner.handle(event) }
                let wasReading = reading && message.direction == .incoming
                inner.handle(event)
                if wasReading, force(to: view.maxOffset, animated: kind == .yankOnIncomingAnimated) {
                    misbehave("yanked the reader to the bottom for \(message.id)")
                }
            case .ignoreJumpToLatest:
                guard case .jumpToLatest = event else { return inner.handle(event) }
                if view.maxOffset - view.offset > 1 || driver.state.hasMoreNewer {
                    misbehave("ignored a tap on jump to latest", retractableFor: navigation)
                }
            case .ignoreReplyTaps:
                guard case .replyJump(let id) = event else { return inner.handle(event) }
                misbehave("ignored a tap on the quote of \(id)", retractableFor: navigation)
            case .keyboardToBottom, .keyboardToTop:
                guard case .keyboard = event else { return inner.handle(event) }
                let wasReading = reading && !view.fingerDown && !view.isDecelerating
                inner.handle(event)
                if wasReading, force(to: kind == .keyboardToTop ? 0 : view.maxOffset, animated: false) {
                    misbehave("moved the reader with the keyboard")
                }
            case .rotationToTop, .rotationToBottom:
                guard case .layout = event else { return inner.handle(event) }
                let rotated = frameHeight != view.frameHeight
                frameHeight = view.frameHeight
                inner.handle(event)
                // (Thrown less than a short row, 44 points, the reader is where the content's end
                // would stop the rows anyway.)
                let edge = kind == .rotationToTop ? 0 : view.maxOffset
                if rotated, !view.fingerDown, force(to: edge, animated: false, least: 44) {
                    misbehave("threw the reader on rotation")
                }
            case .noPrependCompensation, .prependCompensatedTwice:
                switch event {
                case .olderLoaded, .header: break
                case .open, .appeared, .append, .tokens, .finish, .keyboard, .layout, .jumpToLatest, .replyJump,
                    .windowLoaded, .newerLoaded, .windowLoadFailed, .footer:
                    return inner.handle(event)
                }
                guard inner.model == nil else { return keepPageWrong(event) }
                // The position keeping of a page (or of the spinner above the oldest message) is
                // lost, or doubled, for the frame it arrives in (the driver corrects the view at
                // its next move: the user sees a jump there).
                adapter?.dropping = kind == .noPrependCompensation
                adapter?.doubling = kind == .prependCompensatedTwice
                adapter?.distortingAt = view.time
                adapter?.distorted = 0
                inner.handle(event)
                if let distorted = adapter?.distorted, distorted > 1 {
                    misbehave("kept the position of content above \(distorted) points wrong")
                }
            case .dropsDeferredCommand:
                if case .append(let message, _) = event, message.direction == .outgoing,
                    view.fingerDown || view.isDecelerating
                {
                    deferredSend = true
                }
                inner.handle(event)
            case .keyboardDefaultCurve:
                guard case .keyboard = event else { return inner.handle(event) }
                adapter?.distorted = 0
                offCurve = 0
                inner.handle(event)
                let distorted = max(adapter?.distorted ?? 0, offCurve)
                if distorted > 1 { misbehave("moved \(distorted) points off the keyboard's curve") }
            case .keyboardAfterAnimation:
                keyboardAfterAnimation(event)
            case .keyboardCountsInputBar:
                keyboardCountingInputBar(event)
            case .jumpToLatestAsMessage:
                jumpToLatestAsMessage(event)
            case .footerNotForwarded, .footerScrollsToBottom, .topForgetsSpacer, .topScrollsOnTokens,
                .growthForwardedTwice:
                rowsGlue(event)
            case .noDisplayLink, .lateByAFrame, .forgetsMeasurements, .animatedPositionKeeping, .noEndDecelerating,
                .snapOnLift, .keyboardFrameShare, .staleKeyboardOverlap, .jumpDuringNavigation, .animatedRequests,
                .clampedAnchor, .turnThrowsNavigationBack, .turnRestartsNavigation, .turnKeyboardShareReversed:
                inner.handle(event)
            }
        }

        /// Where the model would hold the list, told of `event` once, as the glue should tell it.
        func offsetIfToldOnce(_ event: ChatEvent) -> Double? {
            var told = driver.state
            _ = told.reduce(event)
            return told.offset
        }

        /// The glue of the rows at the list's end, broken: the typing indicator's, layout `top`'s
        /// spacer's (`DriverPolicy.dropsSpacer`), and streamed growth's.
        func rowsGlue(_ event: AppEvent) {
            guard let view else { return }
            // Whether the list is neither following nor held: a reader of history, or a pinned question.
            // (Not while a window the user asked for loads: the glue's scroll heads where the user
            // asked to go, and the window replaces what it shows.)
            let notFollowing =
                driver.state.mode != .following && !driver.state.userHoldsView && !view.fingerDown
                && !view.isDecelerating && driver.state.pendingWindow == nil
            // Whether the list rests (no finger, momentum, bounce, animation or command): where the
            // driver moves it at once, and what it moves shows as a jump. (A command or an eased
            // scroll that runs goes on to a target a few points off: it bends, it does not jump.)
            let atRest =
                !driver.state.userHoldsView && !view.fingerDown && !view.isDecelerating && view.animation == nil
                && !driver.isAnimatingCommand && !view.isPastAnEdge
            switch event {
            case .footer(let height) where kind == .footerNotForwarded:
                // The footer view is drawn (with the reserve's room), the driver is not told. What
                // the driver, told, would do: a following list moves to keep the indicator in view.
                let expected = offsetIfToldOnce(.footerChanged(height: height))
                view.setFooter(height: max(height, driver.state.configuration.footerReserve))
                inner.updateSpacer()
                if atRest, let expected, let actual = driver.state.offset, abs(expected - actual) > 1 {
                    misbehave("left the list \(expected - actual) points from where the footer of \(height) puts it")
                }
            case .footer where kind == .footerScrollsToBottom:
                // (A command that runs sets the offset each frame, which ends the view's eased scroll.)
                let running = driver.isAnimatingCommand
                inner.handle(event)
                if notFollowing, !running, !driver.isAnimatingCommand, force(to: view.maxOffset, animated: true) {
                    misbehave("scrolled a \(driver.state.mode) list to the bottom for the typing indicator")
                }
            case .tokens(let id, _) where kind == .topScrollsOnTokens:
                let mode = driver.state.mode
                inner.handle(event)
                if notFollowing, force(to: view.maxOffset, animated: false) {
                    misbehave("scrolled a \(mode) list to the bottom for the tokens of \(id)")
                }
            case .tokens(let id, let delta) where kind == .growthForwardedTwice:
                let growth = ChatEvent.tokensAppended(id: id, text: nil, heightDelta: delta, height: nil)
                let expected = offsetIfToldOnce(growth)
                inner.handle(event)
                driver.send(growth)
                inner.updateSpacer()
                // (Where the view keeps its offset within the content, as SwiftUI's lazy stack does
                // with the model's requests, nothing shows.)
                if atRest, let expected, let actual = driver.state.offset, abs(expected - actual) > 1,
                    view.offset > view.maxOffset + 1
                {
                    misbehave("sent the list \(actual - expected) points past where \(id)'s growth puts it")
                }
            case .open, .appeared, .append, .tokens, .finish, .olderLoaded, .keyboard, .layout, .jumpToLatest,
                .replyJump, .windowLoaded, .newerLoaded, .windowLoadFailed, .header, .footer:
                inner.handle(event)
            }
        }

        /// ``Kind/keyboardFrameShare`` and ``Kind/staleKeyboardOverlap``: the keyboard's glue as
        /// notified, and its overlap not computed anew when the frame changes.
        func keyboardGlue(_ event: AppEvent) {
            guard let view else { return }
            let bar = view.setup.barAboveKeyboard
            switch event {
            case .keyboard(_, let duration):
                // (How far a running command still carries the list: farther than the share left
                // out, the keyboard moves where it lands, not what was read.)
                let carried = driver.isAnimatingCommand ? commandTarget.map { abs($0 - view.contentOffsetY) } ?? 0 : 0
                if kind == .keyboardFrameShare {
                    // The notification's frame taken for all that covers the list: the bar that
                    // rides on the keyboard is left out.
                    tellKeyboard {
                        driver.keyboardWillChange(
                            keyboardTop: view.keyboardFrameTop, scrollViewBottom: view.reportedFrameHeight,
                            duration: duration)
                    }
                    inner.updateSpacer()
                } else {
                    inner.handle(event)
                }
                notifiedKeyboard = (view.keyboardFrameTop - bar, view.reportedFrameHeight)
                // The share the bar and the keyboard cover together, against the driver's.
                let left = view.keyboardShare(coveredFrom: view.keyboardFrameTop - bar) - driver.state.keyboardHeight
                let grown = left - shareLeftOut
                shareLeftOut = left
                // (A following list sits at the bottom, so the whole share left out shows; a reader
                // nobody holds moves by the share's change, so only what was left out anew: not a
                // keyboard that changes height or turns, nor one that hides and uncovers more. A
                // pinned question and a held list do not move for the keyboard. A reader a command
                // still carries farther than that lands where the share moved its place to: the
                // landing's own rule judges that, and a place off by the bar inside it is no jump.)
                let following = driver.state.mode == .following
                if kind == .keyboardFrameShare, following ? abs(left) > 1 : left > 1 && grown > 1 && carried <= left,
                    driver.state.mode != .pinned, !driver.state.userHoldsView
                {
                    let what = following ? "the newest message" : "what sat at the bottom edge"
                    misbehave("left \(left) points of \(what) under the bar")
                    unseenUntilLaidOut = (misbehaviours.count - 1, view.time)
                    if !following { unseenIfReplaced = unseenUntilLaidOut }
                }
            case .layout:
                inner.handle(event)
                // A frame that shrank to the bar in the notification's frame left the share right
                // before anything was drawn.
                if let (index, time) = unseenUntilLaidOut, time == view.time, index == misbehaviours.count - 1,
                    abs(view.keyboardShare(coveredFrom: view.keyboardFrameTop - bar) - driver.state.keyboardHeight) <= 1
                {
                    misbehaviours.removeLast()
                }
                unseenUntilLaidOut = nil
                // Told again of the overlap as computed at the notification, from the old frame.
                guard kind == .staleKeyboardOverlap, let (top, bottom) = notifiedKeyboard else { return }
                // (What the layout told the driver: the frame's new bottom, or the keyboard the
                // finger pulls down.)
                let told = driver.state.keyboardHeight
                tellKeyboard { driver.keyboardWillChange(keyboardTop: top, scrollViewBottom: bottom) }
                inner.updateSpacer()
                if abs(told - driver.state.keyboardHeight) > 1 {
                    misbehave("counted \(driver.state.keyboardHeight - told) points of keyboard the layout left out")
                }
            case .windowLoaded:
                // (A window around a message then lands where the share put its place: the
                // landing's rule judges that. One at the newest message shows the bar over it.)
                if let (index, time) = unseenIfReplaced, time == view.time, index == misbehaviours.count - 1,
                    driver.state.pendingWindow?.around != nil
                {
                    misbehaviours.removeLast()
                }
                unseenIfReplaced = nil
                inner.handle(event)
            case .open, .appeared, .append, .tokens, .finish, .olderLoaded, .jumpToLatest, .replyJump,
                .newerLoaded, .windowLoadFailed, .header, .footer:
                inner.handle(event)
            }
        }

        /// ``Kind/jumpDuringNavigation``: a navigation that was running when the keyboard moved or a
        /// message arrived jumps to its end, and the rest of its animation is dropped.
        func finishNavigation(after event: AppEvent, wasRunning: Bool) {
            // (Not at a turn's keyboard: the turn replaces the screen, and a list that lands where
            // the user asked to go then shows no jump.)
            guard let view, wasRunning, driver.isAnimatingCommand, !view.fingerDown, !view.isDecelerating,
                animationsEnabled(), let end = commandTarget
            else { return }
            switch event {
            case .keyboard, .append:
                let distance = abs(end - view.contentOffsetY)
                guard distance > 40 else { return }
                view.setContentOffset(end, animated: false)
                finishedCommand = driver.state.scrollTarget?.seq
                misbehave("jumped \(distance) points to the end of a running navigation")
            case .open, .appeared, .tokens, .finish, .olderLoaded, .layout, .jumpToLatest, .replyJump, .windowLoaded,
                .newerLoaded, .windowLoadFailed, .header, .footer:
                break
            }
        }

        /// The turns' broken drivers: a turn laid out while a navigation the user asked for runs is
        /// answered after the frame's tick (`throwAtTurn`).
        func turnGlue(_ event: AppEvent) {
            guard let view else { return }
            guard case .layout = event else { return inner.handle(event) }
            let turned = frameHeight != view.frameHeight
            frameHeight = view.frameHeight
            inner.handle(event)
            if turned, navigation != nil, driver.isAnimatingCommand { turnedAt = view.time }
        }

        /// After the tick of a turn's frame during a navigation, the glue moves the list itself
        /// (back by the navigation's last four steps, back to where it set off, or by the keyboard's
        /// share change reversed), then asks the driver for the navigation again, which carries on
        /// from there: what the frame shows is that far from what the package's driver shows.
        func throwAtTurn() {
            guard let view, let turn = kind.turnThrow, turnedAt == view.time, let navigation,
                driver.isAnimatingCommand, !view.fingerDown, !view.isDecelerating, let again = navigationAgain()
            else { return }
            let from = view.offset
            let place: Double
            switch turn {
            case .back:
                // (Its steps before the turn: the turn itself moved the list otherwise.)
                let recent = navigation.recent.suffix(5)
                guard let last = recent.last, let first = recent.first else { return }
                place = from - (last - first)
            case .restart:
                place = navigation.start
            case .keyboardShareReversed:
                let change = driver.state.keyboardHeight - shareBefore
                guard abs(change) > 1 else { return }
                place = from - change
            }
            let to = min(max(0, place), view.maxOffset)
            // (A throw back goes against the navigation: one that lands on its way, past a bottom the
            // turn raised, only finishes it sooner.)
            if turn != .keyboardShareReversed, let target = commandTarget.map({ $0 + view.insetTop }),
                (to - from) * (target - from) >= 0
            {
                return
            }
            let recent = navigation.recent.suffix(2)
            let step = recent.count == 2 ? recent[recent.endIndex - 1] - recent[recent.startIndex] : 0
            let before = navigation.recent.last ?? from
            guard force(to: to, animated: false, least: 4) else { return }
            again()
            thrown = (view.time, from: from, to: view.offset, step: step, before: before, fromBottom: lastFromBottom)
        }

        /// In the frame after a throw: one that the driver carried on from (it may not, where the
        /// list rides along the keyboard's move: then the list is back on its way) moved the list,
        /// in the throw's frame, as far as the package's driver would not have. The user sees it
        /// where the list went back against the navigation from where the frame before showed it
        /// (a throw that still leaves the list farther on its way shows a turn that went less far),
        /// and, heading down, took it farther from the bottom (a list that keeps its distance from
        /// the bottom turns as one anchored there does).
        func verifyThrow() {
            guard let view, let (time, from, to, step, before, fromBottom) = thrown, time < view.time else { return }
            thrown = nil
            let anchored = step > 0 && fromBottom.map { view.maxOffset - to <= $0 + 1 } ?? false
            if abs(view.offset - to) < abs(view.offset - (from + step)), (to - before) * step < 0,
                abs(to - before) > 4, !anchored
            {
                misbehave("moved a running navigation \(to - from) points at a turn", at: time)
            }
        }

        /// The call that asks the driver for the running navigation again: jump to latest for one
        /// to the bottom, the message for one to a reply's quote; nil for another (a question pinned,
        /// the first unread) or a bottom beyond the loaded window.
        func navigationAgain() -> (() -> Void)? {
            guard let command = driver.state.scrollTarget else { return nil }
            switch command.kind {
            case .bottom:
                guard !driver.state.hasMoreNewer else { return nil }
                return { [driver] in driver.send(.jumpToLatestTapped) }
            case .item:
                guard command.reason == .jumpToMessage, let id = command.id else { return nil }
                return { [driver] in driver.send(.jumpToMessage(id: id)) }
            }
        }

        /// The commands a user's navigation issues: a send, a tap on jump to latest, a reply's quote
        /// or the first unread.
        static let navigationReasons: Set<ScrollCommand.Reason> = [
            .outgoingMessage, .newQuestion, .jumpToLatest, .jumpToMessage, .jumpToUnread,
        ]

        /// Notes, after the frame's tick, the navigation the user asked for while its animation
        /// runs, and where the list is.
        func noteNavigation() {
            guard let view else { return }
            shareBefore = driver.state.keyboardHeight
            guard driver.isAnimatingCommand else {
                navigation = nil
                return
            }
            if let command = driver.state.scrollTarget, command.seq != seenSeq {
                seenSeq = command.seq
                // (Where the list was when the user asked: before this frame's first step.)
                if navigation == nil, command.animated, Self.navigationReasons.contains(command.reason) {
                    navigation = (lastOffset ?? view.offset, [lastOffset ?? view.offset])
                }
            }
            navigation?.recent.append(view.offset)
            if let count = navigation?.recent.count, count > 8 { navigation?.recent.removeFirst() }
        }

        /// ``Kind/keyboardAfterAnimation``: the keyboard waits for the next tick after it stops.
        func keyboardAfterAnimation(_ event: AppEvent) {
            guard let view, case .keyboard(let overlap, let duration) = event else { return inner.handle(event) }
            keyboardUntold = overlap
            // Where the driver, told now, would send a list at rest: a following list shows the
            // keyboard over its newest message, or blank past its end; a rising keyboard covers
            // what a reader read at the bottom edge. (A reader's list left where a hiding keyboard
            // uncovers more below shows no jump; a scroll on its way carries on to the bottom the
            // keyboard moved, and a turn's keyboard does not animate: the jump, if any, comes when
            // the driver hears of it.) Under the finger nothing moves; a fling is left out (the
            // driver would end it, but the fling moves the list too).
            guard animationsEnabled(), !driver.isAnimatingCommand, !view.isAnimatingScroll, !driver.isDragging,
                !driver.isDecelerating, !view.isDecelerating
            else { return }
            var told = driver.state
            let share = max(0, overlap - view.insetBottom)
            guard share != told.keyboardHeight, driver.state.mode == .following || share > told.keyboardHeight
            else { return }
            _ = told.reduce(
                share > 0 ? .keyboardWillShow(height: share, duration: duration) : .keyboardWillHide(duration: duration)
            )
            // (Where a running command goes bends by as much.)
            if let target = told.offset, let untold = driver.state.offset, abs(target - untold) > 1 {
                misbehave("left the list while the keyboard moved, \(target - untold) points from where it goes")
            }
        }

        /// ``Kind/keyboardCountsInputBar``: the keyboard's overlap with the input bar once more.
        func keyboardCountingInputBar(_ event: AppEvent) {
            guard let view, case .keyboard(let overlap, let duration) = event else {
                inner.handle(event)
                return checkShownPastBottom()
            }
            // (A fling ends first, as the driver ends it for the keyboard.)
            let before = (driver.isDecelerating ? settledState() : nil) ?? driver.state
            let pastAnEdge = view.isPastAnEdge
            let bottom = view.frameHeight
            let told = overlap > 0 ? overlap + view.insetBottom : 0
            tellKeyboard {
                driver.keyboardWillChange(keyboardTop: bottom - told, scrollViewBottom: bottom, duration: duration)
            }
            inner.updateSpacer()
            // Where the driver sends the list, against where the same state sends it with the
            // right overlap (not past an edge, where the driver keeps what the view shows).
            if driver.state.keyboardHeight != before.keyboardHeight, !pastAnEdge, let actual = driver.state.offset {
                var correct = before
                let share = max(0, overlap - view.insetBottom)
                _ = correct.reduce(
                    share > 0
                        ? .keyboardWillShow(height: share, duration: duration) : .keyboardWillHide(duration: duration)
                )
                if let expected = correct.offset, abs(actual - expected) > 1 {
                    misbehave("sent the list \(actual - expected) points too far with the keyboard")
                }
            }
            checkShownPastBottom()
        }

        /// ``Kind/jumpToLatestAsMessage``: the tap becomes a jump to the newest loaded message.
        func jumpToLatestAsMessage(_ event: AppEvent) {
            guard let view else { return }
            // A navigation the user starts before the last one ended takes the list elsewhere:
            // where that one would have landed is never seen.
            if let index = retractable?.index, event.isUserNavigation {
                misbehaviours.remove(at: index)
                retractable = nil
            }
            switch event {
            case .jumpToLatest:
                shouldFollow = false
                // The app's newest row that is a message (not a date separator, header or footer).
                guard let newest = view.items.last(where: { $0.message.direction != .system })?.message.id else {
                    return inner.handle(event)
                }
                var correct = driver.state
                let effects = correct.reduce(.jumpToLatestTapped)
                inner.handle(.replyJump(id: newest))
                let navigation = Double(Simulator.navigationFrames) / Simulator.frameRate
                if effects.contains(where: { if case .loadWindow = $0 { true } else { false } }) {
                    misbehave(
                        "stopped at \(newest), short of the latest, which is not loaded", retractableFor: navigation)
                } else if let expected = correct.offset, let actual = driver.state.offset, abs(expected - actual) > 1 {
                    misbehave("landed \(expected - actual) points above the bottom", retractableFor: navigation)
                }
                shouldFollow = correct.mode == .following && driver.state.mode == .detached
            case .replyJump, .windowLoaded:
                // Another navigation: the list goes where that one sends it.
                shouldFollow = false
                inner.handle(event)
            case .open, .appeared, .append, .tokens, .finish, .olderLoaded, .keyboard, .layout, .newerLoaded,
                .windowLoadFailed, .header, .footer:
                // (Named by its case: `append`, `tokens`, `footer`.)
                checkFollowing("\(event)".prefix { $0 != "(" }) { inner.handle(event) }
            }
        }

        public func tick() {
            guard let view else { return }
            if let until = retractable?.until, view.time > until { retractable = nil }
            switch kind {
            case .noDisplayLink:
                // The app never ticks the driver: only what `tick` would do is missing.
                if let seq = driver.state.scrollTarget?.seq, seq != countedSeq {
                    countedSeq = seq
                    if driver.isAnimatingCommand, let target = commandTarget, abs(target - view.contentOffsetY) > 1 {
                        misbehave(
                            "never ran the animated command \(seq)",
                            retractableFor: Double(Simulator.navigationFrames) / Simulator.frameRate)
                    }
                }
                inner.tickEntrances()
                return
            case .dropsDeferredCommand:
                if deferredSend, !view.fingerDown, !view.isDecelerating {
                    deferredSend = false
                    if driver.isAnimatingCommand, let target = commandTarget, abs(target - view.contentOffsetY) > 1 {
                        droppingCommand = true
                        misbehave("dropped the command that waited for the finger")
                    }
                }
                dropMoves(droppingCommand) { inner.tick() }
                if !driver.isAnimatingCommand { droppingCommand = false }
            case .lateByAFrame:
                // (A move of more than 20 points that lands a frame late is a jump the user sees.)
                if let late = adapter?.applyDeferred(), late.late > 20 {
                    misbehave("moved \(late.late) points a frame late", at: late.askedAt)
                }
                runLateRequests()
                adapter?.inTick = true
                inTick = true
                inner.tick()
                adapter?.inTick = false
                inTick = false
            case .animatedPositionKeeping:
                // The display link's moves set `contentOffset`; what the app does besides does not.
                verifyKeptAnimated()
                adapter?.inTick = true
                driver.tick(time: view.time)
                adapter?.inTick = false
                inner.tickEntrances()
            case .noEndDecelerating:
                checkingOpenHold("a frame") { inner.tick() }
            case .keyboardAfterAnimation:
                if let overlap = keyboardUntold, !view.isKeyboardAnimating {
                    // The keyboard has stopped: the driver hears of it now, without a duration.
                    keyboardUntold = nil
                    let before = view.offset
                    let (command, running) = (driver.state.scrollTarget?.seq, driver.isAnimatingCommand)
                    tellKeyboard {
                        driver.keyboardWillChange(
                            keyboardTop: view.frameHeight - overlap, scrollViewBottom: view.frameHeight)
                    }
                    inner.updateSpacer()
                    // (Along the keyboard when it ended a momentum: to the animation's end. A command
                    // that runs, or waited for the momentum's end, is the user's navigation, which
                    // the keyboard's move joins.)
                    let landed = view.animation.map { $0.isScroll ? view.offset : $0.to } ?? view.offset
                    if abs(landed - before) > 1, !running, driver.state.scrollTarget?.seq == command {
                        misbehave("moved the list \(landed - before) points after the keyboard stopped")
                    }
                }
                inner.tick()
            case .keyboardCountsInputBar:
                inner.tick()
                checkShownPastBottom()
            case .turnThrowsNavigationBack, .turnRestartsNavigation, .turnKeyboardShareReversed:
                inner.tick()
                verifyThrow()
                throwAtTurn()
                noteNavigation()
                lastOffset = view.offset
                lastFromBottom = view.maxOffset - view.offset
            case .jumpDuringNavigation:
                // The finished command's frames move nothing: the list is at its end already.
                let finished = finishedCommand != nil && driver.state.scrollTarget?.seq == finishedCommand
                dropMoves(finished && driver.isAnimatingCommand) { inner.tick() }
                if !driver.isAnimatingCommand { finishedCommand = nil }
            case .prependCompensatedTwice:
                if let shift = pageShift {
                    // The app's own scroll by the page, on top of the view's keeping.
                    pageShift = nil
                    view.setContentOffsetY(view.contentOffsetY + shift)
                    misbehave("scrolled by a page of \(shift) points the view kept already")
                }
                inner.tick()
            case .yankOnIncoming, .yankOnIncomingAnimated, .ignoreJumpToLatest, .ignoreReplyTaps, .keyboardToBottom,
                .keyboardToTop, .rotationToTop, .rotationToBottom, .noPrependCompensation, .keyboardDefaultCurve,
                .forgetsMeasurements, .snapOnLift, .jumpToLatestAsMessage, .keyboardFrameShare, .staleKeyboardOverlap,
                .animatedRequests, .clampedAnchor, .footerNotForwarded, .footerScrollsToBottom, .topForgetsSpacer,
                .topScrollsOnTokens, .growthForwardedTwice:
                inner.tick()
            }
        }

        /// Drops the driver's moves while `body` runs, if `dropping`.
        func dropMoves(_ dropping: Bool, _ body: () -> Void) {
            adapter?.dropping = dropping
            droppingRequests = dropping
            body()
            adapter?.dropping = false
            droppingRequests = false
        }

        // MARK: On the SwiftUI view, through the model

        /// The SwiftUI model's requests, as the broken driver's glue runs them on the scroll
        /// position: dropped, a frame late, or along the keyboard on the default curve.
        func run(_ request: ChatScrollRequest, on view: SimulatedScrollView) {
            guard !droppingRequests else { return }
            if kind == .lateByAFrame {
                // `DispatchQueue.main.async`.
                lateRequests.append((request, view.time, inTick))
                return
            }
            if kind == .keyboardDefaultCurve, case .alongKeyboard(let y, let duration) = request {
                let change = y - view.contentOffsetY
                if BrokenDrivers.ridesWithKeyboard(change, on: view) { offCurve = max(offCurve, abs(change)) }
                return view.animateContentOffsetY(to: y, duration: duration, alongKeyboardCurve: false)
            }
            if kind == .keyboardDefaultCurve, case .bottomAlongKeyboard(let duration) = request {
                let change = view.restingMaxOffset - view.offset
                if BrokenDrivers.ridesWithKeyboard(change, on: view) { offCurve = max(offCurve, abs(change)) }
                return view.animateToBottomAlongKeyboard(duration: duration, alongKeyboardCurve: false)
            }
            if kind == .animatedRequests { return runAnimated(request, on: view) }
            if kind == .clampedAnchor, case .row(let id, let anchorY, let jump) = request, !(0...1).contains(anchorY) {
                let clamped = min(max(anchorY, 0), 1)
                let (wanted, got) = (
                    view.offset(showing: id, anchor: anchorY), view.offset(showing: id, anchor: clamped)
                )
                perform(.row(id: id, anchorY: clamped, jump: jump), on: view)
                if let wanted, let got, abs(wanted - got) > 1 {
                    misbehave("put \(id) \(got - wanted) points off, its anchor \(anchorY) clamped")
                }
                return
            }
            perform(request, on: view)
        }

        /// ``Kind/animatedRequests``: a row or the bottom with SwiftUI's default animation.
        func runAnimated(_ request: ChatScrollRequest, on view: SimulatedScrollView) {
            switch request {
            case .row(let id, let anchorY, _):
                if let moved = view.scrollToAnimated(id: id, anchor: anchorY), abs(moved) > 1 {
                    misbehave("ran a move to \(id) as an eased scroll of \(moved) points")
                }
            case .bottom:
                if let moved = view.scrollToBottomAnimated(), abs(moved) > 1 {
                    misbehave("ran a move to the bottom as an eased scroll of \(moved) points")
                }
            case .alongKeyboard, .bottomAlongKeyboard:
                perform(request, on: view)
            }
        }

        /// Runs the requests asked for in earlier frames. One that was not a command's frame (a
        /// jump, or the keyboard's move) is a misbehaviour of the frame it was asked in, which
        /// was drawn without it.
        func runLateRequests() {
            guard let view, !lateRequests.isEmpty else { return }
            let due = lateRequests.filter { $0.time < view.time }
            lateRequests.removeAll { $0.time < view.time }
            for late in due {
                perform(late.request, on: view)
                if !late.fromTick { misbehave("ran a request a frame late", at: late.time) }
            }
        }

        /// ``Kind/noPrependCompensation`` and ``Kind/prependCompensatedTwice`` on the SwiftUI
        /// view, which keeps a page above what is read itself: the app writes the offset back (a
        /// point position, which the view does not keep: the page pushes what is read down), or
        /// also scrolls by the page itself in the next frame.
        func keepPageWrong(_ event: AppEvent) {
            let before = driver.state.offset
            inner.handle(event)
            guard let view, let before, let after = driver.state.offset, abs(after - before) > 1 else { return }
            if kind == .noPrependCompensation {
                view.setContentOffsetY(view.contentOffsetY)
                misbehave("wrote the offset back over a page of \(after - before) points above")
            } else {
                pageShift = after - before
            }
        }

        /// How far the list shows past the bottom the user sees above the real keyboard, where the
        /// driver, told of a keyboard taller by the input bar, put it there (the finger up, no
        /// bounce); 0 otherwise.
        var pastBottom: Double {
            guard let view, !view.fingerDown, !view.isDecelerating else { return 0 }
            let share = max(0, view.keyboardOverlap - view.insetBottom)
            let past = view.offset - view.restingMaxOffset
            return driver.state.keyboardHeight - share > 1 && past > 1 ? past : 0
        }

        /// Records the start of each stretch in which the list shows past the bottom: the newest
        /// message floats above the keyboard with a gap under it until the view pulls it back. (One
        /// that a keyboard's move sent there within a navigation's time is that move's.)
        func checkShownPastBottom() {
            guard let view else { return }
            let past = pastBottom
            let navigation = Double(Simulator.navigationFrames) / Simulator.frameRate
            let recent = misbehaviours.last.map { Double($0.frame) / Simulator.frameRate > view.time - navigation }
            if past > 0, !shownPastBottom, recent != true {
                misbehave("showed the list \(past) points past the bottom above the keyboard")
            }
            shownPastBottom = past > 0
        }

        /// Runs `body` (a call into the driver) after a tap on jump to latest that left the list
        /// detached: records it where the list was at the bottom and the call grew the content
        /// below it, which the package's driver, following, would have shown.
        func checkFollowing(_ what: @autoclosure () -> Substring, _ body: () -> Void) {
            guard shouldFollow, let before = driver.state.offset else { return body() }
            let wasAtBottom = driver.state.maxOffset - before <= 1
            body()
            guard driver.state.mode == .detached else {
                shouldFollow = false
                return
            }
            guard let offset = driver.state.offset, wasAtBottom, !driver.state.userHoldsView else { return }
            let below = driver.state.maxOffset - offset
            if below > 1 {
                misbehave(
                    "left \(below) points below the edge after \(what()), though the reader tapped jump to latest")
                shouldFollow = false
            }
        }

        /// The frame in which the glue animated a position keeping was drawn with the list where
        /// the animation started (it still runs from there): that far from where it was to be.
        func verifyKeptAnimated() {
            guard let view, let started = adapter?.keptAnimated, started.time < view.time else { return }
            adapter?.keptAnimated = nil
            guard let running = view.animation, running.isScroll, running.start == started.time else { return }
            let off = abs(running.to - running.from)
            // A fling stopped with more than 20 points to go (momentum at 0.998 per ms glides
            // about half a second's speed).
            if off > 1 || started.fling * 0.5 > 20 {
                misbehave(
                    "animated a position keeping of \(off) points (a fling of \(started.fling) points/s stopped)",
                    at: started.time)
            }
        }

        /// Runs `body` (a call into the driver); while the driver still believes in the hold of a
        /// fling that came to rest unreported, records a misbehaviour where the model went
        /// otherwise than it would have, had the rest been reported before the call.
        func checkingOpenHold(_ what: @autoclosure () -> String, _ body: () -> Void) {
            guard let view, driver.isDecelerating, !view.isDecelerating, !view.fingerDown,
                var settled = settledState()
            else { return body() }
            sentEvents = []
            body()
            for event in sentEvents { _ = settled.reduce(event) }
            sentEvents = []
            recordHold("held a list at rest through \(what())", unlike: settled)
        }

        /// The driver's state had the rest of the fling been reported now.
        func settledState() -> ChatState? {
            guard let view else { return nil }
            var settled = driver.state
            _ = settled.reduce(.scrollSettled(offset: view.contentOffsetY + view.insetTop))
            return settled
        }

        /// Records a misbehaviour of a hold left open where the driver's offset is more than a
        /// point from `settled`'s.
        func recordHold(_ what: String, unlike settled: ChatState) {
            guard let view, let expected = settled.offset, let actual = driver.state.offset, abs(expected - actual) > 1
            else { return }
            misbehave("\(what): \(abs(expected - actual)) points from where it would be")
            holdRecords.append((misbehaviours.count - 1, view.time))
        }

        public func willBeginDragging() {
            userTookTheList()
            inner.willBeginDragging()
        }

        /// What the user's touch takes back of the misbehaviours, and ends.
        func userTookTheList() {
            // The user took the screen back before the missing navigation would have ended.
            if let index = retractable?.index {
                misbehaviours.remove(at: index)
                retractable = nil
            }
            // The user takes the list: where it goes from here is theirs.
            shouldFollow = false
            if let view {
                verifyKeptAnimated()
                let navigation = Double(Simulator.navigationFrames) / Simulator.frameRate
                for record in holdRecords.reversed() where view.time <= record.time + navigation {
                    misbehaviours.remove(at: record.index)
                }
                holdRecords = []
            }
        }
        public func didScroll(contentOffsetY: Double) {
            verifyKeptAnimated()
            if kind == .topForgetsSpacer, let view, adapter?.moving == false, !view.fingerDown, !view.isDecelerating,
                view.animation == nil, driver.state.mode == .pinned, driver.state.trailingSpacer > 1,
                abs(contentOffsetY - driver.contentOffsetY) > 1
            {
                // The view pulls a list past the content's end back at rest, in one step.
                let pulled = driver.contentOffsetY - contentOffsetY
                misbehave("the view pulled the pinned question \(pulled) points down: no spacer")
            }
            if kind == .keyboardCountsInputBar, let view, adapter?.moving == false, !view.fingerDown,
                !view.isDecelerating, view.animation == nil, abs(view.offset - view.restingMaxOffset) < 0.5,
                let aim = driver.state.offset, aim - view.restingMaxOffset > 1,
                abs(contentOffsetY - driver.contentOffsetY) > 1
            {
                // The view pulls a list left past its bottom back at rest, in one step.
                misbehave(
                    "the view snapped the list \(driver.contentOffsetY - contentOffsetY) points back to the bottom")
            }
            inner.didScroll(contentOffsetY: contentOffsetY)
        }
        public func willEndDragging(velocity: Double) { inner.willEndDragging(velocity: velocity) }
        public func willEndDragging(velocity: Double, targetContentOffsetY: Double) -> Double {
            inner.willEndDragging(velocity: velocity, targetContentOffsetY: targetContentOffsetY)
        }
        public func didEndDragging(willDecelerate: Bool) {
            inner.didEndDragging(willDecelerate: willDecelerate)
            if !willDecelerate { snapOnLift() }
        }

        /// ``Kind/snapOnLift``: the glue's "near the bottom" snap, after a release without a fling.
        func snapOnLift() {
            guard kind == .snapOnLift, let view, !view.fingerDown else { return }
            let distance = view.maxOffset - view.offset
            guard distance > 0, distance <= 150 else { return }
            let running = driver.isAnimatingCommand
            if force(to: view.maxOffset, animated: true), !running {
                misbehave("snapped the list \(distance) points to the bottom as the finger lifted")
            }
        }
        public func didEndDecelerating() {
            guard kind == .noEndDecelerating else { return inner.didEndDecelerating() }
            // Not forwarded. What the driver would have done with it: the hold ends where the
            // list rests (the bottom within the threshold), and a command that waited for it runs.
            guard driver.isDecelerating, let settled = settledState() else { return }
            recordHold("never ended the hold of a fling", unlike: settled)
        }
        public func didEndScrollingAnimation() { inner.didEndScrollingAnimation() }
        /// On the SwiftUI views: `onScrollPhaseChange` to the model where it runs, else the gesture
        /// callbacks the change stands for, as the article's integration has them.
        public func phaseChanged(from old: ChatScrollPhase, to new: ChatScrollPhase, velocity: Double?) {
            guard inner.model != nil else { return forwardGestureCallbacks(from: old, to: new, velocity: velocity) }
            if new.isTouched, !old.isTouched { userTookTheList() }
            // (Not forwarded: what the driver would have done with it is recorded.)
            if kind == .noEndDecelerating, old == .decelerating, !new.isTouched { return didEndDecelerating() }
            inner.phaseChanged(from: old, to: new, velocity: velocity)
            if old.isTouched, new == .idle { snapOnLift() }
        }
        public func cellMeasured(id: String, height: Double) {
            if kind == .noEndDecelerating {
                return checkingOpenHold("the measurement of \(id)") { inner.cellMeasured(id: id, height: height) }
            }
            if kind == .jumpToLatestAsMessage {
                return checkFollowing("the measurement of \(id)") { inner.cellMeasured(id: id, height: height) }
            }
            if kind == .keyboardCountsInputBar {
                inner.cellMeasured(id: id, height: height)
                return checkShownPastBottom()
            }
            guard kind == .forgetsMeasurements else { return inner.cellMeasured(id: id, height: height) }
            // Not forwarded: the driver keeps the estimate. It misbehaves where the measurement
            // would have moved the list by more than 20 points (a following list whose rows turn
            // out shorter is pulled in by the view itself).
            var measured = driver.state
            guard let before = measured.offset, measured.message(id: id).map({ $0.height != height }) == true else {
                return
            }
            _ = measured.reduce(.itemMeasured(id: id, height: height))
            guard let after = measured.offset else { return }
            let following = driver.state.mode == .following
            if following ? after - before > 20 : abs(after - before) > 20 {
                misbehave("kept \(id)'s estimate, \(abs(after - before)) points off")
            }
        }
    }
}

extension BrokenDrivers {
    /// What one frame showed at its top.
    typealias Screen = SimulationResult.Screen

    /// How well the checks catch one broken driver.
    public struct CatchRate: Sendable, Hashable {
        /// The broken driver.
        public var kind: Kind
        /// Sessions in which it misbehaved where the user could see it (its own account).
        public var misbehaving: Int
        /// Of those, the sessions in which a check failed soon after a misbehaviour the user saw.
        public var caught: Int
        /// The misbehaving sessions no check caught, with the first misbehaviour of each that the user saw.
        public var missed: [String]

        /// `caught / misbehaving`, or 1 when it never misbehaved.
        public var rate: Double { misbehaving == 0 ? 1 : Double(caught) / Double(misbehaving) }
    }

    /// How many frames after a misbehaviour the user saw a check must fail for it to be caught:
    /// a navigation's time, and as long again for a window of history to arrive.
    static let catchFrames = 2 * Simulator.navigationFrames
    /// How many frames after a misbehaviour decide for good whether it was seen (``isSeen`` looks
    /// two navigations ahead) and caught, and it can no longer be taken back (within a
    /// navigation), with a frame to spare for one recorded a frame late.
    static let judgedAfter = 2 * Simulator.navigationFrames + 2

    /// Runs every broken driver over `sessions` on a view of `personality` and `setup` and counts, of the
    /// sessions in which it misbehaved, those that a check caught. A misbehaviour counts when the
    /// broken driver's account has one and the user saw it (`isSeen(_:at:in:)`: the screen
    /// differs from the one the package's driver shows in the same session; a bug that the next
    /// move repaired before the frame was drawn was not seen). It is caught when a check fails in
    /// a frame within `catchFrames` after it in which the package's driver passes every check:
    /// a violation elsewhere in the session, or one the package's driver shows too, is not
    /// evidence that the checks see this bug.
    public static func catchRates(
        _ sessions: [SimSession], kinds: [Kind] = Kind.allCases, personality: ViewPersonality = .uikit,
        setup: InputBarSetup = .accessory
    ) -> [CatchRate] {
        // Each session on its own worker: the package's driver, then every broken driver beside it.
        let outcomes = parallelMap(sessions.count) { index in
            let session = sessions[index]
            let correct = Simulator.run(
                session, policy: DriverPolicy(configuration: session.configuration),
                view: SimulatedScrollView(personality: personality, setup: setup))
            return kinds.map { kind in
                outcome(of: kind, in: session, correct: correct, personality: personality, setup: setup)
            }
        }
        return kinds.indices.map { kindIndex in
            var rate = CatchRate(kind: kinds[kindIndex], misbehaving: 0, caught: 0, missed: [])
            for case (let caught, let first)? in outcomes.lazy.map({ $0[kindIndex] }) {
                rate.misbehaving += 1
                if caught { rate.caught += 1 } else { rate.missed.append(first) }
            }
            return rate
        }
    }

    /// Nil when `kind` did not misbehave in `session` where the user could see it; else whether a
    /// check caught it, and its first misbehaviour that the user saw.
    private static func outcome(
        of kind: Kind, in session: SimSession, correct: SimulationResult, personality: ViewPersonality,
        setup: InputBarSetup
    ) -> (caught: Bool, first: String)? {
        guard kind.applies(to: personality), kind.canMisbehave(in: session) else { return nil }
        let broken = Policy(kind, configuration: session.configuration)
        let ownViolations = Set(correct.violatingFrames)
        func caught(_ frame: Int, in result: SimulationResult) -> Bool {
            result.violatingFrames.contains { $0 >= frame && $0 < frame + catchFrames && !ownViolations.contains($0) }
        }
        func pairs(_ result: SimulationResult) -> [(broken: Screen, correct: Screen)] {
            zip(result.screens, correct.screens).map { (broken: $0, correct: $1) }
        }
        // The misbehaviours in order, each judged for good once the frames that tell whether it
        // was seen and caught have run (and nothing can take it back): the run stops at the first
        // one seen and caught, which decides the outcome as the whole run would.
        var judged = 0
        let result = Simulator.run(
            session, policy: broken, view: SimulatedScrollView(personality: personality, setup: setup)
        ) { partial in
            while judged < broken.misbehaviours.count,
                broken.misbehaviours[judged].frame + judgedAfter <= partial.screens.count
            {
                let frame = broken.misbehaviours[judged].frame
                judged += 1
                if caught(frame, in: partial), isSeen(kind, at: frame, in: pairs(partial)) { return true }
            }
            return false
        }
        let all = pairs(result)
        let seen = broken.misbehaviours.filter { isSeen(kind, at: $0.frame, in: all) }
        guard let first = seen.first else { return nil }
        return (
            seen.contains { caught($0.frame, in: result) }, "\(session.name): frame \(first.frame): \(first.what)"
        )
    }
}
