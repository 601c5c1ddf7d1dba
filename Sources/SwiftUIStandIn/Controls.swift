/// https://developer.apple.com/documentation/swiftui/text
@frozen
nonisolated public struct Text: View {
    let content: String
    /// https://developer.apple.com/documentation/swiftui/text/init(_:)
    public init<S>(_ content: S) where S: StringProtocol { self.content = String(content) }
    public var body: EmptyView { EmptyView() }
}

/// https://developer.apple.com/documentation/swiftui/button
nonisolated public struct Button<Label>: View where Label: View {
    let action: @MainActor () -> Void
    public var body: EmptyView { EmptyView() }
}

extension Button where Label == Text {
    /// https://developer.apple.com/documentation/swiftui/button/init(_:action:)
    @preconcurrency nonisolated public init<S>(_ title: S, action: @escaping @MainActor () -> Void)
    where S: StringProtocol {
        self.action = action
    }
}

/// https://developer.apple.com/documentation/swiftui/textfield
nonisolated public struct TextField<Label>: View where Label: View {
    let text: Binding<String>
    public var body: EmptyView { EmptyView() }
}

extension TextField where Label == Text {
    /// https://developer.apple.com/documentation/swiftui/textfield/init(_:text:)
    nonisolated public init<S>(_ title: S, text: Binding<String>) where S: StringProtocol { self.text = text }
}

/// https://developer.apple.com/documentation/swiftui/submittriggers
public struct SubmitTriggers: OptionSet, Sendable {
    public let rawValue: Int
    /// https://developer.apple.com/documentation/swiftui/submittriggers/init(rawvalue:)
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// https://developer.apple.com/documentation/swiftui/submittriggers/text
    public static let text = SubmitTriggers(rawValue: 1)
}

/// https://developer.apple.com/documentation/swiftui/vstack
@frozen
nonisolated public struct VStack<Content>: View where Content: View {
    let content: Content
    /// https://developer.apple.com/documentation/swiftui/vstack/init(alignment:spacing:content:)
    nonisolated public init(
        alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content
    ) {
        self.content = content()
    }
    public var body: EmptyView { EmptyView() }
}

/// https://developer.apple.com/documentation/swiftui/hstack
@frozen
nonisolated public struct HStack<Content>: View where Content: View {
    let content: Content
    /// https://developer.apple.com/documentation/swiftui/hstack/init(alignment:spacing:content:)
    nonisolated public init(
        alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content
    ) {
        self.content = content()
    }
    public var body: EmptyView { EmptyView() }
}

/// https://developer.apple.com/documentation/swiftui/spacer
@frozen
nonisolated public struct Spacer: View {
    /// https://developer.apple.com/documentation/swiftui/spacer/init(minlength:)
    public init(minLength: CGFloat? = nil) {}
    public var body: EmptyView { EmptyView() }
}

/// https://developer.apple.com/documentation/swiftui/color
@frozen
nonisolated public struct Color: View, Sendable, Hashable {
    let name: String
    /// https://developer.apple.com/documentation/swiftui/color/clear
    public static let clear = Color(name: "clear")
    public var body: EmptyView { EmptyView() }
}

/// https://developer.apple.com/documentation/swiftui/horizontalalignment
@frozen
public struct HorizontalAlignment: Sendable, Equatable {
    let name: String
    /// https://developer.apple.com/documentation/swiftui/horizontalalignment/center
    public static let center = HorizontalAlignment(name: "center")
    /// https://developer.apple.com/documentation/swiftui/horizontalalignment/leading
    public static let leading = HorizontalAlignment(name: "leading")
    /// https://developer.apple.com/documentation/swiftui/horizontalalignment/trailing
    public static let trailing = HorizontalAlignment(name: "trailing")
}

/// https://developer.apple.com/documentation/swiftui/verticalalignment
@frozen
public struct VerticalAlignment: Sendable, Equatable {
    let name: String
    /// https://developer.apple.com/documentation/swiftui/verticalalignment/center
    public static let center = VerticalAlignment(name: "center")
}

/// https://developer.apple.com/documentation/swiftui/alignment
@frozen
public struct Alignment: Sendable, Equatable {
    let name: String
    /// https://developer.apple.com/documentation/swiftui/alignment/center
    public static let center = Alignment(name: "center")
    /// https://developer.apple.com/documentation/swiftui/alignment/bottomtrailing
    public static let bottomTrailing = Alignment(name: "bottomTrailing")
}
