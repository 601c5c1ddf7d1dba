import ChatEvents
import ChatJSON
import ChatPlatform
import ChatReducer

/// A replay as one self-contained HTML page that plays it back on a phone-shaped screen: the
/// rows at their modelled heights and positions, the bars, the keyboard and the jump-to-latest
/// button, a scrubber, and beside it each step's event, changes and state.
///
/// ```swift
/// var player = ReplayPlayer(title: "bug-1234.jsonl", configuration: log.configuration)
/// var replayer = Replayer(configuration: log.configuration)
/// for event in log.events {
///     let snapshot = replayer.apply(event)
///     player.add(snapshot, state: replayer.state, time: event.time)
/// }
/// let page = player.html()
/// ```
///
/// Each step is kept as what changed since the one before (the timeline's words, the state's
/// keys that changed, the rows near the screen that moved, came or went), with the whole of
/// it every ``keyframeEvery`` steps; the page is compressed with zlib and unpacked by the
/// browser, so a 100,000-step log makes a page of a few megabytes.
///
/// - Complexity: ``add(_:state:time:)`` is O(k log n) for the k rows within a screen of the
///   visible window, plus the step's JSON.
public struct ReplayPlayer: Sendable {
    /// A step whose state and rows are written whole, every this many steps, so that the page
    /// rebuilds any step from at most this many records.
    public static let keyframeEvery = 500

    /// The page's title; usually the log's file name.
    public var title: String
    /// The steps added, the state before the first event included.
    public private(set) var stepCount = 0

    /// The steps' records, each a JSON object, separated by commas.
    private var records = ""
    private var renderer: TimelineRenderer
    private var previousMembers: [String: String] = [:]
    private var previousRows: [String: Row] = [:]
    private var viewport: Viewport = Viewport(height: 0, insetTop: 0, insetBottom: 0)
    private var previousViewport: Viewport?
    private var previousFooterTop: Double?
    private var lastSeq: Int?
    /// The steps kept; all when `nil`.
    private let kept: ClosedRange<Int>?

    /// The screen's frame height and insets, as the last `viewportChanged` gave them.
    private struct Viewport: Equatable {
        var height: Double
        var insetTop: Double
        var insetBottom: Double
    }

    /// A row near the screen: its top in the content, its height, and what the page draws.
    private struct Row: Equatable {
        var top: Double
        var height: Double
        var code: Int
    }

    /// Creates a player whose first step is the state before any event; with `steps`, it keeps
    /// only the steps in that range (step 0 is the state before any event).
    public init(title: String, configuration: ChatConfiguration = ChatConfiguration(), steps: ClosedRange<Int>? = nil) {
        self.title = title
        kept = steps
        renderer = TimelineRenderer(configuration: configuration)
        let replayer = Replayer(configuration: configuration)
        let header = renderer.header.split(separator: "\n").dropFirst().joined(separator: "\n")
        append(replayer.initialSnapshot, state: replayer.state, time: nil, text: "#0 before the first event\n" + header)
    }

    /// Adds the step `snapshot` was taken after; `state` is the state it was taken from.
    public mutating func add(_ snapshot: ReplaySnapshot, state: ChatState, time: Double? = nil) {
        var text = renderer.render(snapshot)
        if text.first == "\n" { text.removeFirst() }
        append(snapshot, state: state, time: time, text: text)
    }

    private mutating func append(_ snapshot: ReplaySnapshot, state: ChatState, time: Double?, text: String) {
        if case .viewportChanged(let height, let insetTop, let insetBottom) = snapshot.event {
            viewport = Viewport(height: height, insetTop: insetTop, insetBottom: insetBottom)
        }
        var command: ScrollCommand?
        if let target = snapshot.scrollTarget, target.seq != lastSeq {
            lastSeq = target.seq
            command = target
        }
        // (The first step kept is a keyframe, so steps before it need not be written.)
        guard kept?.contains(snapshot.step) ?? true else { return }
        let keyframe = stepCount % Self.keyframeEvery == 0
        var json = beginRecord(step: snapshot.step, time: time, text: text)
        writeState(snapshot, keyframe: keyframe, to: &json)
        writeRows(snapshot, state: state, keyframe: keyframe, to: &json)
        if keyframe || viewport != previousViewport {
            Self.write(viewport, to: &json)
            previousViewport = viewport
        }
        let footerTop = state.footerTop
        if keyframe || footerTop != previousFooterTop {
            json.key(literal: "f")
            json.number(footerTop)
            previousFooterTop = footerTop
        }
        if let target = command {
            json.key(literal: "c")
            json.string(target.reason.rawValue)
            if target.animated {
                json.key(literal: "a")
                json.number(1)
            }
        }
        if !snapshot.effects.isEmpty {
            json.key(literal: "e")
            json.number(Double(snapshot.effects.count))
        }
        if !snapshot.warnings.isEmpty {
            json.key(literal: "w")
            json.number(Double(snapshot.warnings.count))
        }
        endRecord(&json)
    }

