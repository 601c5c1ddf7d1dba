/// One edge's pages of history (specification §5, "Load older"; §11, "Load newer"): whether the
/// server has more beyond it, at most one request in flight, and after a failed request none
/// until the view has left the edge's trigger zone and come back. A page that arrives, or a
/// window that replaces the loaded ones, starts it anew: `Paging(hasMore:)`.
@usableFromInline
struct Paging: Sendable, Equatable {
    /// Whether the server has history beyond the loaded edge.
    @usableFromInline var hasMore = false
    /// Whether a request is in flight.
    @usableFromInline var isLoading = false
    /// After a failed request, until the view leaves the trigger zone.
    var blocked = false

    /// Whether to ask for a page now, the view `distance` from the edge with the trigger zone
    /// `threshold` deep; leaving the zone lifts a block. The caller marks the request in flight
    /// when it makes one.
    mutating func wantsPage(atDistance distance: Double, threshold: Double) -> Bool {
        if distance > threshold {
            blocked = false
            return false
        }
        return hasMore && !isLoading && !blocked
    }

    /// The request failed: none in flight, and none again until the view leaves the zone.
    mutating func failed() {
        isLoading = false
        blocked = true
    }
}
