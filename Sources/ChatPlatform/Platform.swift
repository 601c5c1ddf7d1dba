import CZlib

// Everything the tools ask of the operating system is in this file: files, standard output and
// error, the environment, the current folder, the C library's math, zlib's compression, and a
// thread with the semaphores it is handed work through. The rest of the package
// uses the standard library only, so this is the one place to port or audit.
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Dispatch)
import Dispatch
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The file operations of the tools: goldens, pending goldens, and the files they write.
package enum FileSystem {
    package static func kind(_ path: String) -> mode_t? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return status.st_mode & S_IFMT
    }

    package static func exists(_ path: String) -> Bool { kind(path) != nil }
    package static func isFile(_ path: String) -> Bool { kind(path) == S_IFREG }
    package static func isDirectory(_ path: String) -> Bool { kind(path) == S_IFDIR }

    package static func read(_ path: String) -> String? {
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: path)) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    package static func write(_ text: String, to path: String, creatingFolders: Bool = false) throws {
        let url = URL(fileURLWithPath: path)
        if creatingFolders {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        }
        try Data(text.utf8).write(to: url, options: .atomic)
    }

    package static func remove(_ path: String) {
        if isFile(path) { unlink(path) }
    }

    /// Every regular file under `folder`, recursively, skipping hidden entries and links to
    /// folders; paths start
    /// with `folder` (without a leading `./` when the folder is `.`).
    package static func files(under folder: String) -> [String] {
        var result: [String] = []
        var stack = [folder]
        while let directory = stack.popLast() {
            guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory) else { continue }
            for entry in entries.sorted() where !entry.hasPrefix(".") {
                let path = join(directory, entry)
                var status = stat()
                guard lstat(path, &status) == 0 else { continue }
                switch status.st_mode & S_IFMT {
                case S_IFDIR: stack.append(path)
                case S_IFREG: result.append(path)
                // A link to a file counts; links to folders are not followed, so cycles cannot occur.
                case S_IFLNK where isFile(path): result.append(path)
                default: break
                }
            }
        }
        return result.sorted()
    }

    package static func join(_ directory: String, _ entry: String) -> String {
        if directory == "." { return entry }
        return directory.hasSuffix("/") ? directory + entry : directory + "/" + entry
    }
}

/// Buffered standard output, and unbuffered standard error.
package struct Console {
    private var pending = ""

    /// A console with nothing pending.
    package init() {}

    package mutating func write(_ text: String) {
        // A large piece (a replay hands over about 256 KiB at a time) goes out as it is.
        if pending.isEmpty, text.utf8.count >= 1 << 15 {
            Self.writeOut(text)
            return
        }
        pending += text
        if pending.utf8.count >= 1 << 16 { flush() }
    }

    /// Writes UTF-8 bytes, after anything still pending.
    package mutating func write(bytes: UnsafeBufferPointer<UInt8>) {
        flush()
        _ = writeBytes(bytes, to: STDOUT_FILENO)
    }

    package mutating func flush() {
        guard !pending.isEmpty else { return }
        Self.writeOut(pending)
        pending = ""
    }

    /// Writes `text` to standard output without copying it.
    private static func writeOut(_ text: String) {
        var text = text
        text.withUTF8 { _ = writeBytes($0, to: STDOUT_FILENO) }
    }

    package static func error(_ text: String) {
        var line = text + "\n"
        line.withUTF8 { _ = writeBytes($0, to: STDERR_FILENO) }
    }
}

/// Writes every byte to `descriptor`, retrying after a signal; stops at any other error (a
/// closed pipe: the reader went away). Returns whether everything was written.
package func writeBytes(_ bytes: UnsafeBufferPointer<UInt8>, to descriptor: Int32) -> Bool {
    guard var next = bytes.baseAddress else { return true }
    var remaining = bytes.count
    while remaining > 0 {
        let written = write(descriptor, next, remaining)
        if written < 0 {
            if errno == EINTR { continue }
            return false
        }
        next += written
        remaining -= written
    }
    return true
}

/// Writes `text` to the file at `path`, replacing it; on failure, the system's reason.
package func writeFile(_ text: String, to path: String) -> String? {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard descriptor >= 0 else { return String(cString: strerror(errno)) }
    var text = text
    let written = text.withUTF8 { writeBytes($0, to: descriptor) }
    let reason = written ? nil : String(cString: strerror(errno))
    guard close(descriptor) == 0 || reason != nil else { return String(cString: strerror(errno)) }
    return reason
}

