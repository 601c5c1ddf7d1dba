// The only test file that uses Foundation: it checks that the Codable conformances, driven by
// JSONEncoder and JSONDecoder, agree with the hand-written codec on the same lines.
import ChatEvents
import ChatLogFormat
import Foundation
import Testing

/// Decodes a line with JSONDecoder, as a header when it has a "chatlog" key.
private func foundationDecode(_ line: String) throws -> ChatLogLine {
    let data = Data(line.utf8)
    let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
    if object?["chatlog"] != nil {
        return try .header(JSONDecoder().decode(ChatLogHeader.self, from: data))
    }
    return try .event(JSONDecoder().decode(LoggedEvent.self, from: data))
}

/// Encodes a line with JSONEncoder.
private func foundationEncode(_ line: ChatLogLine) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let data =
        switch line {
        case .header(let header): try encoder.encode(header)
        case .event(let logged): try encoder.encode(logged)
        }
    return String(decoding: data, as: UTF8.self)
}

@Suite("Codable agrees with the hand-written codec")
struct CodableDifferentialTests {
    @Test(
        "JSONDecoder decodes every hand-written line to the same value",
        arguments: eventDecodingCases + headerDecodingCases)
    func decodesLikeTheCodec(_ testCase: DecodingCase) throws {
        let handWritten = try ChatLogLine(decoding: testCase.line)
        #expect(try foundationDecode(testCase.line) == handWritten)
    }

    @Test("each codec decodes what the other encodes", arguments: encodingCases)
    func encodesLikeTheCodec(_ testCase: EncodingCase) throws {
        #expect(try foundationDecode(testCase.value.encoded()) == testCase.value)
        #expect(try ChatLogLine(decoding: foundationEncode(testCase.value)) == testCase.value)
    }

    @Test("JSONDecoder rejects the lines the codec rejects for their content", arguments: contentErrorCases)
    func rejectsLikeTheCodec(_ testCase: ErrorCase) {
        let line = String(decoding: testCase.bytes, as: UTF8.self)
        #expect(throws: (any Error).self) { try foundationDecode(line) }
    }

    @Test("the codec and JSONDecoder agree on numbers that do not fit a Double")
    func numbersThatDoNotFit() {
        let line = #"{"type":"scrolled","offset":1e999}"#
        #expect(throws: (any Error).self) { try foundationDecode(line) }
        #expect(throws: ChatLogLineError.self) { try ChatLogLine(decoding: line) }
    }
}
