import ChatEvents
import ChatJSON
import ChatReducer
import ChatScrollUtilities

/// The view state after one step of a replay: every key that `replay --format jsonl` prints.
///
/// Taking a snapshot costs O(log n + k) for n loaded messages and k pending entrance
/// animations; it never copies the conversation.
public struct ReplaySnapshot: Sendable, Hashable {
    /// The 1-based index of the event just applied; 0 before the first event.
    public var step: Int
    /// The event just applied; `nil` before the first event.
    public var event: ChatEvent?
    /// Who holds the view.
    public var mode: ScrollMode
    /// The modelled offset; `nil` before the geometry is known.
    public var offset: Double?
    /// The content height: messages plus the trailing spacer.
    public var contentHeight: Double
    /// The height of the region the user can see.
    public var visibleHeight: Double
    /// Whether the view is within `atBottomThreshold` of the bottom.
    public var isAtBottom: Bool
    /// Why the offset changed at this step, or `nil` if it did not.
    public var offsetReason: OffsetReason?
    /// The last scroll command issued.
    public var scrollTarget: ScrollCommand?
    /// Incoming messages below the visible region that have not been visible since.
    public var unreadCount: Int
    /// Whether the jump-to-latest button shows.
    public var showJumpToLatest: Bool
    /// Ids whose entrance animation is pending, in message order.
    public var animating: [String]
    /// Whether older history has been requested and has not arrived yet.
    public var isLoadingOlder: Bool
    /// Whether the server has older history.
    public var hasMoreOlder: Bool
    /// The effects this step emitted.
    public var effects: [ChatEffect]
    /// How much more of the scroll view the keyboard covers.
    public var keyboardHeight: Double
    /// Whether the input has focus.
    public var inputFocused: Bool
    /// Whether the user holds the view.
    public var userHoldsView: Bool
    /// The highlighted message.
    public var highlightedID: String?
    /// Layout `top`: the space added below the last message.
    public var trailingSpacer: Double
    /// The number of loaded messages.
    public var messageCount: Int
    /// The diagnostics of this step: empty or one line, the reducer's problems with the event,
    /// then the replay's own (a decreasing `"t"`), joined with `"; "`.
    public var warnings: [String]
    /// The first unread message at open, above which the client draws a divider (v1.1).
    public var unreadDividerID: String?
    /// With read receipts, the newest message the user has seen (v1.1).
    public var readUpTo: String?
    /// Whether the loaded window stops short of the newest message (v1.1).
    public var hasMoreNewer: Bool
    /// Whether newer history has been requested and has not arrived yet (v1.1).
    public var isLoadingNewer: Bool
    /// A requested window of history that has not arrived (v1.1).
    public var pendingWindow: PendingWindow?
    /// The height of the row above the oldest loaded message (v1.2).
    public var headerHeight: Double
    /// The height of the row below the newest message (v1.2).
    public var footerHeight: Double
    /// A restore that waits for the messages (v1.3).
    public var pendingRestore: SavedPosition?

    /// Takes a snapshot of `state` after `event`, the `step`-th event.
    ///
    /// - Parameters:
    ///   - state: The state after the event.
    ///   - step: The 1-based index of the event; 0 for the state before any event.
    ///   - event: The event just applied, or `nil` for the state before any event.
    ///   - extraWarnings: Warnings to report after the reducer's.
    @inline(__always)
    public init(state: ChatState, step: Int, event: ChatEvent?, extraWarnings: [String] = []) {
        self.step = step
        self.event = event
        mode = state.mode
        offset = state.offset
        contentHeight = state.contentHeight
        visibleHeight = state.visibleHeight
        isAtBottom = state.isAtBottom
        offsetReason = state.offsetReason
        scrollTarget = state.scrollTarget
        unreadCount = state.unreadCount
        showJumpToLatest = state.showJumpToLatest
        animating = state.animating
        isLoadingOlder = state.isLoadingOlder
        hasMoreOlder = state.hasMoreOlder
        effects = state.effects
        keyboardHeight = state.keyboardHeight
        inputFocused = state.inputFocused
        userHoldsView = state.userHoldsView
        highlightedID = state.highlightedID
        trailingSpacer = state.trailingSpacer
        messageCount = state.messageCount
        warnings = Self.warnings(reducer: state.warnings, replay: extraWarnings)
        unreadDividerID = state.unreadDividerID
        readUpTo = state.readUpTo
        hasMoreNewer = state.hasMoreNewer
        isLoadingNewer = state.isLoadingNewer
        pendingWindow = state.pendingWindow
        headerHeight = state.headerHeight
        footerHeight = state.footerHeight
        pendingRestore = state.pendingRestore
    }

