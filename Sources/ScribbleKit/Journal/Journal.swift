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

    /// How long after a failed write the journal asks to be started again.
    let retryDelay: DispatchTimeInterval

    private struct State {
        var descriptor: Int32 = -1
        /// Where the last whole record ends: a torn write is cut back to it.
        var validLength: off_t = 0
        /// Told when writing starts or stops failing (see `watchHealth`).
        var onHealthChange: (@Sendable (StorageError?) -> Void)?
        /// Asked, `retryDelay` after a failure, to start the journal again from a snapshot.
        var onRetry: (@Sendable () -> Void)?
        var retryScheduled = false
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

    /// A journal at `path`; after a failed write it asks for a fresh start every `retryDelay`.
    init(path: String, retryDelay: DispatchTimeInterval = .seconds(2)) {
        self.path = path
        self.retryDelay = retryDelay
    }

    /// Protection must not fail silently (SPEC §16): `onChange` hears the failure when
    /// writing stops working (a full or read-only disk) and `nil` when it works again, and
    /// `retry` is asked every `retryDelay` while it fails to start the journal again from
    /// the drawing as it then is — so what was drawn during the outage is kept once the disk
    /// has room. Both are called on the journal's queue.
    public func watchHealth(onChange: @escaping @Sendable (StorageError?) -> Void, retry: @escaping @Sendable () -> Void) {
        queue.async {
            self.state.withLock { state in
                state.onHealthChange = onChange
                state.onRetry = retry
                guard let failure = state.failure else { return }
                onChange(failure)
                self.scheduleRetry(&state)
            }
        }
    }

    /// Records that writing failed: tells the watcher on the first failure, and schedules a
    /// retry. On the journal's queue, with the state locked.
    private func fail(_ error: StorageError, in state: inout State) {
        if state.failure == nil { state.onHealthChange?(error) }
        state.failure = error
        scheduleRetry(&state)
    }

    /// Asks for a fresh start `retryDelay` from now, unless that is asked already.
    private func scheduleRetry(_ state: inout State) {
        guard !state.retryScheduled, state.onRetry != nil else { return }
        state.retryScheduled = true
        queue.asyncAfter(deadline: .now() + retryDelay) {
            let retry = self.state.withLock { state -> (@Sendable () -> Void)? in
                state.retryScheduled = false
                return state.failure == nil ? nil : state.onRetry
            }
            retry?()
        }
    }

    /// Records that writing works (again), telling the watcher if it had failed.
    private func heal(_ state: inout State) {
        guard state.failure != nil else { return }
        state.failure = nil
        state.onHealthChange?(nil)
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
                    state.validLength = off_t(bytes.count)
                    self.heal(&state)
                } catch {
                    self.fail(error, in: &state)
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
                do throws(StorageError) { try self.lock(&state) } catch { self.fail(error, in: &state) }
                guard existing == path || rename(existing, path) == 0 else {
                    self.fail(StorageError(.save, path: path, code: errno), in: &state)
                    return
                }
                if existing != path { unlink(Self.lockPath(forJournal: existing)) }
                state.descriptor = open(path, O_WRONLY | O_APPEND | O_CLOEXEC | O_NOFOLLOW)
                if state.descriptor < 0 || ftruncate(state.descriptor, off_t(validLength)) != 0 {
                    self.fail(StorageError(.save, path: path, code: errno), in: &state)
                } else {
                    state.validLength = off_t(validLength)
                }
            }
        }
    }

    /// Appends `record` in the background; it is durable within `syncDelay` of being written.
    func append(_ record: JournalRecord) {
        queue.async {
            let bytes = JournalFormat.frame(record) // encoded here, off the main thread
            self.state.withLock { state in
                guard state.descriptor >= 0 else { return } // failed: the retry's snapshot will hold it
                let written = bytes.withUnsafeBytes { write(state.descriptor, $0.baseAddress, $0.count) }
                guard written == bytes.count else {
                    let code = written < 0 ? errno : ENOSPC
                    // A torn record is cut off, so the next append does not land behind it;
                    // the retry starts a fresh journal holding the whole drawing.
                    ftruncate(state.descriptor, state.validLength)
                    close(state.descriptor)
                    state.descriptor = -1
                    self.fail(StorageError(.save, path: self.path, code: code), in: &state)
                    return
                }
                state.validLength += off_t(written)
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
