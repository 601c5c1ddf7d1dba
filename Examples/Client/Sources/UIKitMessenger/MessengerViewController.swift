import ChatEvents
import ChatReducer
import ChatScrollUIKit

#if canImport(UIKit)
import UIKit
#endif

/// Where the messages come from: pages of older history, and live messages.
@MainActor
public protocol MessengerHistory: AnyObject {
    /// The page before the message `id`, and whether there is more before it.
    func olderPage(before id: String, completion: @escaping ([ChatMessage], Bool) -> Void)
}

/// A messenger screen as an app writes it with `ChatScrollUIKit`: a table of messages, a typing
/// indicator in the table's footer, older pages as the reader nears the top, a jump-to-latest
/// button, and an input bar pinned to `keyboardLayoutGuide`.
public final class MessengerViewController: UIViewController, UITableViewDataSource, UITableViewDelegate {
    public let tableView = UITableView(frame: .zero, style: .plain)
    public let inputBar = UIView(frame: .zero)
    public let jumpToLatestButton = UIButton(type: .system)
    let typingIndicator = UIView(frame: .zero)
    let spinner = UIView(frame: .zero)
    public weak var history: MessengerHistory?
    public private(set) var messages: [ChatMessage] = []
    /// The typing indicator's height, kept free below the newest message (`footerReserve`).
    let typingHeight: CGFloat = 36
    let inputBarHeight: CGFloat = 49

    public lazy var chat = ChatScrollAdapter(
        scrollView: tableView, inputBar: .keyboardLayoutGuide(bar: inputBar),
        configuration: ChatConfiguration(footerReserve: Double(typingHeight)))

    public override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(tableView)
        view.addSubview(inputBar)
        view.addSubview(jumpToLatestButton)
        tableView.translatesAutoresizingMaskIntoConstraints = false
        inputBar.translatesAutoresizingMaskIntoConstraints = false
        NSLayoutConstraint.activate([
            // The table under everything, full height; the bar rides on the keyboard.
            tableView.topAnchor.constraint(equalTo: view.topAnchor),
            tableView.bottomAnchor.constraint(equalTo: view.bottomAnchor),
            tableView.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            tableView.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            inputBar.leadingAnchor.constraint(equalTo: view.leadingAnchor),
            inputBar.trailingAnchor.constraint(equalTo: view.trailingAnchor),
            inputBar.bottomAnchor.constraint(equalTo: view.keyboardLayoutGuide.topAnchor),
            inputBar.heightAnchor.constraint(equalToConstant: inputBarHeight),
        ])
        tableView.dataSource = self
        tableView.delegate = self
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "message")
        // What covers the list with the keyboard hidden; the adapter adds the keyboard's share.
        tableView.contentInset.bottom = inputBarHeight
        // The typing indicator's room, always there: it comes and goes without moving anything.
        typingIndicator.frame.size.height = typingHeight
        tableView.tableFooterView = typingIndicator
        typingIndicator.isHidden = true
        jumpToLatestButton.isHidden = true
        jumpToLatestButton.addAction(
            UIAction { [weak self] _ in self?.chat.driver.send(.jumpToLatestTapped) }, for: .touchUpInside)
        chat.onEffect = { [weak self] effect in self?.perform(effect) }
        chat.onStep = { [weak self] _, state in self?.jumpToLatestButton.isHidden = !state.showJumpToLatest }
    }

    public override func viewDidLayoutSubviews() {
        super.viewDidLayoutSubviews()
        chat.layout()
    }

    // MARK: Data

    /// The conversation opens with its newest page.
    public func open(with page: [ChatMessage], hasMoreOlder: Bool) {
        messages = page
        tableView.reloadData()
        chat.driver.send(.historyLoaded(messages: page, hasMoreOlder: hasMoreOlder))
    }

    /// A message arrives, or the user sends one.
    public func receive(_ message: ChatMessage) {
        messages.append(message)
        tableView.insertRows(at: [IndexPath(row: messages.count - 1, section: 0)], with: .none)
        chat.driver.send(.messageAppended(message, streaming: nil))
    }

    /// Someone starts or stops typing: the indicator shows in the room kept for it.
    public func showTyping(_ shown: Bool) {
        typingIndicator.isHidden = !shown
        chat.driver.send(.footerChanged(height: shown ? Double(typingHeight) : 0))
    }

    func perform(_ effect: ChatEffect) {
        switch effect {
        case .loadOlder(let before):
            // The spinner above the oldest message, then the page in its place.
            spinner.frame.size.height = 44
            tableView.tableHeaderView = spinner
            chat.driver.send(.headerChanged(height: 44))
            history?.olderPage(before: before) { [weak self] page, more in self?.prepend(page, hasMoreOlder: more) }
        case .loadNewer, .loadWindow, .markRead, .persistPosition:
            break
        }
    }

    func prepend(_ page: [ChatMessage], hasMoreOlder: Bool) {
        messages.insert(contentsOf: page, at: 0)
        tableView.tableHeaderView = nil
        tableView.reloadData()
        chat.driver.send(.olderLoaded(messages: page, hasMoreOlder: hasMoreOlder))
        chat.driver.send(.headerChanged(height: 0))
    }

    // MARK: UITableViewDataSource

    public func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { messages.count }

    public func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        tableView.dequeueReusableCell(withIdentifier: "message", for: indexPath)
    }

    // MARK: UITableViewDelegate

    public func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {
        chat.driver.cellMeasured(id: messages[indexPath.row].id, height: Double(cell.bounds.height))
    }

    public func scrollViewWillBeginDragging(_ scrollView: UIScrollView) { chat.scrollViewWillBeginDragging(scrollView) }
    public func scrollViewDidScroll(_ scrollView: UIScrollView) { chat.scrollViewDidScroll(scrollView) }
    public func scrollViewWillEndDragging(
        _ scrollView: UIScrollView, withVelocity velocity: CGPoint, targetContentOffset: UnsafeMutablePointer<CGPoint>
    ) {
        chat.scrollViewWillEndDragging(scrollView, withVelocity: velocity, targetContentOffset: targetContentOffset)
    }
    public func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
        chat.scrollViewDidEndDragging(scrollView, willDecelerate: decelerate)
    }
    public func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) {
        chat.scrollViewDidEndDecelerating(scrollView)
    }
}
