import Dispatch
import Foundation

/// Runs `body` on a new thread with a stack of `stackSize` bytes and waits for it.
public func onThread(stackSize: Int, _ body: @escaping @Sendable () -> Void) {
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
public final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value

    /// Wraps `value`.
    public init(_ value: Value) { stored = value }

    /// Runs `body` with the value, holding the lock.
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&stored)
    }

    /// A copy of the value.
    public var value: Value { withLock { $0 } }
}

/// Lines joined with line breaks, with a final line break.
public func lines(_ lines: String...) -> String {
    lines.map { $0 + "\n" }.joined()
}
