import ChatEvents
import ChatScrollDriver

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A message as the simulated screen holds it: the height the data source estimates before
/// the cell is laid out, and the real height layout finds.
public struct SimMessage: Sendable, Hashable {
    /// The message id.
    public var id: String
    /// Outgoing or incoming.
    public var direction: MessageDirection
    /// The height used until the cell is first laid out.
    public var estimatedHeight: Double
    /// The height the cell has once laid out.
    public var height: Double

    /// Creates a message.
    public init(id: String, direction: MessageDirection, estimatedHeight: Double, height: Double) {
        self.id = id
        self.direction = direction
        self.estimatedHeight = estimatedHeight
        self.height = height
    }
}

/// The callbacks a simulated scroll view makes, as `UIScrollViewDelegate` does.
public protocol SimulatedScrollViewDelegate: AnyObject {
    /// `scrollViewWillBeginDragging`.
    func willBeginDragging()
    /// `scrollViewDidScroll`, with the new `contentOffset.y`.
    func didScroll(contentOffsetY: Double)
    /// `scrollViewWillEndDragging`, with the release velocity in points per second of offset.
    func willEndDragging(velocity: Double)
    /// `scrollViewDidEndDecelerating`.
    func didEndDecelerating()
    /// `scrollViewDidEndScrollingAnimation`.
    func didEndScrollingAnimation()
    /// A cell was laid out for the first time at its real height.
    func cellMeasured(id: String, height: Double)
}

/// A headless model of a `UIScrollView` showing a chat, faithful to what makes screens jump:
/// content that changes size under a fixed `contentOffset`, a finger that drags 1:1 (with
/// rubber-banding past the edges), momentum at `DecelerationRate.normal` (0.998 per ms), eased
/// programmatic animations of 0.3 s that report every frame, keyboard animations, and cells
/// measured lazily the first time they are laid out.
///
/// Offsets here are the reducer's: `offset = contentOffset.y + insetTop`.
public final class SimulatedScrollView: ChatScrollViewTarget {
    /// One item of content: its current height and whether it was laid out.
    struct Item {
        var message: SimMessage
        var current: Double
        var laidOut: Bool
    }

    /// UIKit's scroll animation length.
    public static let animationDuration = 0.3

    var items: [Item] = []
    /// The frame height, the adjusted top inset and the bottom inset.
    public private(set) var frameHeight: Double
    public private(set) var insetTop: Double
    public private(set) var insetBottom: Double
    /// How much of the visible region the keyboard covers now (animated).
    public private(set) var keyboard: Double = 0
    /// The space the app adds below the last message (layout `top`), as computed for a
    /// keyboard of ``spacerKeyboard`` points; while the keyboard moves, the spacer moves with it
    /// (the app updates it inside the keyboard's animation).
    public var trailingSpacer: Double = 0
    /// The keyboard height the ``trailingSpacer`` was computed for.
    public var spacerKeyboard: Double = 0
    /// The spacer as drawn now.
    var drawnSpacer: Double {
        trailingSpacer == 0 ? 0 : max(0, trailingSpacer + spacerKeyboard - keyboard)
    }
    /// The modelled offset of the content at the top of the visible region.
    public private(set) var offset: Double = 0
    weak var delegate: (any SimulatedScrollViewDelegate)?

    // Gestures and animations.
    public private(set) var fingerDown = false
    var velocity = 0.0
    public private(set) var isDecelerating = false
    struct Animation {
        var from: Double
        var to: Double
        var start: Double
        var duration: Double
        var isCommand: Bool
        /// A bounce back to the bottom edge follows that edge while it moves (the keyboard).
        var followsBottomEdge = false
    }
    var animation: Animation?
    struct KeyboardAnimation {
        var from: Double
        var to: Double
        var start: Double
        var duration: Double
    }
    var keyboardAnimation: KeyboardAnimation?
    /// The current time, in seconds.
    public internal(set) var time = 0.0
    /// Programmatic scrolls asked for: animated ones and jumps that are not position keeping.
    public internal(set) var scrollCalls = 0

    /// Creates an empty scroll view.
    public init(frameHeight: Double = 844, insetTop: Double = 91, insetBottom: Double = 83) {
        self.frameHeight = frameHeight
        self.insetTop = insetTop
        self.insetBottom = insetBottom
    }

    // MARK: Geometry

