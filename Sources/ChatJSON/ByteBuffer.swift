/// Bytes in memory of their own: ``count`` of ``capacity`` at ``base``, growing by doubling.
///
/// The writers and the log reader keep their bytes here, so that a hot loop stores and loads
/// through a pointer with no reference counting, uniqueness or exclusivity check per byte; this
/// is the one type that allocates, grows and frees raw bytes. Invariants: `0 <= count <=
/// capacity`, and the first `count` bytes are initialized. A buffer is used from one thread at a
/// time.
public final class ByteBuffer: @unchecked Sendable {
    /// Where the bytes are, how many are in use and how many fit. Kept behind a constant
    /// pointer, which needs no exclusivity check when read from another module (a stored
    /// variable of a class does).
    @usableFromInline
    struct Header {
        @usableFromInline var base: UnsafeMutablePointer<UInt8>
        @usableFromInline var count: Int
        @usableFromInline var capacity: Int
    }

    @usableFromInline
    let header: UnsafeMutablePointer<Header>

    /// Creates an empty buffer with room for `capacity` bytes (at least 16).
    public init(capacity: Int) {
        let capacity = max(capacity, 16)
        header = .allocate(capacity: 1)
        header.initialize(to: Header(base: .allocate(capacity: capacity), count: 0, capacity: capacity))
    }

    deinit {
        header.pointee.base.deallocate()
        header.deinitialize(count: 1)
        header.deallocate()
    }

    /// Where the bytes start; moves when the buffer grows.
    @inlinable
    public var base: UnsafeMutablePointer<UInt8> { header.pointee.base }

    /// How many bytes are in use. A writer that stores bytes at `base + count` itself (after
    /// ``reserve(_:keeping:)``) counts them here.
    @inlinable
    public var count: Int {
        get { header.pointee.count }
        set { header.pointee.count = newValue }
    }

    /// How many bytes fit before the buffer grows.
    @inlinable
    public var capacity: Int { header.pointee.capacity }

    /// The bytes in use.
    @inlinable
    public var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    /// Makes room for `needed` bytes in all: the capacity doubles until they fit. The bytes in
    /// use are kept, or the first `kept` when a writer has stored past ``count`` (up to `kept`).
    @inlinable @inline(__always)
    public func reserve(_ needed: Int, keeping kept: Int? = nil) {
        if needed > capacity { grow(toHold: needed, keeping: kept ?? count) }
    }

    @usableFromInline
    func grow(toHold needed: Int, keeping kept: Int) {
        var newCapacity = capacity
        while newCapacity < needed { newCapacity *= 2 }
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: min(kept, capacity))
        header.pointee.base.deallocate()
        header.pointee.base = newBase
        header.pointee.capacity = newCapacity
    }

    /// Appends `bytes`.
    @inlinable
    public func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        reserve(count + bytes.count)
        if let source = bytes.baseAddress { (base + count).update(from: source, count: bytes.count) }
        count += bytes.count
    }

    /// Drops the first `prefix` bytes in use, moving the rest to the start.
    public func removeFirst(_ prefix: Int) {
        let kept = count - prefix
        // The regions may overlap: moving trivial bytes copies them in the safe direction.
        if kept > 0, prefix > 0 { base.moveInitialize(from: base + prefix, count: kept) }
        count = max(kept, 0)
    }

    /// A buffer of the same capacity holding the same bytes.
    public func copy() -> ByteBuffer {
        let copy = ByteBuffer(capacity: capacity)
        copy.append(bytes)
        return copy
    }
}