extension FileSystem {
    /// Moves `file` to `target`, replacing it; on failure, the system's reason.
    package static func move(_ file: String, to target: String) -> String? {
        rename(file, target) == 0 ? nil : String(cString: strerror(errno))
    }

    /// The current folder.
    package static var currentDirectory: String { FileManager.default.currentDirectoryPath }
}

/// The process's environment variables. (Public: the golden framework's public functions take it
/// as a default argument.)
public var processEnvironment: [String: String] { ProcessInfo.processInfo.environment }

/// A file opened for reading, read in chunks (the log reader's source).
package struct ReadableFile: Sendable {
    /// The file descriptor.
    package let descriptor: Int32

    /// Opens `path`; on failure, or when it is a folder, the reason.
    package static func open(_ path: String) -> Result<ReadableFile, ReadFailure> {
        let descriptor = systemOpen(path, O_RDONLY)
        guard descriptor >= 0 else { return .failure(ReadFailure(String(cString: strerror(errno)))) }
        var status = stat()
        if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
            _ = systemClose(descriptor)
            return .failure(ReadFailure("is a directory, not a log file"))
        }
        return .success(ReadableFile(descriptor: descriptor))
    }

    /// Reads up to `count` bytes into `buffer`, retrying after a signal: the number read, 0 at
    /// the end of the file.
    package func read(into buffer: UnsafeMutablePointer<UInt8>, count: Int) -> Result<Int, ReadFailure> {
        var read: Int
        repeat {
            read = systemRead(descriptor, buffer, count)
        } while read < 0 && errno == EINTR
        return read >= 0 ? .success(read) : .failure(ReadFailure(String(cString: strerror(errno))))
    }

    /// Closes the file.
    package func close() { _ = systemClose(descriptor) }
}

/// Why a file could not be opened or read, in the system's words.
package struct ReadFailure: Error, Sendable {
    /// The system's reason, such as `No such file or directory`.
    package let reason: String
    package init(_ reason: String) { self.reason = reason }
}

/// The first `byte` among the `count` bytes at `start`, found by the C library's `memchr`
/// (many bytes at a time, where a loop takes one).
@inlinable
package func firstByte(_ byte: UInt8, in start: UnsafePointer<UInt8>, count: Int) -> UnsafePointer<UInt8>? {
    guard let found = memchr(start, Int32(byte), count) else { return nil }
    return UnsafePointer(found.assumingMemoryBound(to: UInt8.self))
}

/// The C library's `pow`.
package func power(_ base: Double, _ exponent: Double) -> Double { pow(base, exponent) }

/// The C library's `exp`.
package func exponential(_ value: Double) -> Double { exp(value) }

/// `bytes` compressed by zlib (RFC 1950: what a browser's `DecompressionStream("deflate")`
/// reads), or `nil` when zlib fails (it only fails out of memory).
package func deflate(_ bytes: [UInt8]) -> [UInt8]? {
    var size = compressBound(uLong(bytes.count))
    var output = [UInt8](repeating: 0, count: Int(size))
    let status = output.withUnsafeMutableBufferPointer { out in
        bytes.withUnsafeBufferPointer { input in
            compress2(out.baseAddress, &size, input.baseAddress, uLong(input.count), 6)
        }
    }
    guard status == Z_OK else { return nil }
    output.removeSubrange(Int(size)...)
    return output
}

// The C functions under names that the types' own methods do not hide.
private func systemOpen(_ path: String, _ flags: Int32) -> Int32 { open(path, flags) }
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutablePointer<UInt8>, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
private func systemClose(_ descriptor: Int32) -> Int32 { close(descriptor) }

#if canImport(Dispatch)
/// A counting semaphore, for handing work between two threads.
package final class Semaphore: Sendable {
    private let semaphore: DispatchSemaphore

    package init(value: Int) { semaphore = DispatchSemaphore(value: value) }

    /// Waits until the semaphore is free, and takes it.
    package func wait() { semaphore.wait() }

    /// Takes the semaphore if it is free now; false when it is not.
    package func tryWait() -> Bool { semaphore.wait(timeout: .now()) == .success }

    /// Frees the semaphore once.
    package func signal() { semaphore.signal() }
}

/// Runs `body` for each index of `0..<iterations`, on every core at once; returns when all
/// have run.
package func concurrentPerform(iterations: Int, _ body: @Sendable (Int) -> Void) {
    DispatchQueue.concurrentPerform(iterations: iterations, execute: body)
}

/// Runs `body` on a thread of its own, named `name`.
package func startThread(named name: String, _ body: @escaping @Sendable () -> Void) {
    DispatchQueue(label: name).async(execute: body)
}
#endif
