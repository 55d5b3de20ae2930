import Dispatch
import FoundationEssentials
import Glibc
import Synchronization

/// The journal of the open document (its records are incremental mementos, book chapter 23): a file in
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
    /// Where the bytes go: the disk, or in tests a layer that fails on purpose.
    private let storage: any JournalStorage

    /// How long after a failed write the journal asks to be started again.
    let retryDelay: DispatchTimeInterval

    private struct State {
        /// The journal file, open for appending; -1 while it is not.
        var handle: Int32 = -1
        /// Where the last whole record ends: a torn write is cut back to it.
        var validLength = 0
        /// Told when writing starts or stops failing (see `watchHealth`).
        var onHealthChange: (@Sendable (StorageError?) -> Void)?
        /// Asked, `retryDelay` after a failure, to start the journal again from a snapshot.
        var onRetry: (@Sendable () -> Void)?
        var retryScheduled = false
        /// The lock file's handle, holding the session's lock; -1 until first written.
        var lockHandle: Int32 = -1
        var syncScheduled = false
        /// Set once writing failed, so a full disk is reported once, not per stroke.
        var failure: StorageError?
        /// Journals of a crashed session whose drawing this one restored: they go once this
        /// journal holds that drawing (a copy kept of a damaged one), not before.
        var takenOver: [(path: String, keepCopy: Bool)] = []
    }

    /// A journal of this session's own in `directory`: `<unique id>.journal`.
    public convenience init(directory: String) {
        self.init(path: "\(directory)/\(UUID().uuidString.lowercased()).journal")
    }

    /// A journal at `path`, written through `storage`; after a failed write it asks for a
    /// fresh start every `retryDelay`.
    init(path: String, retryDelay: DispatchTimeInterval = .seconds(2), storage: any JournalStorage = JournalDisk()) {
        self.path = path
        self.retryDelay = retryDelay
        self.storage = storage
    }

    /// Protection must not fail silently: `onChange` hears the failure when
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
        if state.handle >= 0 { storage.close(state.handle) }
        state.handle = -1
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
        XDGFolder.state.path(environment: environment) + "/touchpainter/journal"
    }

    /// The lock file that tells whether the journal at `path` belongs to a live session.
    static func lockPath(forJournal path: String) -> String {
        (path.hasSuffix(".journal") ? String(path.dropLast(".journal".count)) : path) + ".lock"
    }

    /// Starts the journal afresh from `base` (a new document, an opened one, one just saved,
    /// a snapshot): written atomically, so a crash leaves the old journal or the new one. A
    /// gallery or file base is stamped from `basePath` (`BaseStamp`), so recovery replays the
    /// changes over that version only.
    ///
    /// If the new journal cannot be written, what happens to the old one depends on
    /// `supersedingOld`: after a save, an open or a new scribble the old journal describes a
    /// drawing that is now saved or given up, and replaying it after a crash would put old
    /// strokes over the new save — it is deleted. A snapshot of the same unsaved drawing (a
    /// retry, an undo past the journal's start) keeps the old one, the closest thing to it.
    func restart(from base: JournalBase, basePath: String? = nil, markCount: Int = 0, supersedingOld: Bool) {
        queue.async {
            var base = base
            if let basePath { base = base.stamped(BaseStamp.read(basePath, markCount: markCount)) }
            let bytes = JournalFormat.header() + JournalFormat.frame(.base(base)) // encoded off the main thread
            self.state.withLock { state in
                if state.handle >= 0 { self.storage.close(state.handle) }
                state.handle = -1
                do throws(StorageError) {
                    // The lock comes first, so no launch ever sees this journal unlocked.
                    if state.lockHandle < 0 { state.lockHandle = try self.storage.lock(Self.lockPath(forJournal: self.path)) }
                    try self.storage.replace(self.path, with: bytes)
                    state.handle = try self.storage.openForAppending(self.path)
                    state.validLength = bytes.count
                    self.retireTakenOver(&state)
                    self.heal(&state)
                } catch {
                    if supersedingOld {
                        self.storage.remove(self.path)
                        self.retireTakenOver(&state)
                    }
                    self.fail(error, in: &state)
                }
            }
        }
    }

    /// Takes over the crashed session's journal at `path`, whose drawing was just restored:
    /// it is deleted (or kept as `<path>.damaged`, when it held bytes that could not be read)
    /// once this journal holds the drawing, so a crash before that still finds it.
    func takeOver(_ path: String, keepingCopy: Bool) {
        queue.async {
            self.state.withLock { $0.takenOver.append((path, keepingCopy)) }
        }
    }

    /// Deletes the journals taken over, keeping a copy of the damaged ones.
    private func retireTakenOver(_ state: inout State) {
        for (path, keepCopy) in state.takenOver {
            if keepCopy { storage.rename(path, to: JournalRecovery.damagedCopyPath(of: path)) } else { storage.remove(path) }
            storage.remove(Self.lockPath(forJournal: path))
        }
        state.takenOver = []
    }

    /// Appends `record` in the background; it is durable within `syncDelay` of being written.
    func append(_ record: JournalRecord) {
        append([record])
    }

    /// Appends `records` in the background in one write (a step and the time it was made
    /// at), so that they land together or not at all.
    func append(_ records: [JournalRecord]) {
        queue.async { self.write(records) }
    }

    /// Writes `records` on the journal's queue.
    private func write(_ records: [JournalRecord]) {
        // Encoded here, off the main thread; one record is its frame as it is (no copy).
        let bytes = records.count == 1 ? JournalFormat.frame(records[0]) : records.flatMap(JournalFormat.frame)
        self.state.withLock { state in
            guard state.handle >= 0 else { return } // failed: the retry's snapshot will hold it
            let written = self.storage.append(bytes, to: state.handle)
            guard case .success(bytes.count) = written else {
                let code =
                    switch written {
                    case .failure(let error): error.errno;
                    case .success: ENOSPC
                    }
                // A torn record is cut off, so nothing lands behind it; the retry starts a
                // fresh journal holding the whole drawing.
                _ = self.storage.truncate(state.handle, to: state.validLength)
                self.fail(StorageError(.save, path: self.path, code: code), in: &state)
                return
            }
            state.validLength += bytes.count
            guard !state.syncScheduled else { return }
            state.syncScheduled = true
            self.queue.asyncAfter(deadline: .now() + Self.syncDelay) {
                self.state.withLock { state in
                    state.syncScheduled = false
                    if state.handle >= 0 { self.storage.sync(state.handle) }
                }
            }
        }
    }

    /// Writes and syncs everything appended so far, and waits for it (before the process
    /// ends on a signal).
    public func flush() {
        queue.sync {
            self.state.withLock { state in
                if state.handle >= 0 { self.storage.sync(state.handle) }
            }
        }
    }

    /// Deletes the journal (a clean quit): nothing is left to recover. The lock goes last.
    public func remove() {
        let path = path
        queue.sync {
            self.state.withLock { state in
                if state.handle >= 0 { self.storage.close(state.handle) }
                state.handle = -1
                self.storage.remove(path)
                self.retireTakenOver(&state) // the user answered for their drawing too
                self.storage.remove(Self.lockPath(forJournal: path))
                if state.lockHandle >= 0 { self.storage.close(state.lockHandle) }
                state.lockHandle = -1
            }
        }
    }

    /// Why writing the journal failed, if it did (a full disk); `nil` while it works.
    public var failure: StorageError? { queue.sync { state.withLock { $0.failure } } }
}
