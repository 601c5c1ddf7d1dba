/// https://developer.apple.com/documentation/swiftui/scrollview
nonisolated public struct ScrollView<Content>: View where Content: View {
    /// https://developer.apple.com/documentation/swiftui/scrollview/content
    public var content: Content
    /// https://developer.apple.com/documentation/swiftui/scrollview/init(_:content:)
    nonisolated public init(_ axes: Axis.Set = .vertical, @ViewBuilder content: () -> Content) {
        self.content = content()
    }
    public var body: EmptyView { EmptyView() }
}

/// https://developer.apple.com/documentation/swiftui/lazyvstack
nonisolated public struct LazyVStack<Content>: View where Content: View {
    let content: Content
    /// https://developer.apple.com/documentation/swiftui/lazyvstack/init(alignment:spacing:pinnedviews:content:)
    nonisolated public init(
        alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
        pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content
    ) {
        self.content = content()
    }
    public var body: EmptyView { EmptyView() }
}

/// https://developer.apple.com/documentation/swiftui/pinnedscrollableviews
public struct PinnedScrollableViews: OptionSet, Sendable {
    public let rawValue: UInt32
    /// https://developer.apple.com/documentation/swiftui/pinnedscrollableviews/init(rawvalue:)
    public init(rawValue: UInt32) { self.rawValue = rawValue }
}

/// https://developer.apple.com/documentation/swiftui/axis
@frozen
public enum Axis: Int8, Sendable {
    case horizontal, vertical

    /// https://developer.apple.com/documentation/swiftui/axis/set
    @frozen
    public struct Set: OptionSet, Sendable {
        public let rawValue: Int8
        /// https://developer.apple.com/documentation/swiftui/axis/set/init(rawvalue:)
        public init(rawValue: Int8) { self.rawValue = rawValue }
        /// https://developer.apple.com/documentation/swiftui/axis/set/vertical
        public static let vertical = Set(rawValue: 2)
    }
}

/// https://developer.apple.com/documentation/swiftui/foreach
nonisolated public struct ForEach<Data, ID, Content> where Data: RandomAccessCollection, ID: Hashable {
    /// https://developer.apple.com/documentation/swiftui/foreach/data
    public var data: Data
    /// https://developer.apple.com/documentation/swiftui/foreach/content
    public var content: (Data.Element) -> Content
}

extension ForEach: View where Content: View {
    /// https://developer.apple.com/documentation/swiftui/foreach/init(_:content:)
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content)
    where ID == Data.Element.ID, Data.Element: Identifiable {
        self.data = data
        self.content = content
    }
    public var body: EmptyView { EmptyView() }
}

/// https://developer.apple.com/documentation/swiftui/edge
@frozen
public enum Edge: Int8, Sendable, Hashable {
    case top, leading, bottom, trailing
}

/// https://developer.apple.com/documentation/swiftui/verticaledge
@frozen
public enum VerticalEdge: Int8, Sendable, Hashable {
    case top, bottom
}

/// https://developer.apple.com/documentation/swiftui/unitpoint
@frozen
public struct UnitPoint: Sendable, Hashable {
    /// https://developer.apple.com/documentation/swiftui/unitpoint/x
    public var x: CGFloat
    /// https://developer.apple.com/documentation/swiftui/unitpoint/y
    public var y: CGFloat
    /// https://developer.apple.com/documentation/swiftui/unitpoint/init(x:y:)
    public init(x: CGFloat, y: CGFloat) {
        self.x = x
        self.y = y
    }
    /// https://developer.apple.com/documentation/swiftui/unitpoint/top
    public static let top = UnitPoint(x: 0.5, y: 0)
    /// https://developer.apple.com/documentation/swiftui/unitpoint/bottom
    public static let bottom = UnitPoint(x: 0.5, y: 1)
}

/// https://developer.apple.com/documentation/swiftui/scrollposition
public struct ScrollPosition: Sendable, Hashable {
    /// What the position was last told, which a simulated view would read.
    enum Target: Sendable, Hashable {
        case none
        case id(AnyHashableSendable, anchor: UnitPoint?)
        case edge(Edge)
        case y(CGFloat)
    }
    var target = Target.none

    /// https://developer.apple.com/documentation/swiftui/scrollposition/init(idtype:)
    public init(idType: (some Hashable & Sendable).Type = Never.self) {}

    /// https://developer.apple.com/documentation/swiftui/scrollposition/scrollto(id:anchor:)
    public mutating func scrollTo(id: some Hashable & Sendable, anchor: UnitPoint? = nil) {
        target = .id(AnyHashableSendable(id), anchor: anchor)
    }

