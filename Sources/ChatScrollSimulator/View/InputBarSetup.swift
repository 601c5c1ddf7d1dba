/// How the app's input bar meets the keyboard: a dimension of every simulated session beside the
/// view's personality. What the user sees is the same in every setup (the keyboard and the bar
/// above it cover the bottom of the screen, and the visible region's bottom edge moves with the
/// keyboard's curve); what differs is what the platform reports to the app — the keyboard's
/// frame, the scroll view's frame and insets — and when. Sources: docs/simulation.md, "Input-bar
/// setups".
public enum InputBarSetup: String, Sendable, CaseIterable, Hashable {
    /// The bar is the keyboard's `inputAccessoryView`: the keyboard's frame includes it, the scroll
    /// view's frame stays, and the covered bottom grows by the keyboard's overlap.
    case accessory
    /// A full-height scroll view under a bar pinned to `keyboardLayoutGuide`: the keyboard's frame
    /// excludes the bar, which rides on it.
    case layoutGuide = "layout-guide"
    /// The scroll view's bottom is pinned to the top of a bar that rides on the keyboard: the frame
    /// shrinks (laid out right after the keyboard's notification, in the same frame), the insets
    /// stay.
    case shrinkingFrame = "shrinking-frame"
    /// A SwiftUI `ScrollView` with the composer in `safeAreaInset(edge: .bottom)`: keyboard
    /// avoidance shrinks the container to the keyboard's top, and the composer's height is the
    /// bottom inset; reported after layout.
    case swiftUISafeArea = "swiftui-safe-area"
    /// `keyboardDismissMode = .interactive` on the layout-guide setup: a drag that reaches the
    /// keyboard pulls it down with the finger, and no notification comes until the finger lifts.
    case interactiveDismissal = "interactive-dismissal"

    /// The input bar's height; the rest of the bottom inset with the keyboard hidden is the home
    /// indicator's.
    public static let barHeight = 49.0
    /// How far above the bar's top a drag starts, in points: the finger reaches the keyboard after
    /// moving this far down (interactive dismissal).
    public static let dragStartAboveBar = 150.0
    /// A keyboard the finger let go of with less than this share of its height showing, or with a
    /// downward velocity, hides; otherwise it comes back up.
    public static let dismissShare = 0.5

    /// Whether a view of `personality` can have this setup: SwiftUI's safe area on the SwiftUI
    /// view, the UIKit setups on the others, and the accessory model on every view.
    public func applies(to personality: ViewPersonality) -> Bool {
        switch self {
        case .accessory: true
        case .swiftUISafeArea: personality.reportsAfterLayout
        case .layoutGuide, .shrinkingFrame, .interactiveDismissal: !personality.reportsAfterLayout
        }
    }

    /// The height of the bar that rides on the keyboard outside the keyboard's notified frame: 0
    /// where the frame includes the bar (its input accessory view).
    var barAboveKeyboard: Double {
        switch self {
        case .accessory: 0
        case .layoutGuide, .shrinkingFrame, .swiftUISafeArea, .interactiveDismissal: Self.barHeight
        }
    }

    /// Whether the scroll view's frame moves with the keyboard: its bottom pinned to the bar, or
    /// SwiftUI's keyboard avoidance.
    var frameMovesWithKeyboard: Bool {
        switch self {
        case .shrinkingFrame, .swiftUISafeArea: true
        case .accessory, .layoutGuide, .interactiveDismissal: false
        }
    }

    /// The setup named `name`, or `nil`.
    public static func named(_ name: String) -> InputBarSetup? { allCases.first { $0.rawValue == name } }
}
