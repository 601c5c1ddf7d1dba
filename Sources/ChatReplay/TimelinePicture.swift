import ChatEvents
import ChatJSON
import ChatLogFormat
import ChatReducer
import ChatScrollUtilities

/// A picture of a whole replay: `replay render --svg` and `--html`.
///
/// Steps (or seconds, with ``Options/timeAxis``) run across; content coordinates run down,
/// with the content's top at the top. The vertical scale is fixed for the whole picture: the
/// largest extent any step reaches (its content height, or the bottom of its visible window
/// plus the keyboard) fills the chart height, so heights compare across steps.
///
/// Each step draws:
/// - the content height, as the outline of a grey area;
/// - the visible window `[offset, offset + visibleHeight)` as a band coloured by the mode
///   (following, detached, pinned);
/// - the keyboard as a shaded band below the visible window;
/// - the header above the oldest message, the footer below the newest and the system rows near
///   the window (specification §12: a spinner, a typing indicator, date separators) as gold
///   bands where they lie in the content;
/// - the boundaries of the messages that overlap the visible window, as thin lines (at most
///   ``maxBoundariesPerStep``, so the cost of a step does not depend on the conversation's length);
/// - a labelled marker for every scroll command, with its reason, and a tick in the target offset;
/// - ticks for effects and warnings, and a bar while the user holds the view.
///
/// ```swift
/// var picture = TimelinePicture(title: "messaging.jsonl")
/// var replayer = Replayer()
/// for event in events { picture.add(replayer.apply(event), state: replayer.state, time: event.time) }
/// let svg = picture.svg()
/// ```
public struct TimelinePicture: Sendable {
    /// How the picture is laid out.
    public struct Options: Sendable, Hashable {
        /// How content coordinates map to the picture's height.
        public enum VerticalScale: String, Sendable, Hashable, CaseIterable {
            /// ``content`` unless the visible window would be thinner than 12 pixels there and
            /// the window stays within half of the content; then ``window``.
            case auto
            /// From 0 to the largest extent any step reaches: heights compare across steps.
            case content
            /// From the top of the highest visible window to the bottom of the lowest one (with
            /// the keyboard), plus a margin: long conversations read well; the content outline
            /// is cut off where it leaves that range.
            case window
        }

        /// How content coordinates map to the picture's height.
        public var verticalScale: VerticalScale
        /// Place steps by their `"t"` instead of one column per step. Events without `"t"`
        /// take the previous event's time.
        public var timeAxis: Bool
        /// The height of the chart area, in pixels.
        public var chartHeight: Double

        /// Creates options.
        public init(timeAxis: Bool = false, verticalScale: VerticalScale = .auto, chartHeight: Double = 520) {
            self.timeAxis = timeAxis
            self.verticalScale = verticalScale
            self.chartHeight = chartHeight
        }
    }

    /// The most message boundaries drawn in one step.
    public static let maxBoundariesPerStep = 40

    /// What the picture keeps of one step.
    struct Step: Sendable {
        var step: Int
        var time: Double?
        var title: String
        var mode: ScrollMode
        var offset: Double?
        var contentHeight: Double
        var visibleHeight: Double
        var keyboardHeight: Double
        var held: Bool
        var command: ScrollCommand?
        var effects: [String]
        var warnings: [String]
        var boundaries: [Double]
        var jsonLine: String?
        var headerHeight: Double = 0
        var footerTop: Double = 0
        var footerHeight: Double = 0
        /// The system rows that overlap the visible window: top and height.
        var systemRows: [(top: Double, height: Double)] = []
        /// A restore that waits for the messages (specification §13).
        var pendingRestore: SavedPosition?
    }

    /// The title drawn above the chart.
    public var title: String
    /// The layout options.
    public var options: Options
    /// Whether ``add(_:state:time:)`` keeps each step's state as JSON for ``html()``.
    public var keepsStateJSON: Bool
    var steps: [Step] = []
    var lastSeq: Int?

