// CoreGraphics' geometry, as far as ChatScrollUIKit uses it. Each declaration names the page of
// Apple's documentation its signature is taken from.

/// https://developer.apple.com/documentation/corefoundation/cgfloat
public struct CGFloat: Sendable, Hashable, Comparable, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    /// https://developer.apple.com/documentation/corefoundation/cgfloat/native
    public var native: Double

    /// https://developer.apple.com/documentation/corefoundation/cgfloat/init(_:)
    public init(_ value: Double) { native = value }
    /// https://developer.apple.com/documentation/corefoundation/cgfloat/init(floatliteral:)
    public init(floatLiteral value: Double) { native = value }
    /// https://developer.apple.com/documentation/corefoundation/cgfloat/init(integerliteral:)
    public init(integerLiteral value: Int) { native = Double(value) }

    /// https://developer.apple.com/documentation/corefoundation/cgfloat/+(_:_:)
    public static func + (lhs: CGFloat, rhs: CGFloat) -> CGFloat { CGFloat(lhs.native + rhs.native) }
    /// https://developer.apple.com/documentation/corefoundation/cgfloat/-(_:_:)
    public static func - (lhs: CGFloat, rhs: CGFloat) -> CGFloat { CGFloat(lhs.native - rhs.native) }
    /// https://developer.apple.com/documentation/corefoundation/cgfloat/+=(_:_:)
    public static func += (lhs: inout CGFloat, rhs: CGFloat) { lhs.native += rhs.native }
    /// https://developer.apple.com/documentation/corefoundation/cgfloat/<(_:_:)
    public static func < (lhs: CGFloat, rhs: CGFloat) -> Bool { lhs.native < rhs.native }
}

extension Double {
    /// https://developer.apple.com/documentation/swift/double/init(_:)
    public init(_ value: CGFloat) { self = value.native }
}

/// https://developer.apple.com/documentation/corefoundation/cgpoint
public struct CGPoint: Sendable, Hashable {
    /// https://developer.apple.com/documentation/corefoundation/cgpoint/x
    public var x: CGFloat
    /// https://developer.apple.com/documentation/corefoundation/cgpoint/y
    public var y: CGFloat

    /// https://developer.apple.com/documentation/corefoundation/cgpoint/init(x:y:)
    public init(x: CGFloat, y: CGFloat) {
        self.x = x
        self.y = y
    }
}

/// https://developer.apple.com/documentation/corefoundation/cgsize
public struct CGSize: Sendable, Hashable {
    /// https://developer.apple.com/documentation/corefoundation/cgsize/width
    public var width: CGFloat
    /// https://developer.apple.com/documentation/corefoundation/cgsize/height
    public var height: CGFloat

    /// https://developer.apple.com/documentation/corefoundation/cgsize/init(width:height:)
    public init(width: CGFloat, height: CGFloat) {
        self.width = width
        self.height = height
    }
}

/// https://developer.apple.com/documentation/corefoundation/cgrect
public struct CGRect: Sendable, Hashable {
    /// https://developer.apple.com/documentation/corefoundation/cgrect/origin
    public var origin: CGPoint
    /// https://developer.apple.com/documentation/corefoundation/cgrect/size
    public var size: CGSize

    /// https://developer.apple.com/documentation/corefoundation/cgrect/init(x:y:width:height:)
    public init(x: CGFloat, y: CGFloat, width: CGFloat, height: CGFloat) {
        origin = CGPoint(x: x, y: y)
        size = CGSize(width: width, height: height)
    }

    /// https://developer.apple.com/documentation/corefoundation/cgrect/height
    public var height: CGFloat { size.height }
    /// https://developer.apple.com/documentation/corefoundation/cgrect/miny
    public var minY: CGFloat { origin.y }
    /// https://developer.apple.com/documentation/corefoundation/cgrect/maxy
    public var maxY: CGFloat { origin.y + size.height }
}

/// https://developer.apple.com/documentation/quartzcore/cftimeinterval
public typealias CFTimeInterval = Double
/// https://developer.apple.com/documentation/foundation/timeinterval
public typealias TimeInterval = Double
