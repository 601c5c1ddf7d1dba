import ChatEvents
import ChatReducer

/// The properties checked after every step. Each names one rule of the specification.
enum Property: String, Sendable, CaseIterable {
    /// Specification §7 through `invariantViolations()` (and `thorough: true` on small states):
    /// `0 ≤ offset ≤ maxOffset`, ids unique, `animating` ⊆ loaded ids, `unreadCount ≥ 0`,
    /// `following` and not held ⇒ `offset = maxOffset`, one `loadOlder` at most.
    case invariant
    /// Every number of the state is finite; `offset` is null exactly before the first
    /// `viewportChanged`; derived values agree with their definitions (specification §1, §3).
    case geometry
    /// Specification §4: which events may issue which command, never two in one step, none while the
    /// view is held, a deferred command when the hold ends, and the command's fields.
    case command
    /// Specification §4: a streamed answer causes at most one command.
    case stream
    /// Specification §5 and §7: a `loadOlder` effect exactly when the rule asks for one, one request at
    /// most in flight, `isLoadingOlder` set while it is.
    case loadOlder
    /// Specification §2, `detached`: content changes and top-edge moves keep `offset = clamp(top(id) + delta)`
    /// with the anchor unchanged, so what the reader reads keeps its place on screen.
    case anchor
    /// Specification §2, `detached`: the keyboard moves the bottom edge; the offset shifts by ΔK, clamped.
    case bottomEdge
    /// Specification §2, `detached`: `viewportChanged` moves only the bottom inset; the offset shifts by
    /// ΔB, clamped.
    case insetBottom
    /// Specification §2, `pinned`: `offset = clamp(top(q) - pinMargin)` for the question q that the
    /// last `newQuestion` command pinned (specification §13: history never re-pins).
    case pinned
    /// Specification §5: unread never counts while `following`; `showJumpToLatest` follows its formula.
    case unread
    /// Specification §6: `persistPosition` exactly when the scroll settles (`scrollSettled`, or a
    /// `dragEnded` without velocity) and on `disappeared`, with a finite delta.
    case effects
    /// Specification §7: bad input adds a warning, one line per event at most that names the event;
    /// a plausible app causes none.
    case warning
    /// Specification §11: a `loadNewer` effect exactly when the rule asks for one, one request at most in
    /// flight; a window request answered by the command of its reason.
    case windows
    /// Specification §10: `readUpTo` only moves forward within a window; `markRead` names it, exactly when
    /// the messages it newly covers include an incoming one.
    case reading
}

struct Violation: Sendable, Equatable {
    var property: Property
    var message: String
}

/// What the checks need of the state before a step: cheap values only, so that no copy of
/// the message store is kept alive (which would make the next step copy it).
struct Observation {
    var offset: Double?
    var maxOffset: Double
    var visibleHeight: Double
    var mode: ScrollMode
    var held: Bool
    var target: ScrollCommand?
    var isLoadingOlder: Bool
    var messageCount: Int
    var anchor: (id: String, delta: Double)?
    var anchorTop: Double?
    var keyboardHeight: Double
    var viewportHeight: Double?
    var insetTop: Double
    var insetBottom: Double
    var hasMoreNewer: Bool
    var pendingWindow: PendingWindow?
    var readUpTo: String?
    var readUpToOrder: Int?
    var oldestLoadedUnreadID: String?
    var pendingRestore: SavedPosition?

    init(_ state: ChatState) {
        offset = state.offset
        maxOffset = state.maxOffset
        visibleHeight = state.visibleHeight
        mode = state.mode
        held = state.userHoldsView
        target = state.scrollTarget
        isLoadingOlder = state.isLoadingOlder
        messageCount = state.messageCount
        anchor = state.anchorForTesting
        anchorTop = anchor.flatMap { state.top(ofMessage: $0.id) }
        keyboardHeight = state.keyboardHeight
        viewportHeight = state.viewportHeight
        insetTop = state.insetTop
        insetBottom = state.insetBottom
        hasMoreNewer = state.hasMoreNewer
        pendingWindow = state.pendingWindow
        readUpTo = state.readUpTo
        readUpToOrder = readUpTo.flatMap { state.orderForTesting(of: $0) }
        oldestLoadedUnreadID = state.oldestLoadedUnreadID
        pendingRestore = state.pendingRestore
    }
}

/// Checks every property after each step of one scenario, keeping the model it needs
/// (requests in flight, deferred commands, open streams).
struct StepChecker {
    let configuration: ChatConfiguration
    /// Plausible and pristine: any warning is a failure.
    let expectsNoWarnings: Bool
    /// The O(n) checks run after every step on states of at most `smallState` messages, and
    /// after every sixteenth step on states of at most `mediumState`.
    static let smallState = 16
    static let mediumState = 256
    private var step = 0

    private var older = PagingModel()
    private var newer = PagingModel()
    private var initialLoadConsumed = false
    private var deferred = false
    /// A finger (or its momentum) holds the view: from `dragBegan` until the scroll settles.
    private(set) var touching = false
    /// A window arrived while the finger held the view: its `dragEnded` is expected.
    private var windowTookTheFinger = false
    /// Open streamed answers and the commands each has caused.
    private var streams: [String: Int] = [:]
    /// The question the last `newQuestion` command pinned, under its latest id.
    private var question: String?

    /// Whether message heights are whole or binary fractions, so that sums are exact.
    let exactSums: Bool
    /// The largest content height of the scenario so far.
    private var largestContentHeight = 0.0

    init(configuration: ChatConfiguration, expectsNoWarnings: Bool, exactSums: Bool = true) {
        self.configuration = configuration
        self.expectsNoWarnings = expectsNoWarnings
        self.exactSums = exactSums
    }

    /// The warning the event must cause in `state` (the state before it), if any.
    func expectedWarning(for event: ChatEvent, in state: ChatState) -> String? {
        if case .dragEnded = event, !touching, !windowTookTheFinger { return "dragEnded without a drag" }
        return WarningRules.expected(
            for: event, in: state, requestInFlight: older.inFlight,
            opens: !initialLoadConsumed && state.messageCount == 0)
    }

