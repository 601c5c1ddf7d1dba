import ChatScrollUtilities
import Testing

/// The package's one number format.
@Suite("Number text")
struct NumberTextTests {
    @Test(
        "a whole number below 2^53 is an integer; anything else is not",
        arguments: [
            (100, 100), (-3, -3), (-0.0, 0), (9_007_199_254_740_991, 9_007_199_254_740_991),
            (0.5, nil), (9_007_199_254_740_992, nil), (.nan, nil), (.infinity, nil),
        ] as [(Double, Int64?)])
    func wholeNumbers(_ value: Double, _ expected: Int64?) {
        #expect(wholeNumber(value) == expected)
    }

    @Test(
        "integers print without a fraction, other values as their shortest round trip, non-finite ones as text",
        arguments: [
            (100, "100"), (-0.0, "0"), (0.5, "0.5"), (1e-7, "1e-07"), (9_007_199_254_740_992, "9007199254740992.0"),
            (.nan, "nan"), (-.infinity, "-inf"),
        ] as [(Double, String)])
    func formats(_ value: Double, _ expected: String) {
        #expect(formatNumber(value) == expected)
    }
}
