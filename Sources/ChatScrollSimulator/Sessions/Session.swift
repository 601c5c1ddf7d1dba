import ChatEvents
import ChatScrollUtilities

/// Something that happens in a simulated session at a given frame.
public enum SessionStep: Sendable, Hashable {
    /// An event of the app (data, keyboard, layout, taps).
    case app(AppEvent)
    /// The finger touches the screen.
    case touchDown
    /// The finger moves by `dy` points on screen (down is positive).
    case fingerMove(dy: Double)
    /// The finger lifts with a velocity on screen, points per second (down is positive).
    case touchUp(velocity: Double)
    /// The frame height changes (rotation), with the adjusted insets when given (a landscape
    /// navigation bar is shorter), then the app lays out. A keyboard that shows turns with the
    /// screen to cover `keyboard` points of the frame; its notification comes at the turn's
    /// start, with animations disabled.
    case rotate(frameHeight: Double, insetTop: Double? = nil, insetBottom: Double? = nil, keyboard: Double? = nil)
}

/// A scripted session: what happens at which frame, at 120 frames per second.
public struct SimSession: Sendable, Hashable {
    /// The session's name.
    public var name: String
    /// The configuration of the screen.
    public var configuration: ChatConfiguration
    /// The pages of older history the server hands out, newest page first.
    public var olderPages: [[SimMessage]]
    /// How many frames a requested page takes to arrive.
    public var pageDelay: Int
    /// The steps, by frame.
    public var steps: [(frame: Int, step: SessionStep)]
    /// How many frames to run.
    public var frames: Int
    /// The conversation's history before the opening history, oldest first, that the server
    /// hands out in windows and pages (specification §11); when it is not empty it also answers requests
    /// for older pages, and ``olderPages`` is not used.
    public var archive: [SimMessage]

    /// Whether the list has rows that are not messages (specification §12), as a real chat list
    /// does: a date separator before every ``separatorEvery``-th message of its history, archive
    /// and pages, a typing indicator (or "thinking…" before a streamed answer) below the newest
    /// message for ``typingFrames`` frames before each incoming message, and a spinner above the
    /// oldest message while each older page loads.
    public var hasRowsThatAreNotMessages: Bool

    /// Creates a session; with `rowsThatAreNotMessages`, the separators and typing indicators are
    /// added to what it is given.
    public init(
        name: String, configuration: ChatConfiguration = ChatConfiguration(), olderPages: [[SimMessage]] = [],
        archive: [SimMessage] = [], pageDelay: Int = 30, steps: [(frame: Int, step: SessionStep)], frames: Int,
        rowsThatAreNotMessages: Bool = false
    ) {
        self.name = name
        self.configuration = configuration
        let rows = rowsThatAreNotMessages
        self.olderPages = rows ? olderPages.map(Self.withSeparators) : olderPages
        self.archive = rows ? Self.withSeparators(archive) : archive
        self.pageDelay = pageDelay
        self.steps = rows ? Self.withTypingIndicators(steps) : steps
        self.frames = frames
        hasRowsThatAreNotMessages = rows
    }

    /// A date separator comes before every this many messages.
    public static let separatorEvery = 12
    /// How long the typing indicator shows before an incoming message, in frames (0.25 s).
    public static let typingFrames = 30
    /// The heights of a date separator, the typing indicator and the "thinking…" row.
    public static let separatorHeight = 28.0
    public static let typingHeight = 36.0
    public static let thinkingHeight = 44.0

    /// `messages` with a date separator before every ``separatorEvery``-th one.
    static func withSeparators(_ messages: [SimMessage]) -> [SimMessage] {
        var result: [SimMessage] = []
        result.reserveCapacity(messages.count + messages.count / separatorEvery + 1)
        for (index, message) in messages.enumerated() {
            if index % separatorEvery == separatorEvery - 1, message.direction != .system {
                result.append(
                    SimMessage(
                        id: "day-\(message.id)", direction: .system, estimatedHeight: separatorHeight,
                        height: separatorHeight))
            }
            result.append(message)
        }
        return result
    }

