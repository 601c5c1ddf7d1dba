import ChatEvents
import ChatPlatform

/// When a golden check writes `NAME.golden` instead of failing.
///
/// Chosen by `replay check --update` or by the environment variable `CHAT_GOLDEN_RECORD`;
/// on continuous integration (`CI` set and not `false` or `0`) it is always ``never``.
public enum GoldenRecordPolicy: String, Sendable, Hashable, CaseIterable {
    /// Never write a golden: a missing or different golden fails.
    case never
    /// Record goldens that do not exist yet; a different golden fails. The default.
    case missing
    /// Record goldens that do not exist or differ: every check passes.
    case failed
    /// Record every golden, whether it exists, differs or matches (`--update`).
    case all

    /// The environment variable that chooses the policy: `CHAT_GOLDEN_RECORD`.
    public static let environmentVariable = "CHAT_GOLDEN_RECORD"

    /// Whether `environment` describes a continuous-integration run: `CI` is set and is not
    /// `false` or `0`.
    public static func isContinuousIntegration(_ environment: [String: String]) -> Bool {
        guard let value = environment["CI"] else { return false }
        return value.lowercased() != "false" && value != "0"
    }

    /// The policy in effect: ``never`` on continuous integration; otherwise ``all`` with
    /// `update`, else `CHAT_GOLDEN_RECORD`, else ``missing``.
    ///
    /// - Throws: ``GoldenError/invalidPolicy(_:)`` when `CHAT_GOLDEN_RECORD` names no policy.
    public static func resolve(
        update: Bool = false, environment: [String: String] = processEnvironment
    ) throws(GoldenError) -> GoldenRecordPolicy {
        if isContinuousIntegration(environment) { return .never }
        if update { return .all }
        guard let value = environment[environmentVariable], !value.isEmpty else { return .missing }
        guard let policy = GoldenRecordPolicy(rawValue: value.lowercased()) else {
            throw .invalidPolicy(value)
        }
        return policy
    }

    var recordsMissing: Bool { self != .never }
    var recordsMismatches: Bool { self == .failed || self == .all }
}

/// Where a check writes the timeline of a golden that differs or is missing, for review.
///
/// On a developer's machine the pending file goes beside its golden as `NAME.golden.new`, for
/// `replay accept`. On continuous integration nothing is written into the source tree: the
/// diff is printed, and with `CHAT_GOLDEN_ARTIFACTS=DIR` the pending files go to `DIR` under
/// the goldens' relative paths, for the CI job to keep as artifacts.
public enum PendingGoldenLocation: Sendable, Hashable {
    /// `NAME.golden.new` beside `NAME.golden`.
    case besideGolden
    /// `DIR/PATH.new`, where `PATH` is the golden's path relative to the current folder.
    case artifacts(directory: String)
    /// Nowhere: a mismatch is only reported.
    case nowhere

    /// The environment variable that names the artifacts folder: `CHAT_GOLDEN_ARTIFACTS`.
    public static let environmentVariable = "CHAT_GOLDEN_ARTIFACTS"

    /// The location in effect: ``artifacts(directory:)`` when `CHAT_GOLDEN_ARTIFACTS` is set
    /// and not empty; otherwise ``nowhere`` on continuous integration and ``besideGolden``
    /// elsewhere.
    public static func resolve(
        environment: [String: String] = processEnvironment
    ) -> PendingGoldenLocation {
        if let directory = environment[environmentVariable], !directory.isEmpty {
            return .artifacts(directory: directory)
        }
        return GoldenRecordPolicy.isContinuousIntegration(environment) ? .nowhere : .besideGolden
    }

    /// Where the pending file of the golden at `golden` goes, or `nil` for ``nowhere``.
    public func path(forGolden golden: String) -> String? {
        switch self {
        case .besideGolden:
            return GoldenFile.pendingPath(forGolden: golden)
        case .artifacts(let directory):
            return FileSystem.join(directory, Self.relativePath(of: golden)) + ".new"
        case .nowhere:
            return nil
        }
    }

