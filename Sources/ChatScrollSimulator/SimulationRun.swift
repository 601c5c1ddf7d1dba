import ChatEvents

/// One session under one policy, run frame by frame: each frame applies the session's steps and
/// what the server delivers, lets the app answer, lays the view out, and judges what it shows.
/// The state the checks share is kept here across frames, and each phase of a frame is a method.
final class SimulationRun {
    // Its stored state opts out of run-time exclusivity checks, as the view's does: a run is on one
    // thread and never lends a property `inout` across a call that reads it.
    let session: SimSession
    let policy: any ScrollPolicy
    let view: SimulatedScrollView
    let draw: Bool
    let server: SimulatedServer
    let isTop: Bool
    @exclusivity(unchecked) var result: SimulationResult

    /// The frame being run.
    @exclusivity(unchecked) var frame = 0
    /// The last frame as drawn, and the one being drawn.
    @exclusivity(unchecked) var previous = Simulator.Frame()
    @exclusivity(unchecked) var current = Simulator.Frame()
    /// The violations of the frame being checked, drawn after it.
    @exclusivity(unchecked) var violationsDrawn: [String] = []
    @exclusivity(unchecked) var stepIndex = 0
    /// The position the screen appeared with, waiting for the messages that open it.
    @exclusivity(unchecked) var savedPosition: SavedPosition?
    @exclusivity(unchecked) var streaming: Set<String> = []
    /// A navigation the user asked for (a tap, a send) runs until this frame.
    @exclusivity(unchecked) var userNavigationUntil = -1
    /// Where it ran until when the frame began.
    @exclusivity(unchecked) var navigationUntilBefore = -1
    @exclusivity(unchecked) var sendDuringGesture = false
    @exclusivity(unchecked) var deferredQuestion: String?
    /// A message arrived or was sent: the scroll that shows it may run until this frame.
    @exclusivity(unchecked) var arrivalScrollUntil = -1
    /// A list that the user's scroll left near the bottom eases there: until a frame, how many
    /// frames it has not moved down, and how far it had to go and has gone down since it began.
    @exclusivity(unchecked) var settle: Settle?
    /// How far the keyboard moved while the finger held the list; after the release, the list
    /// may catch up with it (and with the keyboard's moves since), by no more, until the
    /// navigation that catch-up is ends.
    @exclusivity(unchecked) var keyboardUnderFinger = 0.0
    /// When the keyboard's animation of the last frame began.
    @exclusivity(unchecked) var lastKeyboardStart: Double?
    /// The frames in which the only navigation is that catch-up, from the release on.
    @exclusivity(unchecked) var catchUpAlone: ClosedRange<Int>?
    /// The finger let go, without momentum, of the keyboard it pulled in this frame (interactive
    /// dismissal): the keyboard moves on its own after the hold.
    @exclusivity(unchecked) var keyboardLetGo = false
    /// The user tapped jump to latest since the last touch: momentum no longer takes them away.
    @exclusivity(unchecked) var tappedToLatest = false
    /// Since the finger last lifted, the list went past the bottom.
    @exclusivity(unchecked) var bouncedPastBottom = false
    /// Whether the list is past the bottom because the end rose to a reader's list that nobody
    /// moved (a clamp), not because anyone pulled it there.
    @exclusivity(unchecked) var endRoseUnderReader = false
    /// Whether the user took the view away from the bottom (a drag, a fling, a tap) and it has
    /// not been at the bottom since: the reader reads history. Otherwise the screen follows the
    /// conversation, and its newest message must stay visible.
    @exclusivity(unchecked) var away = false
    /// The screen shows a message the user navigated to (a reply's quote, the first unread): it
    /// is read there, away from the bottom, until the user moves or reaches the bottom.
    @exclusivity(unchecked) var showsNavigationTarget = false
    /// The spinner above the oldest message shows.
    @exclusivity(unchecked) var spinnerShown = false
    /// Frames in a row in which the app did not move the screen.
    @exclusivity(unchecked) var stillFrames = 0
    /// A page of newer messages arrived below what is read in this frame.
    @exclusivity(unchecked) var newerPageArrived = false
    /// A page of older messages arrived in this frame, below the header row.
    @exclusivity(unchecked) var olderPageArrived = false
    /// The user tapped or sent in this frame.
    @exclusivity(unchecked) var userActed = false
    /// The navigation target of a window that arrives in this frame: a message, or the newest
    /// (nil).
    @exclusivity(unchecked) var windowTarget: String??

