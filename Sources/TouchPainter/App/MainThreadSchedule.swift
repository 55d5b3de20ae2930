import Glibc

/// How long the main thread has stood ready to run without a processor: the second field of
/// its `schedstat` in /proc (the scheduler's run-queue wait, in nanoseconds). `TimingReport`
/// takes it off a main-loop stall, so that a stall measures the app's own work and waits,
/// not the other processes of a busy machine. Read only when timing lines are asked for.
@MainActor enum MainThreadSchedule {
    /// The main thread's schedstat, opened on first use and read again with `pread`: a file
    /// opened on the main thread once, when timings are on, and never again.
    private static var descriptor: Int32 = -2

    /// Nanoseconds the calling (main) thread has waited on a run queue so far; 0 where the
    /// kernel keeps no such count.
    static func runQueueNanoseconds() -> UInt64 {
        if descriptor == -2 { descriptor = open("/proc/thread-self/schedstat", O_RDONLY | O_CLOEXEC) }
        guard descriptor >= 0 else { return 0 }
        var buffer = [UInt8](repeating: 0, count: 96)
        let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return 0 }
        let fields = buffer[..<count].split(separator: UInt8(ascii: " "))
        guard fields.count >= 2 else { return 0 }
        return fields[1].reduce(0) { value, digit in
            (48...57).contains(digit) ? value &* 10 &+ UInt64(digit - 48) : value
        }
    }
}
