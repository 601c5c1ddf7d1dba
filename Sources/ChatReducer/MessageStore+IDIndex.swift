import ChatEvents

/// The slots of ``MessageStore``'s id index, an open-addressing hash table (linear probing,
/// backward-shift deletion, at most half full) whose slots hold only keys, 4 bytes each; the
/// ids themselves are those in the segments. A slot is 0 when empty, otherwise a key encoded as
/// `2 * i + 1` for `back[i]` and `2 * j + 2` for `front[j]`.
struct IDIndex: Sendable {
    var slots: [UInt32] = []
    var count = 0

    static func entry(_ key: MessageKey) -> UInt32 {
        switch key.place {
        case .back(let i): UInt32(truncatingIfNeeded: 2 * i + 1)
        case .front(let j): UInt32(truncatingIfNeeded: 2 * j + 2)
        }
    }

    static func key(_ entry: UInt32) -> MessageKey {
        let value = Int(entry)
        return value & 1 == 1 ? .back((value - 1) >> 1) : .front((value - 2) >> 1)
    }
}

extension MessageStore {
    /// The key of the live message `id`. O(1) expected.
    func key(of id: String) -> MessageKey? {
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

    mutating func indexInsert(_ key: MessageKey) {
        if (index.count + 1) * 2 > index.slots.count { rebuildIndex(minimumCount: index.count + 1) }
        let mask = index.slots.count - 1
        var slot = id(key).hashValue & mask
        while index.slots[slot] != 0 { slot = (slot + 1) & mask }
        index.slots[slot] = IDIndex.entry(key)
        index.count += 1
    }

    /// Removes `key`, whose id is still in its segment, from the id index (backward-shift deletion).
    mutating func indexRemove(_ key: MessageKey) {
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
}
