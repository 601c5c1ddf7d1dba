import ChatEvents

/// The loaded messages, in order, with O(log n) positions.
///
/// Messages live in two segments so that neither appends nor prepends ever shift an existing
/// message: `back` holds the first message ever loaded and everything appended after it, and
/// `front` holds prepended (older) messages, newest first. A message's *key* is stable for its
/// whole life: `i` for `back[i]`, `-1 - j` for `front[j]`; keys sort in message order.
/// Removed messages stay as zero-height tombstones, so removal shifts nothing either.
struct MessageStore: Sendable, Equatable {
    /// Per-message flag bits.
    struct Flags: OptionSet, Sendable, Equatable {
        let rawValue: UInt8
        static let live = Flags(rawValue: 1 << 0)
        static let outgoing = Flags(rawValue: 1 << 1)
        static let animating = Flags(rawValue: 1 << 2)
        static let unread = Flags(rawValue: 1 << 3)
    }

    /// One side of the store.
    struct Segment: Sendable, Equatable {
        var heights = FenwickTree<Double>()
        var live = FenwickTree<Int32>()
        var outgoing = FenwickTree<Int32>()
        /// 1 for a message that counts as unread.
        var unread = FenwickTree<Int32>()
        var height: [Double] = []
        var ids: [String] = []
        var flags: [Flags] = []

        mutating func append(id: String, direction: MessageDirection, height value: Double, flags extra: Flags) {
            let isOutgoing = direction == .outgoing
            heights.append(value)
            live.append(1)
            outgoing.append(isOutgoing ? 1 : 0)
            unread.append(0)
            height.append(value)
            ids.append(id)
            flags.append(isOutgoing ? [.live, .outgoing, extra] : [.live, extra])
        }
    }

    /// The segments and the id index, behind one reference (see ``Storage``).
    private struct Parts {
        var front = Segment()
        var back = Segment()
        /// The live messages' keys by id: an open-addressing hash table whose slots hold only
        /// keys (4 bytes each); the ids themselves are those in the segments. Derived from the
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

