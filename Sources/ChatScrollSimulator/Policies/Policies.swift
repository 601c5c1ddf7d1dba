import ChatEvents
import ChatReducer
import ChatScrollDriver
import ChatScrollSwiftUI
import ChatScrollUIKit
import UIKitStandIn

/// What the app's data source and system tell the screen glue.
public enum AppEvent: Sendable, Hashable {
    /// The conversation opens with this history; `firstUnreadID` is the oldest message the
    /// user has not read, as the server knows it. With `hasMoreNewer`, the history is a window
    /// the app loaded itself around a place far above the present (specification §13).
    case open(history: [SimMessage], hasMoreOlder: Bool, firstUnreadID: String? = nil, hasMoreNewer: Bool = false)
    /// The screen appeared with the position saved when the reader left, before its messages
    /// load (specification §13).
    case appeared(restore: SavedPosition)
    /// A message arrives or is sent.
    case append(SimMessage, streaming: Bool)
    /// A streamed answer grows.
    case tokens(id: String, delta: Double)
    /// A streamed answer is complete.
    case finish(id: String)
    /// A page of older history arrived (already prepended to the scroll view).
    case olderLoaded([SimMessage], hasMoreOlder: Bool)
    /// The keyboard moves to cover `overlap` points of the scroll view's bottom.
    case keyboard(overlap: Double, duration: Double)
    /// The frame was laid out anew (rotation).
    case layout
    /// The user tapped the jump-to-latest button.
    case jumpToLatest
    /// The user tapped a reply's quote of message `id`, which may not be loaded.
    case replyJump(id: String)
    /// A window of history arrived (already shown by the scroll view in place of everything).
    case windowLoaded([SimMessage], hasMoreOlder: Bool, hasMoreNewer: Bool)
    /// A page of newer history arrived (already appended to the scroll view).
    case newerLoaded([SimMessage], hasMoreNewer: Bool)
    /// The app dropped the window it was loading: the user went elsewhere first.
    case windowLoadFailed
    /// The row above the oldest message (a "loading older messages" spinner) is now this high,
    /// 0 when hidden (already applied to the scroll view, as a table's header view).
    case header(height: Double)
    /// The row below the newest message (a typing indicator, "thinking…") is now this high, 0
    /// when hidden. The policy draws it (the view's `setFooter(height:)`): an app that
    /// keeps room for it (`footerReserve`) draws it at least that tall.
    case footer(height: Double)

    /// Whether the user starts a navigation with it: a tap, or a send.
    var isUserNavigation: Bool {
        switch self {
        case .jumpToLatest, .replyJump: true
        case .append(let message, _): message.direction == .outgoing
        case .open, .appeared, .tokens, .finish, .olderLoaded, .keyboard, .layout, .windowLoaded, .newerLoaded,
            .windowLoadFailed, .header, .footer:
            false
        }
    }
}

/// What a screen asks its app's server for: pages of older and newer history, and windows.
public struct SimRequests {
    /// The page before the message with this id.
    public var older: (String) -> Void
    /// The page after the message with this id.
    public var newer: (String) -> Void
    /// A window around the message with this id, or the newest page for `nil`.
    public var window: (String?) -> Void

    /// Creates the requests.
    public init(
        older: @escaping (String) -> Void, newer: @escaping (String) -> Void, window: @escaping (String?) -> Void
    ) {
        self.older = older
        self.newer = newer
        self.window = window
    }
}

/// The glue between a simulated scroll view and the app: the package's driver, or one of the
/// hand-written approaches it replaces.
public protocol ScrollPolicy: SimulatedScrollViewDelegate {
    /// The policy's name in the table.
    var name: String { get }
    /// Attaches the scroll view, with the requests the screen can make of the app's server.
    func attach(_ view: SimulatedScrollView, requests: SimRequests)
    /// An event of the app.
    func handle(_ event: AppEvent)
    /// Called once per frame, before layout.
    func tick()
}

/// How the hand-written screens load older history: one page at a time, when the top of what
/// is shown comes within 800 points of the content's top.
struct OlderPages {
    var hasMore = false
    var loading = false

    /// The conversation opened, or a window replaced it.
    mutating func reset(hasMore more: Bool) {
        hasMore = more
        loading = false
    }