    /// The checks, in the order they judge each frame. The run tells some of them what happens
    /// in the session (an open, a pin, a navigation, the finger lifting).
    @exclusivity(unchecked) var fingerLock = FingerLockCheck()
    @exclusivity(unchecked) var stillReading = StillReadingCheck()
    @exclusivity(unchecked) var momentum = MomentumCheck()
    @exclusivity(unchecked) var bounce = BounceCheck()
    @exclusivity(unchecked) var smoothAnimation = SmoothAnimationCheck()
    @exclusivity(unchecked) var emptyScreen = EmptyScreenCheck()
    @exclusivity(unchecked) var bottomVisible = BottomVisibleCheck()
    @exclusivity(unchecked) var cleanOpen = CleanOpenCheck()
    @exclusivity(unchecked) var landing = LandingCheck()
    @exclusivity(unchecked) var pinned = PinnedQuestionCheck()
    @exclusivity(unchecked) var catchUp = CatchUpCheck()
    @exclusivity(unchecked) var leapRule = LeapRule()

    init(_ session: SimSession, policy: any ScrollPolicy, draw: Bool, view: SimulatedScrollView) {
        self.session = session
        self.policy = policy
        self.view = view
        self.draw = draw
        server = SimulatedServer(session)
        isTop = session.configuration.layout == .top
        result = SimulationResult(
            policy: policy.name, session: session.name, frames: session.frames, violations: [:], scrollCalls: 0,
            firstViolations: [:], drawing: [])
        // (The view's personality is the view's own; the policy is not told.)
        view.delegate = policy
        policy.attach(view, requests: server.requests { [unowned self] in self.frame })
    }

    /// Runs the frames of the session, every one unless `decided` says after a frame that the
    /// rest can change nothing its caller needs.
    func run(until decided: (SimulationResult) -> Bool = { _ in false }) -> SimulationResult {
        for index in 0..<session.frames {
            frame = index
            runFrame()
            if decided(result) { break }
        }
        result.scrollCalls = view.scrollCalls
        return result
    }

    private func runFrame() {
        navigationUntilBefore = userNavigationUntil
        if frame > 0 { view.advance(by: 1 / Simulator.frameRate) }
        // (A touch in this frame comes after the tick: it ends a navigation the tick let start.)
        sendAfterTheHold()
        view.rubberBanded = false
        view.heightsBeforeFrame.removeAll(keepingCapacity: true)
        current = Simulator.Frame()
        newerPageArrived = false
        olderPageArrived = false
        userActed = false
        keyboardLetGo = false
        windowTarget = nil
        while stepIndex < session.steps.count, session.steps[stepIndex].frame <= frame {
            let step = session.steps[stepIndex].step
            switch step {
            case .app(let event): apply(event)
            case .touchDown, .fingerMove, .touchUp, .rotate: applyGesture(step)
            }
            if draw { current.notes.append(Simulator.describe(step)) }
            stepIndex += 1
        }
        deliverServer()
        policy.tick()
        view.layoutCells()
        current.draw(view)
        trackNavigations()
        let motion = measureMotion()
        let wasAway = away
        updateAway(motion)
        trackRotationSettle()
        current.decelerating = view.isDecelerating
        current.physicsStep = -view.physicsStep
        judge(track(motion, wasAway: wasAway))
        record()
        // (The next frame starts its own `current`: a swap spares a copy.)
        swap(&previous, &current)
    }

