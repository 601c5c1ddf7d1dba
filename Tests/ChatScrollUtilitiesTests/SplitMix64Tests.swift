import ChatScrollUtilities
import Testing

/// The seeded random source gives the same numbers on every platform.
@Suite("SplitMix64")
struct SplitMix64Tests {
    @Test("seed 0 gives the reference sequence of SplitMix64")
    func referenceSequence() {
        var random = SplitMix64(seed: 0)
        #expect(
            [random.next(), random.next(), random.next()] == [
                0xE220_A839_7B1D_CDAF, 0x6E78_9E6A_A1B9_65F4, 0x06C4_5D18_8009_454F,
            ])
    }

    @Test("ranges: every value within, an empty range gives its bound, a bound below 1 gives 0")
    func ranges() {
        var random = SplitMix64(seed: 7)
        let dice = (0..<1_000).map { _ in random.int(1...6) }
        #expect(Set(dice) == [1, 2, 3, 4, 5, 6])
        #expect(random.int(5..<5) == 5)
        #expect(random.next(below: 0) == 0)
        #expect((0..<100).allSatisfy { _ in (0..<3).contains(random.next(below: 3)) })
    }
}