    /// Creates an empty picture.
    ///
    /// - Parameters:
    ///   - title: Drawn above the chart; usually the log's file name.
    ///   - options: The layout.
    ///   - keepsStateJSON: Keep every step's ``ReplaySnapshot/jsonLine`` for ``html()``.
    public init(title: String, options: Options = Options(), keepsStateJSON: Bool = true) {
        self.title = title
        self.options = options
        self.keepsStateJSON = keepsStateJSON
    }

    /// The number of steps added.
    public var stepCount: Int { steps.count }

    /// The number of scroll commands among the steps added: one marker each.
    public var commandCount: Int { steps.reduce(0) { $0 + ($1.command == nil ? 0 : 1) } }

    /// Adds the step `snapshot` was taken after; `state` is the state it was taken from.
    ///
    /// - Complexity: O(k log n) for the k messages that overlap the visible window (at most
    ///   ``maxBoundariesPerStep`` are kept), plus the snapshot's JSON when kept.
    public mutating func add(_ snapshot: ReplaySnapshot, state: ChatState, time: Double? = nil) {
        var command: ScrollCommand?
        if let target = snapshot.scrollTarget, target.seq != lastSeq {
            command = target
            lastSeq = target.seq
        }
        var boundaries: [Double] = []
        var systemRows: [(top: Double, height: Double)] = []
        if let offset = snapshot.offset {
            let end = offset + snapshot.visibleHeight
            for (message, top) in state.visibleMessages.prefix(Self.maxBoundariesPerStep) {
                if message.direction == .system { systemRows.append((top, message.height)) }
                if top >= offset { boundaries.append(top) }
                let bottom = top + message.height
                if bottom < end { boundaries.append(bottom) }
            }
        }
        let title = "#\(snapshot.step) " + (snapshot.event.map(TimelineRenderer.describe) ?? "")
        steps.append(
            Step(
                step: snapshot.step, time: time ?? steps.last?.time, title: title, mode: snapshot.mode,
                offset: snapshot.offset, contentHeight: snapshot.contentHeight,
                visibleHeight: snapshot.visibleHeight, keyboardHeight: snapshot.keyboardHeight,
                held: snapshot.userHoldsView, command: command,
                effects: snapshot.effects.map(TimelineRenderer.describe), warnings: snapshot.warnings,
                boundaries: boundaries, jsonLine: keepsStateJSON ? snapshot.jsonLine : nil,
                headerHeight: snapshot.headerHeight, footerTop: state.footerTop, footerHeight: snapshot.footerHeight,
                systemRows: systemRows, pendingRestore: snapshot.pendingRestore))
    }

    /// Replays the log at `path` into a picture titled with its file name.
    ///
    /// - Throws: ``LogReadError`` when the file cannot be read or a line cannot be decoded.
    public static func replaying(
        log path: String, options: Options = Options(), keepsStateJSON: Bool = true,
        skipInvalidLines: Bool = false, onSkip: @escaping (LogReadError) -> Void = { _ in }
    ) throws(LogReadError) -> TimelinePicture {
        let reader = try ChatLogReader(contentsOf: path, skipInvalidLines: skipInvalidLines, onSkip: onSkip)
        let name = path.split(separator: "/").last.map(String.init) ?? path
        var picture = TimelinePicture(title: name, options: options, keepsStateJSON: keepsStateJSON)
        var replayer = Replayer(configuration: reader.configuration)
        while let event = try reader.next() {
            let snapshot = replayer.apply(event)
            picture.add(snapshot, state: replayer.state, time: event.time)
        }
        return picture
    }

    // MARK: Layout

    static let left = 64.0
    static let right = 24.0
    static let titleHeight = 56.0
    static let labelLane = 150.0
    static let tickLane = 14.0
    static let axisHeight = 40.0

    struct Layout {
        var xs: [Double]
        var widths: [Double]
        var chartWidth: Double
        var scale: Double
        var maxExtent: Double
        /// The content coordinate at the chart's top.
        var origin: Double
        /// The content coordinate at the chart's bottom.
        var bottom: Double
        var followsWindow: Bool
        var chartTop: Double
        var chartHeight: Double
        var width: Double
        var height: Double
        var effectsY: Double
        var warningsY: Double
        var heldY: Double
        var usesTime: Bool

