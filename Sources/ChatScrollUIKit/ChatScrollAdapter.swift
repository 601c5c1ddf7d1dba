import ChatEvents
import ChatReducer
import ChatScrollDriver

#if canImport(UIKit)
import UIKit
#else
import UIKitStandIn
#endif

/// The adapter between a `UIScrollView` (a `UITableView`, a `UICollectionView`, any scroll view)
/// and `ChatScrollDriver`: what every UIKit chat screen needs around the driver, written once.
///
/// The app keeps its own delegate and data source. It creates the adapter with its scroll view and
/// its input bar, forwards five scroll-view callbacks and its layout, and sends its data events
/// through ``driver``. The adapter
///
/// - turns the scroll callbacks into driver calls (UIKit's velocity in points per millisecond
///   becomes the driver's points per second);
/// - runs each move of the driver with the UIKit call for its `ScrollAnimation`;
/// - listens for `keyboardWillChangeFrameNotification` itself and works out the covered bottom
///   edge for the input bar's setup (``InputBar``), and grows `contentInset.bottom` (and the
///   scroll indicator's) by the keyboard's share;
/// - runs a display link only while the driver needs frames, and gives the driver a clock in the
///   display link's time (`CACurrentMediaTime()`) when it has none, so that it knows how long the
///   keyboard still moves when nothing ticks;
/// - delivers the driver's effects to ``onEffect``, on the main actor.
///
/// ```swift
/// let chat = ChatScrollAdapter(scrollView: tableView, inputBar: .keyboardLayoutGuide(bar: inputBar))
/// chat.onEffect = { effect in /* load pages, mark read, save the position */ }
/// chat.driver.send(.historyLoaded(messages: cached, hasMoreOlder: true))
/// ```
///
/// The driver runs on the main actor with the adapter; see the IntegratingWithUIKit article for the
/// whole screen.
@MainActor
public final class ChatScrollAdapter {
    /// How the app's input bar meets the keyboard: what decides which part of the scroll view the
    /// keyboard covers.
    public enum InputBar {
        /// The bar is the keyboard's `inputAccessoryView` (or there is no bar): the keyboard's frame
        /// includes it.
        case inputAccessoryView
        /// A full-height scroll view under `bar`, which is pinned to `keyboardLayoutGuide` and rides
        /// on the keyboard outside its frame. With `keyboardDismissMode = .interactive`, the adapter
        /// follows the keyboard the finger pulls down through the bar's position at each layout.
        case keyboardLayoutGuide(bar: UIView)
        /// The scroll view's bottom is pinned to the top of `bar`, which rides on the keyboard: the
        /// scroll view's frame shrinks instead of its inset growing.
        case shrinkingFrame(bar: UIView)
    }

    /// The driver: send it the screen's data events (`driver.send(_:)`), the cells' heights
    /// (`driver.cellMeasured(id:height:)`), and read its state.
    public let driver: ChatScrollDriver
    /// The scroll view the adapter moves.
    public let scrollView: UIScrollView
    /// How the app's input bar meets the keyboard.
    public let inputBar: InputBar
    /// Called with each effect of each step, in order: `loadOlder`, `loadNewer`, `loadWindow`,
    /// `markRead`, `persistPosition`.
    public var onEffect: (ChatEffect) -> Void = { _ in }
    /// Called after each event the driver sends, with the state after it: to show the
    /// jump-to-latest button, the unread count and the spacer of layout `top`.
    public var onStep: ((ChatEvent, ChatState) -> Void)?

    /// The entry points UIKit calls by selector: the display link's and the keyboard's.
    let hooks = SystemHooks()
    /// The driver's view of the scroll view.
    let mover = ScrollMover()
    /// Runs while the driver needs frames.
    var displayLink: CADisplayLink?
    /// What the adapter added to `contentInset.bottom` for the keyboard.
    var keyboardInset: CGFloat = 0
    /// The keyboard's animation curve, from its last notification (7, the keyboard's own, before).
    var keyboardCurve = 7
    /// A keyboard notified with animations disabled (a turn's, at its start), until the turned
    /// layout or the next frame: its top in the window, and its duration.
    var keyboardAwaitingLayout: (top: Double, duration: Double?)?