    /// https://developer.apple.com/documentation/swiftui/scrollposition/scrollto(edge:)
    public mutating func scrollTo(edge: Edge) { target = .edge(edge) }

    /// https://developer.apple.com/documentation/swiftui/scrollposition/scrollto(y:)
    public mutating func scrollTo(y: CGFloat) { target = .y(y) }
}

/// An id, whatever its type (not SwiftUI's API).
struct AnyHashableSendable: Sendable, Hashable {
    let base: any Hashable & Sendable
    init(_ base: any Hashable & Sendable) { self.base = base }
    static func == (lhs: Self, rhs: Self) -> Bool { AnyHashable(lhs.base) == AnyHashable(rhs.base) }
    func hash(into hasher: inout Hasher) { hasher.combine(AnyHashable(base)) }
}

/// https://developer.apple.com/documentation/swiftui/edgeinsets
@frozen
public struct EdgeInsets: Sendable, Hashable {
    /// https://developer.apple.com/documentation/swiftui/edgeinsets/top
    public var top: CGFloat
    /// https://developer.apple.com/documentation/swiftui/edgeinsets/leading
    public var leading: CGFloat
    /// https://developer.apple.com/documentation/swiftui/edgeinsets/bottom
    public var bottom: CGFloat
    /// https://developer.apple.com/documentation/swiftui/edgeinsets/trailing
    public var trailing: CGFloat
}

/// https://developer.apple.com/documentation/swiftui/scrollgeometry
public struct ScrollGeometry: Sendable, Equatable {
    /// https://developer.apple.com/documentation/swiftui/scrollgeometry/contentoffset
    public var contentOffset: CGPoint
    /// https://developer.apple.com/documentation/swiftui/scrollgeometry/contentsize
    public var contentSize: CGSize
    /// https://developer.apple.com/documentation/swiftui/scrollgeometry/contentinsets
    public var contentInsets: EdgeInsets
    /// https://developer.apple.com/documentation/swiftui/scrollgeometry/containersize
    public var containerSize: CGSize
}

/// https://developer.apple.com/documentation/swiftui/scrollphase
@frozen
public enum ScrollPhase: Sendable, Hashable {
    /// https://developer.apple.com/documentation/swiftui/scrollphase/idle
    case idle
    /// https://developer.apple.com/documentation/swiftui/scrollphase/tracking
    case tracking
    /// https://developer.apple.com/documentation/swiftui/scrollphase/interacting
    case interacting
    /// https://developer.apple.com/documentation/swiftui/scrollphase/decelerating
    case decelerating
    /// https://developer.apple.com/documentation/swiftui/scrollphase/animating
    case animating
}

/// https://developer.apple.com/documentation/swiftui/scrollphasechangecontext
public struct ScrollPhaseChangeContext {
    /// https://developer.apple.com/documentation/swiftui/scrollphasechangecontext/geometry
    public var geometry: ScrollGeometry
    /// https://developer.apple.com/documentation/swiftui/scrollphasechangecontext/velocity
    public var velocity: CGVector?
}

/// https://developer.apple.com/documentation/corefoundation/cgvector
public struct CGVector: Sendable, Hashable {
    /// https://developer.apple.com/documentation/corefoundation/cgvector/dx
    public var dx: CGFloat
    /// https://developer.apple.com/documentation/corefoundation/cgvector/dy
    public var dy: CGFloat
}

extension View {
    /// https://developer.apple.com/documentation/swiftui/view/scrollposition(_:anchor:)
    nonisolated public func scrollPosition(_ position: Binding<ScrollPosition>, anchor: UnitPoint? = nil) -> some View {
        self
    }

    /// https://developer.apple.com/documentation/swiftui/view/scrolltargetlayout(isenabled:)
    nonisolated public func scrollTargetLayout(isEnabled: Bool = true) -> some View { self }

    /// https://developer.apple.com/documentation/swiftui/view/onscrollgeometrychange(for:of:action:)
    nonisolated public func onScrollGeometryChange<T>(
        for type: T.Type, of transform: @escaping (ScrollGeometry) -> T, action: @escaping (T, T) -> Void
    ) -> some View where T: Equatable { self }

    /// https://developer.apple.com/documentation/swiftui/view/onscrollphasechange(_:)
    nonisolated public func onScrollPhaseChange(
        _ action:
            @escaping (_ oldPhase: ScrollPhase, _ newPhase: ScrollPhase, _ context: ScrollPhaseChangeContext)
            -> Void
    ) -> some View { self }
}
