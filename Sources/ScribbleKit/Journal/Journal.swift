import Dispatch
import Foundation
import Synchronization

/// The journal of the open document (SPEC §8, "Never lose a stroke"): a file in
/// `$XDG_STATE_HOME/touchpainter/journal/`, named by an id unique to the session, holding
/// where the drawing starts from and every change since. Appends are queued on a background
/// queue — never on the motion path — written at once and `fdatasync`ed at most
/// `syncDelay` later, so a change is durable within a quarter of a second.
///
/// "Running" means "locked by a live process", as SQLite tells a hot journal: the session
/// holds an advisory lock (`flock`) on `<id>.lock` beside its journal for as long as it
/// lives, the kernel drops it when the process dies, and a launch recovers only journals
/// whose lock it can take (`JournalRecovery`). A process id would not do: inside a pid
/// namespace (Flatpak, bwrap) every launch is pid 2, and after a reboot ids come round
/// again, so a relaunch took the crashed run's journal for its own and wiped it.
public final class Journal: Sendable {
    /// The journal's file.
    public let path: String
    /// Appends wait at most this long for their `fdatasync`: batching under the 250 ms goal.
    static let syncDelay: DispatchTimeInterval = .milliseconds(50)
    private let queue = DispatchQueue(label: "touchpainter.journal", qos: .utility)
    /// The open file and whether a sync is scheduled; touched only on `queue`.
    private let state = Mutex(State())

    private struct State {
        var descriptor: Int32 = -1
        /// The lock file's descriptor, holding the session's lock; -1 until first written.
        var lockDescriptor: Int32 = -1
        var syncScheduled = false
        /// Set once writing failed, so a full disk is reported once, not per stroke.
        var failure: StorageError?
    }

    /// A journal of this session's own in `directory`: `<unique id>.journal`.
    public convenience init(directory: String) {
        self.init(path: "\(directory)/\(UUID().uuidString.lowercased()).journal")
    }

    /// A journal at `path`.
    init(path: String) {
        self.path = path
    }

    /// Where the journals live: `$XDG_STATE_HOME/touchpainter/journal`, else
    /// `~/.local/state/touchpainter/journal` (XDG Base Directory).
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let stateHome = environment["XDG_STATE_HOME"], stateHome.hasPrefix("/") {
            return stateHome + "/touchpainter/journal"
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + "/.local/state/touchpainter/journal"
    }

    /// The lock file that tells whether the journal at `path` belongs to a live session.
    static func lockPath(forJournal path: String) -> String {
        (path.hasSuffix(".journal") ? String(path.dropLast(".journal".count)) : path) + ".lock"
    }

    /// Takes the session's lock, before the journal file first appears, so no launch ever
    /// sees this journal unlocked. On the journal's queue.
    private func lock(_ state: inout State) throws(StorageError) {
        guard state.lockDescriptor < 0 else { return }
        let lockPath = Self.lockPath(forJournal: path)
        let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { throw StorageError(.save, path: lockPath, code: errno) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let code = errno
            close(descriptor)
            throw StorageError(.save, path: lockPath, code: code)
        }
        state.lockDescriptor = descriptor
    }

    /// Starts the journal afresh from `base` (a new document, an opened one, one just saved):
    /// written atomically, so a crash leaves the old journal or the new one.
    func restart(from base: JournalBase) {
        let path = path
        let bytes = JournalFormat.header(pid: getpid()) + JournalFormat.frame(.base(base))
        queue.async {
            self.state.withLock { state in
                if state.descriptor >= 0 { close(state.descriptor) }
                state.descriptor = -1
                do throws(StorageError) {
                    try FileSystem.makeDirectories(AtomicFile.folder(of: path))
                    try self.lock(&state)
                    try AtomicFile.write(bytes, to: path)
                    state.descriptor = open(path, O_WRONLY | O_APPEND | O_CLOEXEC | O_NOFOLLOW)
                    if state.descriptor < 0 { throw StorageError(.save, path: path, code: errno) }
                    state.failure = nil
                } catch {
                    state.failure = state.failure ?? error
                }
            }
        }
    }

    /// Takes over a recovered journal at `existing` (renamed to this journal's path and cut
    /// back to its last good record), to go on appending after it; its old lock file goes.
    func adopt(_ existing: String, validLength: Int) {
        let path = path
        queue.async {
            self.state.withLock { state in
                if state.descriptor >= 0 { close(state.descriptor) }
                state.descriptor = -1
                do throws(StorageError) { try self.lock(&state) } catch { state.failure = error }
                guard existing == path || rename(existing, path) == 0 else {
                    state.failure = StorageError(.save, path: path, code: errno)
                    return
                }
                if existing != path { unlink(Self.lockPath(forJournal: existing)) }
                state.descriptor = open(path, O_WRONLY | O_APPEND | O_CLOEXEC | O_NOFOLLOW)
                if state.descriptor < 0 || ftruncate(state.descriptor, off_t(validLength)) != 0 {
                    state.failure = StorageError(.save, path: path, code: errno)
                }
            }
        }
    }

    /// Appends `record` in the background; it is durable within `syncDelay` of being written.
    func append(_ record: JournalRecord) {
        queue.async {
            let bytes = JournalFormat.frame(record) // encoded here, off the main thread
            self.state.withLock { state in
                guard state.descriptor >= 0 else { return }
                let written = bytes.withUnsafeBytes { write(state.descriptor, $0.baseAddress, $0.count) }
                if written != bytes.count, state.failure == nil {
                    state.failure = StorageError(.save, path: self.path, code: written < 0 ? errno : ENOSPC)
                }
                guard !state.syncScheduled else { return }
                state.syncScheduled = true
                self.queue.asyncAfter(deadline: .now() + Self.syncDelay) {
                    self.state.withLock { state in
                        state.syncScheduled = false
                        if state.descriptor >= 0 { fdatasync(state.descriptor) }
                    }
                }
            }
        }
    }

    /// Writes and syncs everything appended so far, and waits for it (before the process
    /// ends on a signal).
    public func flush() {
        queue.sync {
            self.state.withLock { state in
                if state.descriptor >= 0 { fdatasync(state.descriptor) }
            }
        }
    }

    /// Deletes the journal (a clean quit): nothing is left to recover. The lock goes last.
    public func remove() {
        let path = path
        queue.sync {
            self.state.withLock { state in
                if state.descriptor >= 0 { close(state.descriptor) }
                state.descriptor = -1
                unlink(path)
                unlink(Self.lockPath(forJournal: path))
                if state.lockDescriptor >= 0 { close(state.lockDescriptor) }
                state.lockDescriptor = -1
            }
        }
    }

    /// Why writing the journal failed, if it did (a full disk); `nil` while it works.
    public var failure: StorageError? { queue.sync { state.withLock { $0.failure } } }
}
