import ChatEvents
import ChatReducer
import ChatScrollDriver

/// A scroll view that only records where it was asked to go.
final class RecordingScrollView: ChatScrollViewTarget {
    var contentOffsetY = 0.0
    func setContentOffsetY(_ y: Double, animation: ScrollAnimation) { contentOffsetY = y }
}

let view = RecordingScrollView()
let driver = ChatScrollDriver(configuration: ChatConfiguration())
driver.scrollView = view
driver.layout(frameHeight: 844, insetTop: 91, insetBottom: 83)
driver.send(
    .historyLoaded(
        messages: (1...40).map {
            ChatMessage(id: "m\($0)", direction: $0 % 3 == 0 ? .outgoing : .incoming, height: 60)
        },
        hasMoreOlder: false))
driver.tick(time: 0)
print("offset \(driver.state.offset ?? -1), contentOffset.y \(view.contentOffsetY)")
