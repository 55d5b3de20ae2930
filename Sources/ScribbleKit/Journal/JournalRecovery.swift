import FoundationEssentials
import Glibc

/// Finding and reading the journals a crashed TouchPainter left behind. Runs off
/// the main thread: it lists a folder and reads files.
public enum JournalRecovery {
    /// A journal left by a TouchPainter that is no longer running, read and ready to replay.
    public struct Orphan: Sendable {
        /// The journal file.
        public let path: String
        /// Where its changes start: the drawing as saved (or empty, or kept in the journal);
        /// `nil` for an empty canvas, and when `baseProblem` is set.
        public let baseMemento: ScribbleMemento?
        /// Where the recovered drawing is kept (a new scribble when `baseProblem` is set).
        public let origin: DocumentOrigin
        /// The version of the file at `origin` that `baseMemento` was read from, which a
        /// save of the restored drawing may replace; `nil` when none was read.
        public var baseIdentity: FileIdentity? = nil
        /// Why the changes cannot go back into the saved version they continue, if they
        /// cannot: they are then restored on an empty canvas, as a drawing of their own.
        public let baseProblem: BaseProblem?
        /// The changes after the base, in order.
        let records: [JournalRecord]
        /// How many top-level marks the saved version had: what the changes' indices count from.
        let baseMarkCount: Int
        /// True when some of it could not be read (more than a torn last write).
        public let isDamaged: Bool
        /// Whether restoring brings back anything the saved version does not hold: a change,
        /// or a drawing kept whole in the journal.
        var holdsWork: Bool {
            if !records.isEmpty { return true }
            if case .snapshot? = base { return true }
            return false
        }
        /// The journal's base record, if it could be read.
        let base: JournalBase?
    }

    /// Why a journal's changes cannot be replayed over the saved drawing they continue.
    public enum BaseProblem: Error, Equatable, Sendable {
        /// The drawing was saved again since (another window, a sync tool, a save whose
        /// journal could not start again): the changes' mark indices would hit other marks.
        case savedAgain
        /// The saved drawing cannot be read (gone, damaged), or the journal's record of it is
        /// damaged: the reason.
        case unreadable(String)
    }

    /// What was found: journals to offer, and journals that could not be used (with why).
    public struct Findings: Sendable {
        /// Recoverable journals of dead owners, newest first.
        public var orphans: [Orphan] = []
        /// Journals that cannot be used: unreadable, of a newer version, damaged to nothing.
        public var unusable: [(path: String, error: JournalError)] = []
    }

    /// The journals in `directory` whose writer is not running, read through `manager` for
    /// gallery bases. A live session's journal (another running TouchPainter, or this
    /// process) is left alone; one that holds nothing the saved drawing does not is deleted.
    /// - Complexity: reads every orphaned journal, and the last bytes of its base file.
    public static func find(in directory: String, manager: ScribbleManager) -> Findings {
        var findings = Findings()
        let names = ((try? FileSystem.names(in: directory)) ?? []).filter { $0.hasSuffix(".journal") }
        var found: [(Date, Orphan)] = []
        for name in names {
            let path = directory + "/" + name
            guard !isLive(path) else { continue }
            do throws(JournalError) {
                let orphan = try read(path, manager: manager)
                if orphan.holdsWork {
                    found.append((FileSystem.modificationDate(path) ?? .distantPast, orphan))
                } else if orphan.isDamaged {
                    findings.unusable.append((path, .damaged))
                } else {
                    discard(path) // nothing to restore: asking would only alarm
                }
            } catch {
                findings.unusable.append((path, error))
            }
        }
        findings.orphans = found.sorted { $0.0 > $1.0 }.map(\.1)
        return findings
    }

