import Foundation
import Testing

/// The specification the package keeps is `docs/specification.md`: every citation of a section
/// ("specification §N") names a section it has, and nothing cites a specification elsewhere.
@Suite("The specification in the repository")
struct SpecificationTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// This file, whose examples cite what does not exist.
    static let thisFile = "Tests/DocumentationTests/SpecificationTests.swift"

    /// The text files of the package's sources, tests and documents (goldens, logs and this
    /// file excluded).
    static func citingFiles() throws -> [(path: String, text: String)] {
        var files: [(String, String)] = []
        for folder in ["Sources", "Tests", "docs", "Fuzz", "scripts", "Benchmarks"] {
            let base = root.appendingPathComponent(folder)
            guard
                let walker = FileManager.default.enumerator(
                    at: base, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
            else { continue }
            for case let url as URL in walker {
                let path = String(url.path.dropFirst(root.path.count + 1))
                // Fuzz/out holds the fuzzers' build, with a copy of Sources.
                guard ["swift", "md", "sh"].contains(url.pathExtension), path != thisFile, !path.hasPrefix("Fuzz/out/")
                else { continue }
                files.append((path, try String(contentsOf: url, encoding: .utf8)))
            }
        }
        for name in ["README.md", "CHANGELOG.md", "CONTRIBUTING.md"] {
            files.append((name, try String(contentsOf: root.appendingPathComponent(name), encoding: .utf8)))
        }
        return files
    }

    /// The section numbers of `docs/specification.md`: its `## N.` headings.
    static func sections() throws -> [Int] {
        let text = try String(contentsOf: root.appendingPathComponent("docs/specification.md"), encoding: .utf8)
        return text.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("## "), let dot = line.firstIndex(of: ".") else { return nil }
            return Int(line[line.index(line.startIndex, offsetBy: 3)..<dot])
        }
    }

    /// Every section number cited as `§N`, or as `§§N–M` (each of N...M).
    static func citations(in text: String) -> [Int] {
        var cited: [Int] = []
        let scalars = Array(text.unicodeScalars)
        var index = 0
        func number(at start: Int) -> (Int, Int)? {
            var end = start
            while end < scalars.count, ("0"..."9").contains(scalars[end]) { end += 1 }
            guard end > start, let value = Int(String(String.UnicodeScalarView(scalars[start..<end]))) else {
                return nil
            }
            return (value, end)
        }
        while index < scalars.count {
            guard scalars[index] == "§" else {
                index += 1
                continue
            }
            let isRange = index + 1 < scalars.count && scalars[index + 1] == "§"
            guard let (first, end) = number(at: index + (isRange ? 2 : 1)) else {
                index += 1
                continue
            }
            if isRange, end + 1 < scalars.count, scalars[end] == "–" || scalars[end] == "-",
                let (last, rangeEnd) = number(at: end + 1), last >= first
            {
                cited += Array(first...last)
                index = rangeEnd
            } else {
                cited.append(first)
                index = end
            }
        }
        return cited
    }

    @Test func hasTheThirteenSectionsInOrder() throws {
        #expect(try Self.sections() == Array(1...13))
    }

    @Test func everyCitedSectionExists() throws {
        let sections = Set(try Self.sections())
        var missing: [String] = []
        var count = 0
        for (path, text) in try Self.citingFiles() {
            for section in Self.citations(in: text) {
                count += 1
                if !sections.contains(section) { missing.append("\(path): §\(section)") }
            }
        }
        #expect(missing == [])
        // The package cites its specification often; a scan that finds none is broken.
        #expect(count > 100)
    }

    @Test func citationsAreReadAsWritten() {
        #expect(Self.citations(in: "specification §7; §§2–5, §10 and §11; §13") == [7, 2, 3, 4, 5, 10, 11, 13])
    }

    @Test func noTextCitesASpecificationOutsideTheRepository() throws {
        let outside = try Self.citingFiles().filter { $0.text.contains("SPEC") }
        #expect(outside.map(\.path) == [])
    }
}