    /// Checks the step that took the state from `before` to `state` by applying `event`.
    mutating func check(
        event: ChatEvent, before: Observation, idLoadedBefore: Bool, expectedWarning: String?,
        state: ChatState
    ) -> [Violation] {
        var found: [Violation] = []
        func fail(_ property: Property, _ message: @autoclosure () -> String) {
            found.append(Violation(property: property, message: message()))
        }

        // MARK: invariant
        step += 1
        let small = state.messageCount <= Self.smallState || (state.messageCount <= Self.mediumState && step % 16 == 0)
        for problem in state.invariantViolations(thorough: small) {
            // The thorough check compares each top with a left-to-right sum exactly, which
            // holds only when sums are exact (docs/decisions.md); otherwise compare below.
            if !exactSums, problem.hasPrefix("top of ") { continue }
            fail(.invariant, problem)
        }
        // Specification §13: a restore waits only while nothing is loaded; appeared and disappeared
        // replace or clear it.
        if state.messageCount > 0, let restore = state.pendingRestore {
            fail(.invariant, "a restore to \(restore.anchorID ?? "null") waits with \(state.messageCount) loaded")
        }
        switch event {
        case .disappeared, .appeared(restore: nil):
            if state.pendingRestore != nil { fail(.invariant, "\(event.type.rawValue) left a restore waiting") }
        default:
            break
        }
        // Rounding is relative to the largest height a position ever held (docs/decisions.md):
        // the largest content height seen so far bounds it.
        largestContentHeight = max(largestContentHeight, state.contentHeight)
        if !exactSums, small {
            var sum = state.headerHeight
            for message in state.messages {
                let top = state.top(ofMessage: message.id) ?? -1
                if abs(top - sum) > 1e-12 * max(1, largestContentHeight) {
                    fail(.invariant, "top of \(message.id) is \(top), expected about \(sum)")
                    break
                }
                sum += message.height
            }
        }

        // MARK: geometry
        let offset = state.offset
        if (offset == nil) != (state.viewportHeight == nil) {
            fail(.geometry, "offset \(describe(offset)) while viewportHeight is \(describe(state.viewportHeight))")
        }
        for (name, value) in [
            ("offset", offset ?? 0), ("maxOffset", state.maxOffset), ("contentHeight", state.contentHeight),
            ("visibleHeight", state.visibleHeight), ("trailingSpacer", state.trailingSpacer),
            ("keyboardHeight", state.keyboardHeight), ("insetTop", state.insetTop), ("insetBottom", state.insetBottom),
            ("viewportHeight", state.viewportHeight ?? 0),
        ] where !value.isFinite || value < 0 || value > 1e300 {
            fail(.geometry, "\(name) is \(describe(value))")
        }
        if state.hasMoreNewer {
            if state.isAtBottom || !state.showJumpToLatest || state.mode == .following {
                fail(
                    .geometry,
                    """
                    hasMoreNewer with isAtBottom \(state.isAtBottom), showJumpToLatest \(state.showJumpToLatest), mode \
                    \(state.mode)
                    """
                )
            }
        } else if let offset {
            let distance = state.maxOffset - offset
            if state.isAtBottom != (distance <= configuration.atBottomThreshold) {
                fail(.geometry, "isAtBottom \(state.isAtBottom) with distance from bottom \(describe(distance))")
            }
        } else if state.isAtBottom != (state.mode == .following) {
            fail(.geometry, "before the geometry is known, isAtBottom \(state.isAtBottom) in mode \(state.mode)")
        }
        if configuration.layout == .bottom, state.trailingSpacer != 0 {
            fail(.geometry, "trailingSpacer \(describe(state.trailingSpacer)) in layout bottom")
        }

        // MARK: unread
        if state.mode == .following, state.unreadCount != 0 {
            fail(.unread, "following with unreadCount \(state.unreadCount)")
        }
        let expectedButton: Bool = {
            if state.hasMoreNewer { return true }
            guard let offset else { return false }
            let distance = state.maxOffset - offset
            return !state.isAtBottom && (distance > configuration.jumpToLatestThreshold || state.unreadCount > 0)
        }()
        if state.showJumpToLatest != expectedButton {
            fail(.unread, "showJumpToLatest \(state.showJumpToLatest), expected \(expectedButton)")
        }

        // MARK: command
        let issued = checkCommands(
            event: event, before: before, idLoadedBefore: idLoadedBefore, state: state, fail: fail)

        // MARK: stream
        checkStreams(event: event, idLoadedBefore: idLoadedBefore, issued: issued, state: state, fail: fail)

        // MARK: loadOlder
        checkLoadOlder(event: event, state: state, fail: fail)

        // MARK: windows and reading
        checkLoadNewer(event: event, state: state, fail: fail)
        checkReading(event: event, before: before, state: state, fail: fail)

        // MARK: anchor and bottom edge
        checkAnchor(event: event, before: before, issued: issued, state: state, fail: fail)

        // MARK: pinned
        if let target = state.scrollTarget, target.seq != before.target?.seq, target.reason == .newQuestion,
            target.kind == .item
        {
            question = target.id
        }
        if case .messageConfirmed(let id, let newID?) = event, id == question, state.top(ofMessage: id) == nil,
            state.top(ofMessage: newID) != nil
        {
            question = newID
        }
        if state.mode == .pinned, !state.userHoldsView, let offset {
            if let question, let top = state.top(ofMessage: question) {
                let expected = min(max(0, top - configuration.pinMargin), state.maxOffset)
                if offset != expected {
                    fail(
                        .pinned,
                        "pinned on \"\(question)\" at offset \(describe(offset)), expected \(describe(expected))")
                }
            } else {
                fail(.pinned, "pinned without its question \(question.map { "\"\($0)\"" } ?? "null") loaded")
            }
        }

