import ChatEvents
import ChatReducer
import ChatScrollDriver
import ChatScrollUIKit
import Observation

#if canImport(UIKit)
import QuartzCore
#else
import UIKitStandIn
#endif

/// What a SwiftUI chat screen's scroll view is driven by: `ChatScrollDriver` and the reducer,
/// reconciled with a `ScrollView` over a `LazyVStack` that keeps positions itself.
///
/// SwiftUI's lazy stack estimates the rows it has not laid out and keeps what is shown when it
/// lays them out, inside layout; its offsets are its own. So the model never tells SwiftUI an
/// offset: each move of the driver becomes a row and an anchor, or the bottom edge
/// (``ChatScrollRequest``), and each offset SwiftUI reports becomes the model's through a row
/// it shows. Keeping a position (a prepended page, a measured row, growth while following) is
/// left to SwiftUI; only what the user should see move is asked for.
///
/// The SwiftUI side is the `chatScroll(_:)` and `chatRow(_:in:)` modifiers, which report to the
/// methods below; a test or a simulation calls them the same way.
///
/// ```swift
/// @State private var chat = ChatScrollModel()
/// // …
/// ScrollView {
///     LazyVStack(spacing: 0) {
///         ForEach(messages) { message in MessageRow(message).chatRow(message.id, in: chat) }
///     }
///     .scrollTargetLayout()
/// }
/// .chatScroll(chat)
/// ```
@available(iOS 18.0, *)
@MainActor @Observable
public final class ChatScrollModel {
    /// The driver: send it the screen's data events (`driver.send(_:)`).
    @ObservationIgnored public let driver: ChatScrollDriver
    /// The reducer's state after the last event: the jump-to-latest button, the unread count and
    /// the spacer of layout `top` read it.
    public private(set) var state: ChatState
    /// Whether the driver needs ``tick(time:)`` on every frame (a `TimelineView` runs while true).
    public private(set) var needsFrames = false
    /// Called with each effect of each step, in order: `loadOlder`, `loadNewer`, `loadWindow`,
    /// `markRead`, `persistPosition`.
    @ObservationIgnored public var onEffect: (ChatEffect) -> Void = { _ in }
    /// Runs each move on the scroll view: the `chatScroll(_:)` modifier's `ScrollPosition`.
    @ObservationIgnored public var perform: (ChatScrollRequest) -> Void = { _ in }

    /// The rows the scroll view shows, as they last reported their frames.
    @ObservationIgnored var rows = ShownRows()
    /// The scroll view's geometry as it last reported it.
    @ObservationIgnored var geometry = ReportedGeometry()
    /// The composer's height, once `chatComposer(_:)` reported it: it rides on the keyboard in the
    /// scroll view's bottom safe area, and keyboard avoidance shrinks the container.
    @ObservationIgnored var composerHeight: Double?
    /// A keyboard's notification that came during momentum or before its turn's layout, which the
    /// driver hears of with the next geometry: where the keyboard's top ends, over how long, and
    /// whether it turns with the screen.
    @ObservationIgnored var waitingKeyboard: (top: Double, duration: Double?, turns: Bool)?
    /// Calls the model on the keyboard's notifications, once observed.
    @ObservationIgnored var hooks: SystemHooks?
    /// The model's offset less the view's, as last found from a row the view showed.
    @ObservationIgnored package private(set) var modelDelta = 0.0
    @ObservationIgnored let mover = RowMover()
    /// Whether a request ran while the scroll view reported its last layout (a row measured above
    /// while a command animates): it lands at the next layout, so the offset of this one is older
    /// than the driver's.
    @ObservationIgnored var requestedDuringReport = false
    /// Whether the model is handling a report of the scroll view's.
    @ObservationIgnored var reporting = false

    /// Creates the model with a driver over a new state with `configuration`.
    public convenience init(configuration: ChatConfiguration = ChatConfiguration()) {
        self.init(driver: ChatScrollDriver(configuration: configuration))
    }