    /// `path` relative to the current folder, without `.` and `..` components, so that it
    /// stays inside the artifacts folder.
    static func relativePath(of path: String) -> String {
        var path = path
        if path.hasPrefix("/") {
            let current = FileSystem.currentDirectory
            let prefix = current.hasSuffix("/") ? current : current + "/"
            path = path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
        }
        return path.split(separator: "/").filter { $0 != "." && $0 != ".." }.joined(separator: "/")
    }
}

/// Where a golden timeline first differs from the replay's.
public struct GoldenMismatch: Sendable, Hashable, CustomStringConvertible {
    /// The first step whose block differs, or `nil` when the header (the configuration) differs.
    public var step: Int?
    /// That step's event as the timeline shows it, such as `scrolled offset=1200`.
    public var eventLine: String?
    /// The differing block as a compact unified diff: lines prefixed with `-` (expected),
    /// `+` (actual) or a space (both).
    public var diff: [String]
    /// How many steps after the first differ as well.
    public var laterDifferingSteps: Int

    /// Creates a mismatch.
    public init(step: Int?, eventLine: String?, diff: [String], laterDifferingSteps: Int) {
        self.step = step
        self.eventLine = eventLine
        self.diff = diff
        self.laterDifferingSteps = laterDifferingSteps
    }

    /// The headline, the diff and the count of later differing steps, one per line.
    public var description: String {
        var lines: [String] = []
        if let step {
            lines.append("first difference at step #\(step)" + (eventLine.map { ": \($0)" } ?? ""))
        } else {
            lines.append("first difference in the header (the format version or the configuration)")
        }
        lines += diff.map { "  " + $0 }
        switch laterDifferingSteps {
        case 0: lines.append("no later step differs")
        case 1: lines.append("1 later step differs too")
        default: lines.append("\(laterDifferingSteps) later steps differ too")
        }
        return lines.joined(separator: "\n")
    }
}

/// The outcome of checking one log against its golden.
public struct GoldenResult: Sendable, Hashable, CustomStringConvertible {
    /// What happened.
    public enum Outcome: Sendable, Hashable {
        /// The replay matches the golden.
        case passed
        /// The golden was written; `replaced` is how the old golden differed, `nil` when there
        /// was none or it matched.
        case recorded(replaced: GoldenMismatch?)
        /// The check failed.
        case failed(GoldenFailure)
    }

    /// The pair's name: the log's path without `.jsonl`.
    public var name: String
    /// The path of `NAME.jsonl`, or `nil` for a replay of events held in memory.
    public var log: String?
    /// The path of `NAME.golden`.
    public var golden: String
    /// What happened.
    public var outcome: Outcome

    /// Creates a result.
    public init(name: String, log: String?, golden: String, outcome: Outcome) {
        self.name = name
        self.log = log
        self.golden = golden
        self.outcome = outcome
    }

    /// Whether the check passed (recording counts as passing).
    public var passed: Bool {
        if case .failed = outcome { return false }
        return true
    }

    /// What `replay check` prints: `ok   NAME`, `new  NAME (recorded)` or `FAIL NAME`
    /// followed by indented details.
    public var description: String {
        switch outcome {
        case .passed:
            return "ok   \(name)"
        case .recorded(replaced: nil):
            return "new  \(name) (recorded)"
        case .recorded(replaced: let mismatch?):
            let step = mismatch.step.map { "step #\($0)" } ?? "the header"
            return "new  \(name) (recorded; the old golden differed from \(step) on)"
        case .failed(let failure):
            var details = failure.description
            if let pending = failure.pending {
                // Beside its golden, `replay accept` promotes it; in an artifacts folder it is for review.
                details +=
                    pending == PendingGoldenLocation.besideGolden.path(forGolden: golden)
                    ? "\nwrote \(pending); `replay accept` makes it the golden" : "\nwrote \(pending)"
            }
            return "FAIL \(name)\n"
                + details.split(separator: "\n", omittingEmptySubsequences: false)
                .map { "  " + $0 }.joined(separator: "\n")
        }
    }
}