    /// The height of the region the user sees.
    public var visibleHeight: Double { max(0, frameHeight - insetTop - insetBottom - keyboard) }
    /// The content height.
    public var contentHeight: Double { items.reduce(0) { $0 + $1.current } + drawnSpacer }
    /// The largest offset at rest.
    public var maxOffset: Double { max(0, contentHeight - visibleHeight) }
    /// The largest offset as the scroll view's own physics see it (rubber-banding, bounces,
    /// clamping): the keyboard's inset is a model value, set to its end at once inside the
    /// keyboard's animation block, while only the drawing animates.
    var restingMaxOffset: Double {
        let keyboardEnd = keyboardAnimation?.to ?? keyboard
        let spacer = trailingSpacer == 0 ? 0 : max(0, trailingSpacer + spacerKeyboard - keyboardEnd)
        let content = items.reduce(0) { $0 + $1.current } + spacer
        return max(0, content - max(0, frameHeight - insetTop - insetBottom - keyboardEnd))
    }
    /// The content offset as UIKit reports it.
    public var contentOffsetY: Double { offset - insetTop }
    /// Whether a command's animation runs.
    public var isAnimatingCommand: Bool { animation?.isCommand == true }
    /// Whether the keyboard is moving.
    public var isKeyboardAnimating: Bool { keyboardAnimation != nil }

    /// The index of `id`.
    func index(of id: String) -> Int? { items.firstIndex { $0.message.id == id } }

    // MARK: ChatScrollViewTarget

    /// The app moves the content offset.
    public func setContentOffsetY(_ y: Double, animation kind: ScrollAnimation) {
        let target = y + insetTop
        switch kind {
        case .none:
            // A command's animation stops; a view animation goes on around the new value.
            move(to: target, keepingViewAnimation: true)
        case .jump:
            // `setContentOffset(_:animated: false)`: momentum stops too. A view animation along
            // the keyboard goes on around the new value, so the content still moves with the
            // keyboard; a bounce back from past an edge is the gesture's and stops with it.
            let bouncing = isDecelerating && animation != nil
            isDecelerating = false
            velocity = 0
            move(to: target, keepingViewAnimation: !bouncing)
        case let .retargetCommand(keyboard):
            if let running = animation, running.isCommand {
                // On from where it is now, ending when it would have ended (or with the keyboard).
                let remaining = max(running.start + running.duration - time, keyboard ?? 0, 1 / 120)
                animation = Animation(from: offset, to: target, start: time, duration: remaining, isCommand: true)
            } else {
                animation = nil
                offset = target
                delegate?.didScroll(contentOffsetY: contentOffsetY)
            }
        case .command:
            scrollCalls += 1
            isDecelerating = false
            animation = Animation(from: offset, to: target, start: time, duration: Self.animationDuration, isCommand: true)
        case let .alongKeyboard(duration):
            // A view animation of the offset stops the momentum.
            isDecelerating = false
            velocity = 0
            animation = Animation(from: offset, to: target, start: time, duration: max(duration, 1 / 120), isCommand: false)
        }
    }

    /// Sets the offset at once. UIView animations are additive: with `keepingViewAnimation`, a
    /// running animation that is not a command's goes on around the new value; any other
    /// animation stops, as `setContentOffset(_:animated: false)` stops it.
    private func move(to target: Double, keepingViewAnimation: Bool) {
        if var running = animation, !running.isCommand, keepingViewAnimation {
            let delta = target - running.to
            running.from += delta
            running.to += delta
            animation = running
            offset += delta
        } else {
            animation = nil
            offset = target
        }
        delegate?.didScroll(contentOffsetY: contentOffsetY)
    }

    /// A jump that is not position keeping, as a hand-written screen makes (counted as a scroll).
    public func jump(toOffset target: Double) {
        scrollCalls += 1
        animation = nil
        offset = target
        delegate?.didScroll(contentOffsetY: contentOffsetY)
    }

    // MARK: Content

    /// Appends messages with their estimated heights.
    func append(_ messages: [SimMessage]) {
        items += messages.map { Item(message: $0, current: $0.estimatedHeight, laidOut: false) }
    }

    /// Prepends messages; the content offset stays where it is, as in UIKit.
    func prepend(_ messages: [SimMessage]) {
        items.insert(contentsOf: messages.map { Item(message: $0, current: $0.estimatedHeight, laidOut: false) }, at: 0)
    }

    /// Replaces every item by a window of history; the content offset stays where it is, as
    /// after `reloadData`, until the app moves it.
    func replaceAll(with messages: [SimMessage]) {
        items = messages.map { Item(message: $0, current: $0.estimatedHeight, laidOut: false) }
    }

    /// Grows a message (streamed tokens).
    func grow(_ id: String, by delta: Double) {
        guard let i = index(of: id) else { return }
        items[i].message.height += delta
        items[i].message.estimatedHeight += delta
        items[i].current += delta
    }

    /// Rotates or resizes the frame.
    func resize(frameHeight: Double) { self.frameHeight = frameHeight }

    /// Starts the keyboard's animation to `overlap` over `duration`.
    func animateKeyboard(to overlap: Double, duration: Double) {
        let target = max(0, overlap - insetBottom)
        if duration <= 0 {
            keyboard = target
            keyboardAnimation = nil
        } else {
            keyboardAnimation = KeyboardAnimation(from: keyboard, to: target, start: time, duration: duration)
        }
    }

