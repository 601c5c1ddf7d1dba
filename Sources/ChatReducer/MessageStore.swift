import ChatEvents

/// The loaded messages, in order, with O(log n) positions.
///
/// Messages live in two segments so that neither appends nor prepends ever shift an existing
/// message: `back` holds the first message ever loaded and everything appended after it, and
/// `front` holds prepended (older) messages, newest first. A message's ``MessageKey`` is stable
/// for its whole life, and keys sort in message order. Removed messages stay as zero-height
/// tombstones, so removal shifts nothing either.
struct MessageStore: Sendable, Equatable {
    /// Per-message flag bits.
    struct Flags: OptionSet, Sendable, Equatable {
        let rawValue: UInt8
        static let live = Flags(rawValue: 1 << 0)
        static let outgoing = Flags(rawValue: 1 << 1)
        static let animating = Flags(rawValue: 1 << 2)
        static let unread = Flags(rawValue: 1 << 3)
        /// A row that is not a message (specification §12).
        static let system = Flags(rawValue: 1 << 4)
    }

    /// The rows a rank counts: every live row, the outgoing ones, or the messages (every live
    /// row but system rows).
    enum Rows {
        case all, outgoing, messages
    }

    /// One side of the store.
    struct Segment: Sendable, Equatable {
        var heights = FenwickTree<Double>()
        /// 1 for a removed row (a tombstone). Empty until the segment's first removal, so a
        /// conversation without removals pays nothing for it; from then on as long as the others.
        var removed = FenwickTree<Int32>()
        var outgoing = FenwickTree<Int32>()
        /// 1 for a message that counts as unread.
        var unread = FenwickTree<Int32>()
        /// 1 for a live system row. Empty until the segment holds one, so a conversation without
        /// system rows pays nothing for it; from then on as long as the others.
        var system = FenwickTree<Int32>()
        var height: [Double] = []
        var ids: [String] = []
        var flags: [Flags] = []

        mutating func append(id: String, direction: MessageDirection, height value: Double, flags extra: Flags) {
            let isOutgoing = direction == .outgoing
            let isSystem = direction == .system
            // The first system row of the segment brings the tree of system rows: O(n) once.
            if isSystem, system.count == 0 { system = FenwickTree(zeros: ids.count) }
            if isSystem || system.count > 0 { system.append(isSystem ? 1 : 0) }
            heights.append(value)
            if removed.count > 0 { removed.append(0) }
            outgoing.append(isOutgoing ? 1 : 0)
            unread.append(0)
            height.append(value)
            ids.append(id)
            flags.append(
                isOutgoing ? [.live, .outgoing, extra] : isSystem ? [.live, .system, extra] : [.live, extra])
        }

        /// The number of live rows.
        var liveCount: Int32 { Int32(ids.count) - removed.total }

        /// The number of live rows among the first `length`.
        func livePrefix(_ length: Int) -> Int32 { Int32(min(length, ids.count)) - removed.prefixSum(length) }

        /// Marks row `index` removed: the first removal brings the tree of tombstones, O(n) once.
        mutating func markRemoved(_ index: Int) {
            if removed.count == 0 { removed = FenwickTree(zeros: ids.count) }
            removed.add(1, at: index)
        }

        /// Leaves row `index`, whose flags were `old`, a tombstone: removed, counted neither as
        /// outgoing nor as a system row, with no flags and no id (its height is set apart).
        mutating func entomb(_ index: Int, old: Flags) {
            markRemoved(index)
            if old.contains(.outgoing) { outgoing.add(-1, at: index) }
            if old.contains(.system) { system.add(-1, at: index) }
            flags[index] = []
            ids[index] = ""
        }

        /// How many rows of `rows` the segment holds.
        func count(_ rows: Rows) -> Int32 {
            switch rows {
            case .all: liveCount
            case .outgoing: outgoing.total
            case .messages: liveCount - system.total
            }
        }

