import ChatEvents
import ChatLogFormat
import ChatReducer
import ChatScrollUtilities

/// The viewport drawn as plain text, one frame per step: `replay run LOG --frames`.
///
/// The frame is the scroll view's whole height, top to bottom, one row per
/// ``pointsPerRow`` points: the top inset, the visible region with the messages in it
/// (incoming ids left-aligned, outgoing right-aligned, system rows such as date separators
/// centred between dashes, a bar down the rows each one covers; the header above the oldest
/// message as `~`, the footer below the newest as `.`), the keyboard and the bottom inset.
/// The jump-to-latest button shows on the last visible row; a status line gives the mode, the
/// offset and what else is going on.
///
/// ```text
/// #47 jumpToLatestTapped
/// +------------------------------------------------------------+
/// |::::::::::::::::::::::: top inset 91 :::::::::::::::::::::::|
/// | [ m165                                                     |
/// | [                                                          |
/// |                                                     m166 ] |
/// ...
/// |####################### bottom inset 83 ####################|
/// +------------------------------------------------------------+
///  following  offset 5108/5108  content 5778  visible 670
/// ```
///
/// A frame reads the visible messages only (`ChatState.visibleMessages`), so its cost does
/// not depend on the length of the conversation.
public struct ViewportFrame: Sendable {
    /// The width of the frame's inside, in columns.
    public static let width = 60
    /// The points each row stands for.
    public static let pointsPerRow = 40.0
    /// The most rows a frame draws; a taller viewport is drawn with proportionally taller rows.
    public static let maxRows = 40

    /// Draws the frame of `state`, after `snapshot`'s step, ending in a line break.
    public static func draw(_ snapshot: ReplaySnapshot, state: ChatState) -> String {
        let width = Self.width
        var lines: [String] = []
        let heading = "#\(snapshot.step) " + (snapshot.event.map(TimelineRenderer.describe) ?? "")
        lines.append(clip(heading, width + 2))
        let border = "+" + String(repeating: "-", count: width) + "+"
        lines.append(border)

        guard let viewport = state.viewportHeight, let offset = snapshot.offset else {
            lines.append("|" + centered(" geometry unknown ", width: width, fill: " ") + "|")
            lines.append(border)
            lines.append(" " + status(snapshot))
            return lines.joined(separator: "\n") + "\n"
        }

        var rowHeight = pointsPerRow
        var rows = max(1, Int((viewport / rowHeight).rounded(.up)))
        if rows > maxRows {
            rows = maxRows
            rowHeight = viewport / Double(maxRows)
        }
        let insetTop = min(state.insetTop, viewport)
        let visibleEnd = insetTop + snapshot.visibleHeight
        let keyboardEnd = visibleEnd + snapshot.keyboardHeight
        let visible = state.visibleMessages
        let header = 0..<snapshot.headerHeight
        let footerTop = state.footerTop
        let footer = footerTop..<(footerTop + snapshot.footerHeight)
        var labelled = Set<String>()
        var lastVisibleRow: Int?
        var body: [String] = []
        var labelledRegions = Set<String>()
        /// A band for a region that is not a message, labelled on its first row only.
        func band(_ name: String, _ height: Double, fill: Character, width: Int = width) -> String {
            let label = labelledRegions.insert(name).inserted ? " \(name) \(formatNumber(height)) " : ""
            return centered(label, width: width, fill: fill)
        }

        for row in 0..<rows {
            let start = Double(row) * rowHeight
            let middle = start + rowHeight / 2
            if middle < insetTop {
                body.append(band("top inset", state.insetTop, fill: ":"))
            } else if middle < visibleEnd {
                lastVisibleRow = body.count
                // Content covered by this row.
                // (clipped to the visible region, whose edges need not fall on row edges).
                let from = offset + max(0, start - insetTop)
                let to = offset + min(snapshot.visibleHeight, start + rowHeight - insetTop)
                var incoming: [String]?
                var outgoing: [String]?
                var system: [String]?
                for (message, top) in visible where top < to && top + message.height > from {
                    var marks =
                        switch message.direction {
                        case .incoming: incoming ?? []
                        case .outgoing: outgoing ?? []
                        case .system: system ?? []
                        }
                    if !labelled.contains(message.id) {
                        labelled.insert(message.id)
                        var mark = message.id
                        if message.id == snapshot.highlightedID { mark = "*" + mark + "*" }
                        // The "new messages" divider sits inside the first unread message's row.
                        if message.id == snapshot.unreadDividerID { mark = "--new-- " + mark }
                        if snapshot.animating.contains(message.id) { mark += "+" }
                        marks.append(mark)
                    }
                    switch message.direction {
                    case .incoming: incoming = marks
                    case .outgoing: outgoing = marks
                    case .system: system = marks
                    }
                }
                let left = incoming.map { (["["] + $0).joined(separator: " ") } ?? ""
                let right = outgoing.map { ($0 + ["]"]).joined(separator: " ") } ?? ""
                if let system, incoming == nil, outgoing == nil {
                    let label = system.isEmpty ? "" : " " + system.joined(separator: " ") + " "
                    body.append(" " + centered(label, width: width - 2, fill: "-") + " ")
                } else if incoming == nil, outgoing == nil, header.overlaps(from..<to) {
                    body.append(" " + band("header", snapshot.headerHeight, fill: "~", width: width - 2) + " ")
                } else if incoming == nil, outgoing == nil, footer.overlaps(from..<to) {
                    body.append(" " + band("footer", snapshot.footerHeight, fill: ".", width: width - 2) + " ")
                } else {
                    let left =
                        system.flatMap { $0.isEmpty ? nil : left + " -" + $0.joined(separator: " ") + "-" } ?? left
                    body.append(" " + join(left, right, width: width - 2) + " ")
                }
            } else if middle < keyboardEnd {
                body.append(band("keyboard", snapshot.keyboardHeight, fill: "="))
            } else {
                body.append(band("bottom inset", state.insetBottom, fill: "#"))
            }
        }
        if snapshot.showJumpToLatest, let row = lastVisibleRow {
            let button = snapshot.unreadCount > 0 ? "[v latest (\(snapshot.unreadCount))]" : "[v latest]"
            var characters = Array(body[row])
            let start = width - button.count - 3
            if start > 0 {
                characters.replaceSubrange(start..<(start + button.count), with: Array(button))
                body[row] = String(characters)
            }
        }
        for line in body { lines.append("|" + line + "|") }
        lines.append(border)
        lines.append(" " + status(snapshot, maxOffset: state.maxOffset))
        return lines.joined(separator: "\n") + "\n"
    }