    /// Counts a violation of `check` in this frame, described `what` where it is kept.
    private func violate(_ check: ScreenCheck, _ what: String?) {
        result.violations[check, default: 0] += 1
        if result.violatingFrames.last != frame { result.violatingFrames.append(frame) }
        if draw { violationsDrawn.append("\(check.rawValue): \(what ?? "")") }
        if result.firstViolations[check] == nil { result.firstViolations[check] = "frame \(frame): \(what ?? "")" }
    }

    /// Ends both navigations before `frame`: the screen is judged as what the app leaves on it
    /// from there.
    private func endNavigations(before frame: Int) {
        userNavigationUntil = min(userNavigationUntil, frame - 1)
        arrivalScrollUntil = min(arrivalScrollUntil, frame - 1)
    }

    /// A navigation the user asked for starts: it may run for a navigation's time, and the list
    /// no longer catches up with the keyboard.
    private func startNavigation() {
        userNavigationUntil = frame + Simulator.navigationFrames
        catchUp.superseded()
    }

    /// A send during the user's hold navigates once the hold is over: the finger lifted and the
    /// momentum or bounce ended, in this frame's tick or by its steps.
    private func sendAfterTheHold() {
        guard sendDuringGesture, !view.fingerDown, !view.isDecelerating else { return }
        sendDuringGesture = false
        sendNavigates(question: deferredQuestion)
        deferredQuestion = nil
    }

    /// A send's navigation starts now; in layout `top`, `question` is pinned by it.
    private func sendNavigates(question: String?) {
        startNavigation()
        guard let question else {
            landing.navigate(to: .bottom, what: "the send", at: frame, frames: Simulator.navigationFrames)
            return
        }
        landing.navigate(to: .question(question), what: "the question", at: frame, frames: Simulator.pinFrames)
        pinned.pin(question, settlingAt: frame + Simulator.pinFrames)
    }