        // MARK: effects
        let persisted = state.effects.compactMap { effect -> SavedPosition? in
            if case .persistPosition(let position) = effect { return position }
            return nil
        }
        // scrollSettled and disappeared persist; so does a drag that ends without velocity,
        // which settles the scroll.
        let persists: Bool =
            switch event {
            case .scrollSettled, .disappeared: true
            case .dragEnded(_, let velocity): touching && Self.settles(velocity)
            default: false
            }
        switch event {
        case .dragBegan: windowTookTheFinger = false
        case .dragEnded: windowTookTheFinger = false
        case .windowLoaded: windowTookTheFinger = touching
        default: break
        }
        switch event {
        case .dragBegan: touching = true
        case .dragEnded(_, let velocity) where Self.settles(velocity): touching = false
        case .scrollSettled, .jumpToLatestTapped, .jumpToUnreadTapped, .windowLoaded: touching = false
        case .jumpToMessage where idLoadedBefore || configuration.windowedHistory: touching = false
        default: break
        }
        if persisted.count != (persists ? 1 : 0) {
            fail(.effects, "\(persisted.count) persistPosition effects after \(event.type.rawValue)")
        }
        for position in persisted {
            if !position.delta.isFinite { fail(.effects, "persistPosition delta \(describe(position.delta))") }
            // While a restore waits, it is the position to save (docs/decisions.md).
            if let waiting = before.pendingRestore, position != waiting {
                fail(.effects, "persistPosition \(position) while the restore \(waiting) waits")
            } else if before.pendingRestore == nil, let id = position.anchorID, state.message(id: id) == nil {
                fail(.effects, "persistPosition anchor \"\(id)\" is not loaded")
            }
        }