    /// Creates the adapter over `scrollView`, with a driver over a new state with `configuration`.
    /// Call it once the scroll view exists (`viewDidLoad`); it starts listening for the keyboard.
    public convenience init(
        scrollView: UIScrollView, inputBar: InputBar, configuration: ChatConfiguration = ChatConfiguration()
    ) {
        self.init(scrollView: scrollView, inputBar: inputBar, driver: ChatScrollDriver(configuration: configuration))
    }

    /// Creates the adapter over `scrollView` with a driver the app set up itself (with a recorder,
    /// say). The adapter takes the driver's callbacks over: the driver's `onEffect` and `onStep`, if
    /// set, become the adapter's ``onEffect`` and ``onStep``.
    public init(scrollView: UIScrollView, inputBar: InputBar, driver: ChatScrollDriver) {
        self.scrollView = scrollView
        self.inputBar = inputBar
        self.driver = driver
        onEffect = driver.onEffect
        onStep = driver.onStep
        hooks.owner = self
        hooks.onDisplayFrame = { [weak self] link in self?.displayFrame(link) }
        hooks.onKeyboardWillChangeFrame = { [weak self] notification in self?.keyboardWillChangeFrame(notification) }
        mover.adapter = self
        driver.scrollView = mover
        if driver.clock == nil { driver.clock = { CACurrentMediaTime() } }
        driver.onEffect = { [weak self] effect in self?.onEffect(effect) }
        driver.onStep = { [weak self] event, state in
            self?.keepKeyboardInset(share: state.keyboardHeight)
            self?.onStep?(event, state)
        }
        let link = CADisplayLink(target: hooks, selector: SystemHooks.displayFrameSelector)
        link.isPaused = true
        link.add(to: .main, forMode: .common)
        displayLink = link
        driver.onNeedsFramesChanged = { [weak self] needs in self?.displayLink?.isPaused = !needs }
        NotificationCenter.default.addObserver(
            hooks, selector: SystemHooks.keyboardSelector, name: UIResponder.keyboardWillChangeFrameNotification,
            object: nil)
    }

    /// The scroll view was laid out (`viewDidLayoutSubviews`): tells the driver its frame, its
    /// insets and, for the setups where they move, where the keyboard and the frame's bottom are.
    public func layout() {
        let frame = scrollViewFrameInWindow
        if case .keyboardLayoutGuide(let bar) = inputBar, scrollView.keyboardDismissMode == .interactive,
            driver.isDragging
        {
            // The finger pulls the keyboard, and no notification tells where it is: the bar on the
            // layout guide does.
            let barFrame = bar.convert(bar.bounds, to: nil)
            driver.keyboardWillChange(
                keyboardTop: Double(barFrame.maxY), scrollViewBottom: Double(frame.maxY),
                barAboveKeyboard: Double(barFrame.height))
        }
        keyboardOfTheTurn(frame: frame)
        var frameBottom: Double?
        if case .shrinkingFrame = inputBar { frameBottom = Double(frame.maxY) }
        driver.layout(
            frameHeight: Double(scrollView.bounds.height), insetTop: Double(scrollView.adjustedContentInset.top),
            insetBottom: Double(scrollView.adjustedContentInset.bottom - keyboardInset), frameBottom: frameBottom)
    }

    /// The scroll view's frame in its window's coordinates, where the keyboard and the bar are
    /// measured.
    var scrollViewFrameInWindow: CGRect { scrollView.convert(scrollView.bounds, to: nil) }

    /// One frame of the display link.
    func displayFrame(_ link: CADisplayLink) {
        keyboardWithoutLayout()
        driver.tick(time: link.targetTimestamp)
    }
}
