import CLinux
import FoundationEssentials

/// How many cores this process's work may be spread over: the processors online, or fewer
/// when its CPU affinity says so. `taskset -c 0` makes it 1, so that a full frame, an export
/// or a file is not cut into parts for threads that would only take turns on one core.
enum ProcessorCores {
    /// The cores this process may run on (at least 1).
    static var usable: Int {
        let online = max(1, ProcessInfo.processInfo.activeProcessorCount)
        let allowed = Int(tp_allowed_processors())
        return allowed > 0 ? min(allowed, online) : online
    }
}