        /// The number of leading elements whose count of `rows` stays at or below `limit`
        /// (`inclusive`), or below it.
        func prefixLength(_ rows: Rows, summingAtMost limit: Int32, inclusive: Bool) -> Int {
            let n = ids.count
            let removals = removed.count == n && n > 0
            switch rows {
            case .outgoing:
                return outgoing.prefixLength(summingAtMost: limit, inclusive: inclusive)
            case .all where !removals, .messages where !removals && system.count != n:
                // Every row is live and a message: the first k rows count k.
                return Int(max(0, min(inclusive ? limit : limit - 1, Int32(n))))
            case .all:
                return FenwickTree<Int32>.search(count: n, limit, inclusive: inclusive) {
                    Int32($0 & -$0) - removed.node($0)
                }
            case .messages:
                let systemRows = system.count == n && n > 0
                return FenwickTree<Int32>.search(count: n, limit, inclusive: inclusive) {
                    Int32($0 & -$0) - (removals ? removed.node($0) : 0) - (systemRows ? system.node($0) : 0)
                }
            }
        }
    }

    /// The segments and the id index, behind one reference (see ``Storage``).
    private struct Parts {
        var front = Segment()
        var back = Segment()
        /// The live messages' keys by id (MessageStore+IDIndex.swift). Derived from the
        /// segments, so it takes no part in `==`.
        var index = IDIndex()
    }

    /// The store's parts on the heap, copied on write.
    ///
    /// The parts are almost 200 bytes. Held inline, every call of a store method from the
    /// reducer copied them to the stack first (a `memcpy` per call, several per event); one
    /// reference is passed in a register. The parts sit behind a pointer rather than in stored
    /// properties of the class so that reading them needs no run-time exclusivity check.
    private final class Storage: @unchecked Sendable {
        let parts: UnsafeMutablePointer<Parts>

        init(_ value: Parts) {
            parts = .allocate(capacity: 1)
            parts.initialize(to: value)
        }

        deinit {
            parts.deinitialize(count: 1)
            parts.deallocate()
        }
    }

    private var storage = Storage(Parts())