    /// A step's record begun: its number, whether it is a keyframe, its time and its text.
    private func beginRecord(step: Int, time: Double?, text: String) -> JSONWriter {
        var json = JSONWriter()
        json.beginObject()
        json.key(literal: "n")
        json.number(Double(step))
        if stepCount % Self.keyframeEvery == 0 {
            json.key(literal: "k")
            json.number(1)
        }
        if let time {
            json.key(literal: "t")
            json.number(time)
        }
        json.key(literal: "x")
        json.string(text)
        return json
    }

    /// Ends the record `json` and keeps it as the next step.
    private mutating func endRecord(_ json: inout JSONWriter) {
        json.endObject()
        if !records.isEmpty { records += "," }
        json.withBytes { records += String(decoding: $0, as: UTF8.self) }
        stepCount += 1
    }

    /// A row as `[id, top, height, code]`.
    private static func write(row id: String, top: Double, height: Double, code: Int, to json: inout JSONWriter) {
        json.beginArray()
        json.string(id)
        json.number(top)
        json.number(height)
        json.number(Double(code))
        json.endArray()
    }

    /// The state's keys that changed since the last step (all of them in a keyframe), as `"s"`.
    private mutating func writeState(_ snapshot: ReplaySnapshot, keyframe: Bool, to json: inout JSONWriter) {
        let members = Self.members(of: snapshot.jsonLine)
        json.key(literal: "s")
        json.beginObject()
        var first = true
        for (key, raw) in members where keyframe || previousMembers[key] != raw {
            // (A raw value leaves the writer without its comma: the next member writes it.)
            if !first { json.appendRaw(UInt8(ascii: ",")) }
            first = false
            json.key(key)
            Array(raw.utf8).withUnsafeBufferPointer { json.appendRaw($0) }
        }
        json.endObject()
        previousMembers = Dictionary(members, uniquingKeysWith: { _, last in last })
    }

    /// The rows within a screen of the visible window that came or changed (`"r"`: id, top,
    /// height, code) and that went (`"q"`); all of them in a keyframe.
    private mutating func writeRows(
        _ snapshot: ReplaySnapshot, state: ChatState, keyframe: Bool, to json: inout JSONWriter
    ) {
        var rows: [(id: String, row: Row)] = []
        if let offset = snapshot.offset {
            let screen = snapshot.visibleHeight
            let animating = Set(snapshot.animating)
            for (message, top) in state.messages(overlapping: offset - screen, offset + 2 * screen) {
                var code = Self.code(of: message.direction)
                if animating.contains(message.id) { code |= 4 }
                if message.id == snapshot.highlightedID { code |= 8 }
                if message.id == snapshot.unreadDividerID { code |= 16 }
                rows.append((message.id, Row(top: top, height: message.height, code: code)))
            }
        }
        var current: [String: Row] = [:]
        current.reserveCapacity(rows.count)
        json.key(literal: "r")
        json.beginArray()
        for (id, row) in rows {
            current[id] = row
            guard keyframe || previousRows[id] != row else { continue }
            Self.write(row: id, top: row.top, height: row.height, code: row.code, to: &json)
        }
        json.endArray()
        if !keyframe {
            let gone = previousRows.keys.filter { current[$0] == nil }.sorted()
            if !gone.isEmpty {
                json.key(literal: "q")
                json.beginArray()
                for id in gone { json.string(id) }
                json.endArray()
            }
        }
        previousRows = current
    }

    /// A row's code on the page: its direction (0 incoming, 1 outgoing, 2 system), to which
    /// 4 (entrance pending), 8 (highlighted), 16 (divider), 32 (band) and 64 (named by a check) add.
    private static func code(of direction: MessageDirection) -> Int {
        switch direction {
        case .incoming: 0
        case .outgoing: 1
        case .system: 2
        }
    }

