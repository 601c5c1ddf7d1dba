import ChatEvents
import ChatReducer
import ChatScrollSwiftUI
import Testing

#if canImport(UIKit)
import UIKit
#else
import UIKitStandIn
#endif

/// The SwiftUI adapter's model, told what SwiftUI's modifiers tell it: a 844-point container under
/// a 91-point top inset, a 83-point composer and home indicator below, 20 rows of 100 points.
@MainActor
@Suite("ChatScrollModel")
struct ChatScrollModelTests {
    let chat = ChatScrollModel()
    /// The requests the model made of the scroll position, in order.
    final class Requests { var all: [ChatScrollRequest] = [] }
    let requests = Requests()

    init() {
        chat.perform = { [requests] in requests.all.append($0) }
        chat.geometryChanged(containerHeight: 844, insetTop: 91, insetBottom: 83, contentOffsetY: -91, frameBottom: 844)
        let messages = (0..<20).map { ChatMessage(id: "m\($0)", direction: .incoming, height: 100) }
        chat.driver.send(.historyLoaded(messages: messages, hasMoreOlder: false))
    }

    /// The lazy stack shows m19 above the composer at its own estimate of the offset, 900, where
    /// the model's heights put it at 1,239.
    func showLastRow() {
        chat.rowFrameChanged(id: "m19", top: 661, height: 100)
        chat.geometryChanged(containerHeight: 844, insetTop: 91, insetBottom: 83, contentOffsetY: 900, frameBottom: 844)
    }

    /// The reader pulls the list, shown at its end, `distance` points past it and lets go: the
    /// bounce carries it back.
    func pullPastTheEnd(by distance: Double) {
        chat.phaseChanged(from: .idle, to: .interacting, velocity: nil)
        chat.rowFrameChanged(id: "m19", top: 661 - distance, height: 100)
        chat.geometryChanged(
            containerHeight: 844, insetTop: 91, insetBottom: 83, contentOffsetY: 900 + distance, frameBottom: 844)
        chat.phaseChanged(from: .interacting, to: .decelerating, velocity: 0)
    }

    /// Posts the keyboard's notification: its top at `keyboardTop` on a screen `screenHeight` tall.
    private func notify(keyboardTop: CGFloat, screenHeight: CGFloat) {
        NotificationCenter.default.post(
            name: UIResponder.keyboardWillChangeFrameNotification, object: nil,
            userInfo: [
                UIResponder.keyboardFrameEndUserInfoKey: CGRect(
                    x: 0, y: keyboardTop, width: 390, height: screenHeight - keyboardTop),
                UIResponder.keyboardAnimationDurationUserInfoKey: 0.25,
            ])
    }

    @Test("following is kept, and an open asked for, as the bottom edge, never as an offset")
    func openIsTheBottomEdge() {
        // The empty list's first layout keeps the bottom (following); the open jumps there.
        #expect(requests.all == [.bottom(jump: false), .bottom(jump: true)])
    }

    @Test("the model's offset comes from the row shown, not from the lazy stack's estimate")
    func offsetFromTheRowShown() {
        showLastRow()
        #expect(chat.state.offset == 1330)
        #expect(chat.state.isAtBottom)
        #expect(requests.all == [.bottom(jump: false), .bottom(jump: true)])
    }

    @Test("the keyboard's notification moves a list at the bottom along it to SwiftUI's end, never to an offset")
    func keyboardAlongTheView() {
        // An app of its own, whose notification center no other test posts to.
        AppMainThread.$current.withValue(AppMainThread()) { movesAlongTheKeyboard() }
    }

    private func movesAlongTheKeyboard() {
        showLastRow()
        NotificationCenter.default.post(
            name: UIResponder.keyboardWillChangeFrameNotification, object: nil,
            userInfo: [
                UIResponder.keyboardFrameEndUserInfoKey: CGRect(x: 0, y: 508, width: 390, height: 336),
                UIResponder.keyboardAnimationDurationUserInfoKey: 0.25,
            ])
        #expect(chat.state.keyboardHeight == 0)
        chat.observeKeyboard()
        NotificationCenter.default.post(
            name: UIResponder.keyboardWillChangeFrameNotification, object: nil,
            userInfo: [
                UIResponder.keyboardFrameEndUserInfoKey: CGRect(x: 0, y: 508, width: 390, height: 336),
                UIResponder.keyboardAnimationDurationUserInfoKey: 0.25,
            ])
        #expect(chat.state.keyboardHeight == 253)
        // (An offset found through m19, the topmost row shown, would miss SwiftUI's end by what the
        // rows below it differ from the model's.)
        #expect(requests.all == [.bottom(jump: false), .bottom(jump: true), .bottomAlongKeyboard(duration: 0.25)])
    }

