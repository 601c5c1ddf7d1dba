/// A model of the careful hand-written UIKit policy a strong iOS engineer writes instead of
/// adopting a scroll engine (labelled as a model, like the other baselines):
///
/// - the open jumps to the bottom, and stays there while the cells it shows are measured;
/// - it follows the newest message only while within 20 points of the bottom: an arrival or a
///   send scrolls there, animated; streamed tokens keep the bottom pinned, but never redirect a
///   running animation (the end of the animation corrects the rest);
/// - `contentOffset += Δ` for a prepended page and for cells measured above the viewport;
/// - the keyboard moves the list only when following, along the keyboard's curve;
/// - taps: jump to latest scrolls to the bottom, a reply's quote is centred (or its window is
///   loaded and shown centred); a rotation keeps the bottom when following.
public final class CarefulUIKitPolicy: ScrollPolicy {
    public let name = "baseline-careful-uikit"
    weak var view: SimulatedScrollView?
    var requests = SimRequests(older: { _ in }, newer: { _ in }, window: { _ in })
    /// Within 20 points of the bottom, as last seen by the user's scrolling or a scroll of its own.
    var following = true
    /// The height of the spinner above the oldest message.
    var headerHeight = 0.0
    var dragging = false
    var decelerating = false
    var olderPages = OlderPages()
    var jumpTarget: String?

    /// Creates the model.
    public init() {}

    public func attach(_ view: SimulatedScrollView, requests: SimRequests) {
        self.view = view
        self.requests = requests
    }

    var bottom: Double { view.map { $0.maxOffset - $0.insetTop } ?? 0 }

    /// Keeps the bottom in view without animating, unless an animated scroll runs.
    func keepBottom() {
        guard let view, following, !dragging, !decelerating, !view.isAnimatingScroll else { return }
        if abs(view.contentOffsetY - bottom) > 0.5 { view.setContentOffsetY(bottom) }
    }

    public func handle(_ event: AppEvent) {
        guard let view else { return }
        switch event {
        case .open(_, let more, _, _):
            olderPages.reset(hasMore: more)
            following = true
            view.jump(toOffset: view.maxOffset)
        case .append(let message, _):
            if message.direction == .outgoing { following = true }
            if following, !dragging, !decelerating, !view.isAnimatingScroll {
                view.setContentOffset(bottom, animated: true)
            }
        case .tokens:
            keepBottom()
        case .finish, .newerLoaded, .windowLoadFailed, .appeared:
            break
        case .header(let height):
            // The spinner above is content above what is read: kept as a page is.
            view.setContentOffsetY(view.contentOffsetY + height - headerHeight)
            headerHeight = height
        case .footer(let height):
            view.setFooter(height: height)
            keepBottom()
        case .olderLoaded(let page, let more):
            olderPages.reset(hasMore: more)
            // The page was inserted above: what is read keeps its place.
            let added = page.reduce(0) { $0 + $1.estimatedHeight }
            view.setContentOffsetY(view.contentOffsetY + added)
        case .keyboard(_, let duration):
            if following {
                view.animateContentOffsetY(
                    to: view.restingMaxOffset - view.insetTop, duration: duration, alongKeyboardCurve: true)
            }
        case .layout:
            keepBottom()
        case .jumpToLatest:
            following = true
            view.setContentOffset(bottom, animated: true)
        case .replyJump(let id):
            if let offset = view.centredOffset(of: id) {
                following = false
                view.setContentOffset(offset - view.insetTop, animated: true)
            } else {
                jumpTarget = id
                requests.window(id)
            }
        case .windowLoaded:
            if let id = jumpTarget, let offset = view.centredOffset(of: id) {
                following = false
                view.jump(toOffset: offset)
            } else {
                following = true
                view.jump(toOffset: view.maxOffset)
            }
            jumpTarget = nil
        }
    }

    public func tick() {}

    public func willBeginDragging() { dragging = true }
    public func didScroll(contentOffsetY: Double) {
        guard let view else { return }
        if dragging || decelerating { following = view.maxOffset - view.offset <= 20 }
        olderPages.requestIfNear(view, requests)
    }
    public func willEndDragging(velocity: Double) { dragging = false }
    public func didEndDragging(willDecelerate: Bool) { decelerating = willDecelerate }
    public func didEndDecelerating() {
        decelerating = false
        keepBottom()
    }
    public func didEndScrollingAnimation() { keepBottom() }
    public func cellMeasured(id: String, height: Double) {
        guard let view else { return }
        if following {
            keepBottom()
            return
        }
        guard let index = view.index(of: id) else { return }
        let top = view.tops[index]
        let change = height - view.items[index].message.estimatedHeight
        if top + height <= view.offset, change != 0 {
            // A cell above the viewport got its real height: the offset moves by the change.
            view.setContentOffsetY(view.contentOffsetY + change)
        }
    }
}
