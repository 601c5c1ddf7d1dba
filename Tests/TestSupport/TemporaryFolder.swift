import Foundation

/// A fresh folder under the system's temporary folder, removed by ``remove()``.
public struct TemporaryFolder: Sendable {
    /// The folder.
    public let url: URL

    /// Creates an empty folder with a unique name.
    public init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("ChatScrollTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The folder's path.
    public var path: String { url.path }

    /// The path of `name` inside the folder.
    public func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Writes `bytes` to `name` (creating intermediate folders) and returns its path.
    @discardableResult
    public func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        let file = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: file)
        return file.path
    }

    /// Writes `text` to `name` (creating intermediate folders) and returns its path.
    @discardableResult
    public func write(_ name: String, _ text: String) throws -> String {
        try write(name, Array(text.utf8))
    }

    /// The bytes of `name`, or `nil` when it cannot be read.
    public func data(_ name: String) -> Data? {
        guard let handle = FileHandle(forReadingAtPath: path(name)) else { return nil }
        defer { try? handle.close() }
        // Not `Data(contentsOf:)`: on Linux it keeps a 4 KiB buffer for every empty file it
        // reads, which LeakSanitizer reports.
        do {
            return try handle.readToEnd() ?? Data()
        } catch {
            return nil
        }
    }

    /// The text of `name`, or `nil` when it cannot be read.
    public func read(_ name: String) -> String? {
        data(name).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Whether `name` exists in the folder.
    public func exists(_ name: String) -> Bool {
        FileManager.default.fileExists(atPath: path(name))
    }

    /// Removes the folder and everything in it.
    public func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
