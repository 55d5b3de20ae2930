import Dispatch
import GtkKit
import Synchronization

/// One read of the user's files for one request (opening a scribble), off the main thread
/// (a hung disk must not hang the app). Each request runs on its own, so a read stuck in the kernel — a dead network
/// mount — blocks no other request and nothing else the app reads. After `timeout` the
/// request gives up: the user is told, and the late result, if it ever comes, is dropped.
@MainActor
enum FileRequest {
    /// How long a request may take before the user is told it failed.
    static let timeout: UInt32 = 10_000

    /// Runs `read` in the background; on the main thread, hands its result to `completion`,
    /// or calls `timedOut` if `timeout` passes before the read ends — never both.
    static func start<Value: Sendable>(
        _ read: @escaping @Sendable () throws -> Value,
        timeout: UInt32 = FileRequest.timeout,
        timedOut: @escaping @MainActor () -> Void,
        completion: @escaping @MainActor (Result<Value, any Error>) -> Void
    ) {
        let state = Outcome()
        // A queue of its own, not the global pool: a private serial queue is given a thread
        // even when every pooled thread is busy or stuck, so one stuck read cannot hold up
        // the next request.
        DispatchQueue(label: "touchpainter.file-request", qos: .userInitiated).async {
            let result = Result { try read() }
            guard state.end(as: .read) else { return } // too late: the user was told it failed
            MainLoop.perform { completion(result) }
        }
        MainLoop.after(milliseconds: timeout) {
            guard state.end(as: .timedOut) else { return }
            timedOut()
        }
    }

    /// How a request ended. The read claims the end when it finishes, not when the main
    /// thread gets round to it, so a busy main thread cannot turn a finished read into a
    /// timeout.
    private final class Outcome: Sendable {
        enum End { case read, timedOut }
        private let end = Mutex<End?>(nil)

        /// True for the first caller only: the one whose way of ending counts.
        func end(as way: End) -> Bool {
            end.withLock { end in
                guard end == nil else { return false }
                end = way
                return true
            }
        }
    }
}