    /// An event of the app: the view and the checks take it, then the policy.
    private func apply(_ event: AppEvent) {
        switch event {
        case .open(let history, _, let firstUnreadID, let isWindow):
            view.append(history)
            if isWindow { server.opened(window: history) } else { server.opened(history) }
            cleanOpen.open(history, atFirstUnread: firstUnreadID, restoring: savedPosition)
            savedPosition = nil
            // An open at the first unread, at a saved position or on a window far above
            // the present is a navigation away from the bottom.
            if cleanOpen.opensAwayFromTheBottom || isWindow {
                away = true
                showsNavigationTarget = true
            }
        case .appeared(let restore):
            savedPosition = restore
        case .append(let message, let isStreaming):
            let beyondLiveEnd = server.beyondLiveEnd
            server.arrived(message)
            if message.direction == .outgoing { userActed = true }
            // The scroll that shows it must start within two frames, then keep going.
            arrivalScrollUntil = frame + 2
            // Beyond the loaded window a message has no row until the window reaches it.
            if !beyondLiveEnd {
                view.append([message])
                landing.messageArrived(at: frame, frames: Simulator.navigationFrames)
            }
            if isStreaming { streaming.insert(message.id) }
            if beyondLiveEnd {
                // A send requests the newest page; its arrival is the navigation.
                if message.direction == .outgoing {
                    landing.navigate(
                        to: isTop ? .question(message.id) : .bottom, what: "the send", at: frame,
                        awaitsWindow: true, frames: Simulator.navigationFrames)
                }
            } else if message.direction == .outgoing {
                // A send takes the screen to the newest message.
                showsNavigationTarget = false
                if view.fingerDown || view.isDecelerating {
                    // A send while the user holds the view scrolls when the hold ends.
                    sendDuringGesture = true
                    if isTop { deferredQuestion = message.id }
                } else {
                    sendNavigates(question: isTop ? message.id : nil)
                }
            }
        case .tokens(let id, let delta):
            view.grow(id, by: delta)
        case .finish(let id):
            streaming.remove(id)
        case .keyboard(let overlap, let duration):
            view.animateKeyboard(to: overlap, duration: duration)
        case .jumpToLatest:
            userActed = true
            showsNavigationTarget = false
            tappedToLatest = true
            landing.navigate(
                to: .bottom, what: "jump to latest", at: frame, awaitsWindow: server.beyondLiveEnd,
                frames: Simulator.navigationFrames)
            // The user leaves the pinned question for the newest message.
            startNavigation()
            pinned.release()
            // A send that waited for the gesture is superseded by the tap.
            deferredQuestion = nil
            sendDuringGesture = false
        case .replyJump(let id):
            userActed = true
            // A send that waited for the gesture is superseded by the tap.
            deferredQuestion = nil
            sendDuringGesture = false
            // A loaded message is scrolled to at once; otherwise its window arrives later.
            landing.navigate(
                to: .message(id), what: "the reply's jump to \(id)", at: frame,
                awaitsWindow: view.index(of: id) == nil, frames: Simulator.navigationFrames)
            if view.index(of: id) != nil {
                startNavigation()
                away = true
                showsNavigationTarget = true
            }
        case .header(let height):
            view.setHeader(height: height)
        case .footer:
            // The app draws its footer: the policy sets the row (a reserve may keep it taller).
            break
        case .olderLoaded, .layout, .windowLoaded, .newerLoaded, .windowLoadFailed:
            break
        }
        let requestsBefore = server.windowRequests
        policy.handle(event)
        // A frame pinned to the bar is laid out anew after the keyboard's notification.
        if case .keyboard = event, view.layOutForKeyboard() { view.afterLayout { [policy] in policy.handle(.layout) } }
        // A tap that waits for a window the app was not asked for has nothing to wait for.
        if event.isUserNavigation, server.windowRequests == requestsBefore {
            landing.windowArrived(at: frame, frames: Simulator.navigationFrames)
        }
        // The user went somewhere else (a tap, a send) without asking for a window:
        // the app drops the window it is still loading, and says so.
        if server.isLoadingWindow, server.windowRequests == requestsBefore, event.isUserNavigation {
            server.cancelWindow()
            policy.handle(.windowLoadFailed)
        }
    }

    /// The finger, or a rotation.
    private func applyGesture(_ step: SessionStep) {
        switch step {
        case .app:
            // (The app's events go to `apply(_:)`.)
            break
        case .touchDown:
            view.touchDown()
            tappedToLatest = false
            bouncedPastBottom = false
            // The finger takes the screen: a navigation or an arrival's scroll is over.
            endNavigations(before: frame)
        case .fingerMove(let dy):
            let keyboard = view.keyboard
            view.moveFinger(by: dy)
            current.fingerDy += dy
            // The keyboard the finger pulls down moves the bar on the layout guide: the app lays
            // out anew (interactive dismissal).
            if view.keyboard != keyboard { view.afterLayout { [policy] in policy.handle(.layout) } }
        case .touchUp(let velocity):
            view.touchUp(velocity: velocity)
            current.releaseVelocity = velocity
            // A keyboard the finger pulled down hides, or comes back up: now it is notified.
            if let overlap = view.releaseKeyboard(velocity: velocity) {
                apply(.keyboard(overlap: overlap, duration: Simulator.keyboardReleaseDuration))
                keyboardLetGo = velocity == 0
            }
            // A keyboard that moved under the finger is caught up with after the release:
            // the list moves to it then, as a navigation (the finger held it meanwhile),
            // starting within two frames and lasting while it moves.
            if keyboardUnderFinger > 0 {
                catchUp.fingerLifted(keyboardMoved: keyboardUnderFinger)
                keyboardUnderFinger = 0
                let frames = frame...frame + 2
                catchUpAlone = userNavigationUntil < frame && arrivalScrollUntil < frame ? frames : nil
                userNavigationUntil = max(userNavigationUntil, frames.upperBound)
            }
        case .rotate(let height, let insetTop, let insetBottom, let keyboard):
            view.resize(frameHeight: height, insetTop: insetTop, insetBottom: insetBottom, keyboard: keyboard)
            current.layoutChanged = true
            current.rotated = true
            // UIKit notifies the keyboard of a turn at the turn's start, with animations disabled,
            // before the app lays the turned screen out.
            if let keyboard {
                withAnimationsDisabled { [policy] in
                    policy.handle(.keyboard(overlap: keyboard, duration: Simulator.turnKeyboardDuration))
                }
            }
            view.afterLayout { [policy] in policy.handle(.layout) }
        }
    }