    /// The status line: mode, offset, heights, and what else holds.
    static func status(_ snapshot: ReplaySnapshot, maxOffset: Double? = nil) -> String {
        var parts = [snapshot.mode.rawValue]
        if let offset = snapshot.offset {
            parts.append("offset \(formatNumber(rounded(offset)))/\(formatNumber(rounded(maxOffset ?? offset)))")
        } else {
            parts.append("offset null")
        }
        if let reason = snapshot.offsetReason { parts.append("(\(reason.rawValue))") }
        parts.append("content \(formatNumber(rounded(snapshot.contentHeight)))")
        parts.append("visible \(formatNumber(rounded(snapshot.visibleHeight)))")
        if snapshot.userHoldsView { parts.append("held") }
        if snapshot.unreadCount > 0 { parts.append("unread \(snapshot.unreadCount)") }
        if let readUpTo = snapshot.readUpTo { parts.append("read to \(TimelineRenderer.text(readUpTo))") }
        if snapshot.hasMoreNewer { parts.append(snapshot.isLoadingNewer ? "more newer (loading)" : "more newer") }
        if let window = snapshot.pendingWindow {
            parts.append("window pending around \(TimelineRenderer.text(window.around))")
        }
        if let restore = snapshot.pendingRestore {
            parts.append("restore waiting at \(TimelineRenderer.text(restore.anchorID))")
        }
        if let command = snapshot.scrollTarget {
            parts.append("last command #\(command.seq) \(command.reason.rawValue)")
        }
        var line = parts.joined(separator: "  ")
        for effect in snapshot.effects { line += "\n effect: " + TimelineRenderer.describe(effect) }
        for warning in snapshot.warnings { line += "\n warning: " + warning }
        return line
    }

    static func rounded(_ value: Double) -> Double { (value * 10).rounded() / 10 }

    static func centered(_ text: String, width: Int, fill: Character) -> String {
        let text = clip(text, width)
        let padding = width - text.count
        let before = padding / 2
        return String(repeating: fill, count: before) + text + String(repeating: fill, count: padding - before)
    }

    static func join(_ left: String, _ right: String, width: Int) -> String {
        var left = left
        var right = right
        if left.count + right.count + 1 > width {
            let room = max(0, width - 1)
            left = clip(left, room / 2)
            right = String(right.suffix(room - left.count))
        }
        return left + String(repeating: " ", count: width - left.count - right.count) + right
    }

    static func clip(_ text: String, _ width: Int) -> String {
        text.count <= width ? text : String(text.prefix(max(0, width - 1))) + "…"
    }
}

extension Replay {
    /// Replays the log at `path` and hands `write` one ``ViewportFrame`` per step, each
    /// followed by an empty line: `replay run LOG --frames`.
    ///
    /// - Throws: ``LogReadError`` when the file cannot be read or a line cannot be decoded.
    public static func runFrames(
        log path: String, skipInvalidLines: Bool = false,
        onSkip: @escaping (LogReadError) -> Void = { _ in }, write: (String) -> Void
    ) throws(LogReadError) {
        let reader = try ChatLogReader(contentsOf: path, skipInvalidLines: skipInvalidLines, onSkip: onSkip)
        var replayer = Replayer(configuration: reader.configuration)
        while let event = try reader.next() {
            let snapshot = replayer.apply(event)
            write(ViewportFrame.draw(snapshot, state: replayer.state) + "\n")
        }
    }
}
