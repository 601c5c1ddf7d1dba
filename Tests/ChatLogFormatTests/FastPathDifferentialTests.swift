@_spi(ChatEventFields) import ChatEvents
import ChatJSON
import ChatLogFormat
import ChatReplay
import Foundation
import TestSupport
import Testing

/// The single-pass event parser against the full decoder: on every line it reads, it must give
/// exactly the full decoder's value, and it must never read a line the full decoder rejects.
@Suite("Single-pass parser agrees with the full decoder")
struct FastPathDifferentialTests {
    /// The lines of every committed log: goldens, examples and the malformed corpus.
    static let folders = ["Tests/Golden", "Examples", "Tests/Malformed"]
    static let committedLines: [[UInt8]] = (try? lines(in: folders)) ?? []

    /// The lines of every `.jsonl` log in `folders`; throws when a folder or a log cannot be read.
    static func lines(in folders: [String]) throws -> [[UInt8]] {
        var lines: [[UInt8]] = []
        for folder in folders {
            let url = packageRoot.appendingPathComponent(folder, isDirectory: true)
            for name in try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
            where name.hasSuffix(".jsonl") {
                let data = try Data(contentsOf: url.appendingPathComponent(name))
                lines += data.split(separator: 0x0A, omittingEmptySubsequences: true).map { Array($0) }
            }
        }
        return lines
    }