    /// What the server delivers in this frame: the spinner, pages of history, a window.
    private func deliverServer() {
        // The spinner above the oldest message shows while an older page loads, from the
        // frame after the request; it goes in the frame the page arrives.
        if session.hasRowsThatAreNotMessages, server.isLoadingOlder, !spinnerShown {
            spinnerShown = true
            view.setHeader(height: Simulator.spinnerHeight)
            policy.handle(.header(height: Simulator.spinnerHeight))
        }
        while let (page, more) = server.nextOlderPage(dueBy: frame) {
            olderPageArrived = true
            view.prepend(page)
            policy.handle(.olderLoaded(page, hasMoreOlder: more))
        }
        if spinnerShown, !server.isLoadingOlder {
            spinnerShown = false
            view.setHeader(height: 0)
            policy.handle(.header(height: 0))
        }
        while let (page, more) = server.nextNewerPage(dueBy: frame) {
            view.append(page)
            // What is on screen stays; the newer messages are below it.
            away = true
            newerPageArrived = true
            policy.handle(.newerLoaded(page, hasMoreNewer: more))
        }
        if let window = server.window(dueBy: frame, fingerDown: view.fingerDown) {
            windowTarget = .some(window.around)
            view.replaceAll(with: window.messages)
            // New content, laid out anew: nothing on screen is "the same item moved".
            current.layoutChanged = true
            // The navigation the user asked for (the reply's tap, the send, jump to latest).
            startNavigation()
            landing.windowArrived(at: frame, frames: Simulator.navigationFrames)
            away = window.hasMoreNewer || window.around != nil
            showsNavigationTarget = window.around != nil
            streaming = streaming.filter { id in window.messages.contains { $0.id == id } }
            policy.handle(
                .windowLoaded(window.messages, hasMoreOlder: window.hasMoreOlder, hasMoreNewer: window.hasMoreNewer)
            )
        }
    }

    /// Which navigations and scrolls still run after the app's answer.
    private func trackNavigations() {
        // Momentum and bounces are the user's; an animation right after a tap or a send
        // is the navigation the user asked for, and so is an animation that carries it on
        // without a pause (a message that arrives on the way). Any other is the app's own.
        sendAfterTheHold()
        // Whoever runs the animation (the view, or the app frame by frame), it goes on as
        // long as the screen keeps moving without a pause, by other than the user's finger or
        // momentum.
        let scrolled =
            view.animation != nil
            || !view.fingerDown && !view.isDecelerating && abs(view.offset - previous.offset) > 0.001
        // (The open's first frame places the list: it carries no navigation on.)
        if scrolled, frame > 0, frame - 1 <= userNavigationUntil {
            userNavigationUntil = max(userNavigationUntil, frame)
        }
        if scrolled, frame > 0, frame - 1 <= arrivalScrollUntil {
            arrivalScrollUntil = max(arrivalScrollUntil, frame)
        }
        // A navigation that has come to rest for three frames is over (it starts within two), and
        // one that has landed (`navigation-lands`) once it rests for two: what is on screen is
        // read again, and a scroll that starts after that is not the navigation's.
        if scrolled || userNavigationUntil > max(navigationUntilBefore, frame) {
            stillFrames = 0
        } else {
            stillFrames += 1
        }
        let restFrames = landing.pending == nil ? 2 : 3
        if stillFrames >= restFrames, userNavigationUntil >= frame { userNavigationUntil = frame - 1 }
        // (A rotation's frame is decided once the reader's place is: `trackRotationSettle`.)
        if !current.layoutChanged, !away, userScrollEndsNearBottom {
            settle = Settle(from: current, at: frame)
        } else if var running = settle {
            // (It starts within two frames, as a navigation does.)
            running.still = current.offset > previous.offset + 0.001 ? 0 : running.still + 1
            running.gone += max(0, current.offset - previous.offset)
            let grew = max(0, current.contentHeight - previous.contentHeight)
            let gap = current.maxOffset - current.offset
            settle =
                view.fingerDown || frame > running.until || running.still >= 3 || running.lags(at: frame)
                    || gap > previous.maxOffset - previous.offset + grew + 0.5 ? nil : running
        }
        current.moving = view.isDecelerating || frame <= userNavigationUntil
        if view.fingerDown,
            view.isKeyboardAnimating || view.keyboardHeld != nil && current.keyboard != previous.keyboard
        {
            // (At least a point: a keyboard that starts under the finger has not moved yet.)
            keyboardUnderFinger += max(1, abs(current.keyboard - previous.keyboard))
        }
        // A scroll that has brought the list to the bottom when the keyboard starts to move is
        // over: the list rides the keyboard as a following list does.
        let keyboardStart = view.keyboardAnimation?.start
        if keyboardStart != nil, keyboardStart != lastKeyboardStart, previous.atBottom, previous.inRange,
            !current.finger
        {
            endNavigations(before: frame)
        }
        lastKeyboardStart = keyboardStart
    }