        func y(_ content: Double) -> Double { chartTop + (content - origin) * scale }
    }

    func layout() -> Layout {
        let count = max(steps.count, 1)
        let columnWidth = min(20, max(3, 1100 / Double(count)))
        var chartWidth = max(480, columnWidth * Double(count))
        var xs: [Double] = []
        var widths: [Double] = []
        let times = steps.compactMap(\.time)
        let usesTime = options.timeAxis && !times.isEmpty && (times.max()! > times.min()!)
        if usesTime {
            let start = times.min()!
            let span = times.max()! - start
            chartWidth = max(chartWidth, 900)
            // The last step gets the mean width of a step.
            let perSecond = chartWidth / (span * (1 + 1 / Double(count)))
            xs = steps.map { Self.left + (($0.time ?? start) - start) * perSecond }
            for index in xs.indices {
                let next = index + 1 < xs.count ? xs[index + 1] : Self.left + chartWidth
                widths.append(max(0, next - xs[index]))
            }
        } else {
            let width = chartWidth / Double(count)
            xs = steps.indices.map { Self.left + Double($0) * width }
            widths = Array(repeating: width, count: steps.count)
        }
        var maxExtent = 1.0
        for step in steps {
            maxExtent = max(maxExtent, step.contentHeight)
            if let offset = step.offset {
                maxExtent = max(maxExtent, offset + step.visibleHeight + step.keyboardHeight)
            }
        }
        let chartTop = Self.titleHeight + Self.labelLane + 3 * Self.tickLane + 8
        let chartHeight = options.chartHeight
        // The range the visible windows cover, and how thin a typical window is at full scale.
        var windowTop = Double.infinity
        var windowBottom = -Double.infinity
        var visibleHeights: [Double] = []
        // Steps whose content does not fill the window (before the history arrives) would pull
        // the range up to 0; they count only when no step scrolls.
        let scrolls = steps.contains { $0.offset != nil && $0.contentHeight > $0.visibleHeight }
        for step in steps where !scrolls || step.contentHeight > step.visibleHeight {
            guard let offset = step.offset else { continue }
            windowTop = min(windowTop, offset)
            windowBottom = max(windowBottom, offset + step.visibleHeight + step.keyboardHeight)
            visibleHeights.append(step.visibleHeight)
        }
        var origin = 0.0
        var bottom = maxExtent
        var followsWindow = false
        if windowTop <= windowBottom {
            visibleHeights.sort()
            let typical = visibleHeights[visibleHeights.count / 2]
            let thin = typical * chartHeight / maxExtent < 12
            let narrow = windowBottom - windowTop < maxExtent / 2
            if options.verticalScale == .window || (options.verticalScale == .auto && thin && narrow) {
                let margin = max(40, (windowBottom - windowTop) * 0.05)
                origin = max(0, (windowTop - margin).rounded(.down))
                bottom = min(maxExtent, (windowBottom + margin).rounded(.up))
                if bottom <= origin { bottom = origin + 1 }
                followsWindow = true
            }
        }
        return Layout(
            xs: xs, widths: widths, chartWidth: chartWidth, scale: chartHeight / (bottom - origin),
            maxExtent: maxExtent, origin: origin, bottom: bottom, followsWindow: followsWindow,
            chartTop: chartTop, chartHeight: chartHeight,
            width: Self.left + chartWidth + Self.right,
            height: chartTop + chartHeight + Self.axisHeight,
            effectsY: Self.titleHeight + Self.labelLane + 2,
            warningsY: Self.titleHeight + Self.labelLane + Self.tickLane + 2,
            heldY: Self.titleHeight + Self.labelLane + 2 * Self.tickLane + 2, usesTime: usesTime)
    }

    // MARK: SVG

    static let modeColors: [(ScrollMode, String)] = [
        (.following, "#3b82c4"), (.detached, "#e0892b"), (.pinned, "#8a4fc7"),
    ]

    static func color(of mode: ScrollMode) -> String {
        modeColors.first { $0.0 == mode }!.1
    }

