import ChatEvents
import ChatLogFormat
import Testing

/// Strings are scanned eight bytes at a time while a word holds nothing to look at: every
/// byte that ends the fast stretch is tried at every position around the word boundaries.
@Suite("Scanning strings across eight-byte words")
struct StringScanTests {
    /// A byte sequence placed inside an id, and what the id decodes to or the error it causes
    /// (with the column of the sequence's first byte, counted from 1 within the id's text).
    struct Insert: Sendable, CustomTestStringConvertible {
        var name: String
        var bytes: [UInt8]
        /// The id's text for this insert, or `nil` when the line is an error.
        var decoded: String?
        var error: String?

        var testDescription: String { name }
    }

    static let inserts = [
        Insert(name: "an escaped quote", bytes: Array(#"\""#.utf8), decoded: "\""),
        Insert(name: "an escaped backslash", bytes: Array(#"\\"#.utf8), decoded: "\\"),
        Insert(name: "a \\u escape", bytes: Array(#"\u00e9"#.utf8), decoded: "é"),
        Insert(name: "a surrogate pair", bytes: Array(#"\ud83d\ude00"#.utf8), decoded: "😀"),
        Insert(name: "two-byte UTF-8", bytes: [0xC3, 0xA9], decoded: "é"),
        Insert(name: "four-byte UTF-8", bytes: Array("😀".utf8), decoded: "😀"),
        Insert(name: "DEL, the last ASCII byte", bytes: [0x7F], decoded: "\u{7F}"),
        Insert(name: "a space, the first byte allowed", bytes: [0x20], decoded: " "),
        Insert(name: "a control character", bytes: [0x1F], error: "unescaped control character U+001F in a string"),
        Insert(name: "a NUL byte", bytes: [0x00], error: "unescaped control character U+0000 in a string"),
        Insert(name: "a stray continuation byte", bytes: [0x80], error: "invalid UTF-8 in a string"),
        Insert(name: "a byte that is never UTF-8", bytes: [0xFF], error: "invalid UTF-8 in a string"),
    ]

    @Test("each insert at positions 0 to 19 of a 24-byte id", arguments: inserts)
    func insertAtEveryPosition(_ insert: Insert) throws {
        let prefix = Array(#"{"type":"jumpToMessage","id":""#.utf8)
        for position in 0..<20 {
            let before = String(repeating: "a", count: position)
            let after = String(repeating: "b", count: 24 - position)
            let line = prefix + Array(before.utf8) + insert.bytes + Array(after.utf8) + Array(#""}"#.utf8)
            if let decoded = insert.decoded {
                let expected = ChatLogLine.event(LoggedEvent(.jumpToMessage(id: before + decoded + after)))
                #expect(try ChatLogLine(decoding: line) == expected, "at \(position)")
            } else {
                let column = prefix.count + position + 1
                #expect(throws: ChatLogLineError(column: column, message: insert.error ?? "")) {
                    try ChatLogLine(decoding: line)
                }
            }
        }
    }

    @Test("a long text with escapes between long plain runs decodes exactly")
    func longText() throws {
        let plain = String(repeating: "wörld and 😀 ", count: 40)
        let text = plain + "\"" + plain + "\\" + plain + "\n" + plain
        let escaped = plain + #"\""# + plain + #"\\"# + plain + #"\n"# + plain
        let line = #"{"type":"tokensAppended","id":"m1","text":""# + escaped + #""}"#
        #expect(
            try ChatLogLine(decoding: line)
                == .event(LoggedEvent(.tokensAppended(id: "m1", text: text, heightDelta: nil, height: nil))))
    }
}
