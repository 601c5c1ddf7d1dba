// The "Integrating with UIKit" article's view controller, with the members it writes and UIKit's
// table, view controller and cell types left out (the stand-in declares only what the adapter
// uses): compiled in Swift 6 language mode against the adapter, and run.
#if !canImport(UIKit)
import ChatEvents
import ChatLogFormat
import ChatReducer
import ChatScrollUIKit
import Testing
import UIKitStandIn

@MainActor
final class ArticleScreenShape {
    let view = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 852))
    let tableView = UIScrollView(frame: CGRect(x: 0, y: 0, width: 390, height: 852))
    let inputBar = UIView(frame: CGRect(x: 0, y: 769, width: 390, height: 49))
    lazy var chat = ChatScrollAdapter(scrollView: tableView, inputBar: .keyboardLayoutGuide(bar: inputBar))
    let inputBarHeight: CGFloat = 49
    var messages: [ChatMessage] = []
    var requested: [ChatEffect] = []

    func viewDidLoad() {
        view.addSubview(tableView)
        view.addSubview(inputBar)
        tableView.contentInset.top = 103
        tableView.contentInset.bottom = inputBarHeight + 34
        chat.driver.recorder = ChatRecorder(configuration: chat.driver.state.configuration)
        chat.onEffect = { [weak self] effect in
            guard let self else { return }
            switch effect {
            case .loadOlder, .loadNewer, .loadWindow, .markRead, .persistPosition: requested.append(effect)
            }
        }
    }

    func viewDidLayoutSubviews() { chat.layout() }

    func scrollViewWillBeginDragging(_ s: UIScrollView) { chat.scrollViewWillBeginDragging(s) }
    func scrollViewDidScroll(_ s: UIScrollView) { chat.scrollViewDidScroll(s) }
    func scrollViewWillEndDragging(
        _ s: UIScrollView, withVelocity v: CGPoint, targetContentOffset t: UnsafeMutablePointer<CGPoint>
    ) { chat.scrollViewWillEndDragging(s, withVelocity: v, targetContentOffset: t) }
    func scrollViewDidEndDragging(_ s: UIScrollView, willDecelerate d: Bool) {
        chat.scrollViewDidEndDragging(s, willDecelerate: d)
    }
    func scrollViewDidEndDecelerating(_ s: UIScrollView) { chat.scrollViewDidEndDecelerating(s) }

    /// `tableView(_:willDisplay:forRowAt:)`, its cell's height given.
    func willDisplay(row: Int, cellHeight: CGFloat) {
        chat.driver.cellMeasured(id: messages[row].id, height: Double(cellHeight))
    }

    func bugReport() -> String? { chat.driver.recorder?.exportLog(metadata: ["app": "1.0"]) }
}

@Suite("UIKit adapter: the article's screen")
@MainActor
struct ArticleScreenTests {
    @Test(
        """
        given the article's screen with older history to load, when it opens, a row is measured and the user \
        scrolls to the top, then the list stays at the bottom through the measurement, the older page is asked \
        for, and the bug report holds the session
        """
    )
    func articleScreen() {
        AppMainThread.$current.withValue(AppMainThread()) {
            let screen = ArticleScreenShape()
            screen.viewDidLoad()
            screen.viewDidLayoutSubviews()
            screen.messages = (1...20).map { ChatMessage(id: "m\($0)", direction: .incoming, height: 100) }
            screen.chat.driver.send(.historyLoaded(messages: screen.messages, hasMoreOlder: true))
            // 2000 - (852 - 103 - 83) - 103.
            #expect(screen.tableView.contentOffset == CGPoint(x: 0, y: 1231))
            screen.willDisplay(row: 19, cellHeight: 140)
            #expect(screen.tableView.contentOffset == CGPoint(x: 0, y: 1271))
            screen.scrollViewWillBeginDragging(screen.tableView)
            screen.tableView.contentOffset = CGPoint(x: 0, y: 0)
            screen.scrollViewDidScroll(screen.tableView)
            var target = CGPoint(x: 0, y: 0)
            screen.scrollViewWillEndDragging(
                screen.tableView, withVelocity: CGPoint(x: 0, y: 0), targetContentOffset: &target)
            screen.scrollViewDidEndDragging(screen.tableView, willDecelerate: false)
            #expect(
                screen.requested == [
                    .loadOlder(before: "m1"),
                    .persistPosition(SavedPosition(anchorID: "m2", delta: 3, wasAtBottom: false)),
                ])
            // The header and the six events the driver sent.
            #expect(screen.bugReport()?.split(separator: "\n").count == 7)
        }
    }
}
#endif
