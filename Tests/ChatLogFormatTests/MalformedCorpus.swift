import Dispatch
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `Tests/Malformed`, the corpus of malformed logs.
let corpusFolder = packageRoot.appendingPathComponent("Tests/Malformed", isDirectory: true)

/// The bytes of a corpus file.
func corpusBytes(_ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: corpusFolder.appendingPathComponent(name)))
}