    /// Whether a scroll the user ends in this frame within 20 points of the bottom (the finger
    /// lifts at rest, the momentum or a bounce ends; a pull past the top counts from the top), or
    /// a bounce back from past the bottom under content that grew meanwhile, may ease the rest of
    /// the way there, from the next frame on, as long as it keeps moving down and the way left
    /// only shrinks, but by what grew below (`bottom-visible` only: every other check judges those
    /// frames as any).
    private var userScrollEndsNearBottom: Bool {
        !view.fingerDown && !view.isDecelerating && (previous.finger || previous.decelerating) && current.shown
            && !current.atBottom
            && (current.maxOffset - max(0, current.offset) <= Simulator.atBottomThreshold + 0.5 || bouncedPastBottom)
    }

    /// A rotation that ends the user's momentum may bring the bottom within 20 points: once the
    /// frame has decided that the reader is at the bottom, the list may settle there as above.
    private func trackRotationSettle() {
        if current.rotated, !away, userScrollEndsNearBottom { settle = Settle(from: current, at: frame) }
    }

    /// Whether a scroll to a message that arrived or was sent, or a navigation, may still run.
    private var navigating: Bool { frame <= arrivalScrollUntil || frame <= userNavigationUntil }

    /// How the screen moved the rows of the last frame.
    private func measureMotion() -> FrameMotion {
        // (Rows shown now above every row of the last frame, that came into view or arrived in a
        // page as they were measured or grew.)
        var grownComingIntoView = 0.0
        for row in current.rows {
            if previous.rows.position(of: row.id) != nil { break }
            if let before = view.heightsBeforeFrame[row.id] { grownComingIntoView += row.height - before }
        }
        // The rows the user saw in the last frame, wherever they are now (on screen or not): a
        // jump farther than the screen still moves them.
        return FrameMotion(
            previous: previous, current: current, now: view.rows(previous.rows.lazy.map(\.id)),
            grownComingIntoView: grownComingIntoView, rubberBanded: view.rubberBanded,
            momentumEnds: previous.coasting && !current.coasts(in: view),
            keyboardShare: stillReading.keyboardShare.share, commandRunning: view.isAnimatingScroll || navigating,
            pageAbove: olderPageArrived)
    }