        // MARK: warning
        for line in state.warnings where line.isEmpty || line.contains("\n") {
            fail(.warning, "warning line \(line.debugDescription) is not one readable line")
        }
        if state.warnings.count > 1 {
            fail(.warning, "\(state.warnings.count) warning lines for one event: \(state.warnings)")
        }
        if let line = state.warnings.first, !line.hasPrefix("\(event.type.rawValue): ") {
            fail(.warning, "warning line \(line.debugDescription) does not name the event")
        }
        if let expectedWarning, state.warnings.isEmpty {
            fail(.warning, "no warning for \(expectedWarning)")
        }
        if expectsNoWarnings, !state.warnings.isEmpty {
            fail(.warning, "a plausible event caused warnings: \(state.warnings.joined(separator: "; "))")
        }
        return found
    }

    /// Whether a `dragEnded` with this velocity settles the scroll (no momentum follows).
    static func settles(_ velocity: Double?) -> Bool {
        velocity.map { $0 == 0 || $0.isNaN } ?? true
    }

    // MARK: - Commands (specification §4)

    /// Checks the step's command, if any, and returns whether one was issued.
    private mutating func checkCommands(
        event: ChatEvent, before: Observation, idLoadedBefore: Bool, state: ChatState,
        fail: (Property, @autoclosure () -> String) -> Void
    ) -> Bool {
        let seqBefore = before.target?.seq ?? 0
        let command = state.scrollTarget
        let seqAfter = command?.seq ?? 0
        let issued = seqAfter != seqBefore
        let heldAfter = state.userHoldsView
        let layoutReason: ScrollCommand.Reason = configuration.layout == .top ? .newQuestion : .outgoingMessage

        if issued, seqAfter != seqBefore + 1 {
            fail(.command, "seq went from \(seqBefore) to \(seqAfter): more than one command in one step")
        }
        if !issued, command != before.target {
            // Only the first viewportChanged may complete a command issued before it.
            if case .viewportChanged = event, before.viewportHeight == nil, let command, let old = before.target,
                command.kind == old.kind, command.id == old.id, command.anchor == old.anchor,
                command.reason == old.reason, command.animated == old.animated, old.offset == nil
            {
                // Resolved.
            } else {
                fail(
                    .command,
                    """
                    scrollTarget changed without a new seq: \(String(describing: before.target)) -> \
                    \(String(describing: command))
                    """
                )
            }
        }
        if let command, let offset = state.offset, command.offset == nil {
            fail(.command, "command \(command.seq) (\(command.reason)) still unresolved at offset \(describe(offset))")
        }

        // Which reasons this event may issue, and which it must.
        var allowed: Set<ScrollCommand.Reason> = []
        var required: ScrollCommand.Reason?
        let holdEnded = before.held && !heldAfter
        switch event {
        case .historyLoaded(let messages, _, let firstUnreadID):
            let loads = before.messageCount == 0 && state.messageCount > 0 && !messages.isEmpty
            if loads, let restore = before.pendingRestore {
                // A restore that waited opens instead of initialLoad (specification §13).
                let reason = Self.openingReason(
                    restore, firstUnreadID: initialLoadConsumed ? nil : firstUnreadID, in: state)
                initialLoadConsumed = true
                if !before.held {
                    allowed = [reason]
                    required = reason
                }
            } else if loads, !initialLoadConsumed {
                initialLoadConsumed = true
                if !before.held {
                    allowed = [.initialLoad]
                    required = .initialLoad
                }
            }
        case .messageAppended where before.hasMoreNewer:
            break  // Not inserted: an outgoing one requests the newest page instead.
        case .messageAppended(let message, _) where !idLoadedBefore:
            switch message.direction {
            case .outgoing:
                if before.held {
                    deferred = true
                } else {
                    allowed = [layoutReason]
                    // A deferred command is superseded by this one.
                    deferred = false
                    required = layoutReason
                }
            case .incoming:
                if before.mode == .following, !before.held {
                    allowed = [.incomingMessage]
                    required = .incomingMessage
                }
            case .system:
                break  // Never a command (specification §12).
            }
        case .dragEnded, .scrollSettled, .selectionChanged(active: false):
            if holdEnded, deferred {
                deferred = false
                allowed = [layoutReason]
                // A deferred question needs an outgoing message to pin.
                if configuration.layout == .bottom || state.messages.contains(where: { $0.direction == .outgoing }) {
                    required = layoutReason
                }
            }
        case .jumpToUnreadTapped where before.oldestLoadedUnreadID != nil:
            allowed = [.jumpToUnread]
            required = .jumpToUnread
            deferred = false
        case .jumpToLatestTapped where before.hasMoreNewer, .jumpToUnreadTapped where before.hasMoreNewer:
            deferred = false  // The newest page is requested; nothing moves yet.
        case .jumpToLatestTapped, .jumpToUnreadTapped:
            allowed = [.jumpToLatest]
            required = .jumpToLatest
            deferred = false
        case .jumpToMessage where idLoadedBefore:
            allowed = [.jumpToMessage]
            required = .jumpToMessage
            deferred = false
        case .jumpToMessage where configuration.windowedHistory:
            deferred = false  // A window is requested; nothing moves yet.
        case .windowLoaded(_, _, _, let firstUnreadID):
            var reason = before.pendingWindow?.reason ?? .initialLoad
            if before.pendingWindow == nil, let restore = before.pendingRestore {
                reason = Self.openingReason(
                    restore, firstUnreadID: before.messageCount == 0 ? firstUnreadID : nil, in: state)
            }
            allowed = [reason]
            required = reason
            deferred = false
            initialLoadConsumed = true
        case .appeared(restore: .some(let restore))
        where WarningRules.waits(restore, messageCount: before.messageCount):
            // Nothing loaded: the position waits for the messages, held or not (specification §13).
            if state.pendingRestore?.anchorID != restore.anchorID {
                fail(.command, "a restore to \(restore.anchorID ?? "null") does not wait with nothing loaded")
            }
        case .appeared(restore: .some) where !before.held:
            allowed = [.restore]
            required = .restore
        case .inputFocused where configuration.focusScrollsToBottom && before.mode != .following && !before.held:
            allowed = [.focus]
            required = .focus
        default:
            break
        }
        if before.held, heldAfter, issued {
            fail(
                .command,
                "command \(command!.reason) issued while the view was held before and after \(event.type.rawValue)")
        }
        guard issued, let command else {
            if let required {
                fail(.command, "\(event.type.rawValue) issued no command; expected \(required)")
            }
            return false
        }
        if !allowed.contains(command.reason) {
            fail(.command, "\(event.type.rawValue) issued a command with reason \(command.reason)")
            return true
        }
        if let required, command.reason != required {
            fail(.command, "\(event.type.rawValue) issued \(command.reason); expected \(required)")
        }

        // The fields of the command (specification §4 table; specification §10 and §11).
        let isWindow = if case .windowLoaded = event { true } else { false }
        let animatedByDefault = command.reason != .initialLoad && command.reason != .restore && !isWindow
        if command.animated != (animatedByDefault && !configuration.reduceMotion) {
            fail(.command, "\(command.reason) animated \(command.animated)")
        }
        // The open at the first unread message, and a window without the requested message.
        let firstUnread: String? =
            switch event {
            case .historyLoaded(_, _, let id), .windowLoaded(_, _, _, let id): id
            default: nil
            }
        let bottomInstead = isWindow && command.kind == .bottom
        switch command.reason {
        case .initialLoad where command.kind == .item:
            if firstUnread == nil || command.id != firstUnread || command.anchor != .top {
                fail(
                    .command,
                    """
                    initialLoad to item \(String(describing: command.id)) with anchor \
                    \(String(describing: command.anchor)), firstUnreadID \(String(describing: firstUnread))
                    """
                )
            }
        case .initialLoad, .outgoingMessage, .incomingMessage, .jumpToLatest, .focus:
            if command.kind != .bottom { fail(.command, "\(command.reason) of kind \(command.kind)") }
        case .newQuestion:
            if !bottomInstead, command.kind != .item || command.anchor != .top {
                fail(.command, "newQuestion of kind \(command.kind)/\(String(describing: command.anchor))")
            }
        case .jumpToMessage:
            if !bottomInstead, command.kind != .item || command.anchor != .center {
                fail(.command, "jumpToMessage of kind \(command.kind)/\(String(describing: command.anchor))")
            }
            if case .jumpToMessage(let id) = event, command.id != id {
                fail(.command, "jumpToMessage to \(String(describing: command.id)), expected \(id)")
            }
            if isWindow, let id = before.pendingWindow?.around, state.message(id: id) != nil, command.id != id {
                fail(.command, "a window holding \(id) jumped to \(String(describing: command.id))")
            }
        case .jumpToUnread:
            if command.kind != .item || command.anchor != .top || command.id != before.oldestLoadedUnreadID {
                fail(
                    .command,
                    """
                    jumpToUnread to \(String(describing: command.id)) with anchor \
                    \(String(describing: command.anchor)), oldest unread \
                    \(String(describing: before.oldestLoadedUnreadID))
                    """
                )
            }
        case .restore:
            if command.kind == .item, command.anchor != .top {
                fail(.command, "restore to an item with anchor \(String(describing: command.anchor))")
            }
        }
        switch command.kind {
        case .bottom:
            if command.id != state.newestMessageID {
                fail(
                    .command,
                    """
                    bottom command names \(String(describing: command.id)), newest is \
                    \(String(describing: state.newestMessageID))
                    """
                )
            }
            if command.anchor != nil || command.unitAnchorY != nil {
                fail(
                    .command,
                    """
                    bottom command with anchor \(String(describing: command.anchor)) / unitAnchorY \
                    \(describe(command.unitAnchorY))
                    """
                )
            }
            let expectedMode: ScrollMode = state.hasMoreNewer ? .detached : .following
            if state.mode != expectedMode { fail(.command, "mode \(state.mode) after a bottom command") }
        case .item:
            if command.id.flatMap({ state.message(id: $0) }) == nil {
                fail(.command, "item command names \(String(describing: command.id)), which is not loaded")
            }
            let expectedModes: Set<ScrollMode> =
                switch command.reason {
                case .newQuestion: [.pinned]
                case .initialLoad, .jumpToUnread:
                    state.offset == nil ? [.detached] : (state.hasMoreNewer ? [.detached] : [.detached, .following])
                default: [.detached]
                }
            if !expectedModes.contains(state.mode) { fail(.command, "mode \(state.mode) after \(command.reason)") }
        }
        if let offset = state.offset {
            if let target = command.offset {
                if !(target >= 0 && target <= state.maxOffset) {
                    fail(.command, "command offset \(describe(target)) outside 0...\(describe(state.maxOffset))")
                }
                // The open at the first unread message, and the pill's jump to it, snap the last
                // atBottomThreshold points when they follow, as at the end of a hold (§10, §12).
                let snapped =
                    (command.reason == .initialLoad || command.reason == .jumpToUnread) && command.kind == .item
                    && state.mode == .following
                    && offset == state.maxOffset && state.maxOffset - target <= configuration.atBottomThreshold
                if target != offset, !snapped {
                    fail(.command, "command offset \(describe(target)) but the modelled offset is \(describe(offset))")
                }
            }
            if let height = state.viewportHeight, height > 0, command.kind == .item {
                let below: Double? =
                    switch command.reason {
                    case .initialLoad, .jumpToUnread: 0
                    case .newQuestion: configuration.pinMargin
                    case .jumpToMessage: state.visibleHeight / 2
                    case .restore:
                        if case .appeared(let restore?) = event {
                            restore.delta.isFinite ? -restore.delta : 0
                        } else {
                            // A restore that waited: its delta was made finite when it was kept.
                            before.pendingRestore.map { -$0.delta }
                        }
                    default: nil
                    }
                if let below, command.unitAnchorY != (state.insetTop + below) / height {
                    fail(
                        .command,
                        """
                        \(command.reason) unitAnchorY \(describe(command.unitAnchorY)), expected \
                        \(describe((state.insetTop + below) / height))
                        """
                    )
                }
            }
        } else if command.offset != nil {
            fail(.command, "command offset \(describe(command.offset)) before the geometry is known")
        }
        return true
    }

    /// The reason of the command that a restore that waited opens with (specification §13): the
    /// restore, unless its anchor is not loaded and a valid first unread message opens instead.
    static func openingReason(_ restore: SavedPosition, firstUnreadID: String?, in state: ChatState)
        -> ScrollCommand.Reason
    {
        if restore.wasAtBottom || restore.anchorID.flatMap({ state.message(id: $0) }) != nil { return .restore }
        let firstUnreadIsIncoming = firstUnreadID.flatMap { state.message(id: $0) }?.direction == .incoming
        return firstUnreadIsIncoming ? .initialLoad : .restore
    }

    // MARK: - Streams (specification §4: one command per streamed answer)

    private mutating func checkStreams(
        event: ChatEvent, idLoadedBefore: Bool, issued: Bool, state: ChatState,
        fail: (Property, @autoclosure () -> String) -> Void
    ) {
        let userNavigation: Set<ScrollCommand.Reason> = [
            .outgoingMessage, .newQuestion, .jumpToLatest, .jumpToMessage, .restore, .focus, .jumpToUnread,
        ]
        // An automatic command: not one the user asked for.
        let automatic = issued && !(state.scrollTarget.map { userNavigation.contains($0.reason) } ?? true)
        let reason = state.scrollTarget?.reason.rawValue ?? "none"

        if case .messageAppended(let message, let streaming) = event, !idLoadedBefore {
            // The append's own command is the one command the answer may cause. A command
            // caused by this append is not caused by the other open streams.
            if streaming == true { streams[message.id] = automatic ? 1 : 0 }
            return
        }
        if case .historyLoaded = event { return }  // initialLoad belongs to the history.
        if case .windowLoaded = event {
            // The window's command belongs to the request; streams that left are over.
            for id in streams.keys where state.message(id: id) == nil { streams[id] = nil }
            return
        }

        // The stream an event names, if it names one that is open; otherwise an automatic
        // command counts against every open stream.
        let named: String? =
            switch event {
            case .tokensAppended(let id, _, _, _), .itemMeasured(let id, _), .streamFinished(let id),
                .messageRemoved(let id), .messageConfirmed(let id, _), .entranceAnimationFinished(let id):
                streams[id] != nil ? id : nil
            default: nil
            }
        if automatic {
            for id in named.map({ [$0] }) ?? Array(streams.keys) {
                let count = streams[id]! + 1
                streams[id] = count
                if count > 1 {
                    fail(
                        .stream,
                        "streamed answer \"\(id)\" caused command number \(count) (\(reason)) at \(event.type.rawValue)"
                    )
                }
            }
        }
        switch event {
        case .streamFinished(let id), .messageRemoved(let id):
            streams[id] = nil
        case .messageConfirmed(let id, let newID?):
            if state.message(id: id) == nil, let count = streams.removeValue(forKey: id) {
                streams[newID] = count
            }
        default:
            break
        }
    }

    // MARK: - Loading older and newer history (specification §5, §7, §11)

    private mutating func checkLoadOlder(
        event: ChatEvent, state: ChatState, fail: (Property, @autoclosure () -> String) -> Void
    ) {
        let requests = state.effects.compactMap { effect -> String? in
            if case .loadOlder(let before) = effect { return before }
            return nil
        }
        let outcome: PagingModel.Outcome? =
            switch event {
            case .olderLoaded: .page
            case .loadOlderFailed: .failure
            case .windowLoaded: .window
            default: nil
            }
        older.check(
            PagingModel.Step(
                name: "loadOlder", property: .loadOlder, requests: requests, outcome: outcome,
                windowReplaced: state.windowReplacedForTesting, edgeID: state.oldestMessageID,
                position: state.offset, threshold: configuration.loadOlderThreshold,
                hasMore: state.hasMoreOlder, isLoading: state.isLoadingOlder, messageCount: state.messageCount),
            fail: fail)
    }

    private mutating func checkLoadNewer(
        event: ChatEvent, state: ChatState, fail: (Property, @autoclosure () -> String) -> Void
    ) {
        var requests: [String] = []
        var windows = 0
        for effect in state.effects {
            switch effect {
            case .loadNewer(let after): requests.append(after)
            case .loadWindow: windows += 1
            case .loadOlder, .persistPosition, .markRead: break
            }
        }
        let outcome: PagingModel.Outcome? =
            switch event {
            case .newerLoaded: .page
            case .loadNewerFailed: .failure
            case .windowLoaded: .window
            default: nil
            }
        if case .windowLoaded = event, state.pendingWindow != nil {
            fail(.windows, "a window arrived, but one is still pending")
        }
        newer.check(
            PagingModel.Step(
                name: "loadNewer", property: .windows, requests: requests, outcome: outcome,
                windowReplaced: state.windowReplacedForTesting, edgeID: state.newestMessageID,
                position: state.distanceFromBottom, threshold: configuration.loadNewerThreshold,
                hasMore: state.hasMoreNewer, isLoading: state.isLoadingNewer, messageCount: state.messageCount),
            fail: fail)
        if windows > 1 { fail(.windows, "\(windows) loadWindow effects in one step") }
        if windows == 1, state.pendingWindow == nil { fail(.windows, "a loadWindow effect without a pending window") }
    }

    // MARK: - Reading (specification §10)

    private func checkReading(
        event: ChatEvent, before: Observation, state: ChatState, fail: (Property, @autoclosure () -> String) -> Void
    ) {
        let marks = state.effects.compactMap { effect -> String? in
            if case .markRead(let upTo) = effect { return upTo }
            return nil
        }
        guard configuration.readReceipts else {
            if state.readUpTo != nil || !marks.isEmpty {
                fail(
                    .reading,
                    "readUpTo \(String(describing: state.readUpTo)) and \(marks.count) markRead without readReceipts")
            }
            return
        }
        if marks.count > 1 { fail(.reading, "\(marks.count) markRead effects in one step") }
        if let mark = marks.first {
            if mark != state.readUpTo {
                fail(.reading, "markRead up to \(mark), but readUpTo is \(String(describing: state.readUpTo))")
            }
            if mark == before.readUpTo { fail(.reading, "markRead repeats \(mark)") }
        }
        if case .windowLoaded = event { return }
        // Within a window, readUpTo never moves back (a removed or renamed one is moved by the rules).
        if let old = before.readUpTo, let oldOrder = before.readUpToOrder, state.orderForTesting(of: old) == oldOrder {
            guard let new = state.readUpTo, let order = state.orderForTesting(of: new) else {
                fail(
                    .reading,
                    "readUpTo went from \(old) to \(String(describing: state.readUpTo)) at \(event.type.rawValue)")
                return
            }
            if order < oldOrder {
                fail(.reading, "readUpTo moved back from \(old) to \(new) at \(event.type.rawValue)")
            }
        }
    }

    // MARK: - What the reader reads does not move (specification §2)

    private func checkAnchor(
        event: ChatEvent, before: Observation, issued: Bool, state: ChatState,
        fail: (Property, @autoclosure () -> String) -> Void
    ) {
        guard let offset = state.offset, state.mode == .detached, !state.userHoldsView else { return }
        func clamp(_ value: Double) -> Double { min(max(0, value), state.maxOffset) }
        // Offsets that are not binary fractions (a user's 0.1) round in sums: allow a few
        // units in the last place of the largest position involved.
        let scale = max(1, abs(offset), state.maxOffset, before.offset.map(abs) ?? 0, before.anchorTop ?? 0)
        func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-12 * scale }

        // Detached and not held, after any event: offset = clamp(top(id) + delta).
        let after = state.anchorForTesting
        let top = after.flatMap { state.top(ofMessage: $0.id) }
        if let after, let top, !close(offset, clamp(top + after.delta)) {
            fail(
                .anchor,
                """
                \(event.type.rawValue): offset \(describe(offset)), but clamp(top(\(after.id)) \(describe(top)) + \
                \(describe(after.delta))) = \(describe(clamp(top + after.delta)))
                """
            )
            return
        }

        guard let offsetBefore = before.offset, before.mode == .detached, !before.held, !issued else { return }

        // The bottom edge moves: offset += Δ(K + B), clamped; the anchor is taken anew.
        var bottomShift: Double?
        switch event {
        case .keyboardWillShow, .keyboardWillHide:
            bottomShift = state.keyboardHeight - before.keyboardHeight
        case .viewportChanged:
            if state.viewportHeight == before.viewportHeight, state.insetTop == before.insetTop,
                state.insetBottom != before.insetBottom
            {
                bottomShift = state.insetBottom - before.insetBottom
            } else if state.insetBottom != before.insetBottom {
                return  // Both edges moved; no simple rule to check.
            }
        default:
            break
        }
        if let bottomShift {
            let expected = clamp(offsetBefore + bottomShift)
            if !close(offset, expected) {
                let property: Property = if case .viewportChanged = event { .insetBottom } else { .bottomEdge }
                fail(
                    property,
                    """
                    \(event.type.rawValue) moved the bottom edge by \(describe(bottomShift)): offset \
                    \(describe(offsetBefore)) -> \(describe(offset)), expected \(describe(expected))
                    """
                )
            }
            return
        }

        // Content changes and top-edge moves keep the anchor; unclamped, it keeps its place on screen.
        guard let anchor = before.anchor, let anchorTopBefore = before.anchorTop else { return }
        var anchorID = anchor.id
        switch event {
        case .olderLoaded, .tokensAppended, .itemMeasured, .historyLoaded, .streamFinished,
            .entranceAnimationFinished, .highlightFinished, .inputBlurred, .loadOlderFailed,
            .messageAppended, .viewportChanged, .loadNewerFailed, .windowLoadFailed:
            break
        case .newerLoaded:
            // Specification §11: what is on screen does not move (the anchor is taken where the view is).
            if !close(offset, offsetBefore) {
                fail(.anchor, "newerLoaded moved the offset from \(describe(offsetBefore)) to \(describe(offset))")
            }
            return
        case .messageRemoved(let id):
            if id == anchor.id { return }  // The anchor moves to a neighbour.
        case .messageConfirmed(let id, let newID):
            // Renamed unless the new id was taken.
            if id == anchor.id, let newID, state.message(id: id) == nil { anchorID = newID }
        default:
            return
        }
        guard let after, let top else {
            fail(.anchor, "the anchor (\(anchor.id), \(describe(anchor.delta))) was lost at \(event.type.rawValue)")
            return
        }
        if after.id != anchorID || after.delta != anchor.delta {
            fail(
                .anchor,
                """
                the anchor moved from (\(anchor.id), \(describe(anchor.delta))) to (\(after.id), \
                \(describe(after.delta))) at \(event.type.rawValue)
                """
            )
            return
        }
        if close(offsetBefore, anchorTopBefore + anchor.delta), close(offset, top + after.delta),
            !close(top - offset, anchorTopBefore - offsetBefore)
        {
            fail(
                .anchor,
                """
                \"\(after.id)\" moved on screen from \(describe(anchorTopBefore - offsetBefore)) to \
                \(describe(top - offset)) at \(event.type.rawValue)
                """
            )
        }
    }
}

