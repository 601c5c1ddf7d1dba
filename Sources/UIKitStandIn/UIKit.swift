// UIKit's views, as far as ChatScrollUIKit uses them. Each declaration names the page of Apple's
// documentation its signature is taken from. Where UIKit draws or lays out, the stand-in keeps
// the values only; the simulator's scroll view overrides what it models.

/// https://developer.apple.com/documentation/uikit/uiresponder
@MainActor
open class UIResponder {
    /// https://developer.apple.com/documentation/uikit/uiresponder/init()
    public init() {}

    /// https://developer.apple.com/documentation/uikit/uiresponder/keyboardwillchangeframenotification
    public static let keyboardWillChangeFrameNotification = Notification.Name(
        "UIKeyboardWillChangeFrameNotification")
    /// https://developer.apple.com/documentation/uikit/uiresponder/keyboardframeenduserinfokey
    public static let keyboardFrameEndUserInfoKey = "UIKeyboardFrameEndUserInfoKey"
    /// https://developer.apple.com/documentation/uikit/uiresponder/keyboardanimationdurationuserinfokey
    public static let keyboardAnimationDurationUserInfoKey = "UIKeyboardAnimationDurationUserInfoKey"
    /// https://developer.apple.com/documentation/uikit/uiresponder/keyboardanimationcurveuserinfokey
    public static let keyboardAnimationCurveUserInfoKey = "UIKeyboardAnimationCurveUserInfoKey"
}

/// https://developer.apple.com/documentation/uikit/uiedgeinsets
public struct UIEdgeInsets: Sendable, Hashable {
    /// https://developer.apple.com/documentation/uikit/uiedgeinsets/top
    public var top: CGFloat
    /// https://developer.apple.com/documentation/uikit/uiedgeinsets/left
    public var left: CGFloat
    /// https://developer.apple.com/documentation/uikit/uiedgeinsets/bottom
    public var bottom: CGFloat
    /// https://developer.apple.com/documentation/uikit/uiedgeinsets/right
    public var right: CGFloat

    /// https://developer.apple.com/documentation/uikit/uiedgeinsets/init(top:left:bottom:right:)
    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }
}

/// https://developer.apple.com/documentation/uikit/uiview
@MainActor
open class UIView: UIResponder {
    /// https://developer.apple.com/documentation/uikit/uiview/animationoptions
    public struct AnimationOptions: OptionSet, Sendable {
        public let rawValue: UInt
        /// https://developer.apple.com/documentation/uikit/uiview/animationoptions/init(rawvalue:)
        public init(rawValue: UInt) { self.rawValue = rawValue }
    }

    /// A `UIView.animate` block being run: what a property set inside it is animated with.
    package struct AnimationContext: Sendable {
        package var duration: TimeInterval
        package var options: AnimationOptions
    }

    /// https://developer.apple.com/documentation/uikit/uiview/frame
    open var frame = CGRect(x: 0, y: 0, width: 0, height: 0)
    /// https://developer.apple.com/documentation/uikit/uiview/bounds
    open var bounds = CGRect(x: 0, y: 0, width: 0, height: 0)
    /// https://developer.apple.com/documentation/uikit/uiview/superview
    open private(set) weak var superview: UIView?
    /// https://developer.apple.com/documentation/uikit/uiview/ishidden
    open var isHidden = false
    /// https://developer.apple.com/documentation/uikit/uiview/translatesautoresizingmaskintoconstraints
    open var translatesAutoresizingMaskIntoConstraints = true

    /// https://developer.apple.com/documentation/uikit/uiview/init(frame:)
    public init(frame: CGRect) {
        super.init()
        self.frame = frame
        bounds = CGRect(x: 0, y: 0, width: frame.size.width, height: frame.size.height)
    }

    /// https://developer.apple.com/documentation/uikit/uiview/addsubview(_:)
    open func addSubview(_ view: UIView) { view.superview = self }

