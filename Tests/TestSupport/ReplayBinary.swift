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
public let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Runs the `replay` executable built beside the test bundle, or any other executable, in a
/// child process with a time limit. Every test target that runs a built binary uses this one
/// helper, so they agree on how a binary is found, on the environment, on timeouts and on how a
/// crash is told from an exit.
public enum ReplayBinary {
    /// What a finished (or killed) process left behind.
    public struct Output: Sendable, CustomStringConvertible {
        /// The exit status, or the signal number when ``signaled``.
        public var status: Int32
        /// Whether the process ended by a signal (a crash or a kill), not by exiting.
        public var signaled: Bool
        /// Whether the process was killed for running past its time limit.
        public var timedOut: Bool
        /// Standard output, byte for byte.
        public var stdoutData: Data
        /// Standard error, byte for byte.
        public var stderrData: Data

        /// Standard output as UTF-8 text.
        public var stdout: String { String(decoding: stdoutData, as: UTF8.self) }
        /// Standard error as UTF-8 text.
        public var stderr: String { String(decoding: stderrData, as: UTF8.self) }

        /// The lines of standard error, without their line breaks.
        public var stderrLines: [String] {
            let text = stderr
            return text.split(separator: "\n", omittingEmptySubsequences: false)
                .dropLast(text.hasSuffix("\n") ? 1 : 0).map(String.init)
        }

        /// Whether the process exited by itself (not by a signal, not timed out).
        public var exited: Bool { !signaled && !timedOut }

        public var description: String {
            let how = timedOut ? "timed out" : signaled ? "killed by signal \(status)" : "exit \(status)"
            return "\(how); stderr: \(stderr.prefix(2_000))"
        }
    }

    /// The built `replay` executable, or `nil` when it is not beside the test bundle.
    public static let url: URL? = {
        func binary(in folder: URL?) -> URL? {
            guard let binary = folder?.appendingPathComponent("replay") else { return nil }
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: binary.path, isDirectory: &isDirectory),
                !isDirectory.boolValue,
                FileManager.default.isExecutableFile(atPath: binary.path)
            else { return nil }
            return binary
        }
        let bundle = Bundle.main.bundleURL
        return binary(in: bundle.deletingLastPathComponent())
            ?? binary(in: bundle)
            ?? binary(in: URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
            // Last, as `Bundle.allBundles` keeps memory that LeakSanitizer reports on Linux.
            ?? binary(
                in: Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") }?.bundleURL
                    .deletingLastPathComponent())
    }()

    /// Runs `replay arguments` in `folder`.
    ///
    /// The environment is the inherited one without `CI`, `CHAT_GOLDEN_RECORD` and
    /// `CHAT_GOLDEN_ARTIFACTS` (so a test decides them), changed by `environment`: a `nil` value
    /// removes a variable. The process is killed when it runs longer than `timeout` seconds.
    public static func run(
        _ arguments: [String], in folder: String? = nil, environment: [String: String?] = [:], timeout: Double = 120
    ) throws -> Output {
        let binary = try #require(url, "the replay executable is not built beside the test bundle")
        return try run(binary, arguments, in: folder, environment: environment, timeout: timeout)
    }

    /// Runs any executable the same way as ``run(_:in:environment:timeout:)``.
    public static func run(
        _ binary: URL, _ arguments: [String], in folder: String? = nil, environment: [String: String?] = [:],
        timeout: Double = 120
    ) throws -> Output {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = URL(fileURLWithPath: folder) }
        var variables = ProcessInfo.processInfo.environment
        for name in ["CI", "CHAT_GOLDEN_RECORD", "CHAT_GOLDEN_ARTIFACTS"] { variables[name] = nil }
        for (name, value) in environment { variables[name] = value }
        process.environment = variables

        // Files rather than pipes: no deadlock however much is written.
        let outputs = try TemporaryFolder()
        defer { outputs.remove() }
        let out = try FileHandle(forWritingTo: URL(fileURLWithPath: try outputs.write("out", "")))
        let err = try FileHandle(forWritingTo: URL(fileURLWithPath: try outputs.write("err", "")))
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
            stdoutData: outputs.data("out") ?? Data(),
            stderrData: outputs.data("err") ?? Data())
    }
}