    /// The picture as a standalone SVG document.
    ///
    /// Elements carry classes a reader or a test can find: `content-outline`, `visible-band`
    /// (and `mode-following`, `mode-detached`, `mode-pinned`), `keyboard-band`, `boundaries`,
    /// `command-marker` (one per command, with `data-step`, `data-seq` and `data-reason`),
    /// `effect-tick`, `warning-tick`, `held-bar`, and `hit` (one per step, with `data-step`).
    public func svg() -> String {
        var out = ""
        writeSVG(to: &out)
        return out
    }

    func writeSVG(to out: inout String) {
        let layout = layout()
        let w = fmt(layout.width)
        let h = fmt(layout.height)
        out += """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(w)" height="\(h)" viewBox="0 0 \(w) \(h)" \
            font-family="Helvetica, Arial, sans-serif" font-size="11" class="timeline-picture">

            """
        out += """
            <style>
            .hit { fill: transparent; } .hit:hover, .hit.current { fill: rgba(0,0,0,0.08); }
            .label { fill: #333; } .muted { fill: #777; }
            </style>

            """
        out += "<rect x=\"0\" y=\"0\" width=\"\(w)\" height=\"\(h)\" fill=\"#ffffff\"/>\n"
        writeHeader(layout, to: &out)
        out +=
            "<clipPath id=\"chart-area\"><rect x=\"\(fmt(Self.left))\" y=\"\(fmt(layout.chartTop))\" "
            + "width=\"\(fmt(layout.chartWidth))\" height=\"\(fmt(layout.chartHeight))\"/></clipPath>\n"
        out +=
            "<rect x=\"\(fmt(Self.left))\" y=\"\(fmt(layout.chartTop))\" width=\"\(fmt(layout.chartWidth))\" "
            + "height=\"\(fmt(layout.chartHeight))\" fill=\"#ffffff\" stroke=\"#cccccc\"/>\n"
        out += "<g clip-path=\"url(#chart-area)\">\n"
        writeContent(layout, to: &out)
        writeBands(layout, to: &out)
        writeBoundaries(layout, to: &out)
        out += "</g>\n"
        writeTicks(layout, to: &out)
        writeCommands(layout, to: &out)
        writeAxes(layout, to: &out)
        out += "<g class=\"hits\">\n"
        for (index, step) in steps.enumerated() {
            let top = Self.titleHeight + Self.labelLane
            out +=
                "<rect class=\"hit\" data-step=\"\(step.step)\" x=\"\(fmt(layout.xs[index]))\" y=\"\(fmt(top))\" "
                + "width=\"\(fmt(max(layout.widths[index], 2)))\" "
                + "height=\"\(fmt(layout.height - top - Self.axisHeight))\">"
                + "<title>\(xmlEscaped(hoverText(step)))</title></rect>\n"
        }
        out += "</g>\n</svg>\n"
    }

    func hoverText(_ step: Step) -> String {
        var lines = [
            step.title,
            "mode \(step.mode.rawValue), offset \(step.offset.map(fmt) ?? "null"), "
                + "content \(fmt(step.contentHeight)), visible \(fmt(step.visibleHeight))",
        ]
        if let command = step.command { lines.append("command: " + TimelineRenderer.describe(command)) }
        if let restore = step.pendingRestore {
            lines.append("restore waiting: " + TimelineRenderer.describe(restore))
        }
        lines += step.effects.map { "effect: " + $0 }
        lines += step.warnings.map { "warning: " + $0 }
        return lines.joined(separator: "\n")
    }

