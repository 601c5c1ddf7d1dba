/// The few rows of one screen, top to bottom, each with its top on screen and its height, in one
/// array: a frame is copied into every check's view of it, and one buffer is one retain.
///
/// A linear search over a dozen rows costs less than hashing their ids, which the checks would
/// do for every row of every frame.
struct ScreenRows: RandomAccessCollection {
    /// One row: its id, its top on screen and its height.
    struct Row {
        var id: String
        var top: Double
        var height: Double
    }

    private var rows: [Row] = []

    var startIndex: Int { rows.startIndex }
    var endIndex: Int { rows.endIndex }
    subscript(position: Int) -> Row { rows[position] }

    mutating func reserveCapacity(_ count: Int) { rows.reserveCapacity(count) }

    /// Adds a row that is not held yet (the rows of one screen, each once).
    mutating func append(_ id: String, top: Double, height: Double) {
        rows.append(Row(id: id, top: top, height: height))
    }

    /// The position of row `id`, nil when it is not held.
    ///
    /// - Complexity: O(*n*), for the *n* rows held.
    func position(of id: String) -> Int? { rows.firstIndex { $0.id == id } }

    /// The top of row `id` on screen, nil when it is not held.
    ///
    /// - Complexity: O(*n*), for the *n* rows held.
    func top(_ id: String) -> Double? { position(of: id).map { rows[$0].top } }

    /// The height of row `id`, nil when it is not held.
    ///
    /// - Complexity: O(*n*), for the *n* rows held.
    func height(_ id: String) -> Double? { position(of: id).map { rows[$0].height } }
}