    /// The viewport as `"v": [height, insetTop, insetBottom]`.
    private static func write(_ viewport: Viewport, to json: inout JSONWriter) {
        json.key(literal: "v")
        json.beginArray()
        json.number(viewport.height)
        json.number(viewport.insetTop)
        json.number(viewport.insetBottom)
        json.endArray()
    }

    /// The top-level members of a JSON object written by this package, each key with its value's
    /// JSON text.
    static func members(of object: String) -> [(key: String, raw: String)] {
        var utf8 = Array(object.utf8)
        return utf8.withUnsafeMutableBufferPointer { buffer -> [(key: String, raw: String)] in
            let scanner = JSONScanner(UnsafeBufferPointer(buffer))
            var result: [(key: String, raw: String)] = []
            var offset = scanner.skipWhitespace(from: 0)
            guard scanner.peek(offset) == UInt8(ascii: "{") else { return [] }
            offset += 1
            while true {
                offset = scanner.skipWhitespace(from: offset)
                guard scanner.peek(offset) == UInt8(ascii: "\""),
                    let (key, afterKey) = try? scanner.scanString(at: offset)
                else { return result }
                offset = scanner.skipWhitespace(from: afterKey)
                guard scanner.peek(offset) == UInt8(ascii: ":") else { return result }
                let start = scanner.skipWhitespace(from: offset + 1)
                guard let end = try? scanner.skipValue(at: start, depth: 0) else { return result }
                let raw = String(decoding: UnsafeBufferPointer(rebasing: buffer[start..<end]), as: UTF8.self)
                result.append((scanner.string(key), raw))
                offset = scanner.skipWhitespace(from: end)
                guard scanner.peek(offset) == UInt8(ascii: ",") else { return result }
                offset += 1
            }
        }
    }

    /// The data the page plays, uncompressed:
    /// `{"title": …, "keyframeEvery": …, "lanes": [{"title": …, "steps": […]}]}`.
    package var dataJSON: String { Self.dataJSON(title: title, lanes: [self]) }

    /// The data of a page that plays `lanes` side by side, step for step.
    static func dataJSON(title: String, lanes: [ReplayPlayer]) -> String {
        func quoted(_ text: String) -> String {
            var json = JSONWriter()
            json.string(text)
            return json.output
        }
        let parts = lanes.map { "{\"title\":" + quoted($0.title) + ",\"steps\":[" + $0.records + "]}" }
        return "{\"title\":" + quoted(title) + ",\"keyframeEvery\":\(Self.keyframeEvery),\"lanes\":["
            + parts.joined(separator: ",") + "]}"
    }

    /// A page that plays `lanes` side by side, each on its own phone, under one scrubber (a
    /// simulated session under several policies); `nil` only when zlib fails.
    public static func html(title: String, lanes: [ReplayPlayer]) -> String? {
        guard let packed = deflate(Array(dataJSON(title: title, lanes: lanes).utf8)) else { return nil }
        return page(title: title, data: base64(packed))
    }

    /// What a screen shows that is not a replay's step: a frame of a simulated scroll view.
    public struct Screen: Sendable, Hashable {
        /// A row: its id, its top in the content, its height, its direction, and whether a check
        /// names it in this frame.
        public struct Row: Sendable, Hashable {
            public var id: String
            public var top: Double
            public var height: Double
            public var direction: MessageDirection
            /// A band (a header or a footer row) rather than a message.
            public var isBand: Bool
            public var isFlagged: Bool

            /// Creates a row.
            public init(
                id: String, top: Double, height: Double, direction: MessageDirection, isBand: Bool = false,
                isFlagged: Bool = false
            ) {
                self.id = id
                self.top = top
                self.height = height
                self.direction = direction
                self.isBand = isBand
                self.isFlagged = isFlagged
            }
        }

        /// The screen's frame height and insets.
        public var frameHeight: Double
        public var insetTop: Double
        public var insetBottom: Double
        /// The content offset at the visible top (the content's top is 0).
        public var offset: Double
        /// How much of the visible region the keyboard covers.
        public var keyboard: Double
        /// The rows drawn.
        public var rows: [Row]
        /// What the step says: its events, its flags, the checks it violates.
        public var text: String
        /// When it is shown, in seconds.
        public var time: Double
        /// How many checks it violates.
        public var violations: Int