/// Why a golden check failed.
public enum GoldenFailure: Sendable, Hashable, CustomStringConvertible {
    /// The replay differs from the golden; `pending` is the pending timeline written (beside
    /// the golden, or in the artifacts folder), `nil` when none was.
    case mismatch(GoldenMismatch, pending: String?)
    /// The golden does not exist and the policy does not record it; `pending` is the pending
    /// timeline written instead, `nil` when none was.
    case missingGolden(pending: String?)
    /// A golden exists without its log.
    case missingLog(String)
    /// The log cannot be read or decoded.
    case log(LogReadError)
    /// A file could not be written or read.
    case fileError(path: String, message: String)

    /// The details `replay check` prints under `FAIL NAME` (the result adds where the pending
    /// timeline was written).
    public var description: String {
        switch self {
        case .mismatch(let mismatch, _):
            return mismatch.description
        case .missingGolden:
            return "no golden file (the record policy is never, or CI is set)"
        case .missingLog(let path):
            return "the golden has no log: \(path) does not exist"
        case .log(let error):
            return error.description
        case .fileError(let path, let message):
            return "\(path): \(message)"
        }
    }

    /// The pending timeline the check wrote, if any.
    public var pending: String? {
        switch self {
        case .mismatch(_, let pending), .missingGolden(let pending): pending
        case .missingLog, .log, .fileError: nil
        }
    }
}

/// Why a golden could not be verified.
public enum GoldenError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A check failed; the result tells why.
    case failed(GoldenResult)
    /// `CHAT_GOLDEN_RECORD` names no policy.
    case invalidPolicy(String)
    /// A path to check or accept does not exist or cannot be read.
    case unreadablePath(String, message: String)

    /// A message for a test failure or the command line.
    public var description: String {
        switch self {
        case .failed(let result):
            return result.description
        case .invalidPolicy(let value):
            return "\(GoldenRecordPolicy.environmentVariable)=\(value) is not a record policy; "
                + "use one of never, missing, failed, all"
        case .unreadablePath(let path, let message):
            return "\(path): \(message)"
        }
    }
}

/// Golden files: a log's text timeline pinned beside it as `NAME.golden`.
///
/// In a test, one call replays a log and compares it with its golden:
///
/// ```swift
/// @Test func keyboardKeepsTheLastMessageVisible() throws {
///     try GoldenFile.verify(log: "Tests/Golden/keyboard.jsonl")
/// }
/// ```
///
/// A mismatch throws a ``GoldenError`` naming the first differing step, and writes
/// `NAME.golden.new` for `replay accept` unless the policy records it.
public enum GoldenFile {
    /// The extension of logs: `jsonl`.
    public static let logExtension = "jsonl"
    /// The extension of goldens: `golden`.
    public static let goldenExtension = "golden"
    /// The extension of pending goldens: `golden.new`.
    public static let pendingExtension = "golden.new"

    /// `NAME.golden.new` for `NAME.golden`: the pending timeline beside a golden.
    static func pendingPath(forGolden golden: String) -> String { golden + ".new" }

    /// `NAME.golden` for `NAME.jsonl` (or any other path: the extension is replaced or added).
    public static func goldenPath(forLog log: String) -> String {
        stem(of: log) + "." + goldenExtension
    }

    /// Replays the log at `log` and compares its timeline with `NAME.golden` beside it.
    ///
    /// - Parameters:
    ///   - log: The path of `NAME.jsonl`.
    ///   - policy: When to record; `nil` resolves it from the environment with
    ///     ``GoldenRecordPolicy/resolve(update:environment:)``.
    ///   - pending: Where the timeline of a failed check goes; `nil` resolves it from the
    ///     environment with ``PendingGoldenLocation/resolve(environment:)`` (never beside the
    ///     golden under CI).
    /// - Returns: The result: passed or recorded.
    /// - Throws: ``GoldenError`` when the check fails.
    @discardableResult
    public static func verify(
        log: String, policy: GoldenRecordPolicy? = nil, pending: PendingGoldenLocation? = nil
    ) throws(GoldenError) -> GoldenResult {
        let result = check(log: log, policy: try resolved(policy), pending: pending ?? .resolve())
        guard result.passed else { throw .failed(result) }
        return result
    }

