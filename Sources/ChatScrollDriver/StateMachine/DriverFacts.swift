import ChatEvents

/// What an event is to the driver, beyond what the reducer does with it.
enum DriverRole {
    /// It changes the content at the live end: a message, a streamed answer's tokens, a page of
    /// newer history, the footer.
    case growsTheLiveEnd
    /// It may end the user's hold on the view: the finger lifts, the scroll comes to rest, a text
    /// selection ends.
    case mayEndTheUsersHold
    /// A tap that navigates (jump to latest, to a message, to the first unread): it stops the
    /// momentum, as the tap's touch does in UIKit.
    case tap
    /// Content arrives above the oldest row: a page of older history, the header.
    case contentAbove
    /// Nothing more.
    case other
}

/// Everything the driver reads from an event besides the reducer's outcome.
struct DriverFacts {
    var role: DriverRole
    /// The message whose height the event changes or removes.
    var resizedMessageID: String?
    /// The message it appends, whose entrance animation the driver may end.
    var appended: ChatMessage?
    /// The keyboard's animation, for a keyboard event.
    var keyboardDuration: Double?
}

extension ChatEvent {
    /// The driver's facts about the event, decided by one exhaustive switch: a new event does not
    /// compile until the driver has classified it.
    var driverFacts: DriverFacts {
        switch self {
        case .messageAppended(let message, _):
            DriverFacts(role: .growsTheLiveEnd, appended: message)
        case .tokensAppended(let id, _, _, _):
            DriverFacts(role: .growsTheLiveEnd, resizedMessageID: id)
        case .newerLoaded, .footerChanged:
            DriverFacts(role: .growsTheLiveEnd)
        case .dragEnded, .scrollSettled, .selectionChanged:
            DriverFacts(role: .mayEndTheUsersHold)
        case .jumpToLatestTapped, .jumpToMessage, .jumpToUnreadTapped:
            DriverFacts(role: .tap)
        case .olderLoaded, .headerChanged:
            DriverFacts(role: .contentAbove)
        case .itemMeasured(let id, _), .messageRemoved(let id):
            DriverFacts(role: .other, resizedMessageID: id)
        case .keyboardWillShow(_, let duration), .keyboardWillHide(let duration):
            DriverFacts(role: .other, keyboardDuration: duration)
        case .viewportChanged, .historyLoaded, .messageConfirmed, .streamFinished, .loadOlderFailed, .dragBegan,
            .scrolled, .inputFocused, .inputBlurred, .highlightFinished, .entranceAnimationFinished, .appeared,
            .disappeared, .loadNewerFailed, .windowLoaded, .windowLoadFailed:
            DriverFacts(role: .other)
        }
    }

    /// What the event is to the driver.
    var role: DriverRole { driverFacts.role }
}
