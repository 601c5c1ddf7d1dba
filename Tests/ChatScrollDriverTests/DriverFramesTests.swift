import ChatEvents
import ChatReducer
import ChatScrollDriver
import Testing

/// When the driver needs display frames, and the entrance animations it ends itself.
@Suite("Scroll driver: frames")
struct DriverFramesTests {
    @Test("given an open, idle chat, when nothing happens, then the driver asks for no frames")
    func idleNeedsNoFrames() {
        let screen = Screen.open()
        var told: [Bool] = []
        screen.driver.onNeedsFramesChanged = { told.append($0) }
        screen.driver.tick(time: 1)
        screen.driver.send(.inputFocused)
        screen.driver.tick(time: 2)
        #expect(!screen.driver.needsFrames)
        #expect(told == [])
    }

    @Test(
        """
        given an open chat, when the user taps jump to latest from history, then frames are needed while the \
        command's animation runs and not after it
        """
    )
    func commandNeedsFrames() {
        let screen = Screen.open()
        var told: [Bool] = []
        screen.driver.onNeedsFramesChanged = { told.append($0) }
        screen.drag(to: 100)
        // (The drag needed frames until the finger lifted.)
        #expect(told == [true, false])
        screen.driver.send(.jumpToLatestTapped)
        #expect(screen.driver.needsFrames)
        for frame in 0...60 { screen.driver.tick(time: 10 + Double(frame) / 120) }
        #expect(!screen.driver.needsFrames)
        #expect(told == [true, false, true, false])
    }

    /// Records each move with whether the driver then counts it as a command's frame, as a view
    /// that keeps positions itself asks (SwiftUI's, which takes only a command's frames).
    final class FrameRecordingView: ChatScrollViewTarget {
        weak var driver: ChatScrollDriver?
        var moves: [(y: Double, ofCommand: Bool)] = []
        func setContentOffsetY(_ y: Double, animation: ScrollAnimation) {
            moves.append((y, driver?.isAnimatingCommand ?? false))
        }
    }

    @Test(
        """
        given a reader far from the bottom, when jump to latest animates, then every frame it moves the list, the last \
        one too, is the command's, and the command is over after it
        """
    )
    func lastFrameIsTheCommands() {
        let screen = Screen.open()
        screen.drag(to: 100)
        let view = FrameRecordingView()
        view.driver = screen.driver
        screen.driver.scrollView = view
        screen.driver.send(.jumpToLatestTapped)
        for time in [10, 10.1, 10.2, 10.3, 10.4] { screen.driver.tick(time: time) }
        // From contentOffset.y 100 to the bottom, 1239, over 0.3 s: the first frame stops the view
        // where it is, the last lands on the bottom.
        #expect(view.moves.map { $0.y.rounded() } == [100, 100, 395, 944, 1239])
        #expect(view.moves.map(\.ofCommand) == [true, true, true, true, true])
        #expect(!screen.driver.isAnimatingCommand)
    }

    @Test(
        """
        given an open chat, when the user flings the list and the momentum ends, then frames are needed from the touch \
        until the momentum ends, and a row above measured in a frame after the momentum's step moves the list by its \
        change
        """
    )
    func gestureNeedsFrames() {
        let screen = Screen.open()
        var told: [Bool] = []
        screen.driver.onNeedsFramesChanged = { told.append($0) }
        screen.driver.willBeginDragging()
        #expect(told == [true])
        screen.driver.tick(time: 1)
        screen.driver.didScroll(contentOffsetY: 900)
        screen.driver.willEndDragging(velocity: -2000)
        screen.driver.didEndDragging(willDecelerate: true)
        screen.driver.tick(time: 1.01)
        // Momentum's step of 26 points, then, in the next frame, a row above is measured 26 points
        // shorter than its estimate: the tick between them tells them apart.
        screen.driver.didScroll(contentOffsetY: 874)
        screen.driver.tick(time: 1.02)
        screen.view.calls = []
        screen.driver.cellMeasured(id: "m2", height: 74)
        #expect(screen.view.calls.map(\.y) == [848])
        #expect(told == [true])
        screen.driver.didEndDecelerating()
        #expect(!screen.driver.needsFrames)
        #expect(told == [true, false])
    }

    @Test(
        """
        given an app that does not report entrance animations, when a message arrives, then the driver reports its \
        end 0.3 s later, at a tick, and asks for frames until then
        """
    )
    func entranceAnimationsEnd() {
        let screen = Screen.open()
        screen.driver.tick(time: 5)
        let message = ChatMessage(id: "m21", direction: .incoming, height: 100)
        screen.driver.send(.messageAppended(message, streaming: nil))
        #expect(screen.driver.state.animating == ["m21"])
        #expect(screen.driver.needsFrames)
        screen.driver.tick(time: 5.2)
        #expect(screen.driver.state.animating == ["m21"])
        screen.driver.tick(time: 5.3)
        #expect(screen.driver.state.animating == [])
        #expect(screen.sent.last == .entranceAnimationFinished(id: "m21"))
        // (The arrival's scroll to the bottom, started at the tick after the append, runs 0.3 s.)
        screen.driver.tick(time: 6)
        #expect(!screen.driver.needsFrames)
    }

    @Test("given an app that reports entrance animations itself, when a message arrives, then the driver reports none")
    func appReportsEntrances() {
        let screen = Screen.open()
        screen.driver.entranceAnimationDuration = nil
        screen.driver.send(.messageAppended(ChatMessage(id: "m21", direction: .incoming, height: 100), streaming: nil))
        // (The arrival's scroll to the bottom runs from the first tick for 0.3 s.)
        screen.driver.tick(time: 100)
        screen.driver.tick(time: 101)
        #expect(screen.driver.state.animating == ["m21"])
        #expect(!screen.driver.needsFrames)
    }
}
