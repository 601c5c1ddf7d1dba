// The platform-independent half of the integration articles in the ChatReducer documentation
// ("Integrating with SwiftUI", "Integrating with UIKit"). The articles show this code; it is
// compiled and exercised here so that it cannot drift from the API.

import ChatEvents
import ChatReducer

/// Feeds a chat screen's events to the reducer and runs what it decides: every scroll command
/// once, every effect once.
final class ChatScrollModel {
    private(set) var state: ChatState
    private var lastCommandSeq: Int?

    /// Scrolls the view: to the bottom, or to an item at a unit anchor.
    var performScroll: (ScrollCommand) -> Void = { _ in }
    /// Fetches the page of history before a message id.
    var loadOlder: (String) -> Void = { _ in }
    /// Stores a position for the next `appeared(restore:)`.
    var persist: (SavedPosition) -> Void = { _ in }

    init(configuration: ChatConfiguration = ChatConfiguration()) {
        state = ChatState(configuration: configuration)
    }

    func send(_ event: ChatEvent) {
        for effect in state.reduce(event) {
            switch effect {
            case let .loadOlder(before): loadOlder(before)
            case let .persistPosition(position): persist(position)
            }
        }
        // The single source of truth for programmatic scrolling: run a command once per seq.
        if let command = state.scrollTarget, command.seq != lastCommandSeq {
            lastCommandSeq = command.seq
            performScroll(command)
        }
    }

    // MARK: The scroll view's callbacks, as events

    func layoutChanged(viewportHeight: Double, insetTop: Double, insetBottom: Double) {
        send(.viewportChanged(height: viewportHeight, insetTop: insetTop, insetBottom: insetBottom))
    }

    func userBeganDragging() { send(.dragBegan) }

    func scrolled(toOffset offset: Double) { send(.scrolled(offset: offset)) }

    func userEndedDragging(atOffset offset: Double, velocity: Double?) {
        send(.dragEnded(offset: offset, velocity: velocity))
    }

    func scrollSettled(atOffset offset: Double) { send(.scrollSettled(offset: offset)) }

    /// `overlap` is how much of the scroll view's frame the keyboard covers; the event wants
    /// how much *more* it covers than the bottom inset already does.
    func keyboardWillShow(overlap: Double, insetBottom: Double, duration: Double?) {
        send(.keyboardWillShow(height: max(0, overlap - insetBottom), duration: duration))
    }

    func keyboardWillHide(duration: Double?) { send(.keyboardWillHide(duration: duration)) }
}

/// UIKit measures `contentOffset.y` from the top of the scroll view's frame, the reducer from
/// the content's top below the top inset.
enum UIKitGeometry {
    static func contentOffsetY(forOffset offset: Double, adjustedContentInsetTop: Double) -> Double {
        offset - adjustedContentInsetTop
    }

    static func offset(forContentOffsetY y: Double, adjustedContentInsetTop: Double) -> Double {
        y + adjustedContentInsetTop
    }
}