    @Test("a keyboard that rises as the list bounces back from past its end rides from where the bounce has it")
    func keyboardDuringABounce() {
        showLastRow()
        pullPastTheEnd(by: 20)
        chat.keyboardWillChange(keyboardTop: 508, duration: 0.25)
        chat.rowFrameChanged(id: "m19", top: 643, height: 100)
        chat.geometryChanged(containerHeight: 844, insetTop: 91, insetBottom: 83, contentOffsetY: 918, frameBottom: 844)
        #expect(chat.state.keyboardHeight == 253)
        // No stop at the end first: SwiftUI would put the end there at once, 18 points in a frame.
        #expect(requests.all == [.bottom(jump: false), .bottom(jump: true), .bottomAlongKeyboard(duration: 0.25)])
    }

    @Test("a keyboard notified during momentum moves the view from where the momentum took it")
    func keyboardDuringMomentum() {
        // The reader drags m10 100 points under the top and lets go; SwiftUI's own offset is 309
        // points short of the model's, from its estimates.
        chat.phaseChanged(from: .idle, to: .interacting, velocity: nil)
        chat.rowFrameChanged(id: "m10", top: 191, height: 100)
        chat.geometryChanged(containerHeight: 844, insetTop: 91, insetBottom: 83, contentOffsetY: 500, frameBottom: 844)
        chat.phaseChanged(from: .interacting, to: .decelerating, velocity: -1000)
        #expect(chat.state.offset == 900)
        chat.keyboardWillChange(keyboardTop: 508, duration: 0.25)
        #expect(chat.state.keyboardHeight == 0)
        // The next frame's geometry: momentum carried the list 20 points; the keyboard then ends the
        // momentum where it is (m10, the row the view shows, 120 points under the top) and moves the
        // view along.
        chat.rowFrameChanged(id: "m10", top: 211, height: 100)
        chat.geometryChanged(containerHeight: 844, insetTop: 91, insetBottom: 83, contentOffsetY: 480, frameBottom: 844)
        #expect(chat.state.keyboardHeight == 253)
        #expect(
            requests.all == [
                .bottom(jump: false), .bottom(jump: true), .row(id: "m10", anchorY: 120.0 / 570, jump: true),
                .alongKeyboard(y: 733, duration: 0.25),
            ])
    }

    @Test("a turn's keyboard, notified with animations disabled before the turned layout, is measured by that layout")
    func keyboardOfATurn() {
        AppMainThread.$current.withValue(AppMainThread()) { turnsWithTheKeyboardUp() }
    }

    private func turnsWithTheKeyboardUp() {
        showLastRow()
        chat.observeKeyboard()
        notify(keyboardTop: 508, screenHeight: 844)
        #expect(chat.state.keyboardHeight == 253)
        // The screen turns: UIKit notifies the landscape keyboard (200 points, top at 190) at the
        // turn's start, inside `performWithoutAnimation`, while the frame is still the portrait one.
        UIView.performWithoutAnimation { notify(keyboardTop: 190, screenHeight: 390) }
        #expect(chat.state.keyboardHeight == 253)
        // Then SwiftUI lays the turned screen out and reports it: the keyboard is measured by it.
        chat.geometryChanged(containerHeight: 390, insetTop: 32, insetBottom: 71, contentOffsetY: 900, frameBottom: 390)
        #expect(chat.state.keyboardHeight == 129)
    }

    @Test("a turn that ends momentum stops the view where it is, placed by the turned layout")
    func turnEndsMomentum() {
        AppMainThread.$current.withValue(AppMainThread()) { turnsDuringMomentum() }
    }

    private func turnsDuringMomentum() {
        chat.observeKeyboard()
        notify(keyboardTop: 508, screenHeight: 844)
        // The reader drags m10 100 points under the top and lets go.
        chat.phaseChanged(from: .idle, to: .interacting, velocity: nil)
        chat.rowFrameChanged(id: "m10", top: 191, height: 100)
        chat.geometryChanged(containerHeight: 844, insetTop: 91, insetBottom: 83, contentOffsetY: 500, frameBottom: 844)
        chat.phaseChanged(from: .interacting, to: .decelerating, velocity: -1000)
        #expect(chat.state.offset == 900)
        let before = requests.all.count
        // The screen turns in the next frame, after momentum carried the list 20 points: the
        // landscape keyboard is notified first, then SwiftUI reports the turned layout, which keeps
        // the visible top (m10 is 120 points under it, under a 32-point inset).
        UIView.performWithoutAnimation { notify(keyboardTop: 190, screenHeight: 390) }
        chat.rowFrameChanged(id: "m10", top: 152, height: 100)
        chat.geometryChanged(containerHeight: 390, insetTop: 32, insetBottom: 71, contentOffsetY: 539, frameBottom: 390)
        // The momentum ends there, and the stop is placed by the turned layout's 158 visible points
        // (a stop placed by the portrait layout's 417 would land elsewhere).
        #expect(chat.state.keyboardHeight == 129)
        #expect(chat.state.offset == 880)
        #expect(Array(requests.all.dropFirst(before)) == [.row(id: "m10", anchorY: 120.0 / 58, jump: true)])
    }

    @Test("a request run while a layout reports lands at the next: that layout's offset is older than it")
    func requestDuringAReport() {
        showLastRow()
        chat.driver.send(.jumpToMessage(id: "m5"))
        chat.tick(time: 0)
        chat.tick(time: 0.1)
        // The view shows the scroll's frame: m10 41 points above the top, m9 over it.
        #expect(requests.all.last == .row(id: "m10", anchorY: -0.07179987004548398, jump: false))
        #expect(chat.driver.contentOffsetY == 949.9259259259259)
        chat.rowFrameChanged(id: "m9", top: -49.9, height: 100)
        chat.rowFrameChanged(id: "m10", top: 50.1, height: 100)
        chat.geometryChanged(containerHeight: 844, insetTop: 91, insetBottom: 83, contentOffsetY: 600, frameBottom: 844)
        let before = requests.all.count
        // The next layout: m9, the row SwiftUI keeps at the top, is 50 points taller and pushes m10
        // down. The driver moves the scroll's path with it while the layout reports; its request
        // lands at the next layout, so this one's offset is not the driver's.
        chat.rowFrameChanged(id: "m9", top: -49.9, height: 150)
        chat.rowFrameChanged(id: "m10", top: 100.1, height: 100)
        chat.geometryChanged(containerHeight: 844, insetTop: 91, insetBottom: 83, contentOffsetY: 600, frameBottom: 844)
        #expect(requests.all.count == before + 1)
        #expect(chat.driver.contentOffsetY == 999.9000000000001)
    }

    @Test("a list the keyboard takes to the end from afar is not asked for the end again until the keyboard stops")
    func noBottomDuringTheKeyboardsMoveFromAfar() {
        final class Clock { var now = 1.0 }
        let clock = Clock()
        chat.driver.clock = { clock.now }
        // The reader has dragged the list to its top, and taps jump to latest.
        chat.phaseChanged(from: .idle, to: .interacting, velocity: nil)
        chat.rowFrameChanged(id: "m0", top: 91, height: 100)
        chat.geometryChanged(containerHeight: 844, insetTop: 91, insetBottom: 83, contentOffsetY: -91, frameBottom: 844)
        chat.phaseChanged(from: .interacting, to: .idle, velocity: nil)
        chat.driver.send(.jumpToLatestTapped)
        chat.tick(time: 1.0)
        // The keyboard rises as the scroll sets off: the rest of the way goes along it, to the end.
        chat.keyboardWillChange(keyboardTop: 508, duration: 0.25)
        // (The command's first frame, at the reader's top, came before.)
        let alongTheKeyboard: [ChatScrollRequest] = [
            .bottom(jump: false), .bottom(jump: true), .row(id: "m0", anchorY: 0, jump: true),
            .row(id: "m0", anchorY: 0, jump: false), .bottomAlongKeyboard(duration: 0.25),
        ]
        #expect(requests.all == alongTheKeyboard)
        // The typing indicator shows on the way: SwiftUI's move goes to the end wherever it is by
        // then; the end asked for again, in another transaction, may be put there at once.
        clock.now = 1.1
        chat.driver.send(.footerChanged(height: 40))
        #expect(requests.all == alongTheKeyboard)
        // Once the keyboard has stopped, the end is asked for as the list grows.
        clock.now = 1.3
        chat.driver.send(.footerChanged(height: 0))
        #expect(requests.all == alongTheKeyboard + [.bottom(jump: false)])
    }

    @Test(
        """
        a send while the list moves along the keyboard goes on as SwiftUI's animation to the end, not the \
        driver's frames, which would cut that move short
        """
    )
    func sendDuringTheMoveAlongTheKeyboard() {
        final class Clock { var now = 1.0 }
        let clock = Clock()
        chat.driver.clock = { clock.now }
        showLastRow()
        chat.tick(time: 1.0)
        // The keyboard rises over the list at its end: the end rides along.
        chat.keyboardWillChange(keyboardTop: 508, duration: 0.25)
        let rise: [ChatScrollRequest] = [
            .bottom(jump: false), .bottom(jump: true), .bottomAlongKeyboard(duration: 0.25),
        ]
        #expect(requests.all == rise)
        // A message is sent on the way: one animation to the end, from where SwiftUI draws the list.
        clock.now = 1.1
        chat.driver.send(.messageAppended(ChatMessage(id: "m20", direction: .outgoing, height: 80), streaming: false))
        chat.tick(time: 1.1)
        chat.tick(time: 1.2)
        #expect(requests.all == rise + [.bottomAlongKeyboard(duration: 0.3)])
        // The command's end keeps the end SwiftUI's animation has brought the list to.
        clock.now = 1.45
        chat.tick(time: 1.45)
        #expect(requests.all == rise + [.bottomAlongKeyboard(duration: 0.3), .bottom(jump: false)])
    }

    @Test("a following list's growth is not asked for while a bounce moves the view")
    func noBottomDuringABounce() {
        showLastRow()
        pullPastTheEnd(by: 60)
        // The typing indicator shows below: SwiftUI's spring brings the list back, not a request.
        chat.driver.send(.footerChanged(height: 40))
        #expect(requests.all == [.bottom(jump: false), .bottom(jump: true)])
    }

    @Test(
        """
        a command's frame past the model's bottom, where a typing indicator went before the message that replaced it \
        was measured, places a row the model has, not SwiftUI's bottom
        """
    )
    func commandFramePastTheBottom() {
        showLastRow()
        chat.driver.send(.footerChanged(height: 36))
        requests.all = []
        // A message estimated at 24 points arrives as the 36-point typing indicator goes: the
        // model's bottom is 12 points above where the view is, and the message slides in from there.
        chat.driver.send(.messageAppended(ChatMessage(id: "m20", direction: .incoming, height: 24), streaming: false))
        chat.driver.send(.footerChanged(height: 0))
        chat.tick(time: 1)
        // The first frame stops the list where it is (offset 1366), through m19, the row the view
        // shows at the model's height, 534 points under the top: not the content's end, which
        // SwiftUI has where the message really ends.
        #expect(
            requests.all == [
                .row(id: "m19", anchorY: 534.0 / 570, jump: true), .row(id: "m19", anchorY: 534.0 / 570, jump: false),
            ])
        // The frames after it go through rows too (offsets 1362.9 and 1357.1, on the way to the
        // model's bottom, 1354), and the one that lands there asks for the content's end.
        requests.all = []
        for time in [1.1, 1.2, 1.3] { chat.tick(time: time) }
        #expect(
            requests.all == [
                .row(id: "m19", anchorY: 0.9423001949317742, jump: false),
                .row(id: "m19", anchorY: 0.9524366471734893, jump: false), .bottom(jump: false),
            ])
    }

    @Test("below a question pinned at the top, the open places the question's row, not the content's end")
    func openBelowAPinnedQuestion() {
        let chat = ChatScrollModel(configuration: ChatConfiguration(layout: .top))
        let requests = Requests()
        chat.perform = { [requests] in requests.all.append($0) }
        chat.geometryChanged(containerHeight: 844, insetTop: 91, insetBottom: 83, contentOffsetY: -91, frameBottom: 844)
        // A question and its answer that fit on screen: the spacer below them, 429 points by the
        // model's estimates, puts the question at the top. SwiftUI's end is the rows it has, as
        // tall as they really are, and the model's spacer: 8 points past where the model has it
        // when the rows are measured 8 points taller.
        chat.driver.send(
            .historyLoaded(
                messages: [
                    ChatMessage(id: "q", direction: .outgoing, height: 181),
                    ChatMessage(id: "a", direction: .incoming, height: 60),
                ], hasMoreOlder: false))
        #expect(chat.state.trailingSpacer == 429)
        #expect(requests.all == [.bottom(jump: false), .row(id: "q", anchorY: 0, jump: true)])
    }

    @Test("nothing is asked of the scroll position while a finger holds the view")
    func nothingUnderTheFinger() {
        showLastRow()
        chat.phaseChanged(from: .idle, to: .interacting, velocity: nil)
        // A row above the screen is measured taller: the model keeps what is shown, at its new end.
        chat.rowFrameChanged(id: "m5", top: -800, height: 150)
        #expect(chat.state.offset == 1380)
        #expect(chat.state.userHoldsView)
        #expect(requests.all == [.bottom(jump: false), .bottom(jump: true)])
    }
}