    /// A step's ``warnings``: one line per event (specification §7), the replay's own findings joined to
    /// the reducer's.
    @inline(__always)
    static func warnings(reducer: [String], replay: [String]) -> [String] {
        if reducer.isEmpty && replay.isEmpty { return [] }
        return [(reducer + replay).joined(separator: "; ")]
    }

    /// The keys of specification §3, in their fixed order: v1's, then v1.1's after `warnings`,
    /// then v1.2's, then v1.3's.
    public static let keys = LineField.ordered.map(\.text)

    /// The snapshot as one line of `replay --format jsonl`, without a line break: every key,
    /// in the order of ``keys``.
    public var jsonLine: String {
        var writer = JSONWriter(reservingCapacity: 640)
        writeJSONLine(to: &writer)
        return writer.output
    }

    /// Appends ``jsonLine`` to `writer`, so that one writer serves many steps; `noting` learns
    /// where each field's value lies in the writer's bytes.
    func writeJSONLine(
        to writer: inout JSONWriter, noting: (_ field: LineField, _ value: Range<Int>) -> Void = { _, _ in }
    ) {
        writer.beginObject()
        for field in LineField.ordered {
            writer.key(literal: field.key)
            let start = writer.count
            writeValue(of: field, to: &writer)
            noting(field, start..<writer.count)
        }
        writer.endObject()
    }

    /// The keys of a JSON line (specification §3), in order.
    package enum LineField: Int, CaseIterable {
        case step, event, mode, offset, contentHeight, visibleHeight, isAtBottom, offsetReason, scrollTarget
        case unreadCount, showJumpToLatest, animating, isLoadingOlder, hasMoreOlder, effects, keyboardHeight
        case inputFocused, userHoldsView, highlightedID, trailingSpacer, messageCount, warnings
        case unreadDividerID, readUpTo, hasMoreNewer, isLoadingNewer, pendingWindow
        case headerHeight, footerHeight
        case pendingRestore

        /// Every field in order, computed once.
        package static let ordered = allCases

        /// The field's key, as a `String`.
        var text: String { key.withUTF8Buffer { String(decoding: $0, as: UTF8.self) } }

        /// The field's key.
        var key: StaticString {
            switch self {
            case .step: "step"
            case .event: "event"
            case .mode: "mode"
            case .offset: "offset"
            case .contentHeight: "contentHeight"
            case .visibleHeight: "visibleHeight"
            case .isAtBottom: "isAtBottom"
            case .offsetReason: "offsetReason"
            case .scrollTarget: "scrollTarget"
            case .unreadCount: "unreadCount"
            case .showJumpToLatest: "showJumpToLatest"
            case .animating: "animating"
            case .isLoadingOlder: "isLoadingOlder"
            case .hasMoreOlder: "hasMoreOlder"
            case .effects: "effects"
            case .keyboardHeight: "keyboardHeight"
            case .inputFocused: "inputFocused"
            case .userHoldsView: "userHoldsView"
            case .highlightedID: "highlightedID"
            case .trailingSpacer: "trailingSpacer"
            case .messageCount: "messageCount"
            case .warnings: "warnings"
            case .unreadDividerID: "unreadDividerID"
            case .readUpTo: "readUpTo"
            case .hasMoreNewer: "hasMoreNewer"
            case .isLoadingNewer: "isLoadingNewer"
            case .pendingWindow: "pendingWindow"
            case .headerHeight: "headerHeight"
            case .footerHeight: "footerHeight"
            case .pendingRestore: "pendingRestore"
            }
        }
    }

    /// A value of the line that is a number, a flag or a name (a string that needs no
    /// escaping, or `null`).
    package enum Scalar {
        case integer(Int)
        case number(Double?)
        case flag(Bool)
        case name(String?)

        /// Whether the two show the same: numbers compare as numbers, so 0 equals -0, and
        /// NaN equals NaN.
        @inline(__always)
        func equals(_ other: Scalar) -> Bool {
            switch (self, other) {
            case (.integer(let a), .integer(let b)): a == b
            case (.number(let a?), .number(let b?)): a == b || (a.isNaN && b.isNaN)
            case (.number(nil), .number(nil)): true
            case (.flag(let a), .flag(let b)): a == b
            case (.name(let a), .name(let b)): a == b
            case (.integer, _), (.number, _), (.flag, _), (.name, _): false
            }
        }
    }