        /// Creates a screen.
        public init(
            frameHeight: Double, insetTop: Double, insetBottom: Double, offset: Double, keyboard: Double, rows: [Row],
            text: String, time: Double, violations: Int
        ) {
            self.frameHeight = frameHeight
            self.insetTop = insetTop
            self.insetBottom = insetBottom
            self.offset = offset
            self.keyboard = keyboard
            self.rows = rows
            self.text = text
            self.time = time
            self.violations = violations
        }
    }

    /// Creates an empty player for ``add(_:)``, which takes screens instead of a replay's steps.
    public init(screensTitled title: String) {
        self.title = title
        kept = nil
        renderer = TimelineRenderer()
    }

    /// Adds a screen as the next step: its rows, bars, keyboard and offset, its text, and its
    /// violations as warnings on the scrubber.
    public mutating func add(_ screen: Screen) {
        var json = beginRecord(step: stepCount, time: screen.time, text: screen.text)
        json.key(literal: "s")
        json.beginObject()
        json.key(literal: "offset")
        json.number(screen.offset)
        json.key(literal: "keyboardHeight")
        json.number(screen.keyboard)
        json.endObject()
        json.key(literal: "r")
        json.beginArray()
        for row in screen.rows {
            var code = Self.code(of: row.direction)
            if row.isBand { code |= 32 }
            if row.isFlagged { code |= 64 }
            Self.write(row: row.id, top: row.top, height: row.height, code: code, to: &json)
        }
        json.endArray()
        // (A screen lists every row it draws: each record replaces the last one's rows.)
        json.key(literal: "z")
        json.number(1)
        Self.write(
            Viewport(height: screen.frameHeight, insetTop: screen.insetTop, insetBottom: screen.insetBottom), to: &json)
        if screen.violations > 0 {
            json.key(literal: "w")
            json.number(Double(screen.violations))
        }
        endRecord(&json)
    }

    /// Replays the log at `path` into a player titled with its file name.
    ///
    /// - Throws: ``LogReadError`` when the file cannot be read or a line cannot be decoded.
    public static func replaying(
        log path: String, steps: ClosedRange<Int>? = nil, skipInvalidLines: Bool = false,
        onSkip: @escaping (LogReadError) -> Void = { _ in }
    ) throws(LogReadError) -> ReplayPlayer {
        let reader = try ChatLogReader(contentsOf: path, skipInvalidLines: skipInvalidLines, onSkip: onSkip)
        let name = path.split(separator: "/").last.map(String.init) ?? path
        var player = ReplayPlayer(title: name, configuration: reader.configuration, steps: steps)
        var replayer = Replayer(configuration: reader.configuration)
        while let event = try reader.next() {
            // (The steps after the range are not read: the page would not keep them.)
            if let steps, replayer.step >= steps.upperBound { break }
            let snapshot = replayer.apply(event)
            player.add(snapshot, state: replayer.state, time: event.time)
        }
        return player
    }

    /// The page: HTML, CSS, the player's script and the compressed data, with nothing to fetch;
    /// `nil` only when zlib fails.
    public func html() -> String? { Self.html(title: title, lanes: [self]) }
}

/// `bytes` in base64 (RFC 4648, with padding).
package func base64(_ bytes: [UInt8]) -> String {
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    var out: [UInt8] = []
    out.reserveCapacity((bytes.count + 2) / 3 * 4)
    var index = 0
    while index + 2 < bytes.count {
        let value = Int(bytes[index]) << 16 | Int(bytes[index + 1]) << 8 | Int(bytes[index + 2])
        out += [alphabet[value >> 18], alphabet[value >> 12 & 63], alphabet[value >> 6 & 63], alphabet[value & 63]]
        index += 3
    }
    let rest = bytes.count - index
    if rest == 1 {
        let value = Int(bytes[index]) << 16
        out += [alphabet[value >> 18], alphabet[value >> 12 & 63], UInt8(ascii: "="), UInt8(ascii: "=")]
    } else if rest == 2 {
        let value = Int(bytes[index]) << 16 | Int(bytes[index + 1]) << 8
        out += [alphabet[value >> 18], alphabet[value >> 12 & 63], alphabet[value >> 6 & 63], UInt8(ascii: "=")]
    }
    return String(decoding: out, as: UTF8.self)
}