    /// Asks for the page before the first item when the view is near the top.
    mutating func requestIfNear(_ view: SimulatedScrollView, _ requests: SimRequests) {
        guard hasMore, !loading, view.offset <= 800,
            let first = view.items.first(where: { $0.message.id != SimulatedScrollView.headerID })
        else { return }
        loading = true
        requests.older(first.message.id)
    }
}

/// What UIKit does with each move the driver asks for, as the adapter asks it: each
/// `ScrollAnimation` is one call of `UIScrollView`, run on the model.
final class UIKitMoves: ChatScrollViewTarget {
    weak var view: SimulatedScrollView?

    init(_ view: SimulatedScrollView) { self.view = view }

    func setContentOffsetY(_ y: Double, animation: ScrollAnimation) {
        guard let view else { return }
        switch animation {
        case .none:
            view.setContentOffsetY(y)
        case .jump:
            view.setContentOffset(y, animated: false)
        case .alongKeyboard(let duration):
            view.animateContentOffsetY(to: y, duration: duration, alongKeyboardCurve: true)
        }
    }
}

/// What a SwiftUI screen's `ScrollPosition` does with each request of `ChatScrollSwiftUI`'s
/// model, run on the simulated SwiftUI view.
func perform(_ request: ChatScrollRequest, on view: SimulatedScrollView) {
    switch request {
    case .row(let id, let anchorY, let jump): view.scrollTo(id: id, anchor: anchorY, stopping: jump)
    case .bottom(let jump): view.scrollToBottom(stopping: jump)
    case .alongKeyboard(let y, let duration):
        view.animateContentOffsetY(to: y, duration: duration, alongKeyboardCurve: true)
    case .bottomAlongKeyboard(let duration): view.animateToBottomAlongKeyboard(duration: duration)
    }
}

/// Runs `body` as main-actor code on the calling thread. The simulator runs each session as an
/// app of its own, whose main thread is the worker thread that runs the session: the session's
/// main-actor objects (the UIKit adapter and the simulated UIKit views) are its alone, and what
/// UIKit keeps once per app the stand-in keeps in the session's `AppMainThread` (bound by
/// ``Simulator/run(_:policy:draw:view:)``), so no two threads touch them. What checks the thread
/// at run time traps here: `MainActor.assumeIsolated`, and a main-actor closure handed to code
/// compiled without Swift 6's checks (the standard library's `map`), which the adapter avoids.
func onAppMainThread<T>(_ body: @MainActor () -> T) -> T {
    withoutActuallyEscaping(body) { body in unsafeBitCast(body, to: (() -> T).self)() }
}

/// Runs `body` as UIKit posts the keyboard's notifications of a turn: on the app's main thread,
/// inside `UIView.performWithoutAnimation`.
func withAnimationsDisabled(_ body: () -> Void) {
    nonisolated(unsafe) let body = body
    onAppMainThread { UIView.performWithoutAnimation { body() } }
}

/// Whether the app's main thread runs with animations enabled (`UIView.areAnimationsEnabled`):
/// false while a turn's keyboard is notified.
func animationsEnabled() -> Bool { onAppMainThread { UIView.areAnimationsEnabled } }

/// The package's glue: a `ChatScrollDriver` over the reducer. On the UIKit views it runs through
/// `ChatScrollUIKit`'s adapter, exactly as an app ships it, over the simulated `UIScrollView`
/// (`SimulatedUIScrollView`), with the display link, the keyboard's notifications and the input
/// bar of the session's setup. On the SwiftUI view, which reports after layout, the driver moves
/// the model directly.
public final class DriverPolicy: ScrollPolicy {
    public let name = "driver"
    /// The driver.
    public let driver: ChatScrollDriver
    weak var view: SimulatedScrollView?
    /// The UIKit adapter, on the UIKit views.
    var chat: ChatScrollAdapter?
    /// The SwiftUI adapter's model, on the lazy stack's SwiftUI views.
    var model: ChatScrollModel?
    /// The window that holds the adapter's scroll view and the input bar.
    var window: UIWindow?
    /// The scroll view's moves on the model: UIKit's, by rows on the lazy stack's SwiftUI views, or
    /// a broken driver's.
    var glue: (any ChatScrollViewTarget)?
    /// Makes a broken driver's glue, in place of the package's (on the views the model does not run).
    var makeBrokenGlue: ((SimulatedScrollView) -> any ChatScrollViewTarget)?
    /// A broken driver's handling of the SwiftUI model's requests, in place of the scroll
    /// position's.
    var brokenRequests: ((ChatScrollRequest, SimulatedScrollView) -> Void)?
    /// Rows report their frames with the height the driver holds, not their own: no row is ever
    /// measured (a broken driver's).
    var rowsKeepEstimates = false
    /// The app never adds the driver's trailing spacer below the last message (a broken driver's).
    var dropsSpacer = false
    /// A keyboard notified with animations disabled (a turn's, at its start), which the glue
    /// without an adapter keeps for the turned layout, as the adapters do: its top.
    var keyboardAwaitingLayout: Double?
    /// The `markRead` effects forwarded to the server, in order.
    public private(set) var readMarks: [String] = []

