import ChatScrollDriver

#if canImport(UIKit)
import QuartzCore
import SwiftUI
#else
import SwiftUIStandIn
#endif

// The SwiftUI side of the adapter: three modifiers that report what SwiftUI knows to
// `ChatScrollModel` and run its requests on a `ScrollPosition`. Everything they decide is the
// model's, which the simulator runs over its SwiftUI views.

@available(iOS 18.0, *)
extension View {
    /// Drives this `ScrollView` with `chat`: an id position that keeps the row at the top while
    /// content changes, the model's requests run on it, the scroll geometry and phases reported,
    /// the keyboard, and a `TimelineView` that runs only while the driver needs frames.
    ///
    /// Put it on the `ScrollView` whose `LazyVStack` has `.scrollTargetLayout()` and whose rows
    /// carry ``SwiftUICore/View/chatRow(_:in:)``.
    public func chatScroll(_ chat: ChatScrollModel) -> some View { modifier(ChatScrollModifier(chat: chat)) }

    /// Reports this row's frame in the scroll view to `chat` each time it changes (its height is
    /// the row's measurement), and when it leaves the screen.
    public func chatRow(_ id: String, in chat: ChatScrollModel) -> some View {
        onGeometryChange(for: CGRect.self) { proxy in
            proxy.frame(in: .scrollView)
        } action: { frame in
            chat.rowFrameChanged(id: id, top: Double(frame.minY), height: Double(frame.height))
        }
        .onDisappear { chat.rowDisappeared(id: id) }
    }

    /// Reports the composer's height to `chat`: put it on the view in `safeAreaInset(edge:
    /// .bottom)`, which rides on the keyboard above its frame.
    public func chatComposer(_ chat: ChatScrollModel) -> some View {
        onGeometryChange(for: CGFloat.self) { proxy in
            proxy.size.height
        } action: { height in
            chat.composerChanged(height: Double(height))
        }
    }
}

/// What ``SwiftUICore/View/chatScroll(_:)`` applies.
@available(iOS 18.0, *)
struct ChatScrollModifier: ViewModifier {
    let chat: ChatScrollModel
    @State private var position = ScrollPosition(idType: String.self)
    /// The scroll view's bottom in the global space, where the keyboard's frame is.
    @State private var frameBottom: CGFloat = 0

    func body(content: Content) -> some View {
        content
            .scrollPosition($position, anchor: .top)
            .onGeometryChange(for: CGFloat.self) { proxy in
                proxy.frame(in: .global).maxY
            } action: { bottom in
                frameBottom = bottom
            }
            .onScrollGeometryChange(for: ScrollGeometry.self) { geometry in
                geometry
            } action: { _, geometry in
                chat.geometryChanged(
                    containerHeight: Double(geometry.containerSize.height),
                    insetTop: Double(geometry.contentInsets.top), insetBottom: Double(geometry.contentInsets.bottom),
                    contentOffsetY: Double(geometry.contentOffset.y), frameBottom: Double(frameBottom))
            }
            .onScrollPhaseChange { old, new, context in
                var velocity: Double?
                if let vector = context.velocity { velocity = Double(vector.dy) }
                chat.phaseChanged(from: ChatScrollPhase(old), to: ChatScrollPhase(new), velocity: velocity)
            }
            .background {
                TimelineView(.animation(minimumInterval: nil, paused: !chat.needsFrames)) { context in
                    // (On the driver's clock, the display's media time.)
                    Color.clear.onChange(of: context.date) { _, _ in chat.tick(time: CACurrentMediaTime()) }
                }
            }
            .onAppear {
                let position = $position
                chat.perform = { request in Self.run(request, on: position) }
                chat.observeKeyboard()
            }
    }

    /// Runs `request` on the scroll position: instantly, without SwiftUI's own animation (the
    /// driver animates commands frame by frame), or along the keyboard.
    static func run(_ request: ChatScrollRequest, on position: Binding<ScrollPosition>) {
        switch request {
        case .row(let id, let anchorY, _):
            withTransaction(Transaction(animation: nil)) {
                position.wrappedValue.scrollTo(id: id, anchor: UnitPoint(x: 0.5, y: CGFloat(anchorY)))
            }
        case .bottom:
            withTransaction(Transaction(animation: nil)) { position.wrappedValue.scrollTo(edge: .bottom) }
        case .alongKeyboard(let y, let duration):
            withAnimation(.spring(duration: duration, bounce: 0)) { position.wrappedValue.scrollTo(y: CGFloat(y)) }
        case .bottomAlongKeyboard(let duration):
            withAnimation(.spring(duration: duration, bounce: 0)) { position.wrappedValue.scrollTo(edge: .bottom) }
        }
    }
}

@available(iOS 18.0, *)
extension ChatScrollPhase {
    /// SwiftUI's phase, in the driver's terms.
    init(_ phase: ScrollPhase) {
        switch phase {
        case .idle: self = .idle
        case .tracking: self = .tracking
        case .interacting: self = .interacting
        case .decelerating: self = .decelerating
        case .animating: self = .animating
        }
    }
}
