import ChatEvents
import ChatPlatform
import UIKitStandIn

/// A check of what the user sees, frame by frame, named by what it protects.
public enum ScreenCheck: String, Sendable, CaseIterable, Hashable {
    /// While the finger is down, the content under it moves exactly with it.
    case fingerLock = "finger-lock"
    /// With nobody touching and no navigation running, a visible item does not move when only
    /// content above it or below the screen changed.
    case readingStaysPut = "reading-stays-put"
    /// At the bottom and no animated command running, every frame shows the newest message's
    /// bottom at the visible bottom (layout `bottom`).
    case bottomStaysVisible = "bottom-visible"
    /// The first frame that shows messages shows the newest at the visible bottom, or the first
    /// unread message at the visible top when the open names one.
    case cleanOpen = "clean-open"
    /// In layout `top` the question does not move while its answer streams.
    case pinnedQuestion = "pinned-question"
    /// While an animated scroll runs, what is on screen moves each frame at most five times as
    /// far as in the frame before while it starts, twice once it is under way (plus 2 points),
    /// and never turns back.
    case smoothAnimation = "smooth-animation"
    /// Jump to latest and a send end at the bottom, a reply's quote centred, a question at the
    /// top, within the navigation's time.
    case navigationLands = "navigation-lands"

    /// The order the checks are listed in.
    var rank: Int { Self.allCases.firstIndex(of: self) ?? 0 }
}

/// The outcome of one session under one policy.
public struct SimulationResult: Sendable, Hashable {
    /// The policy's name.
    public var policy: String
    /// The session's name.
    public var session: String
    /// Frames drawn.
    public var frames: Int
    /// Frames that violated each check.
    public var violations: [ScreenCheck: Int]
    /// Programmatic scrolls (animated commands, and jumps that are not position keeping).
    public var scrollCalls: Int
    /// The first violation of each check: `frame N: what`.
    public var firstViolations: [ScreenCheck: String]
    /// The frames that violated any check, in order.
    public var violatingFrames: [Int] = []
    /// The frames as text, when asked for.
    public var drawing: [String]
    /// What each frame showed at its top: the first visible row and its top on screen.
    public var screens: [Screen] = []
    /// Each frame whole, when drawn: for pictures of the screen.
    public var drawnFrames: [DrawnFrame] = []

    /// A frame as the screen showed it.
    public struct DrawnFrame: Sendable, Hashable {
        /// A row the frame shows (under the bars too): its id, top in the content, height and
        /// direction.
        public struct Row: Sendable, Hashable {
            public var id: String
            public var top: Double
            public var height: Double
            public var direction: MessageDirection
        }

        /// The rows, in order; the header and footer rows are ``SimulatedScrollView/headerID``
        /// and ``SimulatedScrollView/footerID``.
        public var rows: [Row]
        /// The content offset at the visible top.
        public var offset: Double
        /// The frame's height, its insets and how much of the visible region the keyboard covers.
        public var frameHeight: Double
        public var insetTop: Double
        public var insetBottom: Double
        public var keyboard: Double
        /// The frame as `--frames` draws it, with its violations on the lines after it.
        public var text: String
        /// The checks it violates, as `reading-stays-put: m33 moved …`.
        public var violations: [String]
    }

    /// The two ends of one drawn frame.
    public struct Screen: Sendable, Hashable {
        /// The first visible row.
        public var id: String?
        /// Its top on screen.
        public var top: Double
        /// The last visible row.
        public var lastID: String?
        /// Its top on screen.
        public var lastTop = 0.0
        /// Its bottom on screen.
        public var bottom: Double
        /// The user moves the list: the finger is down or momentum runs.
        public var held = false

        /// Whether a user would see `other` differ from this: another row at either end, or the
        /// same more than a point away.
        public func differs(from other: Screen) -> Bool {
            id != other.id || abs(top - other.top) > 1 || lastID != other.lastID || abs(bottom - other.bottom) > 1
        }

        /// How far below `other`'s the row at the top sits; nil when another row is at the top.
        func topOffset(from other: Screen) -> Double? {
            id == other.id ? top - other.top : nil
        }