    /// Creates the policy with `configuration`, recording into `recorder` when given.
    public init(configuration: ChatConfiguration, recording: Bool = false) {
        driver = ChatScrollDriver(configuration: configuration)
        // The simulated app reports each row's entrance animation when it ends (below).
        driver.entranceAnimationDuration = nil
        if recording { driver.recorder = ChatRecorder(configuration: configuration, capacity: 50_000) }
    }

    /// The event log the driver recorded, with its header, `nil` when it was not recording.
    public var recordedLog: String? { driver.recorder?.exportLog(keepingText: true) }

    public func attach(_ view: SimulatedScrollView, requests: SimRequests) {
        self.view = view
        let glue: any ChatScrollViewTarget = makeBrokenGlue?(view) ?? UIKitMoves(view)
        self.glue = glue
        // The app's clock, to the millisecond (the logs' times): the UIKit adapter and the SwiftUI
        // model give the driver `CACurrentMediaTime()`, which is this clock.
        let clock = { [weak view] in ((view?.time ?? 0) * 1000).rounded() / 1000 }
        driver.onEffect = { [weak self] effect in
            switch effect {
            case .loadOlder(let before): requests.older(before)
            case .loadNewer(let after): requests.newer(after)
            case .loadWindow(let around): requests.window(around)
            case .markRead(let upTo): self?.readMarks.append(upTo)
            case .persistPosition: break
            }
        }
        if view.personality.lazyStackEstimates {
            // `chatScroll(_:)`: an id position that keeps the row at the top, and the model's
            // requests run on it.
            view.swiftUI = SwiftUIScrollSettings(position: .id(anchor: .top))
            nonisolated(unsafe) let (view, driver, clock) = (view, driver, clock)
            nonisolated(unsafe) let run = brokenRequests ?? { perform($0, on: $1) }
            model = onAppMainThread {
                AppMainThread.current.mediaClock = clock
                let model = ChatScrollModel(driver: driver)
                model.perform = { [weak view] request in if let view { run(request, view) } }
                model.observeKeyboard()
                // `chatComposer(_:)` on the composer in the safe area.
                if view.setup == .swiftUISafeArea { model.composerChanged(height: InputBarSetup.barHeight) }
                return model
            }
        } else if view.personality.reportsAfterLayout {
            // (The simulator's own glue gives the driver the clock itself.)
            driver.clock = clock
            driver.scrollView = glue
        } else {
            // (The session's own objects, on its app's main thread: see `onAppMainThread`.)
            nonisolated(unsafe) let (view, glue, driver, clock) = (view, glue, driver, clock)
            (chat, window) = onAppMainThread {
                AppMainThread.current.mediaClock = clock
                let scrollView = SimulatedUIScrollView(view, glue: glue)
                let bar = SimulatedInputBar(view)
                // The app's window fills its screen.
                let window = SimulatedWindow(screen: UIScreen(), height: view.frameHeight)
                window.addSubview(scrollView)
                window.addSubview(bar)
                let inputBar: ChatScrollAdapter.InputBar =
                    switch view.setup {
                    case .accessory, .swiftUISafeArea: .inputAccessoryView
                    case .layoutGuide, .interactiveDismissal: .keyboardLayoutGuide(bar: bar)
                    case .shrinkingFrame: .shrinkingFrame(bar: bar)
                    }
                return (ChatScrollAdapter(scrollView: scrollView, inputBar: inputBar, driver: driver), window)
            }
        }
        handle(.layout)
        if driver.state.configuration.footerReserve > 0 {
            view.setFooter(height: driver.state.configuration.footerReserve)
        }
    }