    /// Replays `events` held in memory and compares their timeline with the golden at `golden`.
    ///
    /// ```swift
    /// try GoldenFile.verify(events: recorded, configuration: config, golden: "Tests/Golden/send.golden")
    /// ```
    ///
    /// The policy and the pending location are resolved as for ``verify(log:policy:pending:)``.
    ///
    /// - Returns: The result: passed or recorded.
    /// - Throws: ``GoldenError`` when the check fails.
    @discardableResult
    public static func verify(
        events: [LoggedEvent], configuration: ChatConfiguration = ChatConfiguration(), golden: String,
        policy: GoldenRecordPolicy? = nil, pending: PendingGoldenLocation? = nil
    ) throws(GoldenError) -> GoldenResult {
        let actual = TimelineRenderer.timeline(of: events, configuration: configuration)
        let result = compare(
            actual: actual, name: stem(of: golden), log: nil, golden: golden, policy: try resolved(policy),
            pending: pending ?? .resolve())
        guard result.passed else { throw .failed(result) }
        return result
    }

    private static func resolved(_ policy: GoldenRecordPolicy?) throws(GoldenError) -> GoldenRecordPolicy {
        if let policy { return policy }
        return try GoldenRecordPolicy.resolve()
    }

    /// Replays the log at `log` and compares it with its golden under `policy`, without throwing;
    /// the timeline of a failed check goes where `pending` says.
    public static func check(
        log: String, policy: GoldenRecordPolicy, pending pendingLocation: PendingGoldenLocation = .besideGolden
    ) -> GoldenResult {
        let name = stem(of: log)
        let golden = goldenPath(forLog: log)
        let actual: String
        do throws(LogReadError) {
            actual = TimelineRenderer.timeline(of: try ChatLog(contentsOf: log))
        } catch {
            if error.kind == .unreadable, !FileSystem.isFile(log), FileSystem.isFile(golden) {
                return GoldenResult(name: name, log: log, golden: golden, outcome: .failed(.missingLog(log)))
            }
            return GoldenResult(name: name, log: log, golden: golden, outcome: .failed(.log(error)))
        }
        return compare(actual: actual, name: name, log: log, golden: golden, policy: policy, pending: pendingLocation)
    }

    /// Compares an actual timeline with the golden at `golden`, recording it as `policy` says,
    /// or writing the pending timeline where `pendingLocation` says.
    static func compare(
        actual: String, name: String, log: String?, golden: String, policy: GoldenRecordPolicy,
        pending pendingLocation: PendingGoldenLocation
    ) -> GoldenResult {
        // A stale pending file beside the golden is removed once the golden passes or is recorded.
        let pending = GoldenFile.pendingPath(forGolden: golden)
        let pendingTarget = pendingLocation.path(forGolden: golden)
        func result(_ outcome: GoldenResult.Outcome) -> GoldenResult {
            GoldenResult(name: name, log: log, golden: golden, outcome: outcome)
        }
        func record(_ replaced: GoldenMismatch?) -> GoldenResult {
            do {
                try FileSystem.write(actual, to: golden)
            } catch {
                return result(.failed(.fileError(path: golden, message: "cannot write the golden: \(error)")))
            }
            FileSystem.remove(pending)
            return result(.recorded(replaced: replaced))
        }
        func writePending() -> String? {
            guard let pendingTarget else { return nil }
            return (try? FileSystem.write(actual, to: pendingTarget, creatingFolders: true)) == nil
                ? nil : pendingTarget
        }

        guard FileSystem.isFile(golden) else {
            if policy.recordsMissing { return record(nil) }
            return result(.failed(.missingGolden(pending: writePending())))
        }
        guard let expected = FileSystem.read(golden) else {
            return result(.failed(.fileError(path: golden, message: "cannot read the golden")))
        }
        guard let mismatch = compare(expected: expected, actual: actual) else {
            FileSystem.remove(pending)
            return result(.passed)
        }
        if policy.recordsMismatches { return record(mismatch) }
        return result(.failed(.mismatch(mismatch, pending: writePending())))
    }

