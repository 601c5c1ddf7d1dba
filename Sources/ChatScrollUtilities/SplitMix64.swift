/// SplitMix64: a small, fast, seeded random source that gives the same numbers on every
/// platform, for generated logs, simulated sessions and tests.
///
/// ```swift
/// var random = SplitMix64(seed: 7)
/// let die = random.int(1...6)
/// ```
package struct SplitMix64: Sendable {
    /// The generator's state; each ``next()`` advances it by a fixed odd constant.
    package var state: UInt64

    /// Starts the sequence of `seed`.
    package init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    package mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A value in `0..<bound`; a `bound` below 1 gives 0.
    package mutating func next(below bound: Int) -> Int {
        bound < 1 ? 0 : Int(next() % UInt64(bound))
    }

    /// A whole number in `range`.
    package mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }

    /// A whole number in `range`; an empty range gives its lower bound.
    package mutating func int(_ range: Range<Int>) -> Int {
        range.isEmpty ? range.lowerBound : range.lowerBound + Int(next() % UInt64(range.count))
    }
}
