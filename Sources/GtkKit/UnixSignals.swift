import CGtk

/// Unix signals as main-loop events (GLib's `g_unix_signal_add`): the handler runs on the
/// main thread like any other event, not in a signal handler, so it may do real work —
/// flush a journal, end the app — safely.
public enum UnixSignals {
    /// SIGHUP: the terminal or the session went away.
    public static let hangUp: Int32 = 1
    /// SIGINT: Ctrl+C in a terminal.
    public static let interrupt: Int32 = 2
    /// SIGTERM: asked to end (a session logout, `kill`).
    public static let terminate: Int32 = 15

    /// Calls `handler` on the main loop whenever one of `signals` arrives (instead of the
    /// default action of ending the process at once).
    @MainActor
    public static func handle(_ signals: [Int32], handler: @escaping @MainActor (Int32) -> Void) {
        for signal in signals {
            let box = Unmanaged.passRetained(SignalBox(signal: signal, handler: handler)).toOpaque()
            g_unix_signal_add_full(
                G_PRIORITY_HIGH, signal,
                { data in
                    guard let data else { return 0 }
                    let box = Unmanaged<SignalBox>.fromOpaque(data).takeUnretainedValue()
                    // GLib dispatches unix signal sources from the main context, on the main thread.
                    MainActor.assumeIsolated { box.handler(box.signal) }
                    return 1 // G_SOURCE_CONTINUE
                }, box,
                { data in
                    guard let data else { return }
                    Unmanaged<SignalBox>.fromOpaque(data).release()
                })
        }
    }
}

/// A signal handler owned by GLib until its source is destroyed; made, run and released on
/// the main thread.
private final class SignalBox {
    let signal: Int32
    let handler: @MainActor (Int32) -> Void
    init(signal: Int32, handler: @escaping @MainActor (Int32) -> Void) {
        self.signal = signal
        self.handler = handler
    }
}
