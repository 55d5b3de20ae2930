import Glibc

/// Files that arrive in the gallery's folder while the app runs: a sync tool (Syncthing,
/// Nextcloud, Dropbox) or another instance writes them, sometimes in place and for seconds.
/// The gallery shows a file only once it is whole, so no tile ever shows half a drawing.
extension ScribbleManager {
    /// How long a file must be left unchanged before it is taken as complete, in seconds.
    public static let settleTime = 0.5
    /// How long a file that does not pass its checksum is taken as still being written
    /// (a writer may pause) before it is shown as damaged, in seconds.
    public static let arrivalGrace = 2.0

    /// `nil` when the file at `path` (with `status`) can be shown; else in how many seconds
    /// to look at it again. A file is whole when it is a version this manager wrote, or was
    /// last written `settleTime` ago and passes its header and checksum check. One that
    /// fails the check is shown — as damaged — once it has not changed for `arrivalGrace`.
    /// (A file renamed into place, as sync tools finish, is whole however old its time.)
    func isArriving(_ path: String, _ status: stat, now: Double) -> Double? {
        let age = now - Self.seconds(status.st_mtim)
        guard age < Self.arrivalGrace, status.st_mode & S_IFMT == S_IFREG else { return nil }
        if let identity = FileIdentity.of(path), ownVersions.withLock({ $0.contains(identity) }) { return nil }
        if age < Self.settleTime { return Self.settleTime - age }
        return ScribbleFile.isIntact(path) ? nil : Self.arrivalGrace - age
    }

    /// Remembers `identity` as a version this manager wrote (the last hundred are kept).
    func wrote(_ identity: FileIdentity) {
        ownVersions.withLock { versions in
            if versions.count >= 100 { versions.removeAll() }
            versions.insert(identity)
        }
    }

    /// Now, in seconds since 1970 (the clock file times are stamped with).
    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return seconds(time)
    }

    /// `time` in seconds since 1970.
    static func seconds(_ time: timespec) -> Double {
        Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