    /// Where two timelines first differ, or `nil` when they are equal (line endings aside).
    ///
    /// The timelines are compared step by step: the first differing step is reported with a
    /// diff of its block, and the later differing steps are counted.
    public static func compare(expected: String, actual: String) -> GoldenMismatch? {
        let expectedBlocks = blocks(of: expected)
        let actualBlocks = blocks(of: actual)
        let common = min(expectedBlocks.count, actualBlocks.count)
        guard
            let first = (0..<common).first(where: { expectedBlocks[$0] != actualBlocks[$0] })
                ?? (expectedBlocks.count == actualBlocks.count ? nil : common)
        else { return nil }
        let old = first < expectedBlocks.count ? expectedBlocks[first] : []
        let new = first < actualBlocks.count ? actualBlocks[first] : []
        var later = 0
        for index in (first + 1)..<max(expectedBlocks.count, actualBlocks.count, first + 1) {
            let lhs = index < expectedBlocks.count ? expectedBlocks[index] : nil
            let rhs = index < actualBlocks.count ? actualBlocks[index] : nil
            if lhs != rhs { later += 1 }
        }
        let heading = (new.first ?? old.first).flatMap(stepHeading)
        return GoldenMismatch(
            step: first == 0 ? nil : heading?.step, eventLine: first == 0 ? nil : heading?.event,
            diff: lineDiff(old, new), laterDifferingSteps: later)
    }

    /// The header block, then one block per step, without blank lines.
    static func blocks(of timeline: String) -> [[Substring]] {
        var blocks: [[Substring]] = [[]]
        // "\r\n" is a single Character, so split on any line break.
        for line in timeline.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            if line.hasPrefix("#") { blocks.append([]) }
            if !line.isEmpty { blocks[blocks.count - 1].append(line) }
        }
        return blocks
    }

    /// `#12 scrolled offset=3` as `(12, "scrolled offset=3")`.
    static func stepHeading(_ line: Substring) -> (step: Int, event: String)? {
        guard line.hasPrefix("#") else { return nil }
        let body = line.dropFirst()
        let number = body.prefix { $0.isNumber }
        guard let step = Int(number) else { return nil }
        return (step, String(body.dropFirst(number.count).drop { $0 == " " }))
    }

    /// A line diff from the longest common subsequence: ` ` common, `-` old only, `+` new only.
    static func lineDiff(_ old: [Substring], _ new: [Substring]) -> [String] {
        let rows = old.count + 1
        let columns = new.count + 1
        var lengths = [Int](repeating: 0, count: rows * columns)
        for i in stride(from: old.count - 1, through: 0, by: -1) {
            for j in stride(from: new.count - 1, through: 0, by: -1) {
                lengths[i * columns + j] =
                    old[i] == new[j]
                    ? lengths[(i + 1) * columns + j + 1] + 1
                    : max(lengths[(i + 1) * columns + j], lengths[i * columns + j + 1])
            }
        }
        var diff: [String] = []
        var i = 0
        var j = 0
        while i < old.count || j < new.count {
            if i < old.count, j < new.count, old[i] == new[j] {
                diff.append(" " + old[i])
                i += 1
                j += 1
            } else if j < new.count, i == old.count || lengths[i * columns + j + 1] >= lengths[(i + 1) * columns + j] {
                diff.append("+" + new[j])
                j += 1
            } else {
                diff.append("-" + old[i])
                i += 1
            }
        }
        // Show removals before additions within each changed run, as unified diffs do.
        var ordered: [String] = []
        var index = 0
        while index < diff.count {
            guard diff[index].first != " " else {
                ordered.append(diff[index])
                index += 1
                continue
            }
            var end = index
            while end < diff.count, diff[end].first != " " { end += 1 }
            let run = diff[index..<end]
            ordered += run.filter { $0.first == "-" } + run.filter { $0.first == "+" }
            index = end
        }
        return ordered
    }

    /// The path without its log, golden or pending extension.
    static func stem(of path: String) -> String {
        for suffix in ["." + pendingExtension, "." + goldenExtension, "." + logExtension] where path.hasSuffix(suffix) {
            return String(path.dropLast(suffix.count))
        }
        return path
    }
}

/// The results of checking many pairs: what `replay check` prints.
public struct GoldenSummary: Sendable, Hashable, CustomStringConvertible {
    /// One result per pair, in the order of their names.
    public var results: [GoldenResult]

    /// Creates a summary.
    public init(results: [GoldenResult]) {
        self.results = results
    }