    private var index: IDIndex {
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
    var count: Int { Int(front.live.total + back.live.total) }
    /// The sum of the live messages' heights, never below zero: the running totals add and
    /// subtract heights in the order they change, so removing the heights of 5e-324 and
    /// 1.8e308 points leaves -5e-324 (the sum had rounded the first away).
    var totalHeight: Double { max(0, front.heights.total + back.heights.total) }

    // MARK: Lookup

    /// The key of the live message `id`. O(1) expected.
    func key(of id: String) -> Int? {
        guard index.count > 0 else { return nil }
        let mask = index.slots.count - 1
        var slot = id.hashValue & mask
        while true {
            let entry = index.slots[slot]
            if entry == 0 { return nil }
            let key = IDIndex.key(entry)
            if self.id(key) == id { return key }
            slot = (slot + 1) & mask
        }
    }

    /// Prepares the id index for `additional` more messages, so that a large batch is
    /// indexed without repeated rehashing.
    mutating func reserveCapacity(additional: Int) {
        let needed = index.count + additional
        if needed * 2 > index.slots.count { rebuildIndex(minimumCount: needed) }
    }

    private mutating func indexInsert(_ key: Int) {
        if (index.count + 1) * 2 > index.slots.count { rebuildIndex(minimumCount: index.count + 1) }
        let mask = index.slots.count - 1
        var slot = id(key).hashValue & mask
        while index.slots[slot] != 0 { slot = (slot + 1) & mask }
        index.slots[slot] = IDIndex.entry(key)
        index.count += 1
    }

    /// Removes `key`, whose id is still in its segment, from the id index (backward-shift deletion).
    private mutating func indexRemove(_ key: Int) {
        let mask = index.slots.count - 1
        let target = IDIndex.entry(key)
        var hole = id(key).hashValue & mask
        while index.slots[hole] != target {
            if index.slots[hole] == 0 { return }
            hole = (hole + 1) & mask
        }
        var next = hole
        while true {
            next = (next + 1) & mask
            let entry = index.slots[next]
            if entry == 0 { break }
            let home = id(IDIndex.key(entry)).hashValue & mask
            // Move the entry into the hole unless its home lies cyclically in (hole, next].
            let stays = hole <= next ? (home > hole && home <= next) : (home > hole || home <= next)
            if !stays {
                index.slots[hole] = entry
                hole = next
            }
        }
        index.slots[hole] = 0
        index.count -= 1
    }

    private mutating func rebuildIndex(minimumCount: Int) {
        var capacity = 16
        while capacity < minimumCount * 2 { capacity *= 2 }
        var slots = [UInt32](repeating: 0, count: capacity)
        let mask = capacity - 1
        for old in index.slots where old != 0 {
            var slot = id(IDIndex.key(old)).hashValue & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = old
        }
        index.slots = slots
    }

    func id(_ key: Int) -> String { key >= 0 ? back.ids[key] : front.ids[-1 - key] }
    func height(_ key: Int) -> Double { key >= 0 ? back.height[key] : front.height[-1 - key] }
    func flags(_ key: Int) -> Flags { key >= 0 ? back.flags[key] : front.flags[-1 - key] }
    func direction(_ key: Int) -> MessageDirection { flags(key).contains(.outgoing) ? .outgoing : .incoming }
    func message(_ key: Int) -> ChatMessage { ChatMessage(id: id(key), direction: direction(key), height: height(key)) }

    /// Whether `key` names a slot of the store (live or removed).
    func isValid(_ key: Int) -> Bool { key >= 0 ? key < back.ids.count : -1 - key < front.ids.count }

    mutating func setFlag(_ flag: Flags, _ on: Bool, for key: Int) {
        if key >= 0 {
            if on { back.flags[key].insert(flag) } else { back.flags[key].remove(flag) }
        } else {
            if on { front.flags[-1 - key].insert(flag) } else { front.flags[-1 - key].remove(flag) }
        }
    }

    // MARK: Positions

    /// The sum of the heights of the live messages before `key`. O(log n).
    func top(_ key: Int) -> Double {
        if key >= 0 { return front.heights.total + back.heights.prefixSum(key) }
        return front.heights.total - front.heights.prefixSum(-key)
    }

    /// The first live message of positive height whose bottom lies below `y`, that is the
    /// message drawn at content coordinate `y`; the last message of positive height when `y`
    /// lies at or below the content's end; `nil` when no message has a height. O(log n).
    ///
    /// A running total and a sum of tree nodes may differ in their last bit when heights are
    /// not binary fractions (a third of a point), so every search result is kept inside its
    /// segment and on a live message: rounding may shift the answer by one message at an
    /// exact boundary, never out of the store.
    func key(at y: Double) -> Int? {
        let frontTotal = front.heights.total
        if y < frontTotal, !front.ids.isEmpty {
            // front[j] spans [frontTotal - prefix(j + 1), frontTotal - prefix(j)).
            let j = front.heights.prefixLength(summingAtMost: frontTotal - y, inclusive: false)
            return liveKey(near: -1 - min(j, front.ids.count - 1))
        }
        let local = y - frontTotal
        if local < back.heights.total, !back.ids.isEmpty {
            let i = back.heights.prefixLength(summingAtMost: max(0, local), inclusive: true)
            return liveKey(near: min(i, back.ids.count - 1))
        }
        return lastKeyWithPositiveHeight()
    }

    private func lastKeyWithPositiveHeight() -> Int? {
        if back.heights.total > 0, !back.ids.isEmpty {
            let i = back.heights.prefixLength(summingAtMost: back.heights.total, inclusive: false)
            return liveKey(near: min(i, back.ids.count - 1))
        }
        if front.heights.total > 0, !front.ids.isEmpty {
            // The newest front message with a height: the smallest j with prefix(j + 1) > 0.
            let j = front.heights.prefixLength(summingAtMost: 0, inclusive: true)
            return liveKey(near: -1 - min(j, front.ids.count - 1))
        }
        return nil
    }

    /// `key` when it is live, else the nearest live message after it, else before it.
    private func liveKey(near key: Int) -> Int? {
        if flags(key).contains(.live) { return key }
        return self.key(after: key) ?? self.key(before: key)
    }

    /// The newest live message whose top lies above `y` (`top < y`); `nil` when none does.
    /// O(log n).
    func lastKey(withTopBelow y: Double) -> Int? {
        guard y > 0 else { return nil }
        let frontTotal = front.heights.total
        var key: Int?
        if !back.ids.isEmpty, y > frontTotal {
            // back[i] starts at frontTotal + prefix(i): the largest i with prefix(i) < y - frontTotal.
            let i = back.heights.prefixLength(summingAtMost: y - frontTotal, inclusive: false)
            key = min(i, back.ids.count - 1)
        } else if !front.ids.isEmpty {
            // front[j] starts at frontTotal - prefix(j + 1): the smallest j with
            // prefix(j + 1) > frontTotal - y is the newest front message above y.
            let j = front.heights.prefixLength(summingAtMost: frontTotal - y, inclusive: true)
            key = j < front.ids.count ? -1 - j : nil
        }
        guard let key else { return nil }
        return flags(key).contains(.live) ? key : self.key(before: key)
    }

    /// Whether a live incoming message lies after `start` (from the oldest when `nil`) up to
    /// and including the live message `end`. O(log n).
    func containsIncoming(after start: Int?, through end: Int) -> Bool {
        let lower = start.map { rank(of: $0) + (flags($0).contains(.live) ? 1 : 0) } ?? 0
        let lowerOutgoing = start.map { outgoingRank(of: $0) + (flags($0).contains(.outgoing) ? 1 : 0) } ?? 0
        let all = rank(of: end) + 1 - lower
        let outgoing = outgoingRank(of: end) + (flags(end).contains(.outgoing) ? 1 : 0) - lowerOutgoing
        return all > outgoing
    }

    /// The number of live outgoing messages before `key`. O(log n).
    func outgoingRank(of key: Int) -> Int {
        if key >= 0 { return Int(front.outgoing.total + back.outgoing.prefixSum(key)) }
        return Int(front.outgoing.total - front.outgoing.prefixSum(-key))
    }

    // MARK: Order statistics over live (or live outgoing) messages

    /// The number of live messages before `key`. O(log n).
    func rank(of key: Int) -> Int {
        if key >= 0 { return Int(front.live.total + back.live.prefixSum(key)) }
        return Int(front.live.total - front.live.prefixSum(-key))
    }

    /// The key of the live message with the 0-based `rank`, counting all live messages
    /// (`outgoingOnly == false`) or live outgoing ones. O(log n).
    func key(atRank rank: Int, outgoingOnly: Bool = false) -> Int? {
        let frontTree = outgoingOnly ? front.outgoing : front.live
        let backTree = outgoingOnly ? back.outgoing : back.live
        let total = Int(frontTree.total + backTree.total)
        guard rank >= 0, rank < total else { return nil }
        let frontCount = Int(frontTree.total)
        if rank < frontCount {
            let length = frontTree.prefixLength(summingAtMost: Int32(frontCount - rank), inclusive: false)
            return -1 - length
        }
        return backTree.prefixLength(summingAtMost: Int32(rank - frontCount), inclusive: true)
    }

    /// The oldest live message.
    var firstKey: Int? { key(atRank: 0) }
    /// The newest live message.
    var lastKey: Int? { key(atRank: count - 1) }
    /// The newest live outgoing message.
    var lastOutgoingKey: Int? {
        key(atRank: Int(front.outgoing.total + back.outgoing.total) - 1, outgoingOnly: true)
    }
    // MARK: Unread messages (appended ones only, so they live in `back`)

    /// The number of unread messages. O(1).
    var unreadCount: Int { Int(back.unread.total) }

    /// Marks the appended message `key` unread or read.
    mutating func setUnread(_ unread: Bool, for key: Int) {
        guard key >= 0, back.flags[key].contains(.unread) != unread else { return }
        if unread { back.flags[key].insert(.unread) } else { back.flags[key].remove(.unread) }
        back.unread.add(unread ? 1 : -1, at: key)
    }

    /// The first unread message at or after `key`. O(log n).
    func firstUnread(from key: Int) -> Int? {
        let start = max(0, key)
        let before = back.unread.prefixSum(start)
        guard before < back.unread.total else { return nil }
        return back.unread.prefixLength(summingAtMost: before, inclusive: true)
    }

    /// The live message after `key` (which may be removed).
    func key(after key: Int) -> Int? {
        let r = rank(of: key) + (flags(key).contains(.live) ? 1 : 0)
        return self.key(atRank: r)
    }
    /// The live message before `key`.
    func key(before key: Int) -> Int? { self.key(atRank: rank(of: key) - 1) }

    // MARK: Mutation

    /// Appends a message after the newest; returns its key. The id must not be present.
    @discardableResult
    mutating func append(_ message: ChatMessage, flags: Flags = []) -> Int {
        let key = back.ids.count
        back.append(id: message.id, direction: message.direction, height: message.height, flags: flags)
        indexInsert(key)
        return key
    }

    /// Inserts a message before the oldest; returns its key. The id must not be present.
    @discardableResult
    mutating func prepend(_ message: ChatMessage) -> Int {
        let key = -1 - front.ids.count
        front.append(id: message.id, direction: message.direction, height: message.height, flags: [])
        indexInsert(key)
        return key
    }

    /// Sets the height of the live message `key`.
    mutating func setHeight(_ value: Double, for key: Int) {
        if key >= 0 {
            back.heights.add(value - back.height[key], at: key)
            back.height[key] = value
        } else {
            let j = -1 - key
            front.heights.add(value - front.height[j], at: j)
            front.height[j] = value
        }
    }

    /// Renames the live message `key` to an id that is not present.
    mutating func rename(_ key: Int, to newID: String) {
        indexRemove(key)
        if key >= 0 { back.ids[key] = newID } else { front.ids[-1 - key] = newID }
        indexInsert(key)
    }

    /// Removes the live message `key`, leaving a zero-height tombstone; returns its flags.
    @discardableResult
    mutating func remove(_ key: Int) -> Flags {
        let old = flags(key)
        setUnread(false, for: key)
        setHeight(0, for: key)
        indexRemove(key)
        let outgoing: Int32 = old.contains(.outgoing) ? -1 : 0
        if key >= 0 {
            back.live.add(-1, at: key)
            back.outgoing.add(outgoing, at: key)
            back.flags[key] = []
            back.ids[key] = ""
        } else {
            let j = -1 - key
            front.live.add(-1, at: j)
            front.outgoing.add(outgoing, at: j)
            front.flags[j] = []
            front.ids[j] = ""
        }
        return old
    }

    /// Every live message in order. O(n).
    func allMessages() -> [ChatMessage] {
        var result: [ChatMessage] = []
        result.reserveCapacity(count)
        for j in front.ids.indices.reversed() where front.flags[j].contains(.live) {
            result.append(message(-1 - j))
        }
        for i in back.ids.indices where back.flags[i].contains(.live) {
            result.append(message(i))
        }
        return result
    }
}

/// The slots of ``MessageStore``'s id index: 0 for an empty slot, otherwise a message key
/// encoded as `2 * i + 1` for `back[i]` and `2 * j + 2` for `front[j]`.
struct IDIndex: Sendable {
    var slots: [UInt32] = []
    var count = 0

    static func entry(_ key: Int) -> UInt32 {
        key >= 0 ? UInt32(truncatingIfNeeded: 2 * key + 1) : UInt32(truncatingIfNeeded: 2 * (-1 - key) + 2)
    }

    static func key(_ entry: UInt32) -> Int {
        let value = Int(entry)
        return value & 1 == 1 ? (value - 1) >> 1 : -1 - ((value - 2) >> 1)
    }
}
