// What Examples/Client's UIKit screen uses besides the adapter: a view controller, a table view
// with its data source and delegate, a button, and Auto Layout against `keyboardLayoutGuide`. The
// stand-in declares them so that the screen compiles here; it does not lay out or draw. Each
// declaration names the page of Apple's documentation its signature is taken from.

extension CGRect {
    /// https://developer.apple.com/documentation/corefoundation/cgrect/zero
    public static let zero = CGRect(x: 0, y: 0, width: 0, height: 0)
}

/// https://developer.apple.com/documentation/foundation/indexpath
public struct IndexPath: Sendable, Hashable {
    /// https://developer.apple.com/documentation/foundation/indexpath/row
    public var row: Int
    /// https://developer.apple.com/documentation/foundation/indexpath/section
    public var section: Int

    /// https://developer.apple.com/documentation/foundation/indexpath/init(row:section:)
    public init(row: Int, section: Int) {
        self.row = row
        self.section = section
    }
}

/// https://developer.apple.com/documentation/uikit/nslayoutconstraint
@MainActor
public final class NSLayoutConstraint {
    /// https://developer.apple.com/documentation/uikit/nslayoutconstraint/activate(_:)
    public class func activate(_ constraints: [NSLayoutConstraint]) {}
}

/// https://developer.apple.com/documentation/uikit/nslayoutxaxisanchor (its `constraint(equalTo:)`
/// is `NSLayoutAnchor`'s)
@MainActor
public final class NSLayoutXAxisAnchor {
    /// https://developer.apple.com/documentation/uikit/nslayoutanchor/constraint(equalto:)
    public func constraint(equalTo anchor: NSLayoutXAxisAnchor) -> NSLayoutConstraint { NSLayoutConstraint() }
}

/// https://developer.apple.com/documentation/uikit/nslayoutyaxisanchor (its `constraint(equalTo:)`
/// is `NSLayoutAnchor`'s)
@MainActor
public final class NSLayoutYAxisAnchor {
    /// https://developer.apple.com/documentation/uikit/nslayoutanchor/constraint(equalto:)
    public func constraint(equalTo anchor: NSLayoutYAxisAnchor) -> NSLayoutConstraint { NSLayoutConstraint() }
}

/// https://developer.apple.com/documentation/uikit/nslayoutdimension
@MainActor
public final class NSLayoutDimension {
    /// https://developer.apple.com/documentation/uikit/nslayoutdimension/constraint(equaltoconstant:)
    public func constraint(equalToConstant c: CGFloat) -> NSLayoutConstraint { NSLayoutConstraint() }
}

/// https://developer.apple.com/documentation/uikit/uilayoutguide
@MainActor
open class UILayoutGuide {
    /// https://developer.apple.com/documentation/uikit/uilayoutguide/topanchor
    public let topAnchor = NSLayoutYAxisAnchor()
}

/// https://developer.apple.com/documentation/uikit/uikeyboardlayoutguide
@MainActor
open class UIKeyboardLayoutGuide: UILayoutGuide {}

extension UIView {
    /// https://developer.apple.com/documentation/uikit/uiview/topanchor
    public var topAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor() }
    /// https://developer.apple.com/documentation/uikit/uiview/bottomanchor
    public var bottomAnchor: NSLayoutYAxisAnchor { NSLayoutYAxisAnchor() }
    /// https://developer.apple.com/documentation/uikit/uiview/leadinganchor
    public var leadingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor() }
    /// https://developer.apple.com/documentation/uikit/uiview/trailinganchor
    public var trailingAnchor: NSLayoutXAxisAnchor { NSLayoutXAxisAnchor() }
    /// https://developer.apple.com/documentation/uikit/uiview/heightanchor
    public var heightAnchor: NSLayoutDimension { NSLayoutDimension() }
    /// https://developer.apple.com/documentation/uikit/uiview/keyboardlayoutguide
    public var keyboardLayoutGuide: UIKeyboardLayoutGuide { UIKeyboardLayoutGuide() }
}

/// https://developer.apple.com/documentation/uikit/uiviewcontroller
@MainActor
open class UIViewController: UIResponder {
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/view
    open var view: UIView! = UIView(frame: .zero)
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/viewdidload()
    open func viewDidLoad() {}
    /// https://developer.apple.com/documentation/uikit/uiviewcontroller/viewdidlayoutsubviews()
    open func viewDidLayoutSubviews() {}
}