        /// How far below `other`'s the rows sit, told by the top of the row at the top or, where
        /// another row is there, of the row at the bottom (its height may differ, as a row one of
        /// them measured); nil when both ends differ.
        func shift(from other: Screen) -> Double? {
            topOffset(from: other) ?? (lastID != nil && lastID == other.lastID ? lastTop - other.lastTop : nil)
        }
    }
}

/// Runs scripted sessions frame by frame at 120 Hz on a ``SimulatedScrollView``.
public enum Simulator {
    /// Frames per second.
    public static let frameRate = 120.0
    /// How long a navigation the user asked for (a tap, a send) is expected to run: its 0.3 s
    /// animation and a margin, in frames.
    static let navigationFrames = 45
    /// The least move the eye can see in a frame: a pixel of a 3× screen, in points.
    static let pixel = 1.0 / 3
    /// A reader within this many points of the bottom is at the bottom (the specification's
    /// default `atBottomThreshold`).
    static let atBottomThreshold = 20.0
    /// How long after a question its pin's 0.3 s animation is over, in frames.
    static let pinFrames = 40
    /// How long a rotation's animation lasts, in frames (0.4 s).
    static let rotationFrames = 48
    /// How long a keyboard let go of by the finger takes to hide or come back (interactive
    /// dismissal; unsourced, the notification's usual duration).
    static let keyboardReleaseDuration = 0.25
    /// The duration a turn's keyboard notification carries (unsourced: the keyboard's usual one;
    /// the keyboard turns with the screen, whatever it says).
    static let turnKeyboardDuration = 0.25
    /// The height of the "loading older messages" spinner above the oldest message.
    static let spinnerHeight = 44.0
    /// How much of its speed momentum keeps from one frame to the next: 0.998 per millisecond.
    static let momentumDecayPerFrame = power(0.998, 1000 / frameRate)

    struct Frame {
        /// The visible rows, top to bottom.
        var rows = ScreenRows()
        var offset = 0.0
        var maxOffset = 0.0
        var finger = false
        var fingerDy = 0.0
        /// The finger lifted in this frame, at this speed (points per second on screen).
        var releaseVelocity: Double?
        var moving = false
        var keyboardMoving = false
        var layoutChanged = false
        /// The frame was resized (rotation), as opposed to content replaced.
        var rotated = false
        /// How much of the visible region the keyboard covers, as drawn, and at the end of its
        /// animation.
        var keyboard = 0.0
        var keyboardEnd = 0.0
        var insetTop = 0.0
        var insetBottom = 0.0
        var coasting = false
        var decelerating = false
        /// How far the view's own momentum or bounce moved what is on screen in this frame,
        /// before the app heard of it.
        var physicsStep = 0.0
        var coastedSince = false
        var movement = 0.0
        /// A bounce back to an edge ran in this frame, and how far it moved what is on screen
        /// (`nil` with no row to tell by).
        var bouncing = false
        var bounceStep: Double?
        /// An animated scroll (a navigation, an arrival's scroll) ran in this frame, and how far
        /// it moved what is on screen (less the content that grew below a following list).
        var animated = false
        var animationStep = 0.0
        /// The animation's step in the frame before (0 where it had not moved then).
        var stepBefore = 0.0
        var shown: Bool { !rows.isEmpty }
        var contentFits = false
        /// The session's steps of this frame, when drawn.
        var notes: [String] = []
        var contentHeight = 0.0
        var newestBottomVisible = false
        /// The newest message's bottom at the visible bottom; when all the content fits on
        /// screen, the newest message's bottom visible.
        var atBottom: Bool { contentFits ? newestBottomVisible : offset >= maxOffset - 0.5 }
        /// How far past an edge the content shows: negative past the top, positive past the
        /// bottom, 0 inside.
        var overshoot: Double { offset < 0 ? offset : max(0, offset - maxOffset) }
        /// The visible region's bottom edge on screen, measured from the frame's top.
        var visibleBottom = 0.0
        /// The blank the screen shows between the newest row and the visible bottom edge (a list
        /// past the content's end, or the space kept below a question pinned at the top); 0 where
        /// rows reach the edge.
        var blankBelow: Double { rows.last.map { max(0, visibleBottom - $0.top - $0.height) } ?? 0 }
        var inRange: Bool { offset >= -0.001 && offset <= maxOffset + 0.001 }

