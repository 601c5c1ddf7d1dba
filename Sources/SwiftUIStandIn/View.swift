/// https://developer.apple.com/documentation/swiftui/view
@MainActor @preconcurrency
public protocol View {
    /// https://developer.apple.com/documentation/swiftui/view/body-swift.associatedtype
    associatedtype Body: View
    /// https://developer.apple.com/documentation/swiftui/view/body-8kl5o
    @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }
}

/// https://developer.apple.com/documentation/swiftui/emptyview
@frozen
nonisolated public struct EmptyView: View {
    /// https://developer.apple.com/documentation/swiftui/emptyview/init()
    public init() {}
    /// (A primitive view: SwiftUI's is `Never`; the stand-in's never is evaluated.)
    public var body: EmptyView { self }
}

/// https://developer.apple.com/documentation/swiftui/tupleview
@frozen
nonisolated public struct TupleView<T>: View {
    /// https://developer.apple.com/documentation/swiftui/tupleview/value
    public var value: T
    /// https://developer.apple.com/documentation/swiftui/tupleview/init(_:)
    public init(_ value: T) { self.value = value }
    public var body: EmptyView { EmptyView() }
}

/// https://developer.apple.com/documentation/swiftui/_conditionalcontent
@frozen
nonisolated public struct _ConditionalContent<TrueContent: View, FalseContent: View>: View {
    let first: TrueContent?
    let second: FalseContent?
    public var body: EmptyView { EmptyView() }
}

/// https://developer.apple.com/documentation/swiftui/viewbuilder
@resultBuilder
public struct ViewBuilder {
    /// https://developer.apple.com/documentation/swiftui/viewbuilder/buildexpression(_:)
    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
    /// https://developer.apple.com/documentation/swiftui/viewbuilder/buildblock()
    public static func buildBlock() -> EmptyView { EmptyView() }
    /// https://developer.apple.com/documentation/swiftui/viewbuilder/buildblock(_:)
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    /// https://developer.apple.com/documentation/swiftui/viewbuilder/buildblock(_:)
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<
        (repeat each Content)
    > {
        TupleView((repeat each content))
    }
    /// https://developer.apple.com/documentation/swiftui/viewbuilder/buildif(_:)
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
    /// https://developer.apple.com/documentation/swiftui/viewbuilder/buildeither(first:)
    public static func buildEither<TrueContent: View, FalseContent: View>(
        first: TrueContent
    ) -> _ConditionalContent<TrueContent, FalseContent> { _ConditionalContent(first: first, second: nil) }
    /// https://developer.apple.com/documentation/swiftui/viewbuilder/buildeither(second:)
    public static func buildEither<TrueContent: View, FalseContent: View>(
        second: FalseContent
    ) -> _ConditionalContent<TrueContent, FalseContent> { _ConditionalContent(first: nil, second: second) }
}

/// https://developer.apple.com/documentation/swiftui/contentbuilder
public typealias ContentBuilder = ViewBuilder

/// https://developer.apple.com/documentation/swiftui/optional
extension Optional: View where Wrapped: View {
    public var body: EmptyView { EmptyView() }
}

/// https://developer.apple.com/documentation/swiftui/viewmodifier
@MainActor @preconcurrency
public protocol ViewModifier {
    /// https://developer.apple.com/documentation/swiftui/viewmodifier/body
    associatedtype Body: View
    /// https://developer.apple.com/documentation/swiftui/viewmodifier/content
    typealias Content = _ViewModifier_Content<Self>
    /// https://developer.apple.com/documentation/swiftui/viewmodifier/body(content:)
    @ViewBuilder @MainActor @preconcurrency func body(content: Self.Content) -> Self.Body
}

/// https://developer.apple.com/documentation/swiftui/_viewmodifier_content
nonisolated public struct _ViewModifier_Content<Modifier: ViewModifier>: View {
    public var body: EmptyView { EmptyView() }
}

/// https://developer.apple.com/documentation/swiftui/modifiedcontent
@frozen
nonisolated public struct ModifiedContent<Content, Modifier> {
    /// https://developer.apple.com/documentation/swiftui/modifiedcontent/content
    public var content: Content
    /// https://developer.apple.com/documentation/swiftui/modifiedcontent/modifier
    public var modifier: Modifier
    /// https://developer.apple.com/documentation/swiftui/modifiedcontent/init(content:modifier:)
    nonisolated public init(content: Content, modifier: Modifier) {
        self.content = content
        self.modifier = modifier
    }
}

extension ModifiedContent: View where Content: View, Modifier: ViewModifier {
    public var body: EmptyView { EmptyView() }
}

extension View {
    /// https://developer.apple.com/documentation/swiftui/view/modifier(_:)
    nonisolated public func modifier<T>(_ modifier: T) -> ModifiedContent<Self, T> {
        ModifiedContent(content: self, modifier: modifier)
    }

    /// https://developer.apple.com/documentation/swiftui/view/onappear(perform:)
    nonisolated public func onAppear(perform action: (() -> Void)? = nil) -> some View { self }

    /// https://developer.apple.com/documentation/swiftui/view/ondisappear(perform:)
    nonisolated public func onDisappear(perform action: (() -> Void)? = nil) -> some View { self }

    /// https://developer.apple.com/documentation/swiftui/view/onchange(of:initial:_:)
    nonisolated public func onChange<V>(
        of value: V, initial: Bool = false, _ action: @escaping (V, V) -> Void
    ) -> some View where V: Equatable { self }

    /// https://developer.apple.com/documentation/swiftui/view/background(alignment:content:)
    nonisolated public func background<V>(
        alignment: Alignment = .center, @ViewBuilder content: () -> V
    ) -> some View where V: View { self }

    /// https://developer.apple.com/documentation/swiftui/view/overlay(alignment:content:)
    nonisolated public func overlay<V>(
        alignment: Alignment = .center, @ViewBuilder content: () -> V
    ) -> some View where V: View { self }

    /// https://developer.apple.com/documentation/swiftui/view/padding(_:)
    nonisolated public func padding(_ length: CGFloat) -> some View { self }

    /// https://developer.apple.com/documentation/swiftui/view/frame(width:height:alignment:)
    nonisolated public func frame(
        width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center
    ) -> some View { self }

    /// https://developer.apple.com/documentation/swiftui/view/safeareainset(edge:alignment:spacing:content:)
    nonisolated public func safeAreaInset<V>(
        edge: VerticalEdge, alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
        @ViewBuilder content: () -> V
    ) -> some View where V: View { self }

    /// https://developer.apple.com/documentation/swiftui/view/onsubmit(of:_:)
    nonisolated public func onSubmit(of triggers: SubmitTriggers = .text, _ action: @escaping () -> Void) -> some View {
        self
    }
}
