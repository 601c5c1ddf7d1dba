import ChatEvents
import ChatReducer
import ChatScrollSwiftUI

#if canImport(UIKit)
import SwiftUI
#endif

/// An assistant's screen: each question the user sends is pinned under the top of the screen
/// (layout `top`) while its answer streams in below it, and the answer never moves it.
@available(iOS 18.0, *)
public struct QuestionScreen: View {
    @State private var chat = ChatScrollModel(configuration: ChatConfiguration(layout: .top))
    @State private var bubbles: [Bubble] = []
    @State private var draft = ""
    let answer: (_ question: String) -> AsyncStream<String>

    public init(answer: @escaping (_ question: String) -> AsyncStream<String>) { self.answer = answer }

    public var body: some View {
        ScrollView {
            LazyVStack(spacing: 0) {
                ForEach(bubbles) { bubble in
                    Text(bubble.text).padding(8).chatRow(bubble.id, in: chat)
                }
                // The room below the newest answer that lets its question reach the top.
                Spacer().frame(height: CGFloat(chat.state.trailingSpacer))
            }
            .scrollTargetLayout()
        }
        .chatScroll(chat)
        .safeAreaInset(edge: .bottom) {
            HStack {
                TextField("Ask anything", text: $draft)
                Button("Ask") { Task { await ask() } }
            }
            .padding(8)
            .chatComposer(chat)
        }
    }

    private func ask() async {
        let n = bubbles.count
        let question = Bubble(ChatMessage(id: "q\(n)", direction: .outgoing, height: 44), text: draft)
        let reply = Bubble(ChatMessage(id: "a\(n)", direction: .incoming, height: 44), text: "")
        draft = ""
        bubbles += [question, reply]
        chat.driver.send(.messageAppended(question.message, streaming: nil))
        chat.driver.send(.messageAppended(reply.message, streaming: true))
        // The answer's row grows as tokens arrive: `chatRow` reports its new height.
        for await token in answer(question.text) { bubbles[n + 1].text += token }
        chat.driver.send(.streamFinished(id: reply.id))
    }
}
