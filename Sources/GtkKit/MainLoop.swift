import CGtk

/// Schedules work on the GTK main loop. Sources carry a real `GDestroyNotify`, so the
/// boxed closure is released whether the source runs, is removed, or the loop goes away.
public enum MainLoop {
    /// Runs `work` once on the main thread, at the next idle moment. Safe to call from any
    /// thread: this is how background work (thumbnail decoding, saving) hands results back,
    /// so `work` must be `Sendable` and is isolated to the main actor.
    public static func perform(_ work: @escaping @MainActor @Sendable () -> Void) {
        g_idle_add_full(G_PRIORITY_DEFAULT_IDLE, runOnce, Unmanaged.passRetained(IdleBox(work)).toOpaque(), releaseIdleBox)
    }

    /// Runs `work` once on the main thread as soon as the input events waiting are handled:
    /// ahead of GTK's next frame and its layout, so what it paints is not held back a frame.
    public static func performOnceEventsAreHandled(_ work: @escaping @MainActor @Sendable () -> Void) {
        g_idle_add_full(G_PRIORITY_HIGH_IDLE, runOnce, Unmanaged.passRetained(IdleBox(work)).toOpaque(), releaseIdleBox)
    }

    /// Runs `work` once on the main thread when nothing else is waiting to run: after the
    /// input, the frames and the results of background work already queued.
    public static func performWhenIdle(_ work: @escaping @MainActor @Sendable () -> Void) {
        g_idle_add_full(G_PRIORITY_LOW, runOnce, Unmanaged.passRetained(IdleBox(work)).toOpaque(), releaseIdleBox)
    }

    /// Runs `work` every `milliseconds` on the main thread while it returns true.
    @MainActor @discardableResult
    public static func every(milliseconds: UInt32, _ work: @escaping @MainActor () -> Bool) -> UInt32 {
        let box = Unmanaged.passRetained(TimeoutBox(work)).toOpaque()
        return g_timeout_add_full(
            G_PRIORITY_DEFAULT, milliseconds,
            { data in
                guard let data else { return 0 }
                let box = Unmanaged<TimeoutBox>.fromOpaque(data).takeUnretainedValue()
                return MainActor.assumeIsolated { box.work() } ? 1 : 0
            }, box,
            { data in
                guard let data else { return }
                Unmanaged<TimeoutBox>.fromOpaque(data).release()
            })
    }

    /// Runs `work` once on the main thread after `milliseconds`.
    public static func after(milliseconds: UInt32, _ work: @escaping @MainActor @Sendable () -> Void) {
        g_timeout_add_full(
            G_PRIORITY_DEFAULT, milliseconds, runOnce, Unmanaged.passRetained(IdleBox(work)).toOpaque(),
            releaseIdleBox)
    }

    /// Runs pending main-loop events without blocking (tests use it to let GTK settle).
    @MainActor
    public static func iterate() {
        while g_main_context_iteration(nil, 0) != 0 {}
    }
}

/// Runs an `IdleBox`'s closure once; GLib dispatches the default main context's sources on
/// the main thread.
private let runOnce: GSourceFunc = { data in
    guard let data else { return 0 }
    let box = Unmanaged<IdleBox>.fromOpaque(data).takeUnretainedValue()
    MainActor.assumeIsolated { box.work() }
    return 0 // G_SOURCE_REMOVE
}

/// Releases an `IdleBox` when its source is destroyed (run or removed).
private let releaseIdleBox: GDestroyNotify = { data in
    guard let data else { return }
    Unmanaged<IdleBox>.fromOpaque(data).release()
}

/// A one-shot closure owned by GLib until its idle source is destroyed. Sendable: its only
/// state is a `Sendable` closure, set once.
private final class IdleBox: Sendable {
    let work: @MainActor @Sendable () -> Void
    init(_ work: @escaping @MainActor @Sendable () -> Void) { self.work = work }
}

/// A repeating closure owned by GLib until its timeout source is destroyed; made, run and
/// released on the main thread.
private final class TimeoutBox {
    let work: @MainActor () -> Bool
    init(_ work: @escaping @MainActor () -> Bool) { self.work = work }
}
