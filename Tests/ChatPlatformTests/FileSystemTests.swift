import ChatPlatform
import Foundation
import Testing

/// What the tools ask of the operating system: files, folders and what they read.
@Suite("File system")
struct FileSystemTests {
    @Test("a file written in new folders reads back, is found under its folder, and goes")
    func writeReadList() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "chat-platform-\(UUID().uuidString)"
        ).path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = FileSystem.join(FileSystem.join(folder, "a"), "log.jsonl")
        try FileSystem.write("{}\n", to: file, creatingFolders: true)
        #expect(FileSystem.isFile(file))
        #expect(FileSystem.isDirectory(FileSystem.join(folder, "a")))
        #expect(FileSystem.read(file) == "{}\n")
        #expect(FileSystem.files(under: folder) == [file])
        FileSystem.remove(file)
        #expect(!FileSystem.exists(file))
        #expect(FileSystem.read(file) == nil)
    }

    @Test("the first of a byte is found, or nothing when it is absent")
    func firstOfAByte() {
        let bytes: [UInt8] = Array("ab\ncd\n".utf8)
        let (newline, absent) = bytes.withUnsafeBufferPointer { buffer -> (Int?, Bool) in
            guard let base = buffer.baseAddress else { return (nil, false) }
            return (
                firstByte(UInt8(ascii: "\n"), in: base, count: buffer.count).map { $0 - base },
                firstByte(UInt8(ascii: "x"), in: base, count: buffer.count) == nil
            )
        }
        #expect(newline == 2)
        #expect(absent)
    }
}
