import ChatEvents
import ChatReducer
import ChatScrollSwiftUI

#if canImport(UIKit)
import SwiftUI
#endif

/// A conversation that opens where the reader left it: the position saved when the screen went
/// away waits for the messages, which load after the screen appears (specification §13).
@available(iOS 18.0, *)
public struct RestoredScreen: View {
    @State private var chat = ChatScrollModel()
    @State private var bubbles: [Bubble] = []
    let saved: SavedPosition?
    let load: () async -> [Bubble]
    let save: (SavedPosition) -> Void

    public init(saved: SavedPosition?, load: @escaping () async -> [Bubble], save: @escaping (SavedPosition) -> Void) {
        self.saved = saved
        self.load = load
        self.save = save
    }

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
        .onAppear {
            chat.onEffect = { effect in
                if case .persistPosition(let position) = effect { save(position) }
            }
            chat.driver.send(.appeared(restore: saved))
            Task {
                bubbles = await load()
                chat.driver.send(.historyLoaded(messages: bubbles.map(\.message), hasMoreOlder: false))
            }
        }
        .onDisappear { chat.driver.send(.disappeared) }
    }
}
