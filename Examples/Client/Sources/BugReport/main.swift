import ChatEvents
import ChatLogFormat
import ChatScrollDriver

let configuration = ChatConfiguration()
let driver = ChatScrollDriver(configuration: configuration)
driver.recorder = ChatRecorder(configuration: configuration)
driver.layout(frameHeight: 844, insetTop: 91, insetBottom: 83)
driver.send(.messageAppended(ChatMessage(id: "a1", direction: .incoming, height: 80), streaming: true))
// From a "report a problem" button: the log that `replay run` reads.
print(driver.recorder?.exportLog(metadata: ["app": "client"], redactingIDs: true) ?? "", terminator: "")