/// https://developer.apple.com/documentation/uikit/uiscrollviewdelegate (its methods are optional
/// there, with nothing here to call them)
@MainActor
public protocol UIScrollViewDelegate: AnyObject {}

/// https://developer.apple.com/documentation/uikit/uitableviewdelegate
@MainActor
public protocol UITableViewDelegate: UIScrollViewDelegate {}

/// https://developer.apple.com/documentation/uikit/uitableviewdatasource
@MainActor
public protocol UITableViewDataSource: AnyObject {
    /// https://developer.apple.com/documentation/uikit/uitableviewdatasource/tableview(_:numberofrowsinsection:)
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int
    /// https://developer.apple.com/documentation/uikit/uitableviewdatasource/tableview(_:cellforrowat:)
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell
}

/// https://developer.apple.com/documentation/uikit/uitableviewcell
@MainActor
open class UITableViewCell: UIView {}

/// https://developer.apple.com/documentation/uikit/uitableview
@MainActor
open class UITableView: UIScrollView {
    /// https://developer.apple.com/documentation/uikit/uitableview/style-swift.enum
    public enum Style: Int, Sendable {
        case plain = 0
    }
    /// https://developer.apple.com/documentation/uikit/uitableview/rowanimation
    public enum RowAnimation: Int, Sendable {
        case none = 5
    }

    /// https://developer.apple.com/documentation/uikit/uitableview/datasource
    open weak var dataSource: UITableViewDataSource?
    /// https://developer.apple.com/documentation/uikit/uitableview/delegate
    open weak var delegate: UITableViewDelegate?
    /// https://developer.apple.com/documentation/uikit/uitableview/tableheaderview
    open var tableHeaderView: UIView?
    /// https://developer.apple.com/documentation/uikit/uitableview/tablefooterview
    open var tableFooterView: UIView?

    /// https://developer.apple.com/documentation/uikit/uitableview/init(frame:style:)
    public init(frame: CGRect, style: UITableView.Style) { super.init(frame: frame) }

    /// https://developer.apple.com/documentation/uikit/uitableview/register(_:forcellreuseidentifier:)
    open func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) {}
    /// https://developer.apple.com/documentation/uikit/uitableview/dequeuereusablecell(withidentifier:for:)
    open func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> UITableViewCell {
        UITableViewCell(frame: .zero)
    }
    /// https://developer.apple.com/documentation/uikit/uitableview/reloaddata()
    open func reloadData() {}
    /// https://developer.apple.com/documentation/uikit/uitableview/insertrows(at:with:)
    open func insertRows(at indexPaths: [IndexPath], with animation: UITableView.RowAnimation) {}
}

/// https://developer.apple.com/documentation/uikit/uiaction
@MainActor
public final class UIAction {
    let handler: (UIAction) -> Void
    /// https://developer.apple.com/documentation/uikit/uiaction (its initializer
    /// `init(title:image:identifier:discoverabilityTitle:attributes:state:handler:)`, all else defaulted)
    public init(handler: @escaping (UIAction) -> Void) { self.handler = handler }
}

/// https://developer.apple.com/documentation/uikit/uicontrol
@MainActor
open class UIControl: UIView {
    /// https://developer.apple.com/documentation/uikit/uicontrol/event
    public struct Event: OptionSet, Sendable {
        public let rawValue: UInt
        /// https://developer.apple.com/documentation/uikit/uicontrol/event/init(rawvalue:)
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// https://developer.apple.com/documentation/uikit/uicontrol/event/touchupinside
        public static let touchUpInside = Event(rawValue: 1 << 6)
    }

    /// https://developer.apple.com/documentation/uikit/uicontrol/addaction(_:for:)
    open func addAction(_ action: UIAction, for controlEvents: UIControl.Event) {}
}

/// https://developer.apple.com/documentation/uikit/uibutton
@MainActor
open class UIButton: UIControl {
    /// https://developer.apple.com/documentation/uikit/uibutton/buttontype
    public enum ButtonType: Int, Sendable {
        case system = 1
    }

    /// https://developer.apple.com/documentation/uikit/uibutton/init(type:)
    public convenience init(type buttonType: UIButton.ButtonType) { self.init(frame: .zero) }
}