    func writeHeader(_ layout: Layout, to out: inout String) {
        out +=
            "<text x=\"\(fmt(Self.left))\" y=\"22\" font-size=\"16\" font-weight=\"bold\" class=\"label\">"
            + "\(xmlEscaped(title))</text>\n"
        let axis = layout.usesTime ? "seconds across" : "steps across"
        out +=
            "<text x=\"\(fmt(Self.left))\" y=\"40\" class=\"muted\">\(steps.count) steps, "
            + "\(commandCount) commands; \(axis), content offset down ("
            + (layout.followsWindow
                ? "following the visible window: \(fmt(layout.origin)) to \(fmt(layout.bottom)) "
                    + "of \(fmt(layout.maxExtent)) pt, "
                : "0 at the top, ")
            + "scale 1 px = \(fmt(1 / layout.scale)) pt)</text>\n"
        // The legend, right-aligned on the title line.
        var items: [(String, String)] = Self.modeColors.map {
            ($0.0.rawValue, "<rect width=\"14\" height=\"10\" y=\"-9\" fill=\"\($0.1)\" fill-opacity=\"0.75\"/>")
        }
        items.append(("keyboard", "<rect width=\"14\" height=\"10\" y=\"-9\" fill=\"#444\" fill-opacity=\"0.35\"/>"))
        items.append(("content", "<rect width=\"14\" height=\"10\" y=\"-9\" fill=\"#e2e2e2\" stroke=\"#8a8a8a\"/>"))
        if steps.contains(where: { $0.headerHeight > 0 || $0.footerHeight > 0 || !$0.systemRows.isEmpty }) {
            items.append(
                ("not messages", "<rect width=\"14\" height=\"10\" y=\"-9\" fill=\"#b8860b\" fill-opacity=\"0.45\"/>"))
        }
        items.append(("command", "<path d=\"M7 -10 L13 -2 L1 -2 Z\" fill=\"#c0392b\"/>"))
        items.append(("effect", "<rect x=\"6\" width=\"2\" height=\"10\" y=\"-9\" fill=\"#2e8b57\"/>"))
        items.append(("warning", "<rect x=\"6\" width=\"2\" height=\"10\" y=\"-9\" fill=\"#d62728\"/>"))
        items.append(("held", "<rect width=\"14\" height=\"4\" y=\"-6\" fill=\"#555\"/>"))
        let itemWidth = 82.0
        var x = max(Self.left + 420, layout.width - Self.right - itemWidth * Double(items.count))
        out += "<g class=\"legend\">\n"
        for (name, swatch) in items {
            out +=
                "<g transform=\"translate(\(fmt(x)),22)\">\(swatch)"
                + "<text x=\"18\" class=\"label\">\(name)</text></g>\n"
            x += itemWidth
        }
        out += "</g>\n"
    }

    func writeContent(_ layout: Layout, to out: inout String) {
        guard !steps.isEmpty else { return }
        // One stepped outline: along the content's bottom edge, back along its top.
        var path = "M\(fmt(layout.xs[0])) \(fmt(layout.y(0)))"
        for (index, step) in steps.enumerated() {
            let y = fmt(layout.y(step.contentHeight))
            path += " V\(y) H\(fmt(layout.xs[index] + layout.widths[index]))"
        }
        path += " V\(fmt(layout.y(0))) Z"
        out +=
            "<path class=\"content-outline\" d=\"\(path)\" fill=\"#e2e2e2\" stroke=\"#8a8a8a\" stroke-width=\"1\"/>\n"
    }

    func writeBands(_ layout: Layout, to out: inout String) {
        out += "<g class=\"bands\" shape-rendering=\"crispEdges\">\n"
        for (index, step) in steps.enumerated() {
            let x = fmt(layout.xs[index])
            let width = fmt(layout.widths[index])
            let rows = step.systemRows.map { ("system-row", $0.top, $0.height) }
            for (name, top, height) in [
                ("header-band", 0, step.headerHeight), ("footer-band", step.footerTop, step.footerHeight),
            ] + rows where height > 0 {
                out +=
                    "<rect class=\"\(name)\" x=\"\(x)\" y=\"\(fmt(layout.y(top)))\" width=\"\(width)\" "
                    + "height=\"\(fmt(max(height * layout.scale, 1)))\" fill=\"#b8860b\" fill-opacity=\"0.45\"/>\n"
            }
        }
        for (index, step) in steps.enumerated() {
            guard let offset = step.offset else { continue }
            let x = fmt(layout.xs[index])
            let width = fmt(layout.widths[index])
            let top = layout.y(offset)
            let height = step.visibleHeight * layout.scale
            out +=
                "<rect class=\"visible-band mode-\(step.mode.rawValue)\" x=\"\(x)\" y=\"\(fmt(top))\" "
                + "width=\"\(width)\" height=\"\(fmt(max(height, 1)))\" fill=\"\(Self.color(of: step.mode))\" "
                + "fill-opacity=\"0.7\"/>\n"
            if step.keyboardHeight > 0 {
                out +=
                    "<rect class=\"keyboard-band\" x=\"\(x)\" y=\"\(fmt(top + height))\" width=\"\(width)\" "
                    + "height=\"\(fmt(step.keyboardHeight * layout.scale))\" fill=\"#444\" fill-opacity=\"0.35\"/>\n"
            }
        }
        out += "</g>\n"
    }

