import Dispatch
import GtkKit

/// One read of the user's files for one request (opening a scribble), off the main thread
/// (SPEC §9). Each request runs on its own, so a read stuck in the kernel — a dead network
/// mount — blocks no other request and nothing else the app reads. After `timeout` the
/// request gives up: the user is told, and the late result, if it ever comes, is dropped.
@MainActor
enum FileRequest {
    /// How long a request may take before the user is told it failed.
    static let timeout: UInt32 = 10_000

    /// Runs `read` in the background; on the main thread, hands its result to `completion`,
    /// or calls `timedOut` if `timeout` passes first — never both.
    static func start<Value: Sendable>(_ read: @escaping @Sendable () throws -> Value,
                                       timeout: UInt32 = FileRequest.timeout,
                                       timedOut: @escaping @MainActor () -> Void,
                                       completion: @escaping @MainActor (Result<Value, any Error>) -> Void) {
        let state = Outcome()
        DispatchQueue.global(qos: .userInitiated).async {
            let result = Result { try read() }
            MainLoop.perform {
                guard state.claim() else { return } // too late: the user was told it failed
                completion(result)
            }
        }
        MainLoop.after(milliseconds: timeout) {
            guard state.claim() else { return }
            timedOut()
        }
    }

    /// Whether the request has ended, one way or the other; only touched on the main thread.
    private final class Outcome: @unchecked Sendable {
        // Sendable to cross into the closures above, safe because both closures that touch
        // `isDone` run on the main thread (MainLoop.perform and MainLoop.after).
        private var isDone = false

        /// True the first time only: the caller is the one that ends the request.
        @MainActor func claim() -> Bool {
            defer { isDone = true }
            return !isDone
        }
    }
}