    /// The committed lines are read without throwing, for the tests below: a folder that cannot
    /// be read, or holds no log, fails here.
    @Test("every folder of committed logs is read and holds lines")
    func committedLinesAreRead() throws {
        for folder in Self.folders { #expect(try !Self.lines(in: [folder]).isEmpty, "\(folder)") }
        #expect(try Self.lines(in: Self.folders) == Self.committedLines)
    }

    /// A generated log of each flavour.
    static let generatedLines: [[UInt8]] = {
        var lines: [[UInt8]] = []
        for messenger in [false, true] {
            var generator = ChatLogGenerator(seed: 11, messages: 30, messenger: messenger)
            generator.generate(events: 3_000) { lines.append(Array($0.utf8)) }
        }
        return lines
    }()

    /// What the parser made of a set of lines: how many it read and how many it declined.
    struct Tally: Equatable {
        var read = 0
        var declined = 0
    }

    /// Checks one line and counts it; a disagreement is recorded as a test issue.
    static func check(_ line: [UInt8], into tally: inout Tally) {
        guard let parsed = ChatLogLine.parsedInOnePass(line) else {
            tally.declined += 1
            return
        }
        tally.read += 1
        let full = ChatLogLine.decodedFully(line)
        if full != .success(.event(parsed)) {
            Issue.record(
                """
                the single-pass parser read \(String(decoding: line, as: UTF8.self))
                as \(parsed), the full decoder gives \(full)
                """)
        }
    }

    @Test("every event line of the committed logs is read in one pass, to the same value")
    func committedLogs() {
        var tally = Tally()
        var declined: [String] = []
        for line in Self.committedLines {
            let before = tally.declined
            Self.check(line, into: &tally)
            if tally.declined > before, case .success(.event) = ChatLogLine.decodedFully(line) {
                declined.append(String(decoding: line, as: UTF8.self))
            }
        }
        // Every well-formed event line is read in one pass.
        #expect(declined == [])
        #expect(tally.read > 1_500)
    }

    @Test("every event type and key is read from its own name, and only from it")
    func namesAndKeys() {
        func oneByteOff(_ name: String, _ body: ([UInt8]) -> Void) {
            var changed = Array(name.utf8)
            for index in changed.indices {
                let original = changed[index]
                changed[index] = original == UInt8(ascii: "x") ? UInt8(ascii: "y") : UInt8(ascii: "x")
                body(changed)
                changed[index] = original
            }
        }
        for type in ChatEvent.EventType.allCases {
            #expect(ChatLogLine.parsedType(Array(type.rawValue.utf8)) == type, "\(type)")
            oneByteOff(type.rawValue) { #expect(ChatLogLine.parsedType($0) == nil) }
        }
        for key in ChatEventKey.allCases {
            #expect(ChatLogLine.parsedKey(Array(key.text.utf8)) == key, "\(key)")
            oneByteOff(key.text) { #expect(ChatLogLine.parsedKey($0) == nil) }
        }
        #expect(ChatLogLine.parsedKey(Array("chatlog".utf8)) == nil)
    }

    @Test("every line of generated logs is read in one pass, to the same value")
    func generatedLogs() {
        var tally = Tally()
        for line in Self.generatedLines { Self.check(line, into: &tally) }
        // The headers are the only lines left to the full decoder.
        #expect(tally == Tally(read: 6_000, declined: 2))
    }

    /// Values that stand in for a member's value: every JSON type, and shapes of the known keys.
    static let replacementValues = [
        "null", "0", "-1.5e3", "1e400", #""x""#, #""a\"b""#, #""\ud83d\ude00""#, "true", "false", "[]", "{}",
        #"[{"id":"m","direction":"incoming","height":1}]"#, #"[{"id":"m","direction":"sideways","height":1}]"#,
        #"[{"id":"m","direction":"system","height":1}]"#,
        #"[{"id":"m","direction":"incoming"}]"#, #"[{"id":"m","id":"n","direction":"incoming","height":1}]"#,
        #"[{"id":"m","direction":"incoming","height":1,"x":[1,{"y":2}]}]"#, "[1]", #"{"a":1,"a":2}"#,
        #"{"anchorID":"m","delta":-2.5,"wasAtBottom":false}"#, #"{"anchorID":null,"delta":0,"wasAtBottom":true}"#,
        #"{"delta":1,"wasAtBottom":true,"x":{}}"#, #"{"anchorID":1,"delta":1,"wasAtBottom":true}"#,
        #"{"anchorID":"m","delta":1}"#, #"{"delta":1,"delta":2,"wasAtBottom":true}"#,
        #""scrolled""#, #""outgoing""#, "01", "1.", "tru", #""\x""#,
    ]

    /// Keys to add to a line: every key an event can hold, and keys none can.
    static let addedKeys = [
        "type", "t", "id", "height", "insetTop", "insetBottom", "messages", "hasMoreOlder", "hasMoreNewer",
        "firstUnreadID", "direction", "streaming", "newID", "text", "heightDelta", "duration", "offset",
        "velocity", "active", "restore", "chatlog", "seq", "source", "debug", "", #"\u0074ype"#, "typ", "types",
    ]

    /// Structural variants of a well-formed event line: each member removed, doubled (also after
    /// a `null` of its key), renamed or given another value, and keys added.
    static func variants(of line: [UInt8]) -> [[UInt8]] {
        let members: [JSONMember] = line.withUnsafeBufferPointer { bytes in
            let scanner = JSONScanner(bytes)
            return (try? scanner.indexObject(at: 0, depth: 1).members) ?? []
        }
        guard !members.isEmpty, line.last == 0x7D else { return [] }
        var variants: [[UInt8]] = []
        let body = Array(line.dropLast())
        for (index, member) in members.enumerated() {
            let memberStart = member.keyOffset
            let memberEnd = member.valueEnd
            let text = Array(line[memberStart..<memberEnd])
            // Removed (with the comma before it, or after it for the first).
            if index > 0 {
                let previousEnd = members[index - 1].valueEnd
                variants.append(Array(line[..<previousEnd] + line[memberEnd...]))
            } else if members.count > 1 {
                variants.append(Array(line[..<memberStart] + line[members[1].keyOffset...]))
            }
            // Doubled, and doubled after a `null` of the same key.
            variants.append(body + Array(",".utf8) + text + [0x7D])
            let key = Array(line[memberStart..<member.valueStart])
            variants.append(Array(line[..<memberStart]) + key + Array("null,".utf8) + Array(line[memberStart...]))
            // Its value replaced.
            for value in replacementValues {
                variants.append(Array(line[..<member.valueStart]) + Array(value.utf8) + Array(line[memberEnd...]))
            }
            // Spaces around its colon and comma.
            variants.append(Array(line[..<member.valueStart]) + [0x20] + Array(line[member.valueStart...]))
        }
        for key in addedKeys {
            for value in ["1", #""m""#, "true", "null", "[]", #"{"deep":[{"a":null}]}"#] {
                variants.append(body + Array(#","\#(key)":\#(value)}"#.utf8))
            }
        }
        variants.append(body + Array(#","a":1,"b":2,"c":3,"d":4,"e":5}"#.utf8))
        variants.append(body + Array(#","a":1,"b":2,"a":3}"#.utf8))
        variants.append(line + Array(" \t".utf8))
        variants.append(line + Array(" x".utf8))
        variants.append(Array(" ".utf8) + line)
        return variants
    }

    @Test("variants of every kind of event line: read to the same value, or left to the full decoder")
    func structuralVariants() {
        // One line of each event type, from the committed logs.
        var seen = Set<String>()
        var samples: [[UInt8]] = []
        for line in Self.committedLines + Self.generatedLines {
            guard case .success(.event(let logged)) = ChatLogLine.decodedFully(line),
                seen.insert(logged.event.type.rawValue).inserted
            else { continue }
            samples.append(line)
        }
        #expect(samples.count == ChatEvent.EventType.allCases.count)
        var tally = Tally()
        for sample in samples {
            for variant in Self.variants(of: sample) { Self.check(variant, into: &tally) }
        }
        #expect(tally.read > 1_000 && tally.declined > 1_000, "\(tally)")
    }

    @Test("numbers of every shape and length read to the full decoder's exact Double")
    func numbers() {
        // Integer and fraction digits from 0 to 24 each, signs, leading zeros, exponents, and
        // digit strings around 2^53, from a fixed sequence of pseudo-random digits.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func digit() -> Character {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Character(String(state >> 60 % 10))
        }
        var literals = [
            "0", "-0", "0.0", "-0.0", "00", "01", "-01", "1.", ".5", "1e5", "1E-5", "2.5e+3",
            "9007199254740992", "9007199254740993", "-9007199254740993", "0.1", "0.30000000000000004",
            "123456789012345678901234567890", "1.7976931348623157e308", "5e-324", "1e400", "-",
        ]
        for integerDigits in 0...24 {
            for fractionDigits in 0...24 {
                var literal = String((0..<integerDigits).map { _ in digit() })
                if literal.isEmpty { literal = "0" }
                if fractionDigits > 0 { literal += "." + String((0..<fractionDigits).map { _ in digit() }) }
                literals += [literal, "-" + literal]
            }
        }
        var tally = Tally()
        for literal in literals {
            Self.check(Array(#"{"type":"scrolled","offset":\#(literal)}"#.utf8), into: &tally)
            Self.check(Array(#"{"type":"dragBegan","seq":\#(literal)}"#.utf8), into: &tally)
        }
        #expect(tally.read > 1_500 && tally.declined > 10, "\(tally)")
    }

    @Test("every byte of event lines deleted, replaced or doubled")
    func byteMutations() {
        let samples = Self.generatedLines.enumerated().filter { $0.offset % 97 == 1 }.map(\.element)
        var tally = Tally()
        let replacements: [UInt8] = [0x22, 0x5C, 0x2C, 0x3A, 0x7D, 0x5D, 0x20, 0x6E, 0x30, 0x2D, 0x65, 0x80, 0x01]
        for line in samples {
            for position in line.indices {
                var deleted = line
                deleted.remove(at: position)
                Self.check(deleted, into: &tally)
                var doubled = line
                doubled.insert(line[position], at: position)
                Self.check(doubled, into: &tally)
                for byte in replacements where byte != line[position] {
                    var replaced = line
                    replaced[position] = byte
                    Self.check(replaced, into: &tally)
                }
            }
        }
        #expect(tally.read > 100 && tally.declined > 10_000, "\(tally)")
    }
}
