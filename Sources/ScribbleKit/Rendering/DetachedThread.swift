import Glibc

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

    private final class Box {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
}