    /// https://developer.apple.com/documentation/uikit/uiview/convert(_:to:)
    ///
    /// Into the window's coordinates (`view` nil) or an ancestor's, through the frames and bounds
    /// of the views between.
    open func convert(_ rect: CGRect, to view: UIView?) -> CGRect {
        var result = rect
        var current: UIView? = self
        while let here = current, here !== view, !(here is UIWindow) {
            result.origin.x = result.origin.x + here.frame.origin.x - here.bounds.origin.x
            result.origin.y = result.origin.y + here.frame.origin.y - here.bounds.origin.y
            current = here.superview
        }
        return result
    }

    /// https://developer.apple.com/documentation/uikit/uicoordinatespace/convert(_:from:)
    ///
    /// From another view's coordinates, or from the screen's (a window's frame is where it is on
    /// its screen), into this view's.
    public func convert(_ rect: CGRect, from coordinateSpace: any UICoordinateSpace) -> CGRect {
        var result = rect
        if let view = coordinateSpace as? UIView {
            result = view.convert(rect, to: nil)
        } else if let window {
            result.origin.x = result.origin.x - window.frame.origin.x
            result.origin.y = result.origin.y - window.frame.origin.y
        }
        let origin = convert(CGRect(x: 0, y: 0, width: 0, height: 0), to: nil).origin
        result.origin.x = result.origin.x - origin.x
        result.origin.y = result.origin.y - origin.y
        return result
    }

    /// https://developer.apple.com/documentation/uikit/uiview/window
    open var window: UIWindow? {
        var current: UIView? = self
        while let here = current {
            if let window = here as? UIWindow { return window }
            current = here.superview
        }
        return nil
    }

    /// https://developer.apple.com/documentation/uikit/uiview (its class method
    /// `animate(withduration:delay:options:animations:completion:)`)
    ///
    /// Runs `animations` at once, with what they set animated as a view that models it reads
    /// from `currentAnimation`, then `completion`.
    open class func animate(
        withDuration duration: TimeInterval, delay: TimeInterval, options: UIView.AnimationOptions = [],
        animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        // (With animations disabled the block runs, and what it sets is set at once.)
        let context = AnimationContext(duration: areAnimationsEnabled ? duration : 0, options: options)
        AppMainThread.current.animations.append(context)
        animations()
        AppMainThread.current.animations.removeLast()
        completion?(true)
    }

    /// https://developer.apple.com/documentation/uikit/uiview/areanimationsenabled
    open class var areAnimationsEnabled: Bool { AppMainThread.current.animationsDisabled == 0 }

    /// https://developer.apple.com/documentation/uikit/uiview/performwithoutanimation(_:)
    open class func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) {
        AppMainThread.current.animationsDisabled += 1
        actionsWithoutAnimation()
        AppMainThread.current.animationsDisabled -= 1
    }

    /// The innermost `UIView.animate` block being run, if any.
    package static var currentAnimation: AnimationContext? { AppMainThread.current.animations.last }
}

/// https://developer.apple.com/documentation/uikit/uicoordinatespace
@MainActor
public protocol UICoordinateSpace: AnyObject {
    /// https://developer.apple.com/documentation/uikit/uicoordinatespace/convert(_:from:)
    func convert(_ rect: CGRect, from coordinateSpace: any UICoordinateSpace) -> CGRect
}

extension UIView: UICoordinateSpace {}

/// https://developer.apple.com/documentation/uikit/uiwindow
@MainActor
open class UIWindow: UIView {
    /// https://developer.apple.com/documentation/uikit/uiwindow/windowscene
    open weak var windowScene: UIWindowScene?
}

/// https://developer.apple.com/documentation/uikit/uiwindowscene
@MainActor
open class UIWindowScene {
    /// https://developer.apple.com/documentation/uikit/uiwindowscene/screen
    public let screen: UIScreen

    /// A scene on `screen` (UIKit makes scenes; the stand-in's are made by whoever runs the app).
    package init(screen: UIScreen) { self.screen = screen }
}