    /// Creates the model over a driver the app set up itself (with a recorder, say). The model
    /// takes the driver's callbacks over: its `onEffect`, if set, becomes the model's ``onEffect``.
    public init(driver: ChatScrollDriver) {
        self.driver = driver
        state = driver.state
        needsFrames = driver.needsFrames
        onEffect = driver.onEffect
        mover.model = self
        driver.scrollView = mover
        // (The clock ``tick(time:)`` keeps to, so that the driver knows how long the keyboard still
        // moves when nothing ticks.)
        if driver.clock == nil { driver.clock = { CACurrentMediaTime() } }
        driver.onEffect = { [weak self] effect in self?.onEffect(effect) }
        let step = driver.onStep
        driver.onStep = { [weak self] event, state in
            self?.state = state
            step?(event, state)
        }
        driver.onNeedsFramesChanged = { [weak self] needs in self?.needsFrames = needs }
    }

    // MARK: What the scroll view reports

    /// `onScrollGeometryChange`: the container's height, its insets (the safe area and the
    /// composer's `safeAreaInset`), the content offset, and the container's bottom in the global
    /// space, where the keyboard's frame is. The driver hears the layout first, then the offset,
    /// turned into the model's through the topmost row shown.
    ///
    /// - Complexity: O(k log n), for k rows shown.
    public func geometryChanged(
        containerHeight: Double, insetTop: Double, insetBottom: Double, contentOffsetY: Double, frameBottom: Double
    ) {
        // (A new layout of the frame, a turn, ends SwiftUI's animation a command rides to the end on:
        // the view keeps the end from the next frame until the command ends.)
        if containerHeight != geometry.height, let riding = mover.commandRidingToEnd {
            mover.commandRidingToEnd = (riding.seq, -.infinity)
        }
        geometry = ReportedGeometry(
            contentOffsetY: contentOffsetY, insetTop: insetTop, height: containerHeight, frameBottom: frameBottom)
        if waitingKeyboard != nil {
            // Where the momentum has taken the view, then the keyboard, then the layout it caused.
            reportOffset()
            tellKeyboard()
        }
        // (The first layout after the keyboard's notification measures the keyboard's share of the
        // frame anew: the notification came with the bottom of the frame before it.)
        report {
            driver.layout(
                frameHeight: containerHeight, insetTop: insetTop, insetBottom: insetBottom, frameBottom: frameBottom)
        }
        // (It lands where the view is, as this layout reports it.)
        runStopAwaitingLayout()
        // A request run while this layout reported lands at the next: the driver keeps the place it
        // asked for until that one reports.
        defer { requestedDuringReport = false }
        guard !requestedDuringReport else { return findModelDelta() }
        reportOffset()
    }

    /// Runs the stop the driver asked for before it had the layout being reported: where the view
    /// is, in the driver's new layout, or at the edge it bounced past.
    private func runStopAwaitingLayout() {
        guard mover.stopAwaitingLayout else { return }
        mover.stopAwaitingLayout = false
        let state = driver.state
        findModelDelta()
        let offset = min(max(0, geometry.offset + modelDelta), state.maxOffset)
        mover.setContentOffsetY(offset - state.insetTop, animation: .jump)
    }

    /// Runs `request` on the scroll view, noting one that runs while the view reports a layout.
    func run(_ request: ChatScrollRequest) {
        if reporting { requestedDuringReport = true }
        perform(request)
    }

    /// Runs `body`, a report of the scroll view's layout.
    private func report(_ body: () -> Void) {
        reporting = true
        body()
        reporting = false
    }

    /// Finds ``modelDelta`` anew through the topmost row shown, where the view shows one the model has.
    private func findModelDelta() {
        if let delta = rows.modelDelta(in: driver.state, geometry: geometry) { modelDelta = delta }
    }

