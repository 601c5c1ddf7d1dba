import ChatEvents
import ChatJSON

/// Where a scanned object sits in a line, as a missing-field error names it.
enum JSONObjectContext {
    /// An event's own object: `in viewportChanged`.
    case event(ChatEvent.EventType)
    /// An element of an array member: `in messages[2]`.
    case element(of: StaticString, index: Int)
    /// A nested object member: `in restore`.
    case member(StaticString)
    /// The top-level object, before its kind is known.
    case line

    /// The words after `missing required field "x"`, or nothing for ``line``.
    var missingFieldSuffix: String {
        switch self {
        case .event(let type): " in \(type.rawValue)"
        case .element(let key, let index): " in \(key)[\(index)]"
        case .member(let key): " in \(key)"
        case .line: ""
        }
    }
}

/// Typed access to the members of one indexed object, with the wire format's error messages.
///
/// Absent members and members whose value is `null` both read as `nil` from the `optional…`
/// accessors; the required accessors report `missing required field "x" in <context>` at the
/// object's `{` and `expected <type> for "x", found <type>` at the value.
struct JSONFieldReader {
    /// The scanner over the whole line.
    let scanner: JSONScanner
    /// The object being read.
    let object: JSONObjectIndex
    /// Where the object sits, for error messages.
    let context: JSONObjectContext
    /// The object's nesting depth; the line's object is 1.
    let depth: Int

    /// The member named `key`, whatever its value.
    @inline(__always)
    func member(_ key: StaticString) -> JSONMember? {
        scanner.member(key, in: object)
    }

    /// The member named `key` unless it is absent or `null`.
    @inline(__always)
    func present(_ key: StaticString) -> JSONMember? {
        guard let member = member(key), scanner.kind(at: member.valueStart) != .null else { return nil }
        return member
    }

    /// The member named `key`, which must be there (a `null` value is reported by the typed reads).
    func required(_ key: StaticString) throws(JSONScanError) -> JSONMember {
        guard let member = member(key) else { throw missingField(key) }
        return member
    }

    /// The error for the required member `key` that is not there.
    func missingField(_ key: StaticString) -> JSONScanError {
        JSONScanError(offset: object.start, message: "missing required field \"\(key)\"\(context.missingFieldSuffix)")
    }

    /// The error for a value of the wrong JSON type.
    func mismatch(expected: String, for key: StaticString, at member: JSONMember) -> JSONScanError {
        let found = scanner.kind(at: member.valueStart).description
        return JSONScanError(offset: member.valueStart, message: "expected \(expected) for \"\(key)\", found \(found)")
    }

    // MARK: Numbers

    /// The required number `key`.
    func number(_ key: StaticString) throws(JSONScanError) -> Double {
        try number(required(key), key)
    }

    /// The optional number `key`.
    func optionalNumber(_ key: StaticString) throws(JSONScanError) -> Double? {
        guard let member = present(key) else { return nil }
        return try number(member, key)
    }

    /// The number `key` of a setting: it may be absent, but `null` is the wrong type.
    func settingNumber(_ key: StaticString) throws(JSONScanError) -> Double? {
        guard let member = member(key) else { return nil }
        return try number(member, key)
    }

    private func number(_ member: JSONMember, _ key: StaticString) throws(JSONScanError) -> Double {
        if let scanned = member.number { return try scanner.value(of: scanned) }
        guard scanner.kind(at: member.valueStart) == .number else {
            throw mismatch(expected: "a number", for: key, at: member)
        }
        return try scanner.value(of: scanner.scanNumber(at: member.valueStart))
    }

    // MARK: Booleans

    /// The required boolean `key`.
    func bool(_ key: StaticString) throws(JSONScanError) -> Bool {
        try bool(required(key), key)
    }

    /// The optional boolean `key`.
    func optionalBool(_ key: StaticString) throws(JSONScanError) -> Bool? {
        guard let member = present(key) else { return nil }
        return try bool(member, key)
    }

    /// The boolean `key` of a setting: it may be absent, but `null` is the wrong type.
    func settingBool(_ key: StaticString) throws(JSONScanError) -> Bool? {
        guard let member = member(key) else { return nil }
        return try bool(member, key)
    }

    private func bool(_ member: JSONMember, _ key: StaticString) throws(JSONScanError) -> Bool {
        guard scanner.kind(at: member.valueStart) == .boolean else {
            throw mismatch(expected: "a boolean", for: key, at: member)
        }
        return scanner.peek(member.valueStart) == ASCII.t
    }

    // MARK: Strings

    /// The required string `key`.
    func string(_ key: StaticString) throws(JSONScanError) -> String {
        try scanner.string(stringRef(required(key), key))
    }

    /// The optional string `key`.
    func optionalString(_ key: StaticString) throws(JSONScanError) -> String? {
        guard let member = present(key) else { return nil }
        return try scanner.string(stringRef(member, key))
    }

    /// The still-escaped text of the string `member`, which must be a string.
    func stringRef(_ member: JSONMember, _ key: StaticString) throws(JSONScanError) -> JSONStringRef {
        guard scanner.kind(at: member.valueStart) == .string else {
            throw mismatch(expected: "a string", for: key, at: member)
        }
        return scanner.stringRef(valueStart: member.valueStart, valueEnd: member.valueEnd)
    }

    /// Whether the validated string `string` unescapes to `literal`.
    func string(_ string: JSONStringRef, is literal: StaticString) -> Bool {
        literal.withUTF8Buffer { scanner.stringEquals(string, $0) }
    }

    // MARK: Nested values

    /// A reader for the optional object `key`.
    func optionalObject(_ key: StaticString) throws(JSONScanError) -> JSONFieldReader? {
        guard let member = present(key) else { return nil }
        guard scanner.kind(at: member.valueStart) == .object else {
            throw mismatch(expected: "an object", for: key, at: member)
        }
        let nested = try scanner.indexObject(at: member.valueStart, depth: depth + 1)
        return JSONFieldReader(scanner: scanner, object: nested, context: .member(key), depth: depth + 1)
    }

    /// Calls `body` with a reader for each object element of the required array `key`.
    func forEachObject(
        inArray key: StaticString, _ body: (JSONFieldReader) throws(JSONScanError) -> Void
    ) throws(JSONScanError) {
        let member = try required(key)
        guard scanner.kind(at: member.valueStart) == .array else {
            throw mismatch(expected: "an array", for: key, at: member)
        }
        var i = scanner.skipWhitespace(from: member.valueStart + 1)
        var index = 0
        while scanner.peek(i) != ASCII.closeBracket, i < member.valueEnd {
            guard scanner.peek(i) == ASCII.openBrace else {
                let found = scanner.kind(at: i).description
                throw JSONScanError(offset: i, message: "expected an object for \(key)[\(index)], found \(found)")
            }
            let element = try scanner.indexObject(at: i, depth: depth + 2)
            try body(
                JSONFieldReader(
                    scanner: scanner, object: element, context: .element(of: key, index: index), depth: depth + 2
                ))
            i = scanner.skipWhitespace(from: element.end)
            if scanner.peek(i) == ASCII.comma {
                i = scanner.skipWhitespace(from: i + 1)
            }
            index += 1
        }
    }
}