    /// Whether the reader is away from the bottom after this frame.
    private func updateAway(_ motion: FrameMotion) {
        // Only the user takes the view away from the bottom: a gesture (in this frame or
        // just ended), or a navigation to a message (below); a navigation to the bottom and
        // rubber-banding past an edge do not.
        let userMoving = current.finger || view.isDecelerating || previous.finger || previous.decelerating
        // (The end rose to a list that did not go down, and no gesture holds it any more: the
        // gesture ended where the list was, and the end came to it, a clamp.)
        let endRose =
            current.maxOffset < previous.maxOffset - 0.5 && current.offset <= previous.offset + 0.5
            && !current.finger && !view.isDecelerating
        // (A message jumped to stays what the user reads, even when it sits at the bottom:
        // the reducer keeps it `detached` until the user scrolls.)
        if current.finger { showsNavigationTarget = false }
        // An open at a first unread that shows the bottom (all of it fits) follows.
        if cleanOpen.isOpeningAtFirstUnread, current.shown, current.atBottom {
            showsNavigationTarget = false
            away = false
        }
        if showsNavigationTarget || newerPageArrived {
            away = true
        } else if current.shown, current.atBottom, !away || userMoving && !endRose || frame <= userNavigationUntil {
            // The user brought the list to the bottom (a gesture, a navigation). A reader
            // whose list reached it by a clamp (content that shrank, a taller viewport, an end
            // that rose to a list that did not go down) still reads there: specification §2 says
            // clamping changes neither the anchor nor the mode.
            away = false
        } else if previous.offset > previous.maxOffset + 0.5 || previous.offset < -0.5 && previous.maxOffset <= 0.5,
            !endRoseUnderReader
        {
            // Pulled past the bottom (past the top of a conversation that fits is past its
            // bottom too), the reader is at the bottom, even when content that grew meanwhile
            // leaves the list above the new bottom once it is back inside, and until the finger
            // comes down again (the bounce, however it ends, was on its way to the bottom).
            away = false
            if !current.finger { bouncedPastBottom = true }
        } else if userMoving, !bouncedPastBottom, current.offset < -0.5,
            current.maxOffset > Simulator.atBottomThreshold + 0.5
        {
            // Pulled past the top of a conversation that does not fit, the reader is at the top.
            away = true
        } else if userMoving, !tappedToLatest, !bouncedPastBottom, current.inRange, let grown = motion.grownBelow() {
            // Not by the new content that put the bottom out of view this frame, nor by the
            // momentum of a gesture that a tap on jump to latest ended. A reader within 20
            // points of the bottom (the default atBottomThreshold) is at the bottom.
            away = current.maxOffset - current.offset - grown > Simulator.atBottomThreshold
        }
        let pastBottom = current.offset > current.maxOffset + 0.5
        endRoseUnderReader = away && pastBottom && (endRose || endRoseUnderReader && !userMoving)
    }

    /// The frame as every check sees it, with the moves that ran in it noted.
    private func track(_ motion: FrameMotion, wasAway: Bool) -> TrackedFrame {
        let commandRunning = view.isAnimatingScroll || navigating
        // A navigation that starts in this frame (a send that waited for the momentum the
        // rotation ended) has not moved the list yet, unless along the keyboard's curve.
        let navigationStarts = userNavigationUntil > max(navigationUntilBefore, frame - 1) + 1
        current.noteMoves(
            after: previous, motion: motion, view: view, animating: commandRunning, wasAway: wasAway,
            navigationStarts: navigationStarts)
        let questionPinned = isTop && pinned.question != nil
        return TrackedFrame(
            index: frame, previous: previous, current: current, motion: motion, view: view, wasAway: wasAway,
            away: away, following: !questionPinned && !away && !server.beyondLiveEnd && cleanOpen.isOver,
            questionPinned: questionPinned, navigating: navigating, commandRunning: commandRunning,
            navigationOver: frame > userNavigationUntil, navigationStarts: navigationStarts,
            navigationStartsFromRest: navigationStarts && frame > navigationUntilBefore, settling: settle != nil,
            userActed: userActed, pageAbove: olderPageArrived, opening: !cleanOpen.isOver, windowTarget: windowTarget,
            answerStreams: !streaming.isEmpty, keyboardDelta: current.keyboard - previous.keyboard,
            keyboardExtra: view.keyboardAnimation.map { abs(previous.overshoot) / max(1, $0.distance) } ?? 0,
            keyboardStart: view.keyboardAnimation?.start, keyboardLetGo: keyboardLetGo,
            onlyCatchingUp: catchUpAlone.map {
                frame <= $0.upperBound + 1 && userNavigationUntil <= $0.upperBound
                    && arrivalScrollUntil < $0.lowerBound && !view.isAnimatingScroll
            } ?? false,
            violatedLastFrame: result.violatingFrames.last == frame - 1,
            atBottomThreshold: session.configuration.atBottomThreshold, pinMargin: session.configuration.pinMargin)
    }