    /// The view's offset as the model's, through the topmost row shown, as a `contentOffset.y`
    /// under the top inset the driver knows (before a turn's layout reaches it, the view's is the
    /// new one).
    private func reportOffset() {
        findModelDelta()
        driver.didScroll(contentOffsetY: geometry.offset + modelDelta - driver.state.insetTop)
    }

    /// `onScrollPhaseChange`: the gesture callbacks the change stands for. `velocity` in points per
    /// second of offset, positive towards the bottom.
    public func phaseChanged(from old: ChatScrollPhase, to new: ChatScrollPhase, velocity: Double?) {
        tellKeyboard()
        driver.scrollPhaseChanged(from: old, to: new, velocity: velocity)
    }

    /// A row's frame in the scroll view's coordinate space (`.scrollView`), each time it changes:
    /// its height is the row's measurement, its top where the view shows it.
    ///
    /// - Complexity: O(log n).
    public func rowFrameChanged(id: String, top: Double, height: Double) {
        let measured = rows.update(id: id, top: top, height: height)
        if measured { report { driver.cellMeasured(id: id, height: height) } }
    }

    /// A row left the screen (`onDisappear`): the lazy stack no longer lays it out.
    public func rowDisappeared(id: String) { rows.remove(id: id) }

    /// The composer in the scroll view's `safeAreaInset(edge: .bottom)` is `height` tall: it rides
    /// on the keyboard, above the keyboard's frame.
    public func composerChanged(height: Double) { composerHeight = height }

    /// The keyboard will move so that its top is at `keyboardTop`, in the global space of
    /// ``geometryChanged(containerHeight:insetTop:insetBottom:contentOffsetY:frameBottom:)``,
    /// over `duration` seconds. `chatScroll(_:)` calls it from
    /// `keyboardWillChangeFrameNotification`; `beforeLayout` when the frame is the new layout's,
    /// still to come (a turn of the screen).
    public func keyboardWillChange(keyboardTop: Double, duration: Double?, beforeLayout: Bool = false) {
        waitingKeyboard = (keyboardTop, duration, beforeLayout)
        // The notification comes between frames, and momentum moves the view on before a move
        // asked for now lands: the driver hears of it with the next geometry, from there; so
        // does a keyboard whose layout is still to come.
        if !driver.isDecelerating, !beforeLayout { tellKeyboard() }
    }

    /// Tells the driver of the keyboard's notification that waits, if one does.
    private func tellKeyboard() {
        guard let (top, duration, turns) = waitingKeyboard else { return }
        waitingKeyboard = nil
        // (A turn's keyboard turns with the screen: the layout reported next applies it, at once.)
        hearingKeyboard {
            driver.keyboardWillChange(
                keyboardTop: top, scrollViewBottom: geometry.frameBottom, barAboveKeyboard: composerHeight ?? 0,
                duration: duration, beforeLayout: turns)
        }
    }

    /// Tells the driver of the keyboard by `tell`: a stop past the end, in a bounce, waits for the
    /// move along the keyboard that follows it, and is made after all where none does.
    package func hearingKeyboard(_ tell: () -> Void) {
        mover.hearingKeyboard = true
        tell()
        mover.hearingKeyboard = false
        mover.runHeldStop()
    }

    /// One display frame, while ``needsFrames``, at `time` on the driver's clock (the model gives
    /// the driver `CACurrentMediaTime()` when the app sets no clock; `chatScroll(_:)` ticks on it).
    public func tick(time: Double) { driver.tick(time: time) }
}

/// The scroll view's geometry as `onScrollGeometryChange` last reported it.
struct ReportedGeometry {
    /// `ScrollGeometry.contentOffset.y`, which includes the top inset.
    var contentOffsetY = 0.0
    /// `ScrollGeometry.contentInsets.top`.
    var insetTop = 0.0
    /// `ScrollGeometry.containerSize.height`.
    var height = 0.0
    /// The scroll view's bottom in the global space, where the keyboard's frame is.
    var frameBottom = 0.0

    /// The view's offset from the content's top to the visible region's top.
    var offset: Double { contentOffsetY + insetTop }
}
