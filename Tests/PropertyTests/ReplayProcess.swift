import Foundation
import Testing

/// The `replay` executable built beside the test bundle, run in a child process.
enum ReplayProcess {
    struct Output {
        var status: Int32
        /// Whether the process was ended by a signal (a trap) rather than by exiting.
        var crashed: Bool
        var stdout: Data
        var stderr: Data
    }

    /// The built `replay` executable, found as the replay command's own tests find it.
    static let url: URL? = {
        let bundle = Bundle.main.bundleURL
        let candidates = [
            bundle.deletingLastPathComponent(),
            bundle,
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.allBundles.first { $0.bundlePath.hasSuffix(".xctest") }?.bundleURL.deletingLastPathComponent(),
        ].compactMap { $0 }
        for folder in candidates {
            let binary = folder.appendingPathComponent("replay")
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: binary.path, isDirectory: &isDirectory), !isDirectory.boolValue,
               FileManager.default.isExecutableFile(atPath: binary.path) {
                return binary
            }
        }
        return nil
    }()

    /// Runs `replay arguments` with the inherited environment changed by `environment`
    /// (a `nil` value removes the variable).
    static func run(_ arguments: [String], environment: [String: String?] = [:]) throws -> Output {
        let binary = try #require(url, "the replay executable is not built beside the test bundle")
        return try run(binary, arguments, environment: environment)
    }

    /// Runs any executable the same way.
    static func run(_ binary: URL, _ arguments: [String], environment: [String: String?] = [:]) throws -> Output {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        var variables = ProcessInfo.processInfo.environment
        variables["CI"] = nil
        variables["CHAT_GOLDEN_RECORD"] = nil
        for (name, value) in environment { variables[name] = value }
        process.environment = variables

        // Files rather than pipes: no deadlock however much is written.
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("PropertyTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let outURL = folder.appendingPathComponent("out")
        let errURL = folder.appendingPathComponent("err")
        FileManager.default.createFile(atPath: outURL.path, contents: nil)
        FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        process.standardOutput = out
        process.standardError = err
        try process.run()
        process.waitUntilExit()
        try out.close()
        try err.close()
        return Output(
            status: process.terminationStatus, crashed: process.terminationReason == .uncaughtSignal,
            stdout: try Data(contentsOf: outURL), stderr: try Data(contentsOf: errURL))
    }
}

/// The repository's root folder, found from this file's path.
let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
