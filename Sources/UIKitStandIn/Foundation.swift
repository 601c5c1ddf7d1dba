// The Objective-C and Foundation API that ChatScrollUIKit uses, which UIKit brings with it. Each
// declaration names the page of Apple's documentation its signature is taken from.

/// https://developer.apple.com/documentation/objectivec/selector
public struct Selector: Sendable, Hashable {
    let name: String
    /// https://developer.apple.com/documentation/objectivec/selector/init(_:)
    public init(_ name: String) { self.name = name }
}

/// Without the Objective-C runtime a selector names no method: an object that UIKit or Foundation
/// calls back by selector (a display link's target, a notification's observer) answers here, on
/// the main thread as UIKit calls it. Not Apple's API; the adapter's code that needs it is listed
/// in its documentation.
package protocol SelectorTarget: AnyObject {
    /// Runs the method that `selector` names, with `object` as its argument.
    @MainActor func perform(_ selector: Selector, with object: Any)
}

/// https://developer.apple.com/documentation/foundation/notification
public struct Notification {
    /// https://developer.apple.com/documentation/foundation/nsnotification/name
    public struct Name: Sendable, Hashable {
        let rawValue: String
        /// https://developer.apple.com/documentation/foundation/nsnotification/name/init(_:)
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }

    /// https://developer.apple.com/documentation/foundation/notification/name-swift.property
    public var name: Name
    /// https://developer.apple.com/documentation/foundation/notification/object
    public var object: Any?
    /// https://developer.apple.com/documentation/foundation/notification/userinfo
    public var userInfo: [AnyHashable: Any]?
}

/// https://developer.apple.com/documentation/foundation/notificationcenter
public final class NotificationCenter {
    /// Observers are not retained, as since iOS 9.
    private struct Observer {
        weak var object: AnyObject?
        var selector: Selector
        var name: Notification.Name?
    }
    private var observers: [Observer] = []

    /// https://developer.apple.com/documentation/foundation/notificationcenter/default
    public class var `default`: NotificationCenter { AppMainThread.current.notificationCenter }

    /// https://developer.apple.com/documentation/foundation/notificationcenter/addobserver(_:selector:name:object:)
    public func addObserver(
        _ observer: Any, selector aSelector: Selector, name aName: Notification.Name?, object anObject: Any?
    ) {
        observers.append(Observer(object: observer as AnyObject, selector: aSelector, name: aName))
    }

    /// https://developer.apple.com/documentation/foundation/notificationcenter/post(name:object:userinfo:)
    ///
    /// Main-actor here: observers are called on the posting thread, which for UIKit's keyboard
    /// notifications is the main thread.
    @MainActor
    public func post(name aName: Notification.Name, object anObject: Any?, userInfo aUserInfo: [AnyHashable: Any]?) {
        let notification = Notification(name: aName, object: anObject, userInfo: aUserInfo)
        for entry in observers where entry.name == nil || entry.name == aName {
            (entry.object as? SelectorTarget)?.perform(entry.selector, with: notification)
        }
    }
}

/// https://developer.apple.com/documentation/foundation/runloop
public final class RunLoop {
    /// https://developer.apple.com/documentation/foundation/runloop/mode
    public struct Mode: Sendable, Hashable {
        let rawValue: String
        /// https://developer.apple.com/documentation/foundation/runloop/mode/common
        public static let common = Mode(rawValue: "kCFRunLoopCommonModes")
    }

    /// The display links added to this run loop, in order.
    package var displayLinks: [CADisplayLink] = []

    /// https://developer.apple.com/documentation/foundation/runloop/main
    public class var main: RunLoop { AppMainThread.current.runLoop }

    /// Fires every display link of this run loop that is not paused, as one display frame at
    /// `time` does.
    @MainActor
    package func fireDisplayLinks(at time: CFTimeInterval) {
        AppMainThread.current.lastDisplayTime = time
        for link in displayLinks where !link.isPaused {
            link.fire(at: time)
        }
    }
}
