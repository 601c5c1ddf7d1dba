import ChatPlatform

/// Result slots shared by the workers of ``parallelMap(_:_:)``: each slot is written by exactly
/// one worker, and read only after all of them are done.
private final class ResultSlots<T>: @unchecked Sendable {
    var values: [T?]
    init(_ count: Int) { values = Array(repeating: nil, count: count) }
}

/// Runs `body` for each index of `0..<count` on every core and returns the results in index
/// order, so that the outcome does not depend on the machine.
func parallelMap<T>(_ count: Int, _ body: (Int) -> T) -> [T] {
    guard count > 1 else { return (0..<count).map(body) }
    let slots = ResultSlots<T>(count)
    withoutActuallyEscaping(body) { body in
        // Called once per index, each call on one worker, touching only its own slot.
        nonisolated(unsafe) let work = body
        slots.values.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let buffer = buffer
            concurrentPerform(iterations: count) { index in buffer[index] = work(index) }
        }
    }
    return slots.values.compactMap { $0 }
}
