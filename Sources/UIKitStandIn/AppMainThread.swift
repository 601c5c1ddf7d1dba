/// What an app keeps once on its main thread: the default notification center, the main run loop,
/// and the animation blocks being run. It is not UIKit's API: the simulator runs many apps at
/// once, each on a thread that stands for its main thread, and binds each app's own here with
/// `AppMainThread.$current.withValue(AppMainThread()) { … }`.
package final class AppMainThread: @unchecked Sendable {
    // Unchecked: only the thread the app runs on touches it.
    /// The app of the running thread; one shared app where none is bound.
    @TaskLocal package static var current = AppMainThread()

    let notificationCenter = NotificationCenter()
    let runLoop = RunLoop()
    /// The `UIView.animate` blocks being run, innermost last.
    package var animations: [UIView.AnimationContext] = []
    /// How many `UIView.performWithoutAnimation` blocks are running.
    package var animationsDisabled = 0
    /// The app's media time (`CACurrentMediaTime()`), in seconds, where the simulator sets it (the
    /// simulated view's clock); else the time of the last display frame.
    package var mediaClock: (() -> CFTimeInterval)?
    package var lastDisplayTime: CFTimeInterval = 0

    package init() {}
}
