/// What one step of the reducer notes on its way and reads at its end; cleared before each.
struct StepScratch: Sendable, Equatable {
    /// Why the offset moved, when something but a command moved it.
    var cause: OffsetReason?
    /// Whether the step issued a command (`command` wins as the offset's reason).
    var issuedCommand = false
    /// With `dividerOnArrival`: the first of a new run of unread arrivals, which gets the
    /// divider if it still counts at the end of the step.
    var arrivalDividerKey: MessageKey?
}
