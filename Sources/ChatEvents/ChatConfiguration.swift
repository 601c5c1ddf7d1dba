/// Which edge of the conversation new content is laid out against.
public enum ChatLayout: String, Sendable, Hashable, Codable, CaseIterable {
    /// Messaging: the newest message sits at the bottom and the view follows it.
    case bottom
    /// Question and answer: a new question is pinned under the top inset and its
    /// answer streams below it without moving it.
    case top
}

/// Tunable behaviour of the reducer, carried in a log's header as `config`.
///
/// Every property has the default of the specification, so `ChatConfiguration()` is the
/// messaging configuration most apps want.
public struct ChatConfiguration: Sendable, Hashable {
    /// The layout; `.bottom` by default.
    public var layout: ChatLayout
    /// Distance from the bottom, in points, within which the view counts as at the bottom; 20.
    public var atBottomThreshold: Double
    /// Distance from the bottom beyond which the jump-to-latest button shows; 200.
    public var jumpToLatestThreshold: Double
    /// Offset at or below which older history is requested; 800.
    public var loadOlderThreshold: Double
    /// Whether focusing the input scrolls a view that is not following to the bottom; false.
    public var focusScrollsToBottom: Bool
    /// Space kept above a pinned question, in points; 0.
    public var pinMargin: Double
    /// Whether every scroll command is issued without animation; false.
    public var reduceMotion: Bool
    /// Distance from the bottom, in points, at or within which newer history is requested
    /// while the loaded window stops short of the newest message; 800.
    public var loadNewerThreshold: Double
    /// Whether the reducer tracks what the user has read and emits `markRead`; false.
    public var readReceipts: Bool
    /// Whether `jumpToMessage` naming a message that is not loaded requests a window of
    /// history around it instead of warning; false.
    public var windowedHistory: Bool
    /// Space kept below the newest message for the footer, in points: the content ends
    /// `max(footerHeight, footerReserve)` below it, so a typing indicator no taller than the
    /// reserve comes and goes without moving anything; 0.
    public var footerReserve: Double
    /// Whether the first incoming message of each new run of unread arrivals gets the "new
    /// messages" divider (``ChatEvent/jumpToUnreadTapped`` jumps to it); false.
    public var dividerOnArrival: Bool

    /// Creates a configuration; every argument defaults to the specification's default.
    public init(
        layout: ChatLayout = .bottom,
        atBottomThreshold: Double = 20,
        jumpToLatestThreshold: Double = 200,
        loadOlderThreshold: Double = 800,
        focusScrollsToBottom: Bool = false,
        pinMargin: Double = 0,
        reduceMotion: Bool = false,
        loadNewerThreshold: Double = 800,
        readReceipts: Bool = false,
        windowedHistory: Bool = false,
        footerReserve: Double = 0,
        dividerOnArrival: Bool = false
    ) {
        self.layout = layout
        self.atBottomThreshold = atBottomThreshold
        self.jumpToLatestThreshold = jumpToLatestThreshold
        self.loadOlderThreshold = loadOlderThreshold
        self.focusScrollsToBottom = focusScrollsToBottom
        self.pinMargin = pinMargin
        self.reduceMotion = reduceMotion
        self.loadNewerThreshold = loadNewerThreshold
        self.readReceipts = readReceipts
        self.windowedHistory = windowedHistory
        self.footerReserve = footerReserve
        self.dividerOnArrival = dividerOnArrival
    }
}

/// The optional first line of a log: `{"chatlog": 1, "config": {...}}`.
public struct ChatLogHeader: Sendable, Hashable {
    /// The only log format version this package reads and writes.
    public static let currentVersion = 1

    /// The log format version; always ``currentVersion`` for a decoded header.
    public var version: Int
    /// The configuration the events were recorded with.
    public var configuration: ChatConfiguration
    /// Free-form string metadata (`"meta"`), such as the app and package version.
    public var metadata: [String: String]

    /// Creates a header.
    public init(
        version: Int = ChatLogHeader.currentVersion,
        configuration: ChatConfiguration = ChatConfiguration(),
        metadata: [String: String] = [:]
    ) {
        self.version = version
        self.configuration = configuration
        self.metadata = metadata
    }
}