    /// The number of pairs that passed or were recorded.
    public var passed: Int { results.count { $0.passed } }
    /// The number of pairs that failed.
    public var failed: Int { results.count { !$0.passed } }

    /// The closing line: `N passed, N failed`.
    public var summaryLine: String { "\(passed) passed, \(failed) failed" }

    /// Every result, then the closing line.
    public var description: String {
        (results.map(\.description) + [summaryLine]).joined(separator: "\n")
    }
}

/// Checks and accepts every golden pair under some paths: the library behind `replay check`
/// and `replay accept`.
public enum GoldenSuite {
    /// The pairs named by `paths`: a `NAME.jsonl`, `NAME.golden` or `NAME.golden.new` file names
    /// its pair; a folder is searched recursively for `*.jsonl` and `*.golden`, skipping hidden
    /// folders. Sorted by name, without duplicates.
    ///
    /// - Returns: The paths of the logs (`NAME.jsonl`), whether they exist or not.
    /// - Throws: ``GoldenError/unreadablePath(_:message:)`` for a path that does not exist or
    ///   is neither a folder nor one of those files.
    public static func logs(under paths: [String]) throws(GoldenError) -> [String] {
        var stems = Set<String>()
        for path in paths {
            if FileSystem.isDirectory(path) {
                for file in FileSystem.files(under: path)
                where file.hasSuffix("." + GoldenFile.logExtension) || file.hasSuffix("." + GoldenFile.goldenExtension)
                {
                    stems.insert(GoldenFile.stem(of: file))
                }
            } else if FileSystem.isFile(path) {
                let stem = GoldenFile.stem(of: path)
                guard stem != path else {
                    throw .unreadablePath(path, message: "not a log (.jsonl), a golden (.golden) or a folder")
                }
                stems.insert(stem)
            } else {
                throw .unreadablePath(path, message: "no such file or folder")
            }
        }
        return stems.sorted().map { $0 + "." + GoldenFile.logExtension }
    }

    /// Checks every pair under `paths` with `policy`, handing each result to `progress` as it
    /// is known; the timelines of failed checks go where `pending` says.
    ///
    /// ```swift
    /// let summary = try GoldenSuite.check(["Tests/Golden"], policy: .never)
    /// #expect(summary.failed == 0, "\(summary)")
    /// ```
    ///
    /// - Throws: ``GoldenError/unreadablePath(_:message:)`` for a path that cannot be searched.
    public static func check(
        _ paths: [String], policy: GoldenRecordPolicy, pending: PendingGoldenLocation = .besideGolden,
        progress: (GoldenResult) -> Void = { _ in }
    ) throws(GoldenError) -> GoldenSummary {
        var results: [GoldenResult] = []
        for log in try logs(under: paths) {
            let result = GoldenFile.check(log: log, policy: policy, pending: pending)
            progress(result)
            results.append(result)
        }
        return GoldenSummary(results: results)
    }

    /// Promotes every pending `NAME.golden.new` under `paths` (a folder is searched
    /// recursively) to `NAME.golden`.
    ///
    /// - Returns: The goldens written, sorted.
    /// - Throws: ``GoldenError/unreadablePath(_:message:)`` for a path that does not exist or
    ///   a file that cannot be moved.
    public static func accept(_ paths: [String]) throws(GoldenError) -> [String] {
        var pending = Set<String>()
        let suffix = "." + GoldenFile.pendingExtension
        for path in paths {
            if FileSystem.isDirectory(path) {
                pending.formUnion(FileSystem.files(under: path).filter { $0.hasSuffix(suffix) })
            } else if FileSystem.isFile(path) {
                let candidate = GoldenFile.stem(of: path) + suffix
                if FileSystem.isFile(candidate) { pending.insert(candidate) }
            } else {
                throw .unreadablePath(path, message: "no such file or folder")
            }
        }
        var accepted: [String] = []
        for file in pending.sorted() {
            let golden = String(file.dropLast(".new".count))
            if let reason = FileSystem.move(file, to: golden) {
                throw .unreadablePath(file, message: "cannot move to \(golden): \(reason)")
            }
            accepted.append(golden)
        }
        return accepted
    }
}
