import ChatEvents
import ChatScrollDriver
import Testing

@testable import ChatScrollSimulator

/// The simulated SwiftUI view's own behaviours, each as docs/simulation.md sources it.
@Suite("Simulated SwiftUI")
struct SimulatedSwiftUITests {
    /// Fifty messages the app estimates at 60 points, each 100 points once laid out.
    static let messages = (0..<50).map {
        SimMessage(id: "m\($0)", direction: .incoming, estimatedHeight: 60, height: 100)
    }

    /// A view of `personality` and `settings` holding ``messages``, laid out once at the top.
    static func laidOut(
        _ personality: ViewPersonality, _ settings: SwiftUIScrollSettings = SwiftUIScrollSettings()
    ) -> SimulatedScrollView {
        let view = SimulatedScrollView(personality: personality)
        view.swiftUI = settings
        view.append(messages)
        view.layoutCells()
        return view
    }

    @Test("rows the lazy stack has not laid out take the average of those it has, not the app's estimate")
    func lazyStackEstimates() {
        let swiftUI = Self.laidOut(.swiftui)
        #expect(swiftUI.contentHeight == 5_000)
        // The view of earlier tables keeps the app's estimate for rows it has not laid out: the
        // rows that start in the visible 670 points or the 200 below them, nine, are laid out.
        let late = Self.laidOut(.swiftuiLate)
        #expect(late.contentHeight == 9 * 100 + 41 * 60)
    }

    @Test("rows above what is shown, laid out or estimated anew, leave the rows shown where they are")
    func estimatesKeepWhatIsShown() {
        let view = SimulatedScrollView(personality: .swiftui)
        view.append(Self.messages)
        view.setContentOffset(1_200 - view.insetTop, animated: false)
        let before = view.visibleRows()
        #expect(before.first?.id == "m20")
        view.layoutCells()
        // Rows 17 to 19 were laid out at 100 points, rows 0 to 16 re-estimated at 100: the offset
        // moved by all of it, inside layout.
        #expect(view.offset == 1_200 + 20 * 40)
        #expect(view.visibleRows().first?.id == "m20")
        #expect(view.visibleRows().first?.top == before.first?.top)
    }

    @Test("where position changes land at the next frame's start, the frame they are made in keeps the offset")
    func positionChangesLandNextFrame() {
        let view = Self.laidOut(.swiftuiNextFrame)
        view.setContentOffset(500, animated: false)
        #expect(view.contentOffsetY == -view.insetTop)
        view.advance(by: 1 / Simulator.frameRate)
        #expect(view.contentOffsetY == 500)
    }

    /// A view of fifty laid-out rows, 100 points each, at `settings`, showing row `m20` at the top.
    static func readingAt20(_ settings: SwiftUIScrollSettings) -> SimulatedScrollView {
        let view = laidOut(.swiftui, settings)
        view.setContentOffset(2_000 - view.insetTop, animated: false)
        view.layoutCells()
        return view
    }

    /// Five rows a page brings above the others.
    static let page = (0..<5).map { SimMessage(id: "p\($0)", direction: .incoming, estimatedHeight: 60, height: 100) }

    @Test("an id position keeps its row where it is when a page arrives above; a point position does not")
    func idPositionKeepsItsRow() {
        let kept = Self.readingAt20(SwiftUIScrollSettings(position: .id(anchor: .top)))
        let top = kept.insetTop
        #expect(kept.visibleRows().first.map { [$0.id: $0.top] } == ["m20": top])
        kept.prepend(Self.page)
        kept.layoutCells()
        #expect(kept.visibleRows().first.map { [$0.id: $0.top] } == ["m20": top])
        let point = Self.readingAt20(SwiftUIScrollSettings(position: .point))
        point.prepend(Self.page)
        point.layoutCells()
        #expect(point.visibleRows().first.map { [$0.id: $0.top] } == ["m15": top])
    }

    @Test("a bottom id position keeps the bottom row above the keyboard as the container shrinks")
    func bottomIDPositionFollowsTheContainer() {
        let view = Self.readingAt20(SwiftUIScrollSettings(position: .id(anchor: .bottom)))
        let bottom = view.visibleRows().last.map { $0.top + $0.height }
        view.animateKeyboard(to: 300, duration: 0)
        view.layoutCells()
        #expect(view.visibleRows().last.map { $0.top + $0.height } == bottom.map { $0 - 217 })
    }