    /// Judges the frame by every check, in order, and counts what they found.
    private func judge(_ tracked: TrackedFrame) {
        var found = FrameFindings(drawn: draw, described: result.firstViolations)
        fingerLock.judge(tracked, into: &found)
        stillReading.judge(tracked, into: &found)
        momentum.judge(tracked, into: &found)
        bounce.judge(tracked, into: &found)
        smoothAnimation.judge(tracked, into: &found)
        emptyScreen.judge(tracked, into: &found)
        bottomVisible.judge(tracked, into: &found)
        cleanOpen.judge(tracked, into: &found)
        landing.judge(tracked, into: &found)
        pinned.judge(tracked, into: &found)
        catchUp.judge(tracked, into: &found)
        leapRule.judge(tracked, into: &found)
        for finding in found.all { violate(finding.check, finding.what) }
    }

    /// The frame's drawing, when asked for, and what it showed at its ends.
    private func record() {
        if draw {
            let line = Simulator.drawFrame(frame, view: view, frame: current)
            result.drawing.append(line)
            result.drawing += violationsDrawn.map { "  violates " + $0 }
            result.drawnFrames.append(
                SimulationResult.DrawnFrame(
                    rows: view.framedItems().map {
                        SimulationResult.DrawnFrame.Row(
                            id: $0.id, top: $0.top, height: $0.height, direction: $0.direction)
                    },
                    offset: view.offset, frameHeight: view.frameHeight, insetTop: view.insetTop,
                    insetBottom: view.insetBottom, keyboard: view.keyboard,
                    text: ([line] + violationsDrawn.map { "  violates " + $0 }).joined(separator: "\n"),
                    violations: violationsDrawn))
            violationsDrawn = []
        }
        let (topRow, bottomRow) = (current.rows.first, current.rows.last)
        result.screens.append(
            SimulationResult.Screen(
                id: topRow?.id, top: topRow?.top ?? 0, lastID: bottomRow?.id, lastTop: bottomRow?.top ?? 0,
                bottom: bottomRow.map { $0.top + $0.height } ?? 0, held: current.finger || view.isDecelerating))
    }
}

extension SimulationRun {
    /// A list that the user's scroll left short of the bottom, easing the rest of the way there.
    /// An animated scroll (0.3 s, eased) goes about a fifth of its way in its first 12 frames,
    /// even when it starts two frames late: a list that has gone less than a tenth of it by then
    /// is not easing there (it stands, or creeps), and the bottom it should show is judged again.
    struct Settle {
        /// How many frames in a row it has not moved down.
        var still = 0
        /// Where it began, and how far it had to go.
        let start: Int
        let way: Double
        /// How far it has moved down since.
        var gone = 0.0

        /// The frame by which it has ended, at the latest: a navigation's time after it began.
        var until: Int { start + Simulator.navigationFrames }

        init(from frame: Simulator.Frame, at index: Int) {
            start = index
            way = max(0, frame.maxOffset - max(0, frame.offset))
        }

        /// Whether, its first 12 frames gone, it has not gone a tenth of its way.
        func lags(at index: Int) -> Bool { index >= start + 12 && gone < way / 10 }
    }
}
