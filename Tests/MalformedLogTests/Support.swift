import Dispatch
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The repository's root folder, found from this file's path.
let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// `Tests/Malformed`, the corpus of malformed logs.
let corpusFolder = packageRoot.appendingPathComponent("Tests/Malformed", isDirectory: true)

/// The bytes of a corpus file.
func corpusBytes(_ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: corpusFolder.appendingPathComponent(name)))
}

/// A fresh folder under the system's temporary folder, removed by ``remove()``.
struct TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("MalformedLogTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    var path: String { url.path }

    /// The path of `name` inside the folder.
    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Writes `bytes` to `name` and returns its path.
    @discardableResult
    func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        let file = url.appendingPathComponent(name)
        try Data(bytes).write(to: file)
        return file.path
    }

    /// Writes `text` to `name` and returns its path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        try write(name, Array(text.utf8))
    }

    /// The text of `name`, or `nil` when it cannot be read.
    func read(_ name: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path(name)) else { return nil }
        defer { try? handle.close() }
        // Not `Data(contentsOf:)`: on Linux it keeps a 4 KiB buffer for every empty file it
        // reads, which LeakSanitizer reports.
        guard let data = try? handle.readToEnd() else { return nil }
        return String(decoding: data ?? Data(), as: UTF8.self)
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}

/// Runs the `replay` executable built beside the test bundle, with a time limit.
enum ReplayBinary {
    struct Output: CustomStringConvertible {
        /// The exit status, or the signal number when ``signaled``.
        var status: Int32
        /// Whether the process ended by a signal (a crash), not by exiting.
        var signaled: Bool
        /// Whether the process was killed for running past its time limit.
        var timedOut: Bool
        var stdout: String
        var stderr: String

        /// The lines of standard error, without their line breaks.
        var stderrLines: [String] {
            stderr.split(separator: "\n", omittingEmptySubsequences: false)
                .dropLast(stderr.hasSuffix("\n") ? 1 : 0).map(String.init)
        }

        var description: String {
            let how = timedOut ? "timed out" : signaled ? "killed by signal \(status)" : "exit \(status)"
            return "\(how); stderr: \(stderr.prefix(2_000))"
        }
    }

    /// The built `replay` executable.
    static let url: URL? = {
        func binary(in folder: URL?) -> URL? {
            guard let binary = folder?.appendingPathComponent("replay") else { return nil }
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: binary.path, isDirectory: &isDirectory), !isDirectory.boolValue,
                  FileManager.default.isExecutableFile(atPath: binary.path) else { return nil }
            return binary
        }
        let bundle = Bundle.main.bundleURL
        return binary(in: bundle.deletingLastPathComponent())
            ?? binary(in: bundle)
            ?? binary(in: URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
            // Last, as `Bundle.allBundles` keeps memory that LeakSanitizer reports on Linux.
            ?? binary(in: Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") }?.bundleURL.deletingLastPathComponent())
    }()

    /// Runs `replay arguments` in `folder` and kills it when it runs longer than `timeout`
    /// seconds. Standard output and error go to files, so a large output cannot block it.
    static func run(_ arguments: [String], in folder: String? = nil, timeout: Double = 60) throws -> Output {
        let binary = try #require(url, "the replay executable is not built beside the test bundle")
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = URL(fileURLWithPath: folder) }
        var environment = ProcessInfo.processInfo.environment
        environment["CI"] = nil
        environment["CHAT_GOLDEN_RECORD"] = nil
        process.environment = environment
        let outputs = try TemporaryFolder()
        defer { outputs.remove() }
        _ = FileManager.default.createFile(atPath: outputs.path("out"), contents: nil)
        _ = FileManager.default.createFile(atPath: outputs.path("err"), contents: nil)
        let out = try FileHandle(forWritingTo: URL(fileURLWithPath: outputs.path("out")))
        let err = try FileHandle(forWritingTo: URL(fileURLWithPath: outputs.path("err")))
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        try process.run()
        var timedOut = false
        if finished.wait(timeout: .now() + timeout) == .timedOut {
            timedOut = true
            process.terminate()
            if finished.wait(timeout: .now() + 5) == .timedOut {
                kill(process.processIdentifier, SIGKILL)
                finished.wait()
            }
        }
        process.waitUntilExit()
        try out.close()
        try err.close()
        return Output(
            status: process.terminationStatus,
            signaled: process.terminationReason == .uncaughtSignal,
            timedOut: timedOut,
            stdout: outputs.read("out") ?? "",
            stderr: outputs.read("err") ?? "")
    }
}

/// Runs `body` on a new thread with a stack of `stackSize` bytes and waits for it.
func onThread(stackSize: Int, _ body: @escaping @Sendable () -> Void) {
    let finished = DispatchSemaphore(value: 0)
    let thread = Thread {
        body()
        finished.signal()
    }
    thread.stackSize = stackSize
    thread.start()
    finished.wait()
}

/// A value shared between threads, behind a lock.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
