/// https://developer.apple.com/documentation/swiftui/geometryproxy
public struct GeometryProxy {
    /// https://developer.apple.com/documentation/swiftui/geometryproxy/size
    public var size: CGSize { CGSize(width: 0, height: 0) }

    /// https://developer.apple.com/documentation/swiftui/geometryproxy/frame(in:)
    public func frame(in coordinateSpace: some CoordinateSpaceProtocol) -> CGRect { .zero }
}

/// https://developer.apple.com/documentation/swiftui/coordinatespaceprotocol
public protocol CoordinateSpaceProtocol {}

/// https://developer.apple.com/documentation/swiftui/namedcoordinatespace
public struct NamedCoordinateSpace: CoordinateSpaceProtocol, Sendable {}

/// https://developer.apple.com/documentation/swiftui/globalcoordinatespace
public struct GlobalCoordinateSpace: CoordinateSpaceProtocol, Sendable {}

extension CoordinateSpaceProtocol where Self == NamedCoordinateSpace {
    /// https://developer.apple.com/documentation/swiftui/coordinatespaceprotocol/scrollview
    public static var scrollView: NamedCoordinateSpace { NamedCoordinateSpace() }
}

extension CoordinateSpaceProtocol where Self == GlobalCoordinateSpace {
    /// https://developer.apple.com/documentation/swiftui/coordinatespaceprotocol/global
    public static var global: GlobalCoordinateSpace { GlobalCoordinateSpace() }
}

extension View {
    /// https://developer.apple.com/documentation/swiftui/view/ongeometrychange(for:of:action:)
    nonisolated public func onGeometryChange<T>(
        for type: T.Type, of transform: @escaping @Sendable (GeometryProxy) -> T, action: @escaping (T) -> Void
    ) -> some View where T: Equatable, T: Sendable { self }
}