    func writeBoundaries(_ layout: Layout, to out: inout String) {
        var path = ""
        for (index, step) in steps.enumerated() where !step.boundaries.isEmpty {
            let x = fmt(layout.xs[index])
            let width = fmt(layout.widths[index])
            for boundary in step.boundaries {
                path += "M\(x) \(fmt(layout.y(boundary)))h\(width)"
            }
        }
        guard !path.isEmpty else { return }
        out +=
            "<path class=\"boundaries\" d=\"\(path)\" stroke=\"#ffffff\" stroke-opacity=\"0.9\" "
            + "stroke-width=\"0.75\" fill=\"none\"/>\n"
    }

    func writeTicks(_ layout: Layout, to out: inout String) {
        let laneLeft = fmt(Self.left - 6)
        out += "<g class=\"lanes\" text-anchor=\"end\">"
        out += "<text x=\"\(laneLeft)\" y=\"\(fmt(layout.effectsY + 9))\" class=\"muted\">effects</text>"
        out += "<text x=\"\(laneLeft)\" y=\"\(fmt(layout.warningsY + 9))\" class=\"muted\">warnings</text>"
        out += "<text x=\"\(laneLeft)\" y=\"\(fmt(layout.heldY + 9))\" class=\"muted\">held</text></g>\n"
        out += "<g class=\"ticks\">\n"
        for (index, step) in steps.enumerated() {
            let center = layout.xs[index] + layout.widths[index] / 2
            if !step.effects.isEmpty {
                out +=
                    "<rect class=\"effect-tick\" data-step=\"\(step.step)\" x=\"\(fmt(center - 1))\" "
                    + "y=\"\(fmt(layout.effectsY))\" width=\"2\" height=\"11\" fill=\"#2e8b57\">"
                    + "<title>\(xmlEscaped(step.effects.joined(separator: "\n")))</title></rect>\n"
            }
            if !step.warnings.isEmpty {
                out +=
                    "<rect class=\"warning-tick\" data-step=\"\(step.step)\" x=\"\(fmt(center - 1))\" "
                    + "y=\"\(fmt(layout.warningsY))\" width=\"2\" height=\"11\" fill=\"#d62728\">"
                    + "<title>\(xmlEscaped(step.warnings.joined(separator: "\n")))</title></rect>\n"
            }
            if step.held {
                out +=
                    "<rect class=\"held-bar\" x=\"\(fmt(layout.xs[index]))\" y=\"\(fmt(layout.heldY + 4))\" "
                    + "width=\"\(fmt(layout.widths[index]))\" height=\"4\" fill=\"#555\"/>\n"
            }
        }
        out += "</g>\n"
    }

    func writeCommands(_ layout: Layout, to out: inout String) {
        out += "<g class=\"commands\">\n"
        let laneBottom = Self.titleHeight + Self.labelLane
        for (index, step) in steps.enumerated() {
            guard let command = step.command else { continue }
            let x = layout.xs[index] + layout.widths[index] / 2
            let label = "#\(command.seq) \(command.reason.rawValue)" + (command.id.map { " → \($0)" } ?? "")
            out +=
                "<g class=\"command-marker\" data-step=\"\(step.step)\" data-seq=\"\(command.seq)\" "
                + "data-reason=\"\(command.reason.rawValue)\">"
            out += "<title>\(xmlEscaped(step.title + "\n" + TimelineRenderer.describe(command)))</title>"
            out +=
                "<line x1=\"\(fmt(x))\" y1=\"\(fmt(laneBottom - 6))\" x2=\"\(fmt(x))\" "
                + "y2=\"\(fmt(layout.chartTop + layout.chartHeight))\" stroke=\"#c0392b\" stroke-width=\"1\" "
                + "stroke-dasharray=\"3 3\" stroke-opacity=\"0.7\"/>"
            out += "<path d=\"M\(fmt(x)) \(fmt(laneBottom - 2)) l5 -8 h-10 Z\" fill=\"#c0392b\"/>"
            if let target = command.offset, target >= layout.origin, target <= layout.bottom {
                let y = layout.y(target)
                out += "<path d=\"M\(fmt(x - 6)) \(fmt(y - 4)) l6 4 l-6 4 Z\" fill=\"#c0392b\"/>"
            }
            out +=
                "<text transform=\"translate(\(fmt(x + 3)),\(fmt(laneBottom - 12))) rotate(-60)\" "
                + "fill=\"#8e2a1f\">\(xmlEscaped(label))</text>"
            out += "</g>\n"
        }
        out += "</g>\n"
    }

