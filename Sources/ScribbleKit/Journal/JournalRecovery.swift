import Foundation

/// Finding and reading the journals a crashed TouchPainter left behind (SPEC §8). Runs off
/// the main thread: it lists a folder and reads files.
public enum JournalRecovery {
    /// A journal left by a TouchPainter that is no longer running, read and ready to replay.
    public struct Orphan: Sendable {
        /// The journal file.
        public let path: String
        /// Where its changes start: the drawing as saved (or empty, or kept in the journal).
        public let baseMemento: ScribbleMemento?
        /// Where the recovered drawing is kept.
        public let origin: DocumentOrigin
        /// The changes after the base, in order.
        let records: [JournalRecord]
        /// Bytes up to the last good record.
        let validLength: Int
        /// True when more than a torn last write was unreadable.
        public let isDamaged: Bool
        /// How many changes it holds (for the question the app asks).
        public var changeCount: Int { records.count }
    }

    /// What was found: journals to offer, and journals that could not be used (with why).
    public struct Findings: Sendable {
        /// Recoverable journals of dead owners, newest first.
        public var orphans: [Orphan] = []
        /// Journals that cannot be used: unreadable, damaged at the start, of a newer version.
        public var unusable: [(path: String, error: JournalError)] = []
    }

    /// The journals in `directory` whose writer is not running, read through `manager` for
    /// gallery bases. A live owner's journal (another running TouchPainter, or this process)
    /// is left alone. - Complexity: reads every orphaned journal and its base file.
    public static func find(in directory: String, manager: ScribbleManager) -> Findings {
        var findings = Findings()
        let names = ((try? FileSystem.names(in: directory)) ?? []).filter { $0.hasSuffix(".journal") }
        var found: [(Date, Orphan)] = []
        for name in names {
            let path = directory + "/" + name
            guard !isLive(path) else { continue }
            do throws(JournalError) {
                found.append((FileSystem.modificationDate(path) ?? .distantPast, try read(path, manager: manager)))
            } catch {
                findings.unusable.append((path, error))
            }
        }
        findings.orphans = found.sorted { $0.0 > $1.0 }.map(\.1)
        return findings
    }

    /// Reads the journal at `path` and the saved drawing it starts from.
    public static func read(_ path: String, manager: ScribbleManager) throws(JournalError) -> Orphan {
        let bytes: [UInt8]
        do { bytes = try FileSystem.readFile(path) } catch { throw .baseUnreadable(error.description) }
        let contents = try JournalFormat.read(bytes)
        guard case .base(let base)? = contents.records.first else { throw .noBase }
        let memento: ScribbleMemento?
        let origin: DocumentOrigin
        do {
            switch base {
            case .new: (memento, origin) = (nil, .new)
            case .gallery(let id): (memento, origin) = (try manager.loadMemento(id: id), .gallery(id: id))
            case .file(let path): (memento, origin) = (try ScribbleManager.loadMemento(path: path), .file(path: path))
            case .snapshot(let saved, let savedOrigin): (memento, origin) = (saved, savedOrigin)
            }
        } catch {
            throw .baseUnreadable(String(describing: error))
        }
        return Orphan(path: path, baseMemento: memento, origin: origin, records: Array(contents.records.dropFirst()),
                      validLength: contents.validLength, isDamaged: contents.isDamaged)
    }

    /// Moves an unusable journal aside (`<name>.broken`), so it is reported once and kept
    /// for whoever wants to look at it.
    public static func moveAside(_ path: String) {
        rename(path, path + ".broken")
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