        /// Takes what the screen shows after the frame's layout: the rows on screen, the
        /// geometry, the finger, the keyboard and the insets.
        mutating func draw(_ view: SimulatedScrollView) {
            rows = view.visibleRows()
            offset = view.offset
            maxOffset = view.maxOffset
            contentHeight = view.contentHeight
            contentFits = view.contentHeight <= view.visibleHeight
            newestBottomVisible = view.contentHeight - view.offset <= view.visibleHeight + 0.5
            finger = view.fingerDown
            keyboardMoving = view.isKeyboardAnimating
            keyboard = view.keyboard
            keyboardEnd = view.keyboardAnimation?.to ?? view.keyboard
            insetTop = view.insetTop
            insetBottom = view.insetBottom
            visibleBottom = view.insetTop + view.visibleHeight
        }
    }

    /// Runs `session` with `policy` and checks every frame.
    public static func run(
        _ session: SimSession, policy: any ScrollPolicy, draw: Bool = false,
        view: SimulatedScrollView = SimulatedScrollView()
    ) -> SimulationResult {
        // Each session is an app of its own (see `onAppMainThread`).
        AppMainThread.$current.withValue(AppMainThread()) {
            SimulationRun(session, policy: policy, draw: draw, view: view).run()
        }
    }

    /// Runs `session` until `decided` says, after a frame, that the rest can change nothing the
    /// caller needs (the result then holds the frames run so far).
    static func run(
        _ session: SimSession, policy: any ScrollPolicy, view: SimulatedScrollView,
        until decided: (SimulationResult) -> Bool
    ) -> SimulationResult {
        AppMainThread.$current.withValue(AppMainThread()) {
            SimulationRun(session, policy: policy, draw: false, view: view).run(until: decided)
        }
    }

    static func drawFrame(_ index: Int, view: SimulatedScrollView, frame: Frame) -> String {
        let ids = frame.rows.map { "\($0.id)@\(Int($0.top.rounded()))" }
        var flags = ""
        if frame.finger { flags += " finger" }
        if view.isAnimatingScroll { flags += " scroll" }
        if view.isDecelerating { flags += " momentum" }
        if frame.keyboardMoving { flags += " keyboard" }
        let notes = frame.notes.isEmpty ? "" : "  <- " + frame.notes.joined(separator: "; ")
        return "frame \(index) offset=\(Int(frame.offset.rounded()))/\(Int(frame.maxOffset.rounded()))\(flags): "
            + ids.joined(separator: " ") + notes
    }

    /// A session step in a few words, for drawn frames.
    static func describe(_ step: SessionStep) -> String {
        switch step {
        case .app(let event):
            switch event {
            case .open(let history, _, let unread, let isWindow):
                (isWindow ? "open window \(history.count)" : "open \(history.count)")
                    + (unread.map { " at \($0)" } ?? "")
            case .appeared(let restore):
                "appeared at \(restore.anchorID ?? "the bottom") \(Int(restore.delta))"
            case .append(let message, let streaming):
                "\(message.direction.rawValue) \(message.id)" + (streaming ? " streaming" : "")
            case .tokens(let id, let delta): "tokens \(id) +\(Int(delta))"
            case .finish(let id): "finish \(id)"
            case .olderLoaded(let page, _): "older page of \(page.count)"
            case .keyboard(let overlap, _): "keyboard \(Int(overlap))"
            case .layout: "layout"
            case .jumpToLatest: "tap jump to latest"
            case .replyJump(let id): "tap reply to \(id)"
            case .windowLoaded(let window, _, _): "window of \(window.count)"
            case .newerLoaded(let page, _): "newer page of \(page.count)"
            case .windowLoadFailed: "window dropped"
            case .header(let height): "header \(Int(height))"
            case .footer(let height): "footer \(Int(height))"
            }
        case .touchDown: "touch down"
        case .fingerMove(let dy): "finger \(Int(dy.rounded()))"
        case .touchUp(let velocity): "touch up \(Int(velocity))"
        case .rotate(let height, _, _, let keyboard):
            "rotate to \(Int(height))" + (keyboard.map { ", keyboard \(Int($0))" } ?? "")
        }
    }
}