    /// Runs `body` with the adapter, on the UIKit views; whether it ran.
    private func adapted(_ body: @MainActor (ChatScrollAdapter) -> Void) -> Bool {
        guard let chat else { return false }
        onAppMainThread { body(chat) }
        return true
    }

    /// UIKit's `keyboardWillChangeFrameNotification`: the keyboard's end frame in the window, over
    /// `duration` seconds on the keyboard's curve, posted where an adapter listens; whether it was.
    private func notifyKeyboard(_ view: SimulatedScrollView, duration: Double) -> Bool {
        guard chat != nil || model != nil else { return false }
        let (top, height) = (view.keyboardFrameTop, view.frameHeight)
        onAppMainThread {
            NotificationCenter.default.post(
                name: UIResponder.keyboardWillChangeFrameNotification, object: nil,
                userInfo: [
                    UIResponder.keyboardFrameEndUserInfoKey: CGRect(
                        x: 0, y: CGFloat(top), width: SimulatedUIScrollView.width,
                        height: CGFloat(max(0, height - top))),
                    UIResponder.keyboardAnimationDurationUserInfoKey: duration,
                    UIResponder.keyboardAnimationCurveUserInfoKey: 7,
                ])
        }
        return true
    }

    public func handle(_ event: AppEvent) {
        guard let view else { return }
        switch event {
        case .open(let history, let more, let firstUnreadID, let newer):
            // A window the app loaded around a place far above the present opens as a window.
            driver.send(
                newer
                    ? .windowLoaded(
                        messages: history.map(Self.message), hasMoreOlder: more, hasMoreNewer: true,
                        firstUnreadID: firstUnreadID)
                    : .historyLoaded(
                        messages: history.map(Self.message), hasMoreOlder: more, firstUnreadID: firstUnreadID))
        case .appeared(let restore):
            driver.send(.appeared(restore: restore))
        case .append(let message, let streaming):
            driver.send(.messageAppended(Self.message(message), streaming: streaming ? true : nil))
            // The row's entrance animation runs 0.3 s, then the app reports its end (a message
            // beyond the loaded window has no row).
            if driver.state.message(id: message.id) != nil {
                entrances.append((message.id, view.time + SimulatedScrollView.animationDuration))
            }
        case .tokens(let id, let delta):
            driver.send(.tokensAppended(id: id, text: nil, heightDelta: delta, height: nil))
        case .finish(let id):
            driver.send(.streamFinished(id: id))
        case .olderLoaded(let page, let more):
            driver.send(.olderLoaded(messages: page.map(Self.message), hasMoreOlder: more))
        case .keyboard(_, let duration):
            guard !notifyKeyboard(view, duration: duration) else { break }
            // A turn's, with animations disabled, waits for the turned layout.
            if !animationsEnabled() {
                keyboardAwaitingLayout = view.keyboardFrameTop
                break
            }
            // The notification's end frame and the scroll view's frame, in the window, and the
            // bar that rides on the keyboard outside its frame.
            driver.keyboardWillChange(
                keyboardTop: view.keyboardFrameTop, scrollViewBottom: view.reportedFrameHeight,
                barAboveKeyboard: view.setup.barAboveKeyboard, duration: duration)
        case .layout:
            // SwiftUI's scroll geometry comes whole, with the offset.
            guard model == nil else { return reportGeometry(view) }
            // `viewDidLayoutSubviews`.
            // (Interactive dismissal is a UIKit setup: the adapter follows the layout guide there.)
            guard !adapted({ $0.layout() }) else { break }
            if let top = keyboardAwaitingLayout {
                keyboardAwaitingLayout = nil
                driver.keyboardWillChange(
                    keyboardTop: top, scrollViewBottom: view.reportedFrameHeight,
                    barAboveKeyboard: view.setup.barAboveKeyboard, beforeLayout: true)
            }
            // (A frame that moves with the keyboard says where its bottom is, in the window.)
            driver.layout(
                frameHeight: view.reportedFrameHeight, insetTop: view.insetTop, insetBottom: view.reportedInsetBottom,
                frameBottom: view.setup.frameMovesWithKeyboard ? view.reportedFrameHeight : nil)
        case .jumpToLatest:
            driver.send(.jumpToLatestTapped)
        case .replyJump(let id):
            driver.send(.jumpToMessage(id: id))
        case .windowLoaded(let window, let older, let newer):
            // Rows that left the window have no entrance animation to report.
            entrances.removeAll { entry in !window.contains { $0.id == entry.id } }
            driver.send(.windowLoaded(messages: window.map(Self.message), hasMoreOlder: older, hasMoreNewer: newer))
        case .newerLoaded(let page, let more):
            driver.send(.newerLoaded(messages: page.map(Self.message), hasMoreNewer: more))
        case .windowLoadFailed:
            driver.send(.windowLoadFailed)
        case .header(let height):
            driver.send(.headerChanged(height: height))
        case .footer(let height):
            // The table's footer view keeps the reserve's room (the "Rows that are not messages"
            // article's advice); the driver hears of the indicator.
            view.setFooter(height: max(height, driver.state.configuration.footerReserve))
            driver.send(.footerChanged(height: height))
        }
        updateSpacer()
    }

