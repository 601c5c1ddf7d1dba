import ChatJSON
import Testing

@Suite("Byte buffer")
struct ByteBufferTests {
    static func contents(_ buffer: ByteBuffer) -> [UInt8] { Array(buffer.bytes) }

    @Test("appending past the capacity doubles it and keeps the bytes")
    func grows() {
        let buffer = ByteBuffer(capacity: 4)
        #expect(buffer.capacity == 16)
        let bytes = Array(UInt8(0)..<40)
        bytes.withUnsafeBufferPointer { buffer.append($0) }
        #expect(buffer.capacity == 64)
        #expect(Self.contents(buffer) == bytes)
    }

    @Test("bytes stored past the count survive a growth when kept")
    func keepsBytesPastTheCount() {
        let buffer = ByteBuffer(capacity: 16)
        [1, 2, 3].withUnsafeBufferPointer { buffer.append($0) }
        (buffer.base + 3).update(repeating: 9, count: 5)
        buffer.reserve(100, keeping: 8)
        #expect(buffer.capacity == 128)
        #expect(Array(UnsafeBufferPointer(start: buffer.base, count: 8)) == [1, 2, 3, 9, 9, 9, 9, 9])
        #expect(buffer.count == 3)
    }

    @Test("dropping a prefix moves the rest to the start, overlapping or not")
    func removesAPrefix() {
        let buffer = ByteBuffer(capacity: 16)
        Array(UInt8(0)..<10).withUnsafeBufferPointer { buffer.append($0) }
        buffer.removeFirst(3)
        #expect(Self.contents(buffer) == [3, 4, 5, 6, 7, 8, 9])
        buffer.removeFirst(0)
        #expect(Self.contents(buffer) == [3, 4, 5, 6, 7, 8, 9])
        buffer.removeFirst(7)
        #expect(Self.contents(buffer) == [])
    }

    @Test("a copy holds the same bytes and does not share them")
    func copies() {
        let buffer = ByteBuffer(capacity: 16)
        [7, 8].withUnsafeBufferPointer { buffer.append($0) }
        let copy = buffer.copy()
        buffer.base.pointee = 1
        #expect(Self.contents(copy) == [7, 8])
        #expect(Self.contents(buffer) == [1, 8])
        #expect(copy.capacity == 16)
    }
}
