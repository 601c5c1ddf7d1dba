/// What a candidate of ``deltaDebugging(_:triesSubsets:_:)`` showed.
package enum DeltaDebuggingAnswer<Element> {
    /// The candidate shows the behaviour; go on from `kept` (the candidate, or a prefix of it).
    case shows(_ kept: [Element])
    /// The candidate does not show the behaviour.
    case doesNotShow
    /// No more candidates may be tried: return what was found so far.
    case stop
}

/// Delta debugging (Zeller's ddmin): removes chunks of `list` at doubling granularity for as
/// long as what is left still shows the behaviour, and returns what is left.
///
/// At each granularity it tries, with `triesSubsets`, each chunk alone (a hit starts again at
/// two chunks), then the list without each chunk (a hit lowers the granularity by one); with
/// two chunks and `triesSubsets` the complements are the subsets already tried.
///
/// ```swift
/// let kept = deltaDebugging([1, 2, 3, 4, 5, 6], triesSubsets: false) { $0.contains(4) ? .shows($0) : .doesNotShow }
/// // [4]
/// ```
///
/// - Complexity: O(n²) calls of `test` at worst, O(n log n) when one element matters.
package func deltaDebugging<Element>(
    _ list: [Element], triesSubsets: Bool, _ test: ([Element]) -> DeltaDebuggingAnswer<Element>
) -> [Element] {
    var current = list
    var granularity = 2
    while current.count >= 2 {
        let chunks = chunks(of: current.count, into: granularity)
        var reduced = false
        if triesSubsets {
            for range in chunks {
                switch test(Array(current[range])) {
                case .shows(let kept):
                    current = kept
                    granularity = 2
                    reduced = true
                case .doesNotShow: continue
                case .stop: return current
                }
                break
            }
        }
        if !reduced, !triesSubsets || chunks.count > 2 {
            for range in chunks {
                var complement = Array(current[..<range.lowerBound])
                complement += current[range.upperBound...]
                switch test(complement) {
                case .shows(let kept):
                    current = kept
                    granularity = max(granularity - 1, 2)
                    reduced = true
                case .doesNotShow: continue
                case .stop: return current
                }
                break
            }
        }
        if !reduced {
            if granularity >= current.count { break }
            granularity = min(granularity * 2, current.count)
        }
    }
    return current
}

/// `0..<count` split into `parts` nearly equal, non-empty ranges.
func chunks(of count: Int, into parts: Int) -> [Range<Int>] {
    let parts = max(1, min(parts, count))
    var ranges: [Range<Int>] = []
    var lower = 0
    for part in 0..<parts {
        let upper = (count * (part + 1)) / parts
        if upper > lower { ranges.append(lower..<upper) }
        lower = upper
    }
    return ranges
}
