@_spi(ChatEventFields) import ChatEvents
import ChatJSON
import ChatReducer
import ChatScrollUtilities

/// Renders a replay as the readable timeline that `replay run` prints and golden files hold.
///
/// ```text
/// replay timeline 1
/// config layout=bottom atBottomThreshold=20 jumpToLatestThreshold=200 loadOlderThreshold=800 …
///
/// #1 viewportChanged height=800 insetTop=100 insetBottom=50
///   offset: null -> 0 (viewport)
///   visibleHeight: 0 -> 650
/// ```
///
/// Each step prints its event and only what changed since the previous step, so a step costs
/// O(k) in the pending entrance animations and the size of its event, never in the length of
/// the conversation.
public struct TimelineRenderer: Sendable {
    /// The version on the first line of every timeline: `replay timeline 1`.
    public static let formatVersion = 1

    /// The configuration the timeline replays with.
    public let configuration: ChatConfiguration
    /// The snapshot the next step is compared with.
    private var previous: ReplaySnapshot

    /// Creates a renderer for a replay with `configuration`.
    public init(configuration: ChatConfiguration = ChatConfiguration()) {
        self.configuration = configuration
        previous = Replayer(configuration: configuration).initialSnapshot
    }

    /// The first lines of the timeline: the format version and the configuration with every
    /// key of v1 resolved, and each key of v1.1 that is not its default (so that a timeline
    /// recorded under v1 stays the same), each line ending in a line break.
    public var header: String {
        let config = configuration
        let defaults = ChatConfiguration()
        var line = """
            config layout=\(config.layout.rawValue) atBottomThreshold=\(formatNumber(config.atBottomThreshold)) \
            jumpToLatestThreshold=\(formatNumber(config.jumpToLatestThreshold)) \
            loadOlderThreshold=\(formatNumber(config.loadOlderThreshold)) \
            focusScrollsToBottom=\(config.focusScrollsToBottom) pinMargin=\(formatNumber(config.pinMargin)) \
            reduceMotion=\(config.reduceMotion)
            """
        if config.loadNewerThreshold != defaults.loadNewerThreshold {
            line += " loadNewerThreshold=\(formatNumber(config.loadNewerThreshold))"
        }
        if config.readReceipts != defaults.readReceipts { line += " readReceipts=\(config.readReceipts)" }
        if config.windowedHistory != defaults.windowedHistory { line += " windowedHistory=\(config.windowedHistory)" }
        if config.footerReserve != defaults.footerReserve {
            line += " footerReserve=\(formatNumber(config.footerReserve))"
        }
        if config.dividerOnArrival != defaults.dividerOnArrival {
            line += " dividerOnArrival=\(config.dividerOnArrival)"
        }
        return "replay timeline \(Self.formatVersion)\n\(line)\n"
    }

    /// The block of one step: a blank line, `#N <event>`, then one indented line per change
    /// since the previous step rendered (or `  (no change)`), each ending in a line break.
    public mutating func render(_ snapshot: ReplaySnapshot) -> String {
        var output = "\n#\(snapshot.step)"
        if let event = snapshot.event { output += " " + Self.describe(event) }
        output += "\n"
        let changes = Self.changes(from: previous, to: snapshot)
        if changes.isEmpty {
            output += "  (no change)\n"
        } else {
            for line in changes { output += "  \(line)\n" }
        }
        previous = snapshot
        return output
    }

    /// The whole timeline of `events` replayed with `configuration`.
    public static func timeline(of events: [LoggedEvent], configuration: ChatConfiguration = ChatConfiguration())
        -> String
    {
        var renderer = TimelineRenderer(configuration: configuration)
        var replayer = Replayer(configuration: configuration)
        var output = renderer.header
        for event in events { output += renderer.render(replayer.apply(event)) }
        return output
    }

    /// The whole timeline of `log`.
    public static func timeline(of log: ChatLog) -> String {
        timeline(of: log.events, configuration: log.configuration)
    }

    // MARK: Events

    /// An event as the timeline shows it: its type, then its wire keys in wire order as
    /// `key=value` (absent optional keys omitted), such as
    /// `historyLoaded messages=[m1 in 100, m2 out 60] hasMoreOlder=true`.
    public static func describe(_ event: ChatEvent) -> String {
        var fields = FieldText(line: event.type.rawValue)
        event.visitFields(&fields)
        return fields.line
    }