    // MARK: Gestures

    /// The finger touches the screen.
    func touchDown() {
        fingerDown = true
        isDecelerating = false
        animation = nil
        delegate?.willBeginDragging()
    }

    /// Whether a finger move of this frame pulled the content past an edge (rubber-banding).
    public internal(set) var rubberBanded = false

    /// The finger moves by `dy` points on screen (down is positive), dragging the content.
    func moveFinger(by dy: Double) {
        guard fingerDown else { return }
        let inside = offset >= 0 && offset <= restingMaxOffset && offset - dy >= 0 && offset - dy <= restingMaxOffset
        if !inside { rubberBanded = true }
        offset -= inside ? dy : dy * 0.5
        delegate?.didScroll(contentOffsetY: contentOffsetY)
    }

    /// The finger lifts with `velocity` points per second on screen (down is positive).
    func touchUp(velocity screenVelocity: Double) {
        guard fingerDown else { return }
        fingerDown = false
        velocity = -screenVelocity
        delegate?.willEndDragging(velocity: velocity)
        if velocity == 0 || offset < 0 || offset > restingMaxOffset {
            velocity = 0
            if offset < 0 || offset > restingMaxOffset {
                // Bounce back: a short animation that ends the gesture.
                isDecelerating = true
                animation = Animation(
                    from: offset, to: min(max(0, offset), restingMaxOffset), start: time, duration: 0.25, isCommand: false,
                    followsBottomEdge: offset > restingMaxOffset)
            }
        } else {
            isDecelerating = true
        }
    }

    // MARK: Frames

    /// Advances animations and momentum by `dt` seconds.
    func advance(by dt: Double) {
        time += dt
        if let keyboardAnimation {
            let p = min(1, (time - keyboardAnimation.start) / keyboardAnimation.duration)
            keyboard = keyboardAnimation.from + (keyboardAnimation.to - keyboardAnimation.from) * p
            if p >= 1 { self.keyboardAnimation = nil }
        }
        if var running = animation {
            let p = min(1, (time - running.start) / running.duration)
            if running.followsBottomEdge {
                // A bounce pulls toward the edge where it is now, continuously, like a spring:
                // each frame closes its share of what remains.
                running.to = restingMaxOffset
                animation = running
                let remaining = max(running.start + running.duration - (time - dt), dt)
                offset += (running.to - offset) * min(1, dt / remaining)
            } else {
                let eased = running.isCommand ? p * p * (3 - 2 * p) : p
                offset = running.from + (running.to - running.from) * eased
            }
            delegate?.didScroll(contentOffsetY: contentOffsetY)
            if p >= 1 {
                animation = nil
                if running.isCommand {
                    delegate?.didEndScrollingAnimation()
                } else if isDecelerating, !fingerDown {
                    isDecelerating = false
                    delegate?.didEndDecelerating()
                }
            }
        } else if isDecelerating {
            velocity *= pow(0.998, dt * 1000)
            offset += velocity * dt
            if offset < 0 || offset > restingMaxOffset {
                offset = min(max(0, offset), restingMaxOffset)
                velocity = 0
            }
            delegate?.didScroll(contentOffsetY: contentOffsetY)
            if abs(velocity) < 10 {
                isDecelerating = false
                velocity = 0
                delegate?.didEndDecelerating()
            }
        }
    }

    /// Lays out: cells that come into view for the first time get their real height, and the
    /// delegate hears of it in the same pass (before the frame is drawn).
    func layoutCells() {
        var changed = true
        var passes = 0
        while changed, passes < 256 {
            changed = false
            passes += 1
            var top = 0.0
            let lower = offset - 200
            let upper = offset + visibleHeight + 200
            for i in items.indices {
                let bottom = top + items[i].current
                if !items[i].laidOut, bottom > lower, top < upper {
                    items[i].laidOut = true
                    if items[i].current != items[i].message.height {
                        items[i].current = items[i].message.height
                        delegate?.cellMeasured(id: items[i].message.id, height: items[i].current)
                        changed = true
                        break
                    }
                }
                top = bottom
            }
        }
        if !fingerDown, !isDecelerating, animation == nil, offset > restingMaxOffset || offset < 0 {
            // UIKit keeps a resting offset inside the content.
            offset = min(max(0, offset), restingMaxOffset)
            delegate?.didScroll(contentOffsetY: contentOffsetY)
        }
    }

    /// What the screen shows now: each visible item's top on screen, measured from the frame's
    /// top.
    func visibleItems() -> [(id: String, screenTop: Double, height: Double)] {
        var result: [(id: String, screenTop: Double, height: Double)] = []
        var top = 0.0
        let end = offset + visibleHeight
        for item in items {
            let bottom = top + item.current
            if bottom > offset, top < end, item.current > 0 {
                result.append((item.message.id, top - offset + insetTop, item.current))
            }
            top = bottom
        }
        return result
    }
}
