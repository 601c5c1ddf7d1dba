/// A model of the "flip the table upside down" approach (a table rotated by π, newest row first;
/// labelled as a model, like the other baselines).
///
/// The view's offsets count from the newest message, so much comes free: the open shows the
/// newest at the bottom, a page of older history lands beyond the far end and moves nothing,
/// a newest message that grows while the list sits at its end pushes the rest up, and a frame
/// that the keyboard shortens keeps what sat at the bottom above the keyboard, reader or not.
/// The simulated view counts from the top, so this policy keeps the distance from the content's
/// end for it, frame by frame, as the flipped view does by itself (not counted as scrolls).
///
/// What the approach must do by hand, as careful inverted lists do:
/// - at the end, a message that arrives slides in with the row animation (rows moving up by its
///   height over 0.3 s);
/// - away from the end, a message, a streamed token or a page of newer history is compensated
///   by its estimated height, so what is read stays (a row later measured below the screen then
///   moves it by its estimate's error: the flipped view keeps the end, not the rows);
/// - a send, jump to latest and the reply's quote scroll as the other baselines do.
///
/// It opens at the newest message (never at a first unread) and treats layout `top` as `bottom`.
public final class InvertedTablePolicy: ScrollPolicy {
    public let name = "baseline-inverted-table"
    weak var view: SimulatedScrollView?
    var requests = SimRequests(older: { _ in }, newer: { _ in }, window: { _ in })
    /// The flipped view's offset: how far the visible bottom is above the content's end.
    var fromEnd = 0.0
    /// An animation to the end runs (a row animation, a send, jump to latest): the list is at its
    /// end as the flipped view counts.
    var animatingToEnd = false
    /// Inside the policy's own move of the view.
    var keeping = false
    var olderPages = OlderPages()
    var jumpTarget: String?
    /// The height of the typing indicator's row.
    var footerHeight = 0.0

    /// Creates the model.
    public init() {}

    public func attach(_ view: SimulatedScrollView, requests: SimRequests) {
        self.view = view
        self.requests = requests
    }

    /// Whether the flipped view rests at its end (offset 0 as it counts).
    var atEnd: Bool { animatingToEnd || fromEnd <= 0.5 }

    /// Keeps the distance from the content's end, as the flipped view does.
    func keepFromEnd() {
        guard let view else { return }
        // The flipped view's offset is its own: no clamp to the top-counted edges.
        view.movedByApp = true
        let delta = view.maxOffset - fromEnd - view.offset
        guard abs(delta) > 0.001 else { return }
        keeping = true
        view.moveItself(by: delta)
        keeping = false
    }

    /// Content of `height` added at the newest end while the user reads: compensated, so the
    /// rows read stay where they are.
    func compensate(_ height: Double) {
        guard let view, !atEnd else { return }
        let before = max(0, view.contentHeight - height - view.visibleHeight)
        fromEnd += view.maxOffset - before
    }

    /// Scrolls to the newest message, animated.
    func scrollToEnd(countsAsScroll: Bool) {
        guard let view else { return }
        keepFromEnd()
        animatingToEnd = true
        view.setContentOffset(view.maxOffset - view.insetTop, animated: true)
        // A row animation moves the rows, not the offset: it is not a scroll of the app.
        if !countsAsScroll { view.scrollCalls -= 1 }
        if !view.isAnimatingScroll { animatingToEnd = false }
    }

    public func handle(_ event: AppEvent) {
        guard let view else { return }
        switch event {
        case .open(_, let more, _, _):
            olderPages.reset(hasMore: more)
            fromEnd = 0
        case .append(let message, _):
            if message.direction == .outgoing {
                compensate(message.estimatedHeight)
                scrollToEnd(countsAsScroll: true)
            } else if atEnd {
                // The row animation: the rows keep their place, then slide up by the new row.
                let before = max(0, view.contentHeight - message.estimatedHeight - view.visibleHeight)
                fromEnd += view.maxOffset - before
                scrollToEnd(countsAsScroll: false)
            } else {
                compensate(message.estimatedHeight)
            }
        case .tokens(_, let delta):
            compensate(delta)
        case .newerLoaded(let page, _):
            compensate(page.reduce(0) { $0 + $1.estimatedHeight })
        case .olderLoaded(_, let more):
            olderPages.reset(hasMore: more)
        case .finish, .keyboard, .layout, .windowLoadFailed, .header, .appeared:
            break
        case .footer(let height):
            view.setFooter(height: height)
            // The flipped table's header: the row at its start, kept from the end like tokens.
            compensate(height - footerHeight)
            footerHeight = height
        case .jumpToLatest:
            scrollToEnd(countsAsScroll: true)
        case .replyJump(let id):
            if let offset = view.centredOffset(of: id) {
                animatingToEnd = false
                view.setContentOffset(offset - view.insetTop, animated: true)
            } else {
                jumpTarget = id
                requests.window(id)
            }
        case .windowLoaded:
            animatingToEnd = false
            let target = jumpTarget.flatMap { view.centredOffset(of: $0) } ?? view.maxOffset
            jumpTarget = nil
            view.jump(toOffset: target)
            olderPages.loading = false
        }
        keepFromEnd()
    }

    public func tick() { keepFromEnd() }

    public func willBeginDragging() { animatingToEnd = false }
    public func didScroll(contentOffsetY: Double) {
        guard let view, !keeping else { return }
        fromEnd = view.maxOffset - view.offset
        olderPages.requestIfNear(view, requests)
    }
    public func willEndDragging(velocity: Double) {}
    public func didEndDragging(willDecelerate: Bool) {}
    public func didEndDecelerating() {}
    public func didEndScrollingAnimation() { animatingToEnd = false }
    /// The flipped view keeps its end: a row measured below what is shown moves what is read.
    public func cellMeasured(id: String, height: Double) { keepFromEnd() }
}