    /// A line of `key=value` parts, one for each field it visits that has a value.
    private struct FieldText: ChatEventFieldVisitor {
        var line: String

        mutating func visit(_ field: ChatEventField) {
            guard let value = field.value else { return }
            if !line.isEmpty { line += " " }
            line += field.key.text
            line += "="
            line += TimelineRenderer.describe(value)
        }
    }

    /// A field's value as the timeline shows it; a saved position as `{anchorID=… delta=… wasAtBottom=…}`.
    private static func describe(_ value: ChatEventFieldValue) -> String {
        switch value {
        case .number(let number):
            return formatNumber(number)
        case .string(let string):
            return text(string)
        case .bool(let bool):
            return String(bool)
        case .direction(let direction):
            return direction.rawValue
        case .messages(let messages):
            return describe(messages)
        case .position(let position):
            var fields = FieldText(line: "")
            position.visitFields(&fields)
            return "{" + fields.line + "}"
        }
    }

    /// A direction in a message list: `in`, `out`, or `system`.
    static func describe(_ direction: MessageDirection) -> String {
        switch direction {
        case .incoming: "in"
        case .outgoing: "out"
        case .system: "system"
        }
    }

    /// Lists of more than this many messages are abbreviated.
    static let messageListLimit = 8

    /// `[m1 in 100, m2 out 60, d1 system 24]`; longer than 8 as `[first 4, …, last 2] (150 messages)`.
    static func describe(_ messages: [ChatMessage]) -> String {
        func item(_ message: ChatMessage) -> String {
            "\(text(message.id)) \(Self.describe(message.direction)) \(formatNumber(message.height))"
        }
        guard messages.count > messageListLimit else {
            return "[" + messages.map(item).joined(separator: ", ") + "]"
        }
        let shown = messages.prefix(4).map(item) + ["…"] + messages.suffix(2).map(item)
        return "[" + shown.joined(separator: ", ") + "] (\(messages.count) messages)"
    }

    /// A string as the timeline shows it: bare, or JSON-quoted when it is empty, could be
    /// read as `null`, or contains whitespace, a control character, a quote, a backslash or
    /// one of `=,[]{}`.
    static func text(_ value: String) -> String {
        // Fast path: printable ASCII other than the special characters needs no Unicode lookups.
        if !value.isEmpty, value != "null",
            value.utf8.allSatisfy({ byte in
                byte > 0x20 && byte < 0x7F && byte != 0x22 && byte != 0x5C && byte != 0x3D && byte != 0x2C
                    && byte != 0x5B && byte != 0x5D && byte != 0x7B && byte != 0x7D
            })
        {
            return value
        }
        let needsQuotes =
            value.isEmpty || value == "null"
            || value.unicodeScalars.contains { scalar in
                scalar.properties.isWhitespace || scalar.properties.generalCategory == .control
                    || "\"\\=,[]{}".unicodeScalars.contains(scalar)
            }
        return needsQuotes ? JSONWriter.quoted(value) : value
    }

    static func text(_ value: String?) -> String { value.map(text) ?? "null" }

    static func number(_ value: Double?) -> String { value.map(formatNumber) ?? "null" }

    // MARK: Changes