    /// The value of `field` when it is a number, a flag or a name; `nil` for the rest.
    @inline(__always)
    package func scalar(_ field: LineField, eventType: ChatEvent.EventType?) -> Scalar? {
        switch field {
        case .step: .integer(step)
        case .event: .name(eventType?.rawValue)
        case .mode: .name(mode.rawValue)
        case .offset: .number(offset)
        case .contentHeight: .number(contentHeight)
        case .visibleHeight: .number(visibleHeight)
        case .isAtBottom: .flag(isAtBottom)
        case .offsetReason: .name(offsetReason?.rawValue)
        case .unreadCount: .integer(unreadCount)
        case .showJumpToLatest: .flag(showJumpToLatest)
        case .isLoadingOlder: .flag(isLoadingOlder)
        case .hasMoreOlder: .flag(hasMoreOlder)
        case .keyboardHeight: .number(keyboardHeight)
        case .inputFocused: .flag(inputFocused)
        case .userHoldsView: .flag(userHoldsView)
        case .trailingSpacer: .number(trailingSpacer)
        case .messageCount: .integer(messageCount)
        case .hasMoreNewer: .flag(hasMoreNewer)
        case .isLoadingNewer: .flag(isLoadingNewer)
        case .headerHeight: .number(headerHeight)
        case .footerHeight: .number(footerHeight)
        case .scrollTarget, .animating, .effects, .highlightedID, .warnings, .unreadDividerID, .readUpTo,
            .pendingWindow, .pendingRestore:
            nil
        }
    }

    /// Writes the value of `field`, as the JSON line holds it.
    func writeValue(of field: LineField, to writer: inout JSONWriter) {
        if let scalar = scalar(field, eventType: event?.type) {
            switch scalar {
            case .integer(let value): writer.integer(value)
            case .number(let value): writer.optional(value)
            case .flag(let value): writer.bool(value)
            case .name(let value): writer.optional(value)
            }
            return
        }
        switch field {
        case .step, .event, .mode, .offset, .contentHeight, .visibleHeight, .isAtBottom, .offsetReason,
            .unreadCount, .showJumpToLatest, .isLoadingOlder, .hasMoreOlder, .keyboardHeight, .inputFocused,
            .userHoldsView, .trailingSpacer, .messageCount, .hasMoreNewer, .isLoadingNewer, .headerHeight,
            .footerHeight:
            // Scalars, written above.
            break
        case .scrollTarget:
            if let command = scrollTarget {
                writer.beginObject()
                writer.key(literal: "seq")
                writer.integer(command.seq)
                writer.key(literal: "kind")
                writer.string(command.kind.rawValue)
                writer.key(literal: "id")
                writer.optional(command.id)
                writer.key(literal: "anchor")
                writer.optional(command.anchor?.rawValue)
                writer.key(literal: "offset")
                writer.optional(command.offset)
                writer.key(literal: "unitAnchorY")
                writer.optional(command.unitAnchorY)
                writer.key(literal: "animated")
                writer.bool(command.animated)
                writer.key(literal: "reason")
                writer.string(command.reason.rawValue)
                writer.endObject()
            } else {
                writer.null()
            }
        case .animating: writer.strings(animating)
        case .effects:
            writer.beginArray()
            // Each effect is `{"type": TYPE, KEY: value}`.
            for effect in effects {
                let (type, key): (String, StaticString) =
                    switch effect {
                    case .loadOlder: ("loadOlder", "before")
                    case .persistPosition: ("persistPosition", "position")
                    case .markRead: ("markRead", "upTo")
                    case .loadNewer: ("loadNewer", "after")
                    case .loadWindow: ("loadWindow", "around")
                    }
                writer.beginObject()
                writer.key(literal: "type")
                writer.string(type)
                writer.key(literal: key)
                switch effect {
                case .loadOlder(let id), .markRead(let id), .loadNewer(let id): writer.string(id)
                case .persistPosition(let position): writer.position(position)
                case .loadWindow(let around): writer.optional(around)
                }
                writer.endObject()
            }
            writer.endArray()
        case .highlightedID: writer.optional(highlightedID)
        case .warnings: writer.strings(warnings)
        case .unreadDividerID: writer.optional(unreadDividerID)
        case .readUpTo: writer.optional(readUpTo)
        case .pendingWindow:
            if let pendingWindow {
                writer.beginObject()
                writer.key(literal: "around")
                writer.optional(pendingWindow.around)
                writer.key(literal: "reason")
                writer.string(pendingWindow.reason.rawValue)
                writer.endObject()
            } else {
                writer.null()
            }
        case .pendingRestore:
            if let pendingRestore { writer.position(pendingRestore) } else { writer.null() }
        }
    }

