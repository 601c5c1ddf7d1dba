import ChatEvents
import ChatReducer
import ChatScrollSwiftUI

#if canImport(UIKit)
import SwiftUI
#endif

/// A messenger as an app writes it with `ChatScrollSwiftUI`: it opens at the bottom without a
/// jump, keeps the newest message above the keyboard and the composer, loads older pages as the
/// reader nears the top, and offers a jump to the latest message.
@available(iOS 18.0, *)
public struct MessengerScreen: View {
    @State private var chat = ChatScrollModel()
    @State private var bubbles: [Bubble] = []
    @State private var draft = ""
    let load: (_ before: String?) async -> (page: [Bubble], hasMore: Bool)

    public init(load: @escaping (_ before: String?) async -> (page: [Bubble], hasMore: Bool)) { self.load = load }

    public var body: some View {
        ScrollView {
            LazyVStack(spacing: 0) {
                ForEach(bubbles) { bubble in
                    Text(bubble.text).padding(8).chatRow(bubble.id, in: chat)
                }
            }
            .scrollTargetLayout()
        }
        .chatScroll(chat)
        .safeAreaInset(edge: .bottom) {
            HStack {
                TextField("Message", text: $draft)
                Button("Send") { send() }
            }
            .padding(8)
            .chatComposer(chat)
        }
        .overlay(alignment: .bottomTrailing) {
            if chat.state.showJumpToLatest {
                Button("↓ \(chat.state.unreadCount)") { chat.driver.send(.jumpToLatestTapped) }
            }
        }
        .onAppear {
            chat.onEffect = { effect in
                if case .loadOlder(let before) = effect { Task { await loadOlder(before: before) } }
            }
            Task { await open() }
        }
    }

    private func open() async {
        let (page, hasMore) = await load(nil)
        bubbles = page
        chat.driver.send(.historyLoaded(messages: page.map(\.message), hasMoreOlder: hasMore))
    }

    private func loadOlder(before id: String) async {
        let (page, hasMore) = await load(id)
        bubbles.insert(contentsOf: page, at: 0)
        chat.driver.send(.olderLoaded(messages: page.map(\.message), hasMoreOlder: hasMore))
    }

    private func send() {
        let bubble = Bubble(ChatMessage(id: "local-\(bubbles.count)", direction: .outgoing, height: 44), text: draft)
        draft = ""
        bubbles.append(bubble)
        chat.driver.send(.messageAppended(bubble.message, streaming: nil))
    }
}