    /// The lines that describe what changed from `old` to `new`, in the order of the keys.
    static func changes(from old: ReplaySnapshot, to new: ReplaySnapshot) -> [String] {
        var lines: [String] = []
        // Values are compared before they are formatted, so that an unchanged key costs no
        // formatting; equal numbers always format alike (0 and -0 both as `0`).
        func change(_ field: ReplaySnapshot.LineField, _ before: String, _ after: String) {
            if before != after { lines.append("\(field.text): \(before) -> \(after)") }
        }
        func change(_ field: ReplaySnapshot.LineField, _ before: String?, _ after: String?) {
            if before != after { change(field, text(before), text(after)) }
        }
        for field in ReplaySnapshot.LineField.ordered {
            switch field {
            case .step, .event, .offsetReason:
                // The step's heading shows its number and event; the offset's line its reason.
                continue
            case .offset:
                if old.offset != new.offset {
                    let reason = new.offsetReason.map { " (\($0.rawValue))" } ?? ""
                    lines.append("offset: \(number(old.offset)) -> \(number(new.offset))\(reason)")
                }
            case .scrollTarget:
                if let command = new.scrollTarget, old.scrollTarget != command {
                    lines.append("command: " + describe(command))
                } else if new.scrollTarget == nil, old.scrollTarget != nil {
                    lines.append("command: null")
                }
            case .animating:
                guard old.animating != new.animating else { continue }
                let before = Set(old.animating)
                let after = Set(new.animating)
                let added = new.animating.filter { !before.contains($0) }.map { "+" + text($0) }
                let removed = old.animating.filter { !after.contains($0) }.map { "-" + text($0) }
                if !added.isEmpty || !removed.isEmpty {
                    lines.append("animating: " + (added + removed).joined(separator: " "))
                }
            case .effects:
                for effect in new.effects { lines.append("effect: " + describe(effect)) }
            case .warnings:
                for warning in new.warnings { lines.append("warning: " + warning) }
            case .highlightedID:
                change(field, old.highlightedID, new.highlightedID)
            case .unreadDividerID:
                change(field, old.unreadDividerID, new.unreadDividerID)
            case .readUpTo:
                change(field, old.readUpTo, new.readUpTo)
            case .pendingWindow:
                if old.pendingWindow != new.pendingWindow {
                    change(field, describe(old.pendingWindow), describe(new.pendingWindow))
                }
            case .pendingRestore:
                if old.pendingRestore != new.pendingRestore {
                    change(field, describe(old.pendingRestore), describe(new.pendingRestore))
                }
            case .mode, .contentHeight, .visibleHeight, .isAtBottom, .unreadCount, .showJumpToLatest,
                .isLoadingOlder, .hasMoreOlder, .keyboardHeight, .inputFocused, .userHoldsView, .trailingSpacer,
                .messageCount, .hasMoreNewer, .isLoadingNewer, .headerHeight, .footerHeight:
                guard let before = old.scalar(field, eventType: nil), let after = new.scalar(field, eventType: nil),
                    !before.equals(after)
                else { continue }
                change(field, describe(before), describe(after))
            }
        }
        return lines
    }

    /// A number, a flag or a name as the timeline shows it.
    private static func describe(_ scalar: ReplaySnapshot.Scalar) -> String {
        switch scalar {
        case .integer(let value): String(value)
        case .number(let value): number(value)
        case .flag(let value): String(value)
        case .name(let value): value ?? "null"
        }
    }

    /// `{around=m3 reason=jumpToMessage}`, or `null`.
    static func describe(_ window: PendingWindow?) -> String {
        guard let window else { return "null" }
        return "{around=\(text(window.around)) reason=\(window.reason.rawValue)}"
    }

    /// `{anchorID=m7 delta=25 wasAtBottom=false}` as an event's field shows it, or `null`.
    static func describe(_ position: SavedPosition?) -> String {
        position.map { describe(.position($0)) } ?? "null"
    }

    /// `#SEQ KIND id=ID [anchor=A] offset=X [unitAnchorY=Y] [animated] reason=R`.
    static func describe(_ command: ScrollCommand) -> String {
        var line = "#\(command.seq) \(command.kind.rawValue) id=\(text(command.id))"
        if let anchor = command.anchor { line += " anchor=\(anchor.rawValue)" }
        line += " offset=\(number(command.offset))"
        if let unitAnchorY = command.unitAnchorY { line += " unitAnchorY=\(formatNumber(unitAnchorY))" }
        if command.animated { line += " animated" }
        return line + " reason=\(command.reason.rawValue)"
    }

    /// `loadOlder before=m1`, `persistPosition anchorID=m7 delta=25 wasAtBottom=false`,
    /// `markRead upTo=m9`, `loadNewer after=m40` or `loadWindow around=m3`.
    static func describe(_ effect: ChatEffect) -> String {
        switch effect {
        case .loadOlder(let before):
            return "loadOlder before=\(text(before))"
        case .markRead(let upTo):
            return "markRead upTo=\(text(upTo))"
        case .loadNewer(let after):
            return "loadNewer after=\(text(after))"
        case .loadWindow(let around):
            return "loadWindow around=\(text(around))"
        case .persistPosition(let position):
            return "persistPosition anchorID=\(text(position.anchorID)) delta=\(formatNumber(position.delta)) "
                + "wasAtBottom=\(position.wasAtBottom)"
        }
    }
}
