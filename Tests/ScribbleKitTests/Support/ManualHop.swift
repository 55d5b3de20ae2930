import Synchronization
@testable import ScribbleKit

/// Hands background results back when the test says so, as GTK's main loop would.
final class ManualHop: Sendable {
    private let queued = Mutex<[@MainActor @Sendable () -> Void]>([])

    /// The hop a `Document` is given.
    var hop: MainThreadHop { { work in self.queued.withLock { $0.append(work) } } }

    /// Runs what arrived so far, on the main actor.
    @MainActor func drain() {
        let work = queued.withLock { queued in
            defer { queued = [] }; return queued
        }
        work.forEach { $0() }
    }
}