    func updateSpacer() {
        view?.trailingSpacer = dropsSpacer ? 0 : driver.state.trailingSpacer
        view?.spacerKeyboard = view?.coveredBeyondInset(share: driver.state.keyboardHeight) ?? 0
        keepKeyboardInset()
    }

    /// The glue grows `contentInset.bottom` by the driver's keyboard share (the UIKit adapter does
    /// it itself).
    func keepKeyboardInset() {
        if chat == nil, view?.setup != .accessory { view?.keyboardInset = driver.state.keyboardHeight }
    }

    public func tick() {
        guard let view else { return }
        // The display link, which runs only while the driver needs frames.
        let time = view.time
        if let model {
            // The `TimelineView` of `chatScroll(_:)`, which runs only while the model needs frames.
            onAppMainThread { if model.needsFrames { model.tick(time: time) } }
        } else if !adapted({ _ in RunLoop.main.fireDisplayLinks(at: time) }) {
            driver.tick(time: time)
        }
        // (A keyboard that waited for a gesture to end changes the share after the event.)
        keepKeyboardInset()
        tickEntrances()
    }

    /// What the app does each frame besides ticking the driver: it counts the commands run and
    /// reports entrance animations that ended.
    func tickEntrances() {
        guard let view else { return }
        // Programmatic scrolls: each command the driver ran.
        if let seq = driver.state.scrollTarget?.seq, seq != countedSeq {
            view.scrollCalls += seq - countedSeq
            countedSeq = seq
        }
        while let (id, due) = entrances.first, due <= view.time {
            entrances.removeFirst()
            driver.send(.entranceAnimationFinished(id: id))
        }
    }

    /// The last command counted as a programmatic scroll.
    var countedSeq = 0
    /// Entrance animations running, with the time each ends.
    var entrances: [(id: String, due: Double)] = []

    static func message(_ message: SimMessage) -> ChatMessage {
        ChatMessage(id: message.id, direction: message.direction, height: message.estimatedHeight)
    }

