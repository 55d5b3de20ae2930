import FoundationEssentials
import Glibc

/// Temporary files that a save killed midway (a crash, a power cut, `kill -9`) left in the
/// gallery: cleared at start, once they are surely no save's in progress.
extension ScribbleManager {
    /// How old a temporary file must be to count as left over: a day. A save in progress
    /// (this instance's or another's sharing the folder) is seconds old.
    public static let staleTemporaryAge: TimeInterval = 24 * 60 * 60

    /// Removes the temporary files of saves (`AtomicFile.isTemporaryName`) older than
    /// `staleTemporaryAge` from the gallery and its templates folder: only regular files of
    /// this user, never a link and never anything else. Slow on a slow disk: call it off
    /// the main thread. Returns how many went.
    /// - Complexity: O(n) in the folders' entries, one `lstat` each.
    @discardableResult
    public func removeStaleTemporaries(now: Date = Date()) -> Int {
        var removed = 0
        for folder in [directory, templatesDirectory] {
            for name in (try? FileSystem.names(in: folder)) ?? [] where AtomicFile.isTemporaryName(name) {
                let path = folder + "/" + name
                var status = stat()
                guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_uid == geteuid() else { continue }
                let modified = Double(status.st_mtim.tv_sec) + Double(status.st_mtim.tv_nsec) / 1e9
                guard now.timeIntervalSince1970 - modified > Self.staleTemporaryAge else { continue }
                if unlink(path) == 0 { removed += 1 }
            }
        }
        return removed
    }
}