    /// The snapshot as `replay --format json` prints it: ``jsonLine`` indented by two spaces,
    /// without a final line break.
    public var prettyJSON: String { JSONWriter.indented(jsonLine) }
}

/// Runs events through a `ChatState`, one `ChatState.reduce(_:)` per event, and takes a
/// ``ReplaySnapshot`` after each.
///
/// ```swift
/// var replayer = Replayer(configuration: ChatConfiguration(layout: .top))
/// let snapshot = replayer.apply(LoggedEvent(.viewportChanged(height: 844, insetTop: 91, insetBottom: 83)))
/// snapshot.visibleHeight   // 670
/// ```
public struct Replayer: Sendable {
    /// The state after the last applied event.
    public private(set) var state: ChatState
    /// The number of events applied so far.
    public private(set) var step = 0
    /// The last `"t"` seen, to warn when time goes backwards.
    private var lastTime: Double?

    /// Creates a replayer for an empty conversation with `configuration`.
    public init(configuration: ChatConfiguration = ChatConfiguration()) {
        state = ChatState(configuration: configuration)
    }

    /// The snapshot of the empty conversation before any event: step 0, no event. Timelines
    /// diff the first step against it.
    public var initialSnapshot: ReplaySnapshot {
        ReplaySnapshot(state: ChatState(configuration: state.configuration), step: 0, event: nil)
    }

    /// Applies one logged event and returns the snapshot after it.
    ///
    /// A `"t"` earlier than the previous event's adds a warning such as
    /// `t 3.5 is earlier than the previous event's 4`.
    ///
    /// - Complexity: the reducer's cost for the event, plus O(log n + k) for the snapshot.
    @discardableResult
    public mutating func apply(_ logged: LoggedEvent) -> ReplaySnapshot {
        let extra = advance(logged)
        return ReplaySnapshot(state: state, step: step, event: logged.event, extraWarnings: extra)
    }

    /// Applies one logged event without taking a snapshot; returns the replay's own warnings
    /// of the step (a decreasing `"t"`), which a snapshot would list after the reducer's.
    ///
    /// - Complexity: the reducer's cost for the event.
    mutating func advance(_ logged: LoggedEvent) -> [String] {
        var extra: [String] = []
        if let time = logged.time {
            if let lastTime, time < lastTime {
                extra.append("t \(formatNumber(time)) is earlier than the previous event's \(formatNumber(lastTime))")
            }
            lastTime = time
        }
        step += 1
        state.update(logged.event)
        return extra
    }

    /// Calls `body` with the state, to be read where it lies: `inout` only so that it is
    /// passed by its address (see ``ChatState/viewMetrics``); `body` must not change it.
    mutating func lendState<Result>(_ body: (inout ChatState) -> Result) -> Result {
        body(&state)
    }

    /// Applies one event without a timestamp and returns the snapshot after it.
    @discardableResult
    public mutating func apply(_ event: ChatEvent) -> ReplaySnapshot {
        apply(LoggedEvent(event))
    }
}

extension JSONWriter {
    mutating func optional(_ value: String?) {
        if let value { string(value) } else { null() }
    }

    mutating func optional(_ value: Double?) {
        if let value { number(value) } else { null() }
    }

    /// `{"anchorID", "delta", "wasAtBottom"}`, the anchor `null` when there is none.
    mutating func position(_ position: SavedPosition) {
        beginObject()
        key(literal: "anchorID")
        optional(position.anchorID)
        key(literal: "delta")
        number(position.delta)
        key(literal: "wasAtBottom")
        bool(position.wasAtBottom)
        endObject()
    }

    mutating func strings(_ values: [String]) {
        beginArray()
        for value in values { string(value) }
        endArray()
    }
}
