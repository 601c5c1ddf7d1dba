import Foundation
import Testing

/// A fresh folder under the system's temporary folder, removed by ``remove()``.
struct TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("ReplayTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    var path: String { url.path }

    /// The path of `name` inside the folder.
    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Writes `text` to `name` (creating intermediate folders) and returns its path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        let file = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
        return file.path
    }

    /// The text of `name`, or `nil` when it does not exist.
    func read(_ name: String) -> String? {
        (try? Data(contentsOf: url.appendingPathComponent(name))).map { String(decoding: $0, as: UTF8.self) }
    }

    func exists(_ name: String) -> Bool {
        FileManager.default.fileExists(atPath: path(name))
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}

/// Lines joined with line breaks, with a final line break.
func lines(_ lines: String...) -> String {
    lines.map { $0 + "\n" }.joined()
}

/// A small log used by several tests.
let smallLog = lines(
    #"{"chatlog":1,"config":{"atBottomThreshold":10}}"#,
    #"{"type":"viewportChanged","height":800,"insetTop":100,"insetBottom":50,"t":0}"#,
    #"{"type":"historyLoaded","messages":[{"id":"m1","direction":"incoming","height":400},{"id":"m2","direction":"outgoing","height":300},{"id":"m3","direction":"incoming","height":300}],"hasMoreOlder":false,"t":0.1}"#,
    #"{"type":"dragBegan","t":1}"#,
    #"{"type":"scrolled","offset":100,"t":1.1}"#,
    #"{"type":"dragEnded","offset":100,"t":1.2}"#
)

/// The repository's root folder, found from this file's path.
let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Runs the `replay` executable built beside the test bundle.
enum ReplayBinary {
    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The built `replay` executable.
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

    /// Runs `replay arguments` in `folder`, with the inherited environment minus `CI` and
    /// `CHAT_GOLDEN_RECORD`, plus `environment`.
    static func run(_ arguments: [String], in folder: String? = nil, environment: [String: String] = [:]) throws -> Output {
        let binary = try #require(url, "the replay executable is not built beside the test bundle")
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        if let folder { process.currentDirectoryURL = URL(fileURLWithPath: folder) }
        var inherited = ProcessInfo.processInfo.environment
        inherited["CI"] = nil
        inherited["CHAT_GOLDEN_RECORD"] = nil
        process.environment = inherited.merging(environment) { $1 }
        let outputs = try TemporaryFolder()
        defer { outputs.remove() }
        _ = FileManager.default.createFile(atPath: outputs.path("out"), contents: nil)
        _ = FileManager.default.createFile(atPath: outputs.path("err"), contents: nil)
        let out = try FileHandle(forWritingTo: URL(fileURLWithPath: outputs.path("out")))
        let err = try FileHandle(forWritingTo: URL(fileURLWithPath: outputs.path("err")))
        process.standardOutput = out
        process.standardError = err
        try process.run()
        process.waitUntilExit()
        try out.close()
        try err.close()
        return Output(status: process.terminationStatus, stdout: outputs.read("out") ?? "", stderr: outputs.read("err") ?? "")
    }
}