    // The scroll view's delegate, as the app's forwards it to the adapter.
    public func willBeginDragging() {
        if !adapted({ $0.scrollViewWillBeginDragging($0.scrollView) }) { driver.willBeginDragging() }
    }
    public func didScroll(contentOffsetY: Double) {
        guard !adapted({ $0.scrollViewDidScroll($0.scrollView) }) else { return }
        guard let view, model != nil else { return driver.didScroll(contentOffsetY: contentOffsetY) }
        reportGeometry(view)
    }
    /// What the rows' `onGeometryChange` and the scroll view's `onScrollGeometryChange` report to
    /// the SwiftUI model after a layout: the frames of the rows shown (and which left), then the
    /// scroll geometry whole.
    private func reportGeometry(_ view: SimulatedScrollView) {
        guard let model else { return }
        let shown = view.visibleRows()
        let left = reportedRows.subtracting(shown.lazy.map(\.id))
        reportedRows = Set(shown.lazy.map(\.id))
        let heights = shown.map(reportedHeight)
        // (One layout's values, whatever the model asks for while it hears of them.)
        let (height, insetTop, insetBottom, contentOffsetY) = (
            view.reportedFrameHeight, view.insetTop, view.reportedInsetBottom, view.contentOffsetY
        )
        onAppMainThread {
            for id in left { model.rowDisappeared(id: id) }
            for (row, height) in zip(shown, heights) { model.rowFrameChanged(id: row.id, top: row.top, height: height) }
            model.geometryChanged(
                containerHeight: height, insetTop: insetTop, insetBottom: insetBottom, contentOffsetY: contentOffsetY,
                frameBottom: height)
        }
        updateSpacer()
    }
    /// The rows whose frames the SwiftUI model was last told of.
    private var reportedRows: Set<String> = []
    /// The height a row's frame reports: its own, or the driver's where rows keep their estimates.
    private func reportedHeight(_ row: ScreenRows.Row) -> Double {
        rowsKeepEstimates ? driver.state.message(id: row.id)?.height ?? row.height : row.height
    }
    /// The SwiftUI model's offset less the view's (0 where the model does not run).
    var modelDelta: Double { model.map { model in onAppMainThread { model.modelDelta } } ?? 0 }
    public func willEndDragging(velocity: Double) {
        // (UIKit always offers the deceleration's end; a release at rest or past an edge ends here.)
        if !adapted({ _ = Self.willEndDragging($0, velocity: velocity, target: $0.scrollView.contentOffset.y) }) {
            driver.willEndDragging(velocity: velocity)
        }
    }
    public func willEndDragging(velocity: Double, targetContentOffsetY: Double) -> Double {
        guard let chat else {
            return driver.willEndDragging(velocity: velocity, targetContentOffsetY: targetContentOffsetY)
        }
        return onAppMainThread { Self.willEndDragging(chat, velocity: velocity, target: CGFloat(targetContentOffsetY)) }
    }
    /// `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)`, with UIKit's velocity in
    /// points per millisecond; where the deceleration is to stop.
    @MainActor
    private static func willEndDragging(_ chat: ChatScrollAdapter, velocity: Double, target: CGFloat) -> Double {
        var target = CGPoint(x: 0, y: target)
        chat.scrollViewWillEndDragging(
            chat.scrollView, withVelocity: CGPoint(x: 0, y: CGFloat(velocity / 1000)), targetContentOffset: &target)
        return Double(target.y)
    }
    public func didEndDragging(willDecelerate: Bool) {
        if !adapted({ $0.scrollViewDidEndDragging($0.scrollView, willDecelerate: willDecelerate) }) {
            driver.didEndDragging(willDecelerate: willDecelerate)
        }
    }
    public func didEndDecelerating() {
        if !adapted({ $0.scrollViewDidEndDecelerating($0.scrollView) }) { driver.didEndDecelerating() }
    }
    public func didEndScrollingAnimation() {}
    /// As the "Integrating with SwiftUI" article writes it.
    public func phaseChanged(from old: ChatScrollPhase, to new: ChatScrollPhase, velocity: Double?) {
        guard let model else { return driver.scrollPhaseChanged(from: old, to: new, velocity: velocity) }
        onAppMainThread { model.phaseChanged(from: old, to: new, velocity: velocity) }
    }
    public func cellMeasured(id: String, height: Double) {
        if let model, let view, let row = view.rows([id]).first {
            // The row's `onGeometryChange`: its frame, whose height is the measurement.
            reportedRows.insert(id)
            onAppMainThread { model.rowFrameChanged(id: id, top: row.top, height: height) }
        } else {
            driver.cellMeasured(id: id, height: height)
        }
        updateSpacer()
    }
}