    func writeAxes(_ layout: Layout, to out: inout String) {
        out += "<g class=\"axes\" fill=\"#555\">\n"
        // Content offsets down the left edge.
        let stepPoints = Self.niceStep((layout.bottom - layout.origin) / 6)
        var value = (layout.origin / stepPoints).rounded(.up) * stepPoints
        while value <= layout.bottom {
            let y = fmt(layout.y(value))
            out +=
                "<line x1=\"\(fmt(Self.left - 4))\" y1=\"\(y)\" x2=\"\(fmt(Self.left))\" y2=\"\(y)\" stroke=\"#888\"/>"
            out +=
                "<text x=\"\(fmt(Self.left - 6))\" y=\"\(fmt(layout.y(value) + 4))\" text-anchor=\"end\">"
                + "\(fmt(value))</text>\n"
            value += stepPoints
        }
        // Steps or seconds along the bottom.
        let baseline = layout.chartTop + layout.chartHeight
        if layout.usesTime {
            let times = steps.compactMap(\.time)
            let start = times.min() ?? 0
            let end = times.max() ?? 0
            let perSecond = (layout.xs.last! - layout.xs.first!) / max(end - start, 1e-9)
            let tick = Self.niceStep((end - start) / 10)
            var t = (start / tick).rounded(.up) * tick
            while t <= end {
                let x = fmt(Self.left + (t - start) * perSecond)
                out +=
                    "<line x1=\"\(x)\" y1=\"\(fmt(baseline))\" x2=\"\(x)\" y2=\"\(fmt(baseline + 4))\" "
                    + "stroke=\"#888\"/>"
                out += "<text x=\"\(x)\" y=\"\(fmt(baseline + 16))\" text-anchor=\"middle\">\(fmt(t))s</text>\n"
                t += tick
            }
        } else {
            let tick = max(1, Int(Self.niceStep(Double(steps.count) / 12)))
            for (index, step) in steps.enumerated() where step.step == 1 || step.step % tick == 0 {
                let x = fmt(layout.xs[index] + layout.widths[index] / 2)
                out +=
                    "<line x1=\"\(x)\" y1=\"\(fmt(baseline))\" x2=\"\(x)\" y2=\"\(fmt(baseline + 4))\" "
                    + "stroke=\"#888\"/>"
                out += "<text x=\"\(x)\" y=\"\(fmt(baseline + 16))\" text-anchor=\"middle\">\(step.step)</text>\n"
            }
        }
        out +=
            "<text x=\"\(fmt(Self.left + layout.chartWidth / 2))\" y=\"\(fmt(baseline + 32))\" "
            + "text-anchor=\"middle\">\(layout.usesTime ? "time (s)" : "step")</text>\n"
        out += "</g>\n"
    }

    /// 1, 2 or 5 times a power of ten, at least `rough`.
    static func niceStep(_ rough: Double) -> Double {
        guard rough > 0, rough.isFinite else { return 1 }
        var power = 1.0
        while power * 10 <= rough { power *= 10 }
        while power > rough { power /= 10 }
        for factor in [1.0, 2, 5, 10] where power * factor >= rough { return power * factor }
        return power * 10
    }

    // MARK: HTML

