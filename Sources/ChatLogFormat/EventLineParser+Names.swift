// Generated from ChatEventKey and ChatEvent.EventType by GeneratedParserNamesTests; do not edit.
// `CHAT_GENERATED_UPDATE=1 swift test --filter Generated` rewrites it.

@_spi(ChatEventFields) import ChatEvents

extension EventLineParser {
    /// The key of the format spelled by the plain text at `start..<end`, if any.
    @inline(__always)
    static func key(
        _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int
    ) -> ChatEventKey? {
        switch end - start {
        case 1:
            if matches("t", bytes, start) { return .t }
        case 2:
            if matches("id", bytes, start) { return .id }
        case 4:
            if matches("type", bytes, start) { return .type }
            if matches("text", bytes, start) { return .text }
        case 5:
            if matches("newID", bytes, start) { return .newID }
            if matches("delta", bytes, start) { return .delta }
        case 6:
            if matches("height", bytes, start) { return .height }
            if matches("offset", bytes, start) { return .offset }
            if matches("active", bytes, start) { return .active }
        case 7:
            if matches("restore", bytes, start) { return .restore }
        case 8:
            if matches("insetTop", bytes, start) { return .insetTop }
            if matches("messages", bytes, start) { return .messages }
            if matches("duration", bytes, start) { return .duration }
            if matches("velocity", bytes, start) { return .velocity }
            if matches("anchorID", bytes, start) { return .anchorID }
        case 9:
            if matches("direction", bytes, start) { return .direction }
            if matches("streaming", bytes, start) { return .streaming }
        case 11:
            if matches("insetBottom", bytes, start) { return .insetBottom }
            if matches("heightDelta", bytes, start) { return .heightDelta }
            if matches("wasAtBottom", bytes, start) { return .wasAtBottom }
        case 12:
            if matches("hasMoreOlder", bytes, start) { return .hasMoreOlder }
            if matches("hasMoreNewer", bytes, start) { return .hasMoreNewer }
        case 13:
            if matches("firstUnreadID", bytes, start) { return .firstUnreadID }
        default:
            break
        }
        return nil
    }

    /// The event type spelled by the plain text at `start..<end`, if any.
    @inline(__always)
    static func plainEventType(
        _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int
    ) -> ChatEvent.EventType? {
        switch end - start {
        case 8:
            if matches("scrolled", bytes, start) { return .scrolled }
            if matches("appeared", bytes, start) { return .appeared }
        case 9:
            if matches("dragBegan", bytes, start) { return .dragBegan }
            if matches("dragEnded", bytes, start) { return .dragEnded }
        case 11:
            if matches("olderLoaded", bytes, start) { return .olderLoaded }
            if matches("disappeared", bytes, start) { return .disappeared }
            if matches("newerLoaded", bytes, start) { return .newerLoaded }
        case 12:
            if matches("itemMeasured", bytes, start) { return .itemMeasured }
            if matches("inputFocused", bytes, start) { return .inputFocused }
            if matches("inputBlurred", bytes, start) { return .inputBlurred }
            if matches("windowLoaded", bytes, start) { return .windowLoaded }
        case 13:
            if matches("historyLoaded", bytes, start) { return .historyLoaded }
            if matches("scrollSettled", bytes, start) { return .scrollSettled }
            if matches("jumpToMessage", bytes, start) { return .jumpToMessage }
            if matches("headerChanged", bytes, start) { return .headerChanged }
            if matches("footerChanged", bytes, start) { return .footerChanged }
        case 14:
            if matches("tokensAppended", bytes, start) { return .tokensAppended }
            if matches("streamFinished", bytes, start) { return .streamFinished }
            if matches("messageRemoved", bytes, start) { return .messageRemoved }
        case 15:
            if matches("viewportChanged", bytes, start) { return .viewportChanged }
            if matches("messageAppended", bytes, start) { return .messageAppended }
            if matches("loadOlderFailed", bytes, start) { return .loadOlderFailed }
            if matches("loadNewerFailed", bytes, start) { return .loadNewerFailed }
        case 16:
            if matches("messageConfirmed", bytes, start) { return .messageConfirmed }
            if matches("keyboardWillShow", bytes, start) { return .keyboardWillShow }
            if matches("keyboardWillHide", bytes, start) { return .keyboardWillHide }
            if matches("selectionChanged", bytes, start) { return .selectionChanged }
            if matches("windowLoadFailed", bytes, start) { return .windowLoadFailed }
        case 17:
            if matches("highlightFinished", bytes, start) { return .highlightFinished }
        case 18:
            if matches("jumpToLatestTapped", bytes, start) { return .jumpToLatestTapped }
            if matches("jumpToUnreadTapped", bytes, start) { return .jumpToUnreadTapped }
        case 25:
            if matches("entranceAnimationFinished", bytes, start) { return .entranceAnimationFinished }
        default:
            break
        }
        return nil
    }
}