// MARK: - Which events must warn (specification §7)

enum WarningRules {
    static func bad(_ value: Double) -> Bool { value.isNaN || value < 0 || value > ChatState.maximumLength }

    /// Whether an `appeared` with `restore` waits for the messages (specification §13): it names an
    /// anchor, and nothing is loaded.
    static func waits(_ restore: SavedPosition, messageCount: Int) -> Bool {
        !restore.wasAtBottom && restore.anchorID != nil && messageCount == 0
    }

    /// A description of the bad input in `event`, applied to `state`, or `nil` when the
    /// event need not warn.
    ///
    /// `opens`: whether a `historyLoaded` that makes the list non-empty issues the open.
    static func expected(for event: ChatEvent, in state: ChatState, requestInFlight: Bool, opens: Bool) -> String? {
        let known = state.offset != nil
        // While the window stops short of the present, unknown ids may be after it: no warning.
        func unknown(_ id: String) -> String? {
            state.message(id: id) == nil && !state.hasMoreNewer ? "unknown id \"\(id)\"" : nil
        }
        func windowWithBadHeights(_ messages: [ChatMessage]) -> String? {
            var seen = Set<String>()
            for message in messages where seen.insert(message.id).inserted {
                if bad(message.height) { return "height \(describe(message.height)) of \"\(message.id)\"" }
            }
            return messages.count == seen.count ? nil : "duplicate ids in a window"
        }
        func newMessagesWithBadHeights(_ messages: [ChatMessage]) -> String? {
            guard messages.contains(where: { bad($0.height) }) else { return nil }
            var seen = Set<String>()
            for message in messages where state.message(id: message.id) == nil && seen.insert(message.id).inserted {
                if bad(message.height) { return "height \(describe(message.height)) of \"\(message.id)\"" }
            }
            return nil
        }
        func offsetProblem(_ value: Double) -> String? {
            if !known { return "an offset before the first viewportChanged" }
            return value.isNaN ? "a NaN offset" : nil
        }
        switch event {
        case .viewportChanged(let height, let top, let bottom):
            return [height, top, bottom].first(where: bad).map { "viewport value \(describe($0))" }
        case .historyLoaded(let messages, _, let firstUnreadID):
            if let problem = newMessagesWithBadHeights(messages) { return problem }
            if opens, let id = firstUnreadID, !messages.isEmpty,
                messages.first(where: { $0.id == id })?.direction != .incoming
            {
                return "firstUnreadID \"\(id)\" is not a loaded incoming message"
            }
            if let restore = state.pendingRestore, !messages.isEmpty {
                if state.userHoldsView { return "a restore that waited, applied while held" }
                if let id = restore.anchorID, !messages.contains(where: { $0.id == id }) {
                    return "restore anchor \"\(id)\" not in the history"
                }
            }
            return nil
        case .newerLoaded(let messages, _):
            if !state.isLoadingNewer { return "newerLoaded without a request" }
            if let problem = newMessagesWithBadHeights(messages) { return problem }
            var seen = Set<String>()
            for message in messages where state.message(id: message.id) != nil || !seen.insert(message.id).inserted {
                return "duplicate id \"\(message.id)\" in newerLoaded"
            }
            return state.pendingRestore != nil && !messages.isEmpty ? "a restore that waited, dropped" : nil
        case .loadNewerFailed:
            return state.isLoadingNewer ? nil : "loadNewerFailed without a request"
        case .windowLoaded(let messages, _, _, let firstUnreadID):
            if let problem = windowWithBadHeights(messages) { return problem }
            if let pending = state.pendingWindow, pending.reason == .jumpToMessage, let id = pending.around,
                !messages.contains(where: { $0.id == id })
            {
                return "a window without the message \"\(id)\" it was requested around"
            }
            // Specification §13: a window opens the conversation when nothing was loaded or requested.
            let opensHere = state.messageCount == 0 && state.pendingWindow == nil
            if let id = firstUnreadID {
                if !opensHere { return "firstUnreadID \"\(id)\" on a window that does not open" }
                if messages.first(where: { $0.id == id })?.direction != .incoming {
                    return "firstUnreadID \"\(id)\" is not an incoming message of the window"
                }
            }
            if let restore = state.pendingRestore, let id = restore.anchorID {
                if state.pendingWindow != nil { return "a restore that waited, dropped for a requested window" }
                if !messages.contains(where: { $0.id == id }) { return "restore anchor \"\(id)\" not in the window" }
            }
            return nil
        case .windowLoadFailed:
            return state.pendingWindow == nil ? "windowLoadFailed without a request" : nil
        case .olderLoaded(let messages, _):
            if !requestInFlight { return "olderLoaded without a request" }
            if let problem = newMessagesWithBadHeights(messages) { return problem }
            var seen = Set<String>()
            for message in messages where state.message(id: message.id) != nil || !seen.insert(message.id).inserted {
                return "duplicate id \"\(message.id)\" in olderLoaded"
            }
            return state.pendingRestore != nil && !messages.isEmpty ? "a restore that waited, dropped" : nil
        case .loadOlderFailed:
            return requestInFlight ? nil : "loadOlderFailed without a request"
        case .messageAppended(let message, _):
            if state.message(id: message.id) != nil { return "duplicate id \"\(message.id)\"" }
            if bad(message.height) { return "height \(describe(message.height))" }
            // A message loaded before the history drops a restore that waited (specification §13).
            return state.pendingRestore != nil && !state.hasMoreNewer ? "a restore that waited, dropped" : nil
        case .messageConfirmed(let id, let newID):
            // A window may hold the confirmed message under its server id already (specification §11).
            if state.hasMoreNewer || state.windowReplacedForTesting, state.message(id: id) == nil,
                let newID, state.message(id: newID) != nil
            {
                return nil
            }
            if let problem = unknown(id) { return problem }
            if state.message(id: id)?.direction == .incoming { return "confirming incoming \"\(id)\"" }
            if let newID, newID != id, state.message(id: newID) != nil { return "new id \"\(newID)\" already loaded" }
            return nil
        case .tokensAppended(let id, _, let delta, let height):
            guard state.message(id: id) != nil else { return unknown(id) }
            if let height { return bad(height) ? "height \(describe(height))" : nil }
            if let delta, let current = state.message(id: id)?.height {
                if delta.isNaN || delta < 0 { return "heightDelta \(describe(delta))" }
                if current + delta > ChatState.maximumLength { return "grown height \(describe(current + delta))" }
            }
            return nil
        case .itemMeasured(let id, let height):
            guard state.message(id: id) != nil else { return unknown(id) }
            return bad(height) ? "height \(describe(height))" : nil
        case .streamFinished(let id), .messageRemoved(let id):
            return unknown(id)
        case .jumpToMessage(let id):
            // With windowedHistory, an id that is not loaded requests a window.
            return state.message(id: id) == nil && !state.configuration.windowedHistory ? "unknown id \"\(id)\"" : nil
        case .entranceAnimationFinished(let id):
            return unknown(id)
        case .keyboardWillShow(let height, _):
            return bad(height) ? "keyboard height \(describe(height))" : nil
        case .scrolled(let value), .scrollSettled(let value):
            return offsetProblem(value)
        case .dragEnded(let value, _):
            return offsetProblem(value)
        case .appeared(let restore?):
            // With nothing loaded the restore waits for the messages, held or not (specification §13).
            let waits = waits(restore, messageCount: state.messageCount)
            if state.userHoldsView, !waits { return "appeared while held" }
            if restore.wasAtBottom { return nil }
            guard let id = restore.anchorID else { return "restore without anchorID" }
            if state.message(id: id) == nil, !waits { return "restore anchor \"\(id)\" not loaded" }
            return restore.delta.isFinite ? nil : "restore delta \(describe(restore.delta))"
        default:
            return nil
        }
    }
}

