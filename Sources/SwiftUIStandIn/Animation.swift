/// https://developer.apple.com/documentation/swiftui/animation
@frozen
public struct Animation: Sendable, Equatable {
    let duration: TimeInterval
    /// https://developer.apple.com/documentation/swiftui/animation/default
    public static let `default` = Animation(duration: 0.35)
    /// https://developer.apple.com/documentation/swiftui/animation/spring(duration:bounce:blendduration:)
    public static func spring(duration: TimeInterval = 0.5, bounce: Double = 0.0, blendDuration: Double = 0)
        -> Animation
    {
        Animation(duration: duration)
    }
}

/// https://developer.apple.com/documentation/swiftui/transaction
@frozen
public struct Transaction {
    /// https://developer.apple.com/documentation/swiftui/transaction/animation
    public var animation: Animation?
    /// https://developer.apple.com/documentation/swiftui/transaction/scrollcontentoffsetadjustmentbehavior
    public var scrollContentOffsetAdjustmentBehavior = ScrollContentOffsetAdjustmentBehavior.automatic
    /// https://developer.apple.com/documentation/swiftui/transaction/init(animation:)
    public init(animation: Animation?) { self.animation = animation }
}

/// https://developer.apple.com/documentation/swiftui/scrollcontentoffsetadjustmentbehavior
public struct ScrollContentOffsetAdjustmentBehavior: Sendable, Hashable {
    let adjusts: Bool
    /// https://developer.apple.com/documentation/swiftui/scrollcontentoffsetadjustmentbehavior/automatic
    public static var automatic: ScrollContentOffsetAdjustmentBehavior { .init(adjusts: true) }
    /// https://developer.apple.com/documentation/swiftui/scrollcontentoffsetadjustmentbehavior/disabled
    public static var disabled: ScrollContentOffsetAdjustmentBehavior { .init(adjusts: false) }
}

/// https://developer.apple.com/documentation/swiftui/withtransaction(_:_:)
public func withTransaction<Result>(_ transaction: Transaction, _ body: () throws -> Result) rethrows -> Result {
    try body()
}

/// https://developer.apple.com/documentation/swiftui/withanimation(_:_:)
public func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result) rethrows -> Result {
    try body()
}

/// https://developer.apple.com/documentation/foundation/date
public struct Date: Sendable, Hashable {}

/// https://developer.apple.com/documentation/swiftui/timelineschedule
public protocol TimelineSchedule {}

/// https://developer.apple.com/documentation/swiftui/animationtimelineschedule
public struct AnimationTimelineSchedule: TimelineSchedule, Sendable {
    /// Whether the schedule's updates stop (the display is not updated while paused).
    public let paused: Bool
    /// https://developer.apple.com/documentation/swiftui/animationtimelineschedule/init(minimuminterval:paused:)
    public init(minimumInterval: Double? = nil, paused: Bool = false) { self.paused = paused }
}

/// https://developer.apple.com/documentation/swiftui/everyminutetimelineschedule
public struct EveryMinuteTimelineSchedule: TimelineSchedule, Sendable {}

extension TimelineSchedule where Self == AnimationTimelineSchedule {
    /// https://developer.apple.com/documentation/swiftui/timelineschedule/animation(minimuminterval:paused:)
    public static func animation(minimumInterval: Double? = nil, paused: Bool = false) -> AnimationTimelineSchedule {
        AnimationTimelineSchedule(minimumInterval: minimumInterval, paused: paused)
    }
}

/// https://developer.apple.com/documentation/swiftui/timelineview
nonisolated public struct TimelineView<Schedule, Content> where Schedule: TimelineSchedule {
    /// https://developer.apple.com/documentation/swiftui/timelineview/context
    public struct Context {
        /// https://developer.apple.com/documentation/swiftui/timelineview/context/date
        public let date: Date
    }
    let schedule: Schedule
    let content: (TimelineViewDefaultContext) -> Content
}

/// https://developer.apple.com/documentation/swiftui/timelineviewdefaultcontext
public typealias TimelineViewDefaultContext = TimelineView<EveryMinuteTimelineSchedule, Never>.Context

extension TimelineView: View where Content: View {
    /// https://developer.apple.com/documentation/swiftui/timelineview/init(_:content:)
    nonisolated public init(
        _ schedule: Schedule, @ViewBuilder content: @escaping (TimelineViewDefaultContext) -> Content
    ) {
        self.schedule = schedule
        self.content = content
    }
    public var body: EmptyView { EmptyView() }
}
