/// A number as the wire format writes it, and as every human-readable output prints it.
///
/// A finite value that is integral with magnitude below 2^53 prints without a fraction
/// (`100`, `-3`, and `0` for `-0.0`); any other finite value prints Swift's shortest
/// round-trip `description` (`0.5`, `1e-07`, `1.5e+20`). Both forms are valid JSON numbers
/// that parse back to the same Double. Non-finite values print their `description`
/// (`nan`, `inf`, `-inf`), which is not JSON; the JSON writer writes `null` for them instead.
///
/// The one number format of the package: the log, the state lines, the timeline and the
/// reducer's warnings all print numbers with it.
// Public rather than package so that the JSON writer's inlinable code may call it (see ChatJSON).
public func formatNumber(_ value: Double) -> String {
    if let integer = wholeNumber(value) { return String(integer) }
    return value.description
}

/// `value` as the integer ``formatNumber(_:)`` prints it without a fraction: when it is
/// integral with magnitude below 2^53; `nil` otherwise. (Inlinable: a replay asks it of most
/// values of every JSON line.)
@inlinable @inline(__always)
public func wholeNumber(_ value: Double) -> Int64? {
    // The magnitude test comes first, so the conversion to Int64 is always in range.
    guard value.magnitude < 9_007_199_254_740_992 else { return nil }
    let integer = Int64(value)
    return Double(integer) == value ? integer : nil
}