/// The paging rule of one edge (specification §5 for older history, 11 for newer), as a model the
/// checks keep: after any event, when the geometry is known, the list non-empty, more history
/// beyond the edge, no request in flight and the view within the threshold of that edge,
/// request; after a failure, not until the view has left the trigger zone.
struct PagingModel {
    /// How the event answered the edge's request, if it did.
    enum Outcome { case page, failure, window }

    /// What one step shows of the edge.
    struct Step {
        var name: String
        var property: Property
        /// The requests the step emitted, by the id they name.
        var requests: [String]
        var outcome: Outcome?
        var windowReplaced: Bool
        /// The oldest (or newest) loaded message, which a request must name.
        var edgeID: String?
        /// The offset (or the distance from the bottom), `nil` before the geometry is known.
        var position: Double?
        var threshold: Double
        var hasMore: Bool
        var isLoading: Bool
        var messageCount: Int
    }

    private(set) var inFlight = false
    private var blocked = false

    mutating func check(_ step: Step, fail: (Property, @autoclosure () -> String) -> Void) {
        let name = step.name
        switch step.outcome {
        case .page?:
            // A page with no request in flight after a window is ignored altogether.
            if inFlight || !step.windowReplaced { blocked = false }
        case .failure?:
            blocked = true
        case .window?:
            blocked = false
        case nil:
            break
        }
        let stillInFlight = inFlight && step.outcome == nil
        if step.requests.count > 1 { fail(step.property, "\(step.requests.count) \(name) effects in one step") }
        if stillInFlight, !step.requests.isEmpty {
            fail(step.property, "a \(name) effect while a request was in flight")
        }
        if let id = step.requests.first, id != step.edgeID {
            fail(step.property, "\(name) names \"\(id)\", but the edge message is \(String(describing: step.edgeID))")
        }
        var expected = false
        if let position = step.position {
            if position > step.threshold {
                blocked = false
            } else {
                expected = step.messageCount > 0 && step.hasMore && !stillInFlight && !blocked
            }
        }
        if expected != !step.requests.isEmpty {
            fail(
                step.property,
                expected
                    ? "no \(name) effect at \(describe(step.position)) with more history and no request in flight"
                    : "a \(name) effect the rule does not ask for (at \(describe(step.position)), "
                        + "more history \(step.hasMore))"
            )
        }
        inFlight = stillInFlight || !step.requests.isEmpty
        if step.isLoading != inFlight {
            fail(
                step.property, "\(name) loading \(step.isLoading), but a request is \(inFlight ? "" : "not ")in flight")
        }
    }
}
