import Dispatch
import Glibc
import Synchronization

/// A thread of its own for `body`, detached (nobody joins it: the caller waits on what body
/// signals). Used where a pooled thread will not do — a render whose niceness is raised,
/// which a pool's thread would keep. (Foundation's `Thread` would link the ICU libraries
/// into the self-contained binary.)
enum DetachedThread {
    /// Starts `body` on a new thread; runs it here if no thread can be made.
    static func start(_ body: @escaping @Sendable () -> Void) {
        let box = Unmanaged.passRetained(Box(body)).toOpaque()
        var thread = pthread_t()
        let started = pthread_create(
            &thread, nil,
            { argument in
                let box = Unmanaged<Box>.fromOpaque(argument!).takeRetainedValue()
                box.body()
                return nil
            }, box)
        guard started == 0 else {
            Unmanaged<Box>.fromOpaque(box).takeRetainedValue().body()
            return
        }
        pthread_detach(thread)
    }

    /// Niceness of threads doing background work that the main thread must not wait behind
    /// (a full frame, the rest of a file being opened): the kernel then gives a busy main
    /// thread about nine tenths of a core it shares with one of them.
    static let yieldingNiceness: Int32 = 10

    /// Runs `body` for each of `0..<iterations` on `threads` threads of their own at
    /// `yieldingNiceness` (each takes the next iteration not yet taken), and returns once all
    /// are done. On Linux the niceness is per thread, so a busy main thread gets the cores
    /// first, and the work still has every core while the main thread is idle. Threads of
    /// their own, since a thread's niceness cannot be lowered back and the shared pool's
    /// threads must keep theirs.
    static func performYielding(iterations: Int, threads: Int, _ body: @escaping @Sendable (Int) -> Void) {
        let next = Atomic<Int>(0)
        let group = DispatchGroup()
        for _ in 0..<max(1, min(threads, iterations)) {
            group.enter()
            start {
                setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, yieldingNiceness) // `who` 0: this thread
                while case let iteration = next.add(1, ordering: .relaxed).oldValue, iteration < iterations { body(iteration) }
                group.leave()
            }
        }
        group.wait()
    }

    private final class Box {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
}