    @Test("a bottom anchor for size changes keeps the bottom while the last row shows, unless the transaction opts out")
    func sizeChangesAnchor() {
        let settings = SwiftUIScrollSettings(position: .none, sizeChanges: .bottom, initialOffset: .bottom)
        let view = Self.laidOut(.swiftui, settings)
        // The initial offset's anchor: the first layout with content shows its end.
        #expect(view.offset == 5_000 - view.visibleHeight)
        view.append([SimMessage(id: "new", direction: .incoming, estimatedHeight: 100, height: 100)])
        view.layoutCells()
        #expect(view.offset == 5_100 - view.visibleHeight)
        view.disableContentOffsetAdjustment()
        view.append([SimMessage(id: "newer", direction: .incoming, estimatedHeight: 100, height: 100)])
        view.layoutCells()
        #expect(view.offset == 5_100 - view.visibleHeight)
        // Away from the last row, the top is kept.
        let reading = Self.readingAt20(settings)
        reading.append([SimMessage(id: "new", direction: .incoming, estimatedHeight: 100, height: 100)])
        reading.layoutCells()
        #expect(reading.offset == 2_000)
    }

    @Test("a move along the keyboard to the content's end arrives where the end is then, though rows grew on the way")
    func bottomAlongKeyboardArrivesAtTheEnd() {
        let view = Self.laidOut(.swiftui, SwiftUIScrollSettings(position: .id(anchor: .top)))
        view.scrollToBottom(stopping: true)
        view.layoutCells()
        view.animateKeyboard(to: 336, duration: 0.25)
        view.animateToBottomAlongKeyboard(duration: 0.25)
        view.advance(by: 1.0 / 120)
        view.layoutCells()
        view.append([SimMessage(id: "new", direction: .incoming, estimatedHeight: 100, height: 100)])
        // (Each frame's step: the row that came after the first frame bends the ride, never
        // throws it; from frame 25 on, rows on screen that grow late carry the end up at once, as
        // a following list's bottom: 98, 190 and 164 points.)
        var steps: [Double] = []
        for _ in 0..<120 {
            let before = view.offset
            view.advance(by: 1.0 / 120)
            view.layoutCells()
            steps.append(view.offset - before)
        }
        #expect(
            steps.prefix(24).map { $0.rounded() } == [
                23, 27, 30, 31, 30, 28, 25, 22, 20, 17, 15, 13, 11, 9, 8, 7, 6, 5, 4, 3, 3, 2, 2, 1,
            ])
        #expect(steps.filter { $0 < 0 } == [])
        // (The content is 5,551 points tall by then: the new row, and rows on screen that grew late.)
        #expect([view.offset, view.maxOffset, view.contentHeight, view.visibleHeight] == [5_134, 5_134, 5_551, 417])
    }

    @Test("a move along the keyboard to the content's end draws each frame towards the end that frame's layout has")
    func bottomAlongKeyboardDrawsTowardsThisFramesEnd() {
        // Two lists ride the keyboard to the end; in the fourth frame the last row of one grows by
        // 50 points before the frame's layout, as a streamed answer does.
        func riding(grows: Bool) -> [Double] {
            let view = Self.laidOut(.swiftui, SwiftUIScrollSettings(position: .id(anchor: .top)))
            view.scrollToBottom(stopping: true)
            view.layoutCells()
            view.animateKeyboard(to: 336, duration: 0.25)
            view.animateToBottomAlongKeyboard(duration: 0.25)
            var offsets: [Double] = []
            for frame in 1...6 {
                view.advance(by: 1.0 / 120)
                if grows, frame == 4 { view.grow("m49", by: 50) }
                view.layoutCells()
                offsets.append((view.offset * 100).rounded() / 100)
            }
            return offsets
        }
        let plain = riding(grows: false)
        let grown = riding(grows: true)
        #expect(plain == [4_336.04, 4_350.75, 4_370.2, 4_391.75, 4_413.66, 4_434.81])
        // From that frame on, each frame goes its share of the way to the new end (the spring's
        // progress times 50 points), where the end was once a frame late, the rest then a leap.
        #expect(zip(grown, plain).map { (($0 - $1) * 100).rounded() / 100 } == [0, 0, 0, 12.21, 16.53, 20.72])
    }

    @Test("a position the app sets after asking for the bottom replaces the bottom")
    func laterPositionReplacesTheBottom() {
        let view = SimulatedScrollView(personality: .swiftui)
        view.swiftUI = SwiftUIScrollSettings(position: .id(anchor: .top))
        view.scrollToBottom(stopping: true)
        view.append(Self.messages)
        view.scrollTo(id: "m20", anchor: 0, stopping: true)
        view.layoutCells()
        #expect(view.visibleRows().first.map { [$0.id: $0.top] } == ["m20": view.insetTop])
    }

    @Test("without an initial anchor, a row asked for before the first layout is kept by the id position after it")
    func rowAskedForBeforeContentIsKept() {
        let view = SimulatedScrollView(personality: .swiftui)
        view.swiftUI = SwiftUIScrollSettings(position: .id(anchor: .top))
        view.append(Self.messages)
        view.scrollTo(id: "m20", anchor: 0, stopping: true)
        view.layoutCells()
        #expect(view.visibleRows().first.map { [$0.id: $0.top] } == ["m20": view.insetTop])
        view.prepend(Self.page)
        view.layoutCells()
        #expect(view.visibleRows().first.map { [$0.id: $0.top] } == ["m20": view.insetTop])
    }

    @Test("a position set before the first layout with content is applied by it, even where changes land a frame late")
    func initialPositionLandsAtFirstLayout() {
        let view = SimulatedScrollView(personality: .swiftuiNextFrame)
        view.append(Self.messages)
        view.scrollToBottom(stopping: true)
        view.layoutCells()
        #expect(view.offset == view.maxOffset)
        #expect(view.maxOffset == 5_000 - view.visibleHeight)
    }

    @Test("a row asked for is placed where the next layout has it: a page above in the same frame does not move it")
    func rowRequestedIsResolvedAtLayout() {
        let view = Self.laidOut(.swiftui, SwiftUIScrollSettings(position: .id(anchor: .top)))
        view.scrollTo(id: "m20", anchor: 0, stopping: true)
        view.prepend(Self.page)
        view.layoutCells()
        #expect(view.visibleRows().first.map { [$0.id: $0.top] } == ["m20": view.insetTop])
    }

    /// Takes the phases a view reports.
    final class PhaseRecorder: SimulatedScrollViewDelegate {
        var phases: [ChatScrollPhase] = []
        func phaseChanged(from old: ChatScrollPhase, to new: ChatScrollPhase, velocity: Double?) { phases.append(new) }
        func didScroll(contentOffsetY: Double) {}
        func didEndScrollingAnimation() {}
        func cellMeasured(id: String, height: Double) {}
        func willBeginDragging() {}
        func willEndDragging(velocity: Double) {}
        func didEndDragging(willDecelerate: Bool) {}
        func didEndDecelerating() {}
    }

    /// A view reading at `m20` under an id position, flung a frame ago, and the phases it reported.
    static func flung() -> (view: SimulatedScrollView, recorder: PhaseRecorder) {
        let view = readingAt20(SwiftUIScrollSettings(position: .id(anchor: .top)))
        let recorder = PhaseRecorder()
        view.delegate = recorder
        view.touchDown()
        view.moveFinger(by: 50)
        view.touchUp(velocity: 1_000)
        view.advance(by: 1 / Simulator.frameRate)
        view.deliverReports()
        return (view, recorder)
    }

    @Test("an unanimated position change that stops momentum ends the decelerating phase: no scroll is occurring")
    func positionChangeEndsDeceleration() {
        let (view, recorder) = Self.flung()
        #expect(view.isDecelerating)
        view.scrollTo(id: "m10", anchor: 0, stopping: true)
        view.deliverReports()
        #expect(recorder.phases == [.interacting, .decelerating, .idle])
        #expect(!view.isDecelerating)
        // Without stopping (`scrollPositionUpdatePreservesVelocity`), the momentum goes on.
        let (preserving, kept) = Self.flung()
        preserving.scrollTo(id: "m10", anchor: 0, stopping: false)
        preserving.deliverReports()
        #expect(kept.phases == [.interacting, .decelerating])
        #expect(preserving.isDecelerating)
    }
}
