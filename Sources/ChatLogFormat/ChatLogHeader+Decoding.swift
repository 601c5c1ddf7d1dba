import ChatEvents
import ChatJSON

extension ChatLogHeader {
    /// Decodes `{"chatlog": 1, "config"?: {...}, "meta"?: {...}}` from the line's members.
    init(fields: JSONFieldReader) throws(JSONScanError) {
        let versionMember = try fields.required("chatlog")
        guard fields.scanner.kind(at: versionMember.valueStart) == .number else {
            throw fields.mismatch(expected: "an integer", for: "chatlog", at: versionMember)
        }
        let number = try fields.scanner.scanNumber(at: versionMember.valueStart)
        let value = try fields.scanner.value(of: number)
        // Compared as a Double, so 1.0 is the integer 1; the bound keeps Int(value) in range.
        guard value.magnitude < 0x1p62, Double(Int(value)) == value else {
            throw JSONScanError(
                offset: versionMember.valueStart,
                message: "expected an integer for \"chatlog\", found \(fields.scanner.numberText(number))"
            )
        }
        let version = Int(value)
        guard version == Self.currentVersion else {
            throw JSONScanError(
                offset: versionMember.valueStart,
                message:
                    "unsupported chatlog version \(version); this reader understands version \(Self.currentVersion)"
            )
        }
        let configuration = try fields.optionalObject("config").map(ChatConfiguration.init(fields:))
        var metadata: [String: String] = [:]
        if let meta = try fields.optionalObject("meta") {
            metadata.reserveCapacity(meta.object.members.count)
            for member in meta.object.members {
                let key = meta.scanner.string(member.key)
                guard meta.scanner.kind(at: member.valueStart) == .string else {
                    let found = meta.scanner.kind(at: member.valueStart).description
                    throw JSONScanError(
                        offset: member.valueStart,
                        message: "expected a string for \(JSONWriter.quoted(key)) in \"meta\", found \(found)"
                    )
                }
                metadata[key] = meta.scanner.string(
                    meta.scanner.stringRef(valueStart: member.valueStart, valueEnd: member.valueEnd)
                )
            }
        }
        self.init(version: version, configuration: configuration ?? ChatConfiguration(), metadata: metadata)
    }
}

extension ChatConfiguration {
    /// Decodes a header's `config` object; absent keys keep their defaults, and `null` is a value
    /// of the wrong type for every key (specification §13).
    init(fields: JSONFieldReader) throws(JSONScanError) {
        self.init()
        if let member = fields.member("layout") {
            let name = try fields.stringRef(member, "layout")
            if fields.string(name, is: "bottom") {
                layout = .bottom
            } else if fields.string(name, is: "top") {
                layout = .top
            } else {
                throw JSONScanError(
                    offset: member.valueStart,
                    message: "unknown layout \(JSONWriter.quoted(fields.scanner.string(name))); "
                        + #"expected "bottom" or "top""#
                )
            }
        }
        if let value = try fields.settingNumber("atBottomThreshold") { atBottomThreshold = value }
        if let value = try fields.settingNumber("jumpToLatestThreshold") { jumpToLatestThreshold = value }
        if let value = try fields.settingNumber("loadOlderThreshold") { loadOlderThreshold = value }
        if let value = try fields.settingBool("focusScrollsToBottom") { focusScrollsToBottom = value }
        if let value = try fields.settingNumber("pinMargin") { pinMargin = value }
        if let value = try fields.settingBool("reduceMotion") { reduceMotion = value }
        if let value = try fields.settingNumber("loadNewerThreshold") { loadNewerThreshold = value }
        if let value = try fields.settingBool("readReceipts") { readReceipts = value }
        if let value = try fields.settingBool("windowedHistory") { windowedHistory = value }
        if let value = try fields.settingNumber("footerReserve") { footerReserve = value }
        if let value = try fields.settingBool("dividerOnArrival") { dividerOnArrival = value }
    }
}