    /// Reads the journal at `path`, and the saved drawing it starts from.
    /// - Throws: `JournalError` when the journal itself cannot be used; a saved drawing that
    ///   is gone or changed is a `baseProblem`, not an error: the journal's strokes are kept.
    public static func read(_ path: String, manager: ScribbleManager) throws(JournalError) -> Orphan {
        let contents = try readContents(path)
        var records = contents.records
        guard case .base(let base)? = records.first else {
            return Orphan(
                path: path, baseMemento: nil, origin: .new,
                baseProblem: .unreadable(tr("the journal’s record of it is damaged")),
                records: records, baseMarkCount: 0, isDamaged: true, base: nil)
        }
        records.removeFirst()
        let loaded: Result<(ScribbleMemento?, DocumentOrigin, FileIdentity?), BaseProblem>
        switch base {
        case .new: loaded = .success((nil, .new, nil))
        case .snapshot(let saved, let savedOrigin): loaded = .success((saved, savedOrigin, nil))
        case .gallery(let id, let stamp):
            loaded = load(stamp: stamp, at: manager.scribblePath(id)) { try manager.loadVersion(id: id) }
                .map { ($0.memento, .gallery(id: id), $0.identity) }
        case .file(let file, let stamp):
            loaded = load(stamp: stamp, at: file) { try ScribbleManager.loadVersion(path: file) }
                .map { ($0.memento, .file(path: file), $0.identity) }
        }
        let stamp: BaseStamp? =
            switch base {
            case .gallery(_, let stamp), .file(_, let stamp): stamp
            case .new, .snapshot: nil
            }
        switch loaded {
        case .success(let (memento, origin, identity)):
            return Orphan(
                path: path, baseMemento: memento, origin: origin, baseIdentity: identity, baseProblem: nil, records: records,
                baseMarkCount: memento.map { Scribble.drawing(of: $0).count } ?? 0, isDamaged: contents.isDamaged, base: base)
        case .failure(let problem):
            return Orphan(
                path: path, baseMemento: nil, origin: .new, baseProblem: problem, records: records,
                baseMarkCount: stamp?.markCount ?? 0, isDamaged: contents.isDamaged, base: base)
        }
    }

    /// The saved drawing at `path`, if it is still the version `stamp` names.
    private static func load<Loaded>(stamp: BaseStamp?, at path: String, _ load: () throws -> Loaded)
        -> Result<Loaded, BaseProblem>
    {
        if let stamp, !stamp.matches(path), FileSystem.exists(path) { return .failure(.savedAgain) }
        do {
            return .success(try load())
        } catch {
            // The cause alone ("no such file or folder"): the question names the drawing.
            return .failure(.unreadable((error as? StorageError)?.cause ?? String(describing: error)))
        }
    }

    /// The records of the journal at `path`, read in bounded memory; a folder, a FIFO or a
    /// socket in its place says what it is.
    static func readContents(_ path: String) throws(JournalError) -> JournalReader.Contents {
        let (descriptor, status): (Int32, stat)
        do { (descriptor, status) = try FileSystem.openRegularFile(path) } catch { throw .unreadable(error) }
        defer { close(descriptor) }
        return try JournalReader(descriptor: descriptor, size: Int(status.st_size)).read()
    }

    /// Where a copy of a damaged or unusable journal is kept: beside it, never offered again.
    public static func damagedCopyPath(of path: String) -> String { path + ".damaged" }

    /// Moves an unusable journal aside (`<name>.damaged`), so it is reported once and kept
    /// for whoever wants to look at it.
    public static func moveAside(_ path: String) {
        rename(path, damagedCopyPath(of: path))
        unlink(Journal.lockPath(forJournal: path))
    }

    /// Deletes a journal the user chose to discard.
    public static func discard(_ path: String) {
        unlink(path)
        unlink(Journal.lockPath(forJournal: path))
    }

    /// Whether the journal at `path` belongs to a live session: its lock is held (this
    /// process' own included: a lock is per open file, so ours refuses a second taker too).
    /// A journal named by a process id was written before journals had locks: its writer
    /// runs if that process is another TouchPainter.
    static func isLive(_ path: String) -> Bool {
        let stem = (path.split(separator: "/").last ?? "").dropLast(".journal".count)
        if let pid = Int32(stem) { return isRunning(pid) }
        let descriptor = open(Journal.lockPath(forJournal: path), O_RDWR | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { return false } // no lock file: its session is gone
        defer { close(descriptor) } // closing drops a lock taken here
        return flock(descriptor, LOCK_EX | LOCK_NB) != 0 && errno == EWOULDBLOCK
    }

    /// Whether `pid` is a running TouchPainter other than this process (which writes no
    /// journal named by its id: one with its id is a crashed run's, whose id came round).
    static func isRunning(_ pid: Int32) -> Bool {
        guard pid > 0, pid != getpid() else { return false }
        guard kill(pid, 0) == 0 || errno == EPERM else { return false }
        // The id may have been reused by another program since the owner died.
        let command = (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)) ?? ""
        return command.hasPrefix("touchpainter")
    }
}
