import GtkKit
import ScribbleKit

extension CanvasTimers {
    /// The engine's tools wait on GLib's main loop.
    static var mainLoop: CanvasTimers {
        CanvasTimers(
            after: { milliseconds, body in
                let pending = PendingWork(body: body)
                MainLoop.after(milliseconds: milliseconds) { pending.body() }
            },
            every: { milliseconds, tick in _ = MainLoop.every(milliseconds: milliseconds, tick) })
    }
}

/// Work waiting on a main-loop timeout; made, run and dropped on the main thread only.
private struct PendingWork: @unchecked Sendable {
    let body: @MainActor () -> Void
}