    /// The picture as a standalone HTML page: the SVG, and a panel that shows the event and
    /// the state (every section 3 key) of the step under the pointer. No external resources.
    public func html() -> String {
        var out = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <title>\(xmlEscaped(title)) — replay timeline</title>
            <style>
            body { margin: 0; font: 13px Helvetica, Arial, sans-serif; color: #222; display: flex; height: 100vh; }
            #chart { flex: 1; overflow: auto; border-right: 1px solid #ddd; } #chart svg { display: block; }
            #panel { width: 380px; box-sizing: border-box; padding: 12px 16px; overflow: auto; background: #f7f7f7; }
            #panel h2 { font-size: 15px; margin: 0 0 6px; }
            #event { font-family: Menlo, Consolas, monospace; font-size: 12px; white-space: pre-wrap; \
            word-break: break-all; margin-bottom: 8px; }
            #state { font-family: Menlo, Consolas, monospace; font-size: 12px; white-space: pre-wrap; margin: 0; }
            .hint { color: #777; }
            </style>
            </head>
            <body>
            <div id="chart">

            """
        writeSVG(to: &out)
        out += """
            </div>
            <div id="panel">
            <h2 id="heading">Hover a step</h2>
            <div id="event" class="hint">Move the pointer over the chart (or use the arrow keys) to see each step's \
            event and state.</div>
            <pre id="state"></pre>
            </div>
            <script type="application/json" id="steps">[
            """
        for (index, step) in steps.enumerated() {
            if index > 0 { out += ",\n" }
            out +=
                "{\"describe\":" + jsonString(hoverText(step)) + ",\"state\":"
                + (step.jsonLine.map(scriptSafe) ?? "null") + "}"
        }
        out += "]</script>\n"
        out += """
            <script>
            (function () {
              var steps = JSON.parse(document.getElementById('steps').textContent);
              var hits = document.querySelectorAll('.hit');
              var current = -1;
              function show(index) {
                if (index < 0 || index >= steps.length) { return; }
                if (current >= 0) { hits[current].classList.remove('current'); }
                current = index;
                hits[index].classList.add('current');
                var step = steps[index];
                document.getElementById('heading').textContent = 'Step ' + (index + 1) + ' of ' + steps.length;
                var event = document.getElementById('event');
                event.className = '';
                event.textContent = step.describe;
                document.getElementById('state').textContent = step.state ? JSON.stringify(step.state, null, 2) : '';
              }
              hits.forEach(function (hit, index) {
                hit.addEventListener('mouseenter', function () { show(index); });
              });
              document.addEventListener('keydown', function (e) {
                if (e.key === 'ArrowRight') { show(Math.min(steps.length - 1, current + 1)); }
                if (e.key === 'ArrowLeft') { show(Math.max(0, current - 1)); }
              });
              var start = parseInt((location.hash.match(/step=(\\d+)/) || [])[1] || '0', 10);
              if (start > 0) { show(start - 1); }
            })();
            </script>
            </body>
            </html>

            """
        return out
    }

    // MARK: Text

    func fmt(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return formatNumber(rounded == 0 ? 0 : rounded)
    }

    /// A JSON string literal that is also safe inside an HTML `<script>` element.
    func jsonString(_ text: String) -> String {
        scriptSafe(JSONWriter.quoted(text))
    }

    /// JSON with every `</` written as `<\/`, so that it cannot close a `<script>` element.
    func scriptSafe(_ json: String) -> String {
        guard json.contains("</") else { return json }
        var out = ""
        var previous: Character?
        for character in json {
            if character == "/", previous == "<" { out.append("\\") }
            out.append(character)
            previous = character
        }
        return out
    }
}

/// `text` with `&`, `<`, `>` and `"` escaped for XML and HTML (and the control characters XML
/// forbids replaced).
func xmlEscaped(_ text: String) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for character in text.unicodeScalars {
        switch character {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        default:
            // XML 1.0 forbids most control characters, even escaped.
            if character.value < 0x20, character != "\n", character != "\t" {
                out += "\u{FFFD}"
            } else {
                out.unicodeScalars.append(character)
            }
        }
    }
    return out
}