    /// `steps` with separators in every opening history, and a typing indicator shown before
    /// each incoming message and hidden once it is there.
    static func withTypingIndicators(_ steps: [(frame: Int, step: SessionStep)]) -> [(frame: Int, step: SessionStep)] {
        var result: [(frame: Int, step: SessionStep)] = []
        result.reserveCapacity(steps.count)
        for (frame, step) in steps {
            switch step {
            case .app(.open(let history, let more, let firstUnreadID, let newer)):
                result.append(
                    (
                        frame,
                        .app(
                            .open(
                                history: withSeparators(history), hasMoreOlder: more,
                                firstUnreadID: firstUnreadID, hasMoreNewer: newer))
                    ))
            case .app(.append(let message, let streaming)) where message.direction == .incoming:
                let height = streaming ? thinkingHeight : typingHeight
                result.append((max(0, frame - typingFrames), .app(.footer(height: height))))
                result.append((frame, step))
                result.append((frame, .app(.footer(height: 0))))
            case .app, .touchDown, .fingerMove, .touchUp, .rotate:
                result.append((frame, step))
            }
        }
        // (Stable: an indicator that shows before earlier steps goes after those of its frame.)
        return result.enumerated().sorted { ($0.element.frame, $0.offset) < ($1.element.frame, $1.offset) }
            .map(\.element)
    }

    /// The seed of a seeded session (`random-SEED`, `messenger-SEED`); `nil` for a scripted one.
    public var seed: UInt64? {
        guard name.hasPrefix("random-") || name.hasPrefix("messenger-"), let last = name.split(separator: "-").last
        else { return nil }
        return UInt64(last)
    }

    public static func == (lhs: SimSession, rhs: SimSession) -> Bool {
        lhs.name == rhs.name && lhs.configuration == rhs.configuration && lhs.olderPages == rhs.olderPages
            && lhs.archive == rhs.archive && lhs.pageDelay == rhs.pageDelay && lhs.frames == rhs.frames
            && lhs.steps.map(\.frame) == rhs.steps.map(\.frame) && lhs.steps.map(\.step) == rhs.steps.map(\.step)
            && lhs.hasRowsThatAreNotMessages == rhs.hasRowsThatAreNotMessages
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(frames)
    }
}

/// Builds sessions step by step.
public struct SessionBuilder {
    var steps: [(frame: Int, step: SessionStep)] = []
    /// The frame the next step happens at.
    public var frame = 0
    var next = 0
    var random: SplitMix64

    /// Starts at frame 0 with a seed for heights.
    public init(seed: UInt64 = 1) { random = SplitMix64(seed: seed) }

    /// Waits `frames` frames.
    public mutating func wait(_ frames: Int) { frame += frames }

    /// Adds a step at the current frame.
    public mutating func add(_ step: SessionStep) { steps.append((frame, step)) }

    /// A new message with a fresh id, an estimated height and a real one that differs.
    public mutating func message(_ direction: MessageDirection, prefix: String = "m") -> SimMessage {
        next += 1
        let real = Double(random.int(40...240))
        let estimate = real + Double(random.int(-30...30))
        return SimMessage(
            id: "\(prefix)\(next)", direction: direction, estimatedHeight: max(20, estimate), height: real)
    }

    /// `count` messages, alternating directions.
    public mutating func messages(_ count: Int, prefix: String = "m") -> [SimMessage] {
        (0..<count).map { message($0 % 3 == 0 ? .outgoing : .incoming, prefix: prefix) }
    }

    /// A drag by `distance` points on screen (down is positive) over `frames` frames, released
    /// with `velocity`.
    public mutating func drag(_ distance: Double, frames: Int = 24, velocity: Double = 0) {
        add(.touchDown)
        for _ in 0..<frames {
            wait(1)
            add(.fingerMove(dy: distance / Double(frames)))
        }
        wait(1)
        add(.touchUp(velocity: velocity))
    }

    /// An answer that streams `tokens` batches, one every `every` frames.
    public mutating func stream(_ id: SimMessage, tokens: Int, every: Int = 6, delta: Double = 18) {
        add(.app(.append(id, streaming: true)))
        for _ in 0..<tokens {
            wait(every)
            add(.app(.tokens(id: id.id, delta: delta)))
        }
        wait(1)
        add(.app(.finish(id: id.id)))
    }

    /// The session.
    public func build(
        _ name: String, configuration: ChatConfiguration = ChatConfiguration(), olderPages: [[SimMessage]] = [],
        archive: [SimMessage] = [], pageDelay: Int = 30, tail: Int = 120, rowsThatAreNotMessages: Bool = false
    ) -> SimSession {
        SimSession(
            name: name, configuration: configuration, olderPages: olderPages, archive: archive, pageDelay: pageDelay,
            steps: steps, frames: frame + tail, rowsThatAreNotMessages: rowsThatAreNotMessages)
    }
}
