/// `bottom-visible`: a list that follows the conversation, with no animated command
/// running, shows the newest message's bottom at the visible bottom in every frame, and is not
/// pushed past it: an overshoot may only shrink (a bounce that the keyboard carries back), never
/// start or grow, but by the bounce's own last frame or along the keyboard (content that fits
/// until it has risen), and never rests with neither a bounce nor the keyboard moving.
enum BottomVisibleCheck {
    /// What is wrong with the frame `current` after `previous`, if anything.
    ///
    /// - Parameters:
    ///   - following: Whether the screen follows the conversation: the reader is not away, no
    ///     question is pinned, the live end is loaded and the open is over.
    ///   - appScrolls: Whether a navigation, an arrival's scroll, the settling of a list left
    ///     near the bottom or momentum moves the list.
    static func judge(
        previous: Simulator.Frame, current: Simulator.Frame, following: Bool, appScrolls: Bool
    ) -> String? {
        let overshoot = current.offset - current.maxOffset
        // (Past the bottom with nothing to take it back: no bounce, and the keyboard at rest,
        // blank space shows below the newest message, where the app's insets put it.)
        let overshootGrew =
            overshoot > max(0, previous.offset - previous.maxOffset) + 0.5 && !previous.decelerating
            && !current.keyboardMoving
            || overshoot > 0.5 && !current.decelerating && !previous.decelerating && !current.keyboardMoving
                && !previous.keyboardMoving
        guard following, previous.shown, !previous.finger, !current.finger, !appScrolls, current.offset >= 0,
            !current.atBottom || overshootGrew
        else { return nil }
        return current.atBottom
            ? "\(overshoot) points past the bottom"
            : "\(current.maxOffset - current.offset) points of new content below the screen"
    }
}
