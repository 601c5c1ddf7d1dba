import ChatScrollSimulator

extension Simulator {
    /// Runs `session` with the package's driver, configured as the session is, on `view`.
    static func runDriver(_ session: SimSession, view: SimulatedScrollView = SimulatedScrollView()) -> SimulationResult
    {
        run(session, policy: DriverPolicy(configuration: session.configuration), view: view)
    }
}