/// A model of the common hand-written approaches, for comparison (labelled as models):
///
/// - ``Kind/alwaysScroll``: scroll to the bottom, animated, on every message-count and
///   streaming change;
/// - ``Kind/scrollWhenAtBottom``: scroll to the bottom only when already at the bottom; no
///   prepend compensation, no keyboard handling;
/// - ``Kind/delayedOpen``: show the list, then scroll to the bottom 0.1 s later; otherwise as
///   ``Kind/scrollWhenAtBottom``;
/// - ``Kind/typingIndicatorRow``: as ``Kind/scrollWhenAtBottom``, with the typing indicator an
///   extra row at the end that the app scrolls to, animated, when it appears at the bottom, and
///   simply removes when it goes.
///
/// None of them tells anything of the spinner above the oldest message: the content grows above
/// what is read, and UIKit keeps the offset.
public final class BaselinePolicy: ScrollPolicy {
    /// Which hand-written approach.
    public enum Kind: String, Sendable, CaseIterable {
        case alwaysScroll = "baseline-always-scroll"
        case scrollWhenAtBottom = "baseline-scroll-when-at-bottom"
        case delayedOpen = "baseline-delayed-open"
        case typingIndicatorRow = "baseline-typing-indicator-row"
    }

    public let kind: Kind
    public var name: String { kind.rawValue }
    weak var view: SimulatedScrollView?
    var requests = SimRequests(older: { _ in }, newer: { _ in }, window: { _ in })
    /// The message a reply jump waits for.
    var jumpTarget: String?
    var olderPages = OlderPages()
    var openScrollAt: Double?
    /// The height of the typing indicator's row.
    var footerHeight = 0.0

    /// Creates the model.
    public init(_ kind: Kind) { self.kind = kind }

    public func attach(_ view: SimulatedScrollView, requests: SimRequests) {
        self.view = view
        self.requests = requests
        // The whole offset range starts at the top, as a fresh list does.
    }

    var atBottom: Bool {
        guard let view else { return false }
        return view.maxOffset - view.offset <= 20
    }

    func scrollToBottom(animated: Bool) {
        guard let view else { return }
        if animated {
            view.setContentOffset(view.maxOffset - view.insetTop, animated: true)
        } else {
            view.jump(toOffset: view.maxOffset)
        }
    }

    public func handle(_ event: AppEvent) {
        guard let view else { return }
        switch event {
        case .open(_, let more, _, _):
            olderPages.reset(hasMore: more)
            switch kind {
            case .alwaysScroll: scrollToBottom(animated: true)
            case .scrollWhenAtBottom, .typingIndicatorRow: scrollToBottom(animated: false)
            case .delayedOpen: openScrollAt = view.time + 0.1
            }
        case .append, .tokens:
            if kind == .alwaysScroll || atBottom { scrollToBottom(animated: true) }
        case .finish, .keyboard, .layout, .appeared:
            break
        case .olderLoaded(_, let more):
            olderPages.reset(hasMore: more)
            if kind == .alwaysScroll { scrollToBottom(animated: true) }
        case .jumpToLatest:
            scrollToBottom(animated: true)
        case .replyJump(let id):
            // Scroll to the quoted message when it is loaded, else fetch a window around it.
            if let offset = view.centredOffset(of: id) {
                view.setContentOffset(offset - view.insetTop, animated: true)
            } else {
                jumpTarget = id
                requests.window(id)
            }
        case .windowLoaded:
            // reloadData, then the quoted message in the middle.
            if let id = jumpTarget, let offset = view.centredOffset(of: id) { view.jump(toOffset: offset) }
            jumpTarget = nil
        case .newerLoaded:
            break
        case .windowLoadFailed:
            jumpTarget = nil
        case .header:
            break
        case .footer(let height):
            view.setFooter(height: height)
            // The indicator's row was added at the end: scrolled to when the list was at the
            // bottom before it (or always); its removal is left to the view.
            let wasAtBottom = view.maxOffset - view.offset - (height - footerHeight) <= 20
            if height > footerHeight, kind == .alwaysScroll || (kind == .typingIndicatorRow && wasAtBottom) {
                scrollToBottom(animated: true)
            }
            footerHeight = height
        }
    }

    public func tick() {
        guard let view else { return }
        if let at = openScrollAt, view.time >= at {
            openScrollAt = nil
            scrollToBottom(animated: false)
        }
    }

    public func willBeginDragging() {}
    public func didScroll(contentOffsetY: Double) {
        guard let view else { return }
        olderPages.requestIfNear(view, requests)
    }
    public func willEndDragging(velocity: Double) {}
    public func didEndDragging(willDecelerate: Bool) {}
    public func didEndDecelerating() {}
    public func didEndScrollingAnimation() {}
    public func cellMeasured(id: String, height: Double) {}
}
