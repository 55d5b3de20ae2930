/// The clock the canvas engine's tools wait on (the pen's hold before shape recognition, the
/// laser's fading ink), given by the app: GLib's main loop there. Without one (a test's
/// engine, the replay's viewer) nothing scheduled ever runs.
public struct CanvasTimers {
    /// Runs `body` once after the given milliseconds, on the main thread.
    public var after: @MainActor (UInt32, @escaping @MainActor () -> Void) -> Void
    /// Calls `tick` every so many milliseconds, on the main thread, until it returns false.
    public var every: @MainActor (UInt32, @escaping @MainActor () -> Bool) -> Void

    /// A clock of `after` and `every`.
    public init(
        after: @escaping @MainActor (UInt32, @escaping @MainActor () -> Void) -> Void,
        every: @escaping @MainActor (UInt32, @escaping @MainActor () -> Bool) -> Void
    ) {
        (self.after, self.every) = (after, every)
    }

    /// A clock that never fires.
    public static var none: CanvasTimers { CanvasTimers(after: { _, _ in }, every: { _, _ in }) }
}
