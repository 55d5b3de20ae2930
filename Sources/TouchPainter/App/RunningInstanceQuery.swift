import Dispatch
import GtkKit

/// Who holds the app's name on the session bus (`Application.nameOwner`), asked on a thread
/// of its own as soon as the launch starts, so the main thread can open the display
/// meanwhile; `answer()` waits for it.
final class RunningInstanceQuery: @unchecked Sendable {
    /// Written once by the asking thread before `done` is signalled, read after it.
    private var owner = Application.NameOwner.none
    private let done = DispatchSemaphore(value: 0)

    /// Starts asking about `id`, each D-Bus call waiting at most `timeout` milliseconds.
    init(id: String, timeout: Int32) {
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            owner = Application.nameOwner(of: id, timeout: timeout)
            done.signal()
        }
    }

    /// The answer, once the bus has given it (at most twice the timeout after the start).
    func answer() -> Application.NameOwner {
        done.wait()
        return owner
    }
}
