import ChatScrollDriver
import UIKitStandIn

/// The simulated scroll view as UIKit's `UIScrollView`: it receives exactly the calls an app's
/// scroll view receives from `ChatScrollUIKit`, and runs each on the model, where the model is
/// UIKit's (``SimulatedScrollView`` offers what `UIScrollView` offers, in the reducer's units).
///
/// Each move it receives is handed to ``glue`` as the driver's `ScrollAnimation` it stands for:
/// the package's driver runs it on the model as UIKit would (``UIKitMoves``); a broken driver
/// distorts it on the way.
@MainActor
final class SimulatedUIScrollView: UIScrollView {
    /// The model of the scroll view.
    let model: SimulatedScrollView
    /// Runs the moves on the model.
    let glue: any ChatScrollViewTarget
    /// What `contentInset.bottom` holds with the keyboard hidden: the setup's bottom inset.
    private let insetBottomWithoutKeyboard: Double

    init(_ model: SimulatedScrollView, glue: any ChatScrollViewTarget) {
        self.model = model
        self.glue = glue
        insetBottomWithoutKeyboard = model.reportedInsetBottom
        super.init(frame: CGRect(x: 0, y: 0, width: Self.width, height: CGFloat(model.reportedFrameHeight)))
        contentInset = UIEdgeInsets(
            top: CGFloat(model.insetTop), left: 0, bottom: CGFloat(insetBottomWithoutKeyboard), right: 0)
        keyboardDismissMode = model.setup == .interactiveDismissal ? .interactive : .none
    }

    /// The screen's width, which nothing here depends on.
    static let width: CGFloat = 390

    /// The frame as the setup lays it out, its top at the window's.
    override var frame: CGRect {
        get { CGRect(x: 0, y: 0, width: Self.width, height: CGFloat(model.reportedFrameHeight)) }
        set {}
    }
    override var bounds: CGRect {
        get { CGRect(x: 0, y: contentOffset.y, width: Self.width, height: CGFloat(model.reportedFrameHeight)) }
        set {}
    }
    override var contentOffset: CGPoint {
        get { CGPoint(x: 0, y: CGFloat(model.contentOffsetY)) }
        set {
            if let animation = UIView.currentAnimation {
                // (The adapter animates the offset only along the keyboard, on its curve.)
                glue.setContentOffsetY(Double(newValue.y), animation: .alongKeyboard(duration: animation.duration))
            } else {
                glue.setContentOffsetY(Double(newValue.y), animation: .none)
            }
        }
    }
    override func setContentOffset(_ contentOffset: CGPoint, animated: Bool) {
        glue.setContentOffsetY(Double(contentOffset.y), animation: .jump)
    }
    /// The app's inset beyond the setup's is the keyboard's: the model's range reckons with it.
    override var contentInset: UIEdgeInsets {
        didSet {
            model.keyboardInset = Double(contentInset.bottom) - insetBottomWithoutKeyboard
        }
    }
    override var adjustedContentInset: UIEdgeInsets {
        UIEdgeInsets(
            top: CGFloat(model.insetTop), left: 0,
            bottom: CGFloat(model.reportedInsetBottom) + contentInset.bottom - CGFloat(insetBottomWithoutKeyboard),
            right: 0)
    }
}

/// The input bar that rides on the keyboard outside its frame, pinned to `keyboardLayoutGuide`:
/// its bottom is the guide's top, at the keyboard's end as soon as the keyboard is notified (UIKit
/// lays the guide out for the end inside the keyboard's animation), and where the finger holds the
/// keyboard while it pulls it down.
@MainActor
final class SimulatedInputBar: UIView {
    let model: SimulatedScrollView

    init(_ model: SimulatedScrollView) {
        self.model = model
        super.init(
            frame: CGRect(x: 0, y: 0, width: SimulatedUIScrollView.width, height: CGFloat(InputBarSetup.barHeight)))
    }

    override var frame: CGRect {
        get {
            let guideTop = model.keyboardHeld == nil ? model.keyboardGuideEndTop : model.keyboardGuideTop
            return CGRect(
                x: 0, y: CGFloat(guideTop - InputBarSetup.barHeight), width: SimulatedUIScrollView.width,
                height: CGFloat(InputBarSetup.barHeight))
        }
        set {}
    }
}

/// The app's window, which fills its screen, on a scene of its own.
@MainActor
final class SimulatedWindow: UIWindow {
    /// The scene, which the window holds weakly.
    private let scene: UIWindowScene

    init(screen: UIScreen, height: Double) {
        scene = UIWindowScene(screen: screen)
        super.init(frame: CGRect(x: 0, y: 0, width: SimulatedUIScrollView.width, height: CGFloat(height)))
        windowScene = scene
    }
}
