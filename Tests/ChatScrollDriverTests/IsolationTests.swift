import ChatEvents
import ChatReducer
import ChatScrollDriver
import Observation
import Testing

// The shapes the integration articles show, with the same members and Apple's types left out,
// compiled in Swift 6 language mode: the driver lives on the main actor with the view controller
// or the model that owns it, which conforms to `ChatScrollViewTarget` as main-actor code
// (`@MainActor ChatScrollViewTarget`, an isolated conformance).

/// The UIKit article's view controller, its UIKit types left out.
@MainActor
final class ChatViewControllerShape: @MainActor ChatScrollViewTarget {
    let driver = ChatScrollDriver(configuration: ChatConfiguration())
    var displayLinkPaused = true
    var contentOffsetY = 0.0
    var loads: [ChatEffect] = []
    let inputBarHeight = 49.0

    func viewDidLoad() {
        driver.scrollView = self
        driver.recorder = ChatRecorder(configuration: driver.state.configuration)
        driver.clock = { 0 }
        driver.onEffect = { [weak self] effect in self?.loads.append(effect) }
        driver.onNeedsFramesChanged = { [weak self] needs in self?.displayLinkPaused = !needs }
    }

    func frame(targetTimestamp: Double) { driver.tick(time: targetTimestamp) }

    func viewDidLayoutSubviews(frameHeight: Double, insetTop: Double, safeAreaBottom: Double) {
        driver.layout(frameHeight: frameHeight, insetTop: insetTop, insetBottom: inputBarHeight + safeAreaBottom)
    }

    func scrollViewDidScroll(contentOffsetY y: Double) { driver.didScroll(contentOffsetY: y) }

    func keyboardWillChange(endFrameMinY: Double, tableFrameMaxY: Double, duration: Double?) {
        driver.keyboardWillChange(
            keyboardTop: endFrameMinY, scrollViewBottom: tableFrameMaxY, barAboveKeyboard: inputBarHeight,
            duration: duration)
    }

    func setContentOffsetY(_ y: Double, animation: ScrollAnimation) {
        switch animation {
        case .none, .jump, .alongKeyboard: contentOffsetY = y
        }
    }
}

/// The SwiftUI article's model, its SwiftUI types left out.
@MainActor
@Observable
final class ChatScreenModelShape: @MainActor ChatScrollViewTarget {
    @ObservationIgnored let driver = ChatScrollDriver(configuration: ChatConfiguration())
    var scrolledTo: Double?
    var needsFrames = false

    init() {
        driver.scrollView = self
        driver.onNeedsFramesChanged = { [weak self] needs in self?.needsFrames = needs }
    }

    func setContentOffsetY(_ y: Double, animation kind: ScrollAnimation) { scrolledTo = y }
}

@Suite("Scroll driver: isolation")
@MainActor
struct IsolationTests {
    @Test(
        """
        given the UIKit article's view controller on the main actor, when the chat opens and a message arrives, then \
        the driver moves it and runs its display link only for the arrival's scroll
        """
    )
    func viewController() {
        let controller = ChatViewControllerShape()
        controller.viewDidLoad()
        controller.viewDidLayoutSubviews(frameHeight: 844, insetTop: 91, safeAreaBottom: 34)
        controller.driver.send(.historyLoaded(messages: messages(1...20), hasMoreOlder: false))
        #expect(controller.contentOffsetY == 1239)
        #expect(controller.displayLinkPaused)
        controller.driver.entranceAnimationDuration = nil
        controller.driver.send(
            .messageAppended(ChatMessage(id: "n1", direction: .incoming, height: 100), streaming: nil))
        #expect(!controller.displayLinkPaused)
        controller.frame(targetTimestamp: 1)
        controller.frame(targetTimestamp: 2)
        #expect(controller.contentOffsetY == 1339)
        #expect(controller.displayLinkPaused)
    }

    @Test("given the SwiftUI article's observable model on the main actor, when the chat opens, then it is moved")
    func observableModel() {
        let model = ChatScreenModelShape()
        model.driver.layout(frameHeight: 844, insetTop: 91, insetBottom: 83)
        model.driver.send(.historyLoaded(messages: messages(1...20), hasMoreOlder: false))
        #expect(model.scrolledTo == 1239)
        #expect(!model.needsFrames)
    }
}
