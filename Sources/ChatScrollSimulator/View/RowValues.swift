/// A value for each of the few rows of one screen, by id: a linear search over a dozen rows
/// costs less than hashing their ids, which the checks would do for every row of every frame.
struct RowValues {
    private var ids: [String] = []
    private var values: [Double] = []

    var isEmpty: Bool { ids.isEmpty }

    mutating func reserveCapacity(_ count: Int) {
        ids.reserveCapacity(count)
        values.reserveCapacity(count)
    }

    /// Adds the value of a row that has none yet (the rows of one screen, each once).
    mutating func append(_ id: String, _ value: Double) {
        ids.append(id)
        values.append(value)
    }

    /// The value of `id`, nil when it has none.
    ///
    /// - Complexity: O(*n*), for the *n* rows held.
    subscript(id: String) -> Double? { ids.firstIndex(of: id).map { values[$0] } }
}
