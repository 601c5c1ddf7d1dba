/// A move that ``ChatScrollModel`` asks of a SwiftUI scroll view: by row or by edge, never by an
/// absolute offset, since a lazy stack's offsets are its own estimates of rows it has not laid
/// out.
public enum ChatScrollRequest: Sendable, Hashable {
    /// `ScrollPosition.scrollTo(id:anchor:)` with `UnitPoint(x: 0.5, y: anchorY)`: the row's top
    /// goes `anchorY` of the way down the space the visible region leaves it.
    case row(id: String, anchorY: Double, jump: Bool)
    /// `ScrollPosition.scrollTo(edge: .bottom)`: the end of the content at the visible bottom.
    case bottom(jump: Bool)
    /// `ScrollPosition.scrollTo(y:)`, animated over `duration` on the keyboard's curve: what sits
    /// at the bottom edge moves with the keyboard. `y` is an offset of the view as it was last
    /// reported, found through a row it showed.
    case alongKeyboard(y: Double, duration: Double)
    /// `ScrollPosition.scrollTo(edge: .bottom)`, animated with the keyboard over `duration`: the
    /// end of the content, which SwiftUI finds where its rows really end, rides with the keyboard
    /// to the visible bottom the keyboard leaves. Also a command to the end (a send, an arrival,
    /// jump to latest) that starts while the list moves along the keyboard, over a command's
    /// duration: it sets off from where SwiftUI draws the list.
    case bottomAlongKeyboard(duration: Double)

    /// Whether the move is the driver's instant move that ends any momentum (a command that is not
    /// animated, or the start of one), rather than a frame of its own animation.
    public var isJump: Bool {
        switch self {
        case .row(_, _, let jump), .bottom(let jump): jump
        case .alongKeyboard, .bottomAlongKeyboard: false
        }
    }
}
