/// A Fenwick (binary indexed) tree over non-negative values that grows at its end.
///
/// Prefix sums, point updates, appends and "first prefix reaching a value" searches are all
/// O(log n), which keeps positions of messages cheap however long the conversation is.
struct FenwickTree<Value: AdditiveArithmetic & Comparable & Sendable>: Sendable, Equatable {
    /// 1-based tree nodes; `nodes[0]` is unused.
    private var nodes: [Value] = [.zero]
    /// The sum of every element, kept so that ``total`` is O(1).
    private(set) var total: Value = .zero

    /// The number of elements.
    var count: Int { nodes.count - 1 }

    /// An empty tree.
    init() {}

    /// A tree of `count` zeros.
    ///
    /// - Complexity: O(n).
    init(zeros count: Int) {
        nodes = Array(repeating: .zero, count: count + 1)
    }

    /// Appends an element.
    ///
    /// - Complexity: O(log n) amortized.
    mutating func append(_ value: Value) {
        let index = nodes.count
        let lowest = index & -index
        // The new node covers (index - lowest, index]: value plus the elements before it.
        var node = value
        var child = index - 1
        let stop = index - lowest
        while child > stop {
            node += nodes[child]
            child -= child & -child
        }
        nodes.append(node)
        total += value
    }

    /// Adds `delta` to the element at the 0-based `position`.
    ///
    /// - Complexity: O(log n).
    mutating func add(_ delta: Value, at position: Int) {
        var index = position + 1
        while index < nodes.count {
            nodes[index] += delta
            index += index & -index
        }
        total += delta
    }

    /// The sum of the first `length` elements.
    ///
    /// - Complexity: O(log n).
    func prefixSum(_ length: Int) -> Value {
        var index = min(length, count)
        var sum = Value.zero
        while index > 0 {
            sum += nodes[index]
            index -= index & -index
        }
        return sum
    }

    /// The number of leading elements whose sum stays at or below `limit`
    /// (`inclusive`), or strictly below it; that is, the largest `k` with
    /// `prefixSum(k) <= limit` (or `< limit`).
    ///
    /// - Complexity: O(log n).
    func prefixLength(summingAtMost limit: Value, inclusive: Bool) -> Int {
        search(limit, inclusive: inclusive) { nodes[$0] }
    }

    /// The node at the 1-based `index`: the sum of the elements it covers (its lowest set bit's
    /// worth of elements, ending at `index`).
    @inline(__always)
    func node(_ index: Int) -> Value { nodes[index] }

    @inline(__always)
    private func search(_ limit: Value, inclusive: Bool, node: (Int) -> Value) -> Int {
        Self.search(count: count, limit, inclusive: inclusive, node: node)
    }

    /// The descent of ``prefixLength(summingAtMost:inclusive:)`` over `count` elements whose
    /// Fenwick nodes are `node(index)`: the nodes of one tree, or of several combined index by
    /// index (trees of as many elements have the same shape).
    ///
    /// - Complexity: O(log n).
    @inline(__always)
    static func search(count: Int, _ limit: Value, inclusive: Bool, node: (Int) -> Value) -> Int {
        var position = 0
        var remaining = limit
        var step = 1
        while step * 2 <= count { step *= 2 }
        while step > 0 {
            let next = position + step
            if next <= count {
                let value = node(next)
                if inclusive ? value <= remaining : value < remaining {
                    position = next
                    remaining -= value
                }
            }
            step /= 2
        }
        return position
    }
}