/// https://developer.apple.com/documentation/uikit/uiscreen
@MainActor
open class UIScreen {
    /// The screen's fixed coordinates, in which the keyboard's frame is notified.
    private final class Space: UICoordinateSpace {
        func convert(_ rect: CGRect, from coordinateSpace: any UICoordinateSpace) -> CGRect {
            guard let view = coordinateSpace as? UIView else { return rect }
            var result = view.convert(rect, to: nil)
            if let window = view.window {
                result.origin.x = result.origin.x + window.frame.origin.x
                result.origin.y = result.origin.y + window.frame.origin.y
            }
            return result
        }
    }

    /// https://developer.apple.com/documentation/uikit/uiscreen/coordinatespace
    public let coordinateSpace: any UICoordinateSpace = Space()

    /// A screen (UIKit makes screens; the stand-in's are made by whoever runs the app).
    package init() {}
}

/// https://developer.apple.com/documentation/uikit/uiscrollview
@MainActor
open class UIScrollView: UIView {
    /// https://developer.apple.com/documentation/uikit/uiscrollview/keyboarddismissmode-swift.enum
    public enum KeyboardDismissMode: Int, Sendable {
        case none = 0
        case onDrag = 1
        case interactive = 2
    }

    /// https://developer.apple.com/documentation/uikit/uiscrollview/contentoffset
    open var contentOffset = CGPoint(x: 0, y: 0)
    /// https://developer.apple.com/documentation/uikit/uiscrollview/contentinset
    open var contentInset = UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
    /// https://developer.apple.com/documentation/uikit/uiscrollview/adjustedcontentinset
    open var adjustedContentInset: UIEdgeInsets { contentInset }
    /// https://developer.apple.com/documentation/uikit/uiscrollview/verticalscrollindicatorinsets
    open var verticalScrollIndicatorInsets = UIEdgeInsets(top: 0, left: 0, bottom: 0, right: 0)
    /// https://developer.apple.com/documentation/uikit/uiscrollview/keyboarddismissmode-swift.property
    open var keyboardDismissMode = KeyboardDismissMode.none

    /// https://developer.apple.com/documentation/uikit/uiscrollview/setcontentoffset(_:animated:)
    open func setContentOffset(_ contentOffset: CGPoint, animated: Bool) { self.contentOffset = contentOffset }
}

// swift-format-ignore: AlwaysUseLowerCamelCase
// (QuartzCore's name.)
/// https://developer.apple.com/documentation/quartzcore/1395996-cacurrentmediatime
public func CACurrentMediaTime() -> CFTimeInterval {
    let app = AppMainThread.current
    return app.mediaClock?() ?? app.lastDisplayTime
}

/// https://developer.apple.com/documentation/quartzcore/cadisplaylink
public final class CADisplayLink {
    /// Retained until ``invalidate()``, as UIKit does.
    private var target: AnyObject?
    private let selector: Selector
    private weak var runLoop: RunLoop?

    /// https://developer.apple.com/documentation/quartzcore/cadisplaylink/init(target:selector:)
    public init(target: Any, selector sel: Selector) {
        self.target = target as AnyObject
        selector = sel
    }

    /// https://developer.apple.com/documentation/quartzcore/cadisplaylink/ispaused
    public var isPaused = false
    /// https://developer.apple.com/documentation/quartzcore/cadisplaylink/targettimestamp
    public private(set) var targetTimestamp: CFTimeInterval = 0

    /// https://developer.apple.com/documentation/quartzcore/cadisplaylink/add(to:formode:)
    public func add(to runloop: RunLoop, forMode mode: RunLoop.Mode) {
        runloop.displayLinks.append(self)
        runLoop = runloop
    }

    /// https://developer.apple.com/documentation/quartzcore/cadisplaylink/invalidate()
    public func invalidate() {
        target = nil
        runLoop?.displayLinks.removeAll { $0 === self }
    }

    /// One frame of the display, to be drawn at `time`.
    @MainActor
    func fire(at time: CFTimeInterval) {
        targetTimestamp = time
        (target as? SelectorTarget)?.perform(selector, with: self)
    }
}