    /// Gives this store its own parts before they change, when another copy shares them.
    @inline(__always)
    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.parts.pointee) }
    }

    private(set) var front: Segment {
        _read { yield storage.parts.pointee.front }
        _modify {
            makeUnique()
            yield &storage.parts.pointee.front
        }
    }

    private(set) var back: Segment {
        _read { yield storage.parts.pointee.back }
        _modify {
            makeUnique()
            yield &storage.parts.pointee.back
        }
    }

    /// The id index (MessageStore+IDIndex.swift).
    var index: IDIndex {
        _read { yield storage.parts.pointee.index }
        _modify {
            makeUnique()
            yield &storage.parts.pointee.index
        }
    }

    static func == (lhs: MessageStore, rhs: MessageStore) -> Bool {
        lhs.front == rhs.front && lhs.back == rhs.back
    }

    /// The number of live messages.
    var count: Int { Int(front.liveCount + back.liveCount) }
    /// The sum of the live messages' heights, never below zero: the running totals add and
    /// subtract heights in the order they change, so removing the heights of 5e-324 and
    /// 1.8e308 points leaves -5e-324 (the sum had rounded the first away).
    var totalHeight: Double { max(0, front.heights.total + back.heights.total) }

    func id(_ key: MessageKey) -> String {
        switch key.place {
        case .back(let i): back.ids[i]
        case .front(let j): front.ids[j]
        }
    }
    func height(_ key: MessageKey) -> Double {
        switch key.place {
        case .back(let i): back.height[i]
        case .front(let j): front.height[j]
        }
    }
    func flags(_ key: MessageKey) -> Flags {
        switch key.place {
        case .back(let i): back.flags[i]
        case .front(let j): front.flags[j]
        }
    }
    func direction(_ key: MessageKey) -> MessageDirection {
        let flags = flags(key)
        return flags.contains(.outgoing) ? .outgoing : flags.contains(.system) ? .system : .incoming
    }
    func message(_ key: MessageKey) -> ChatMessage {
        ChatMessage(id: id(key), direction: direction(key), height: height(key))
    }

    /// Whether `key` names a slot of the store (live or removed).
    func isValid(_ key: MessageKey) -> Bool {
        switch key.place {
        case .back(let i): i < back.ids.count
        case .front(let j): j < front.ids.count
        }
    }

    mutating func setFlag(_ flag: Flags, _ on: Bool, for key: MessageKey) {
        switch key.place {
        case .back(let i):
            if on { back.flags[i].insert(flag) } else { back.flags[i].remove(flag) }
        case .front(let j):
            if on { front.flags[j].insert(flag) } else { front.flags[j].remove(flag) }
        }
    }

    // MARK: Positions

    /// The sum of the heights of the live messages before `key`. O(log n).
    func top(_ key: MessageKey) -> Double {
        switch key.place {
        case .back(let i): front.heights.total + back.heights.prefixSum(i)
        case .front(let j): front.heights.total - front.heights.prefixSum(j + 1)
        }
    }

    /// The first live message of positive height whose bottom lies below `y`, that is the
    /// message drawn at content coordinate `y`; the last message of positive height when `y`
    /// lies at or below the content's end; `nil` when no message has a height. O(log n).
    ///
    /// A running total and a sum of tree nodes may differ in their last bit when heights are
    /// not binary fractions (a third of a point), so every search result is kept inside its
    /// segment and on a live message: rounding may shift the answer by one message at an
    /// exact boundary, never out of the store.
    func key(at y: Double) -> MessageKey? {
        let frontTotal = front.heights.total
        if y < frontTotal, !front.ids.isEmpty {
            // front[j] spans [frontTotal - prefix(j + 1), frontTotal - prefix(j)).
            let j = front.heights.prefixLength(summingAtMost: frontTotal - y, inclusive: false)
            return liveKey(near: .front(min(j, front.ids.count - 1)))
        }
        let local = y - frontTotal
        if local < back.heights.total, !back.ids.isEmpty {
            let i = back.heights.prefixLength(summingAtMost: max(0, local), inclusive: true)
            return liveKey(near: .back(min(i, back.ids.count - 1)))
        }
        return lastKeyWithPositiveHeight()
    }

    private func lastKeyWithPositiveHeight() -> MessageKey? {
        if back.heights.total > 0, !back.ids.isEmpty {
            let i = back.heights.prefixLength(summingAtMost: back.heights.total, inclusive: false)
            return liveKey(near: .back(min(i, back.ids.count - 1)))
        }
        if front.heights.total > 0, !front.ids.isEmpty {
            // The newest front message with a height: the smallest j with prefix(j + 1) > 0.
            let j = front.heights.prefixLength(summingAtMost: 0, inclusive: true)
            return liveKey(near: .front(min(j, front.ids.count - 1)))
        }
        return nil
    }

    /// `key` when it is live, else the nearest live message after it, else before it.
    private func liveKey(near key: MessageKey) -> MessageKey? {
        if flags(key).contains(.live) { return key }
        return self.key(after: key) ?? self.key(before: key)
    }

    /// The newest live message whose top lies above `y` (`top < y`); `nil` when none does.
    /// O(log n).
    func lastKey(withTopBelow y: Double) -> MessageKey? {
        guard y > 0 else { return nil }
        let frontTotal = front.heights.total
        var key: MessageKey?
        if !back.ids.isEmpty, y > frontTotal {
            // back[i] starts at frontTotal + prefix(i): the largest i with prefix(i) < y - frontTotal.
            let i = back.heights.prefixLength(summingAtMost: y - frontTotal, inclusive: false)
            key = .back(min(i, back.ids.count - 1))
        } else if !front.ids.isEmpty {
            // front[j] starts at frontTotal - prefix(j + 1): the smallest j with
            // prefix(j + 1) > frontTotal - y is the newest front message above y.
            let j = front.heights.prefixLength(summingAtMost: frontTotal - y, inclusive: true)
            key = j < front.ids.count ? .front(j) : nil
        }
        guard let key else { return nil }
        return flags(key).contains(.live) ? key : self.key(before: key)
    }

    /// Whether a live incoming message lies after `start` (from the oldest when `nil`) up to
    /// and including `end`. O(log n).
    func containsIncoming(after start: MessageKey?, through end: MessageKey) -> Bool {
        let lower = start.map { messageRank(of: $0) + (isMessage($0) ? 1 : 0) } ?? 0
        let lowerOutgoing = start.map { outgoingRank(of: $0) + (flags($0).contains(.outgoing) ? 1 : 0) } ?? 0
        let all = messageRank(of: end) + (isMessage(end) ? 1 : 0) - lower
        let outgoing = outgoingRank(of: end) + (flags(end).contains(.outgoing) ? 1 : 0) - lowerOutgoing
        return all > outgoing
    }

    /// The number of live outgoing messages before `key`. O(log n).
    func outgoingRank(of key: MessageKey) -> Int {
        switch key.place {
        case .back(let i): Int(front.outgoing.total + back.outgoing.prefixSum(i))
        case .front(let j): Int(front.outgoing.total - front.outgoing.prefixSum(j + 1))
        }
    }

    /// The number of live system rows before `key`. O(log n).
    func systemRank(of key: MessageKey) -> Int {
        switch key.place {
        case .back(let i): Int(front.system.total + back.system.prefixSum(i))
        case .front(let j): Int(front.system.total - front.system.prefixSum(j + 1))
        }
    }

    /// The number of live messages (rows that are not system rows) before `key`. O(log n).
    func messageRank(of key: MessageKey) -> Int { rank(of: key) - systemRank(of: key) }

    /// Whether `key` is a live row that is not a system row.
    func isMessage(_ key: MessageKey) -> Bool {
        let flags = flags(key)
        return flags.contains(.live) && !flags.contains(.system)
    }

    /// The newest live message (not a system row) before `key`. O(log n).
    func messageKey(before key: MessageKey) -> MessageKey? {
        self.key(atRank: messageRank(of: key) - 1, among: .messages)
    }

    /// `key` when it is a live message, else the newest live message before it. O(log n).
    func messageKey(atOrBefore key: MessageKey) -> MessageKey? { isMessage(key) ? key : messageKey(before: key) }

    // MARK: Order statistics over live rows (or live outgoing ones, or messages)

    /// The number of live messages before `key`. O(log n).
    func rank(of key: MessageKey) -> Int {
        switch key.place {
        case .back(let i): Int(front.liveCount + back.livePrefix(i))
        case .front(let j): Int(front.liveCount - front.livePrefix(j + 1))
        }
    }

    /// The key of the row with the 0-based `rank` among `rows`. O(log n).
    func key(atRank rank: Int, among rows: Rows = .all) -> MessageKey? {
        let frontCount = Int(front.count(rows))
        guard rank >= 0, rank < frontCount + Int(back.count(rows)) else { return nil }
        if rank < frontCount {
            return .front(front.prefixLength(rows, summingAtMost: Int32(frontCount - rank), inclusive: false))
        }
        return .back(back.prefixLength(rows, summingAtMost: Int32(rank - frontCount), inclusive: true))
    }

    /// The oldest live message.
    var firstKey: MessageKey? { key(atRank: 0) }
    /// The newest live message.
    var lastKey: MessageKey? { key(atRank: count - 1) }
    /// The newest live outgoing message.
    var lastOutgoingKey: MessageKey? {
        key(atRank: Int(front.outgoing.total + back.outgoing.total) - 1, among: .outgoing)
    }
    // MARK: Unread messages (appended ones only, so they live in `back`)

    /// The number of unread messages. O(1).
    var unreadCount: Int { Int(back.unread.total) }

    /// Marks the appended message `key` unread or read.
    mutating func setUnread(_ unread: Bool, for key: MessageKey) {
        guard case .back(let i) = key.place, back.flags[i].contains(.unread) != unread else { return }
        if unread { back.flags[i].insert(.unread) } else { back.flags[i].remove(.unread) }
        back.unread.add(unread ? 1 : -1, at: i)
    }

    /// The oldest unread message. O(log n).
    var oldestUnread: MessageKey? { firstUnread(from: .back(0)) }

    /// The first unread message at or after `key`. O(log n).
    func firstUnread(from key: MessageKey) -> MessageKey? {
        // Unread messages are appended ones, so they are all in `back`.
        let start: Int
        switch key.place {
        case .back(let i): start = i
        case .front: start = 0
        }
        let before = back.unread.prefixSum(start)
        guard before < back.unread.total else { return nil }
        return .back(back.unread.prefixLength(summingAtMost: before, inclusive: true))
    }

    /// The live message after `key` (which may be removed).
    func key(after key: MessageKey) -> MessageKey? {
        let r = rank(of: key) + (flags(key).contains(.live) ? 1 : 0)
        return self.key(atRank: r)
    }
    /// The live message before `key`.
    func key(before key: MessageKey) -> MessageKey? { self.key(atRank: rank(of: key) - 1) }

    // MARK: Mutation

    /// Appends a message after the newest; returns its key. The id must not be present.
    @discardableResult
    mutating func append(_ message: ChatMessage, flags: Flags = []) -> MessageKey {
        let key = MessageKey.back(back.ids.count)
        back.append(id: message.id, direction: message.direction, height: message.height, flags: flags)
        indexInsert(key)
        return key
    }

    /// Inserts a message before the oldest; returns its key. The id must not be present.
    @discardableResult
    mutating func prepend(_ message: ChatMessage) -> MessageKey {
        let key = MessageKey.front(front.ids.count)
        front.append(id: message.id, direction: message.direction, height: message.height, flags: [])
        indexInsert(key)
        return key
    }

    /// Sets the height of the live message `key`.
    mutating func setHeight(_ value: Double, for key: MessageKey) {
        switch key.place {
        case .back(let i):
            back.heights.add(value - back.height[i], at: i)
            back.height[i] = value
        case .front(let j):
            front.heights.add(value - front.height[j], at: j)
            front.height[j] = value
        }
    }

    /// Renames the live message `key` to an id that is not present.
    mutating func rename(_ key: MessageKey, to newID: String) {
        indexRemove(key)
        switch key.place {
        case .back(let i): back.ids[i] = newID
        case .front(let j): front.ids[j] = newID
        }
        indexInsert(key)
    }

    /// Removes the live message `key`, leaving a zero-height tombstone; returns its flags.
    @discardableResult
    mutating func remove(_ key: MessageKey) -> Flags {
        let old = flags(key)
        setUnread(false, for: key)
        setHeight(0, for: key)
        indexRemove(key)
        switch key.place {
        case .back(let i): back.entomb(i, old: old)
        case .front(let j): front.entomb(j, old: old)
        }
        return old
    }

    /// Every live message in order. O(n).
    func allMessages() -> [ChatMessage] {
        var result: [ChatMessage] = []
        result.reserveCapacity(count)
        for j in front.ids.indices.reversed() where front.flags[j].contains(.live) {
            result.append(message(.front(j)))
        }
        for i in back.ids.indices where back.flags[i].contains(.live) {
            result.append(message(.back(i)))
        }
        return result
    }
}

/// A message's key in a ``MessageStore``: stable for the message's whole life, and keys sort in
/// message order. The store's two segments are written in one signed number: `i` for `back[i]`
/// (the first message loaded and everything appended), `-1 - j` for `front[j]` (prepended,
/// newest first).
struct MessageKey: Hashable, Comparable, Sendable {
    /// The signed number; only this type does arithmetic on it.
    let rawValue: Int

    /// Where the message lies.
    enum Place {
        case back(Int)
        case front(Int)
    }

    /// The key of `back[index]`.
    static func back(_ index: Int) -> MessageKey { MessageKey(rawValue: index) }
    /// The key of `front[index]`.
    static func front(_ index: Int) -> MessageKey { MessageKey(rawValue: -1 - index) }

    /// The slot after this one in message order (`front[0]` is followed by `back[0]`).
    var successor: MessageKey { MessageKey(rawValue: rawValue + 1) }

    /// The segment and index of the message.
    var place: Place { rawValue >= 0 ? .back(rawValue) : .front(-1 - rawValue) }

    static func < (lhs: MessageKey, rhs: MessageKey) -> Bool { lhs.rawValue < rhs.rawValue }
}
