import Glibc

/// Which saved version of a drawing a journal continues (SQLite's salts, for a file we do not
/// own): the file's length and the CRC-32 of its contents that its last four bytes hold, read
/// when the journal starts, and how many top-level marks it has. Recovery replays the changes
/// only over that exact version; if the file was saved again since, or is gone, the changes
/// refer to marks that are not there, and their strokes are offered as a drawing of their own.
public struct BaseStamp: Equatable, Sendable {
    /// The saved file's length in bytes.
    let fileSize: UInt64
    /// The checksum stored at the file's end (covering all of it), so reading it costs one seek.
    let checksum: UInt32
    /// The saved drawing's top-level marks: what the changes' mark indices count from.
    let markCount: Int

    /// The stamp of the file at `path` holding a drawing of `markCount` top-level marks, or
    /// `nil` when it cannot be read. Reads the file's last four bytes only.
    static func read(_ path: String, markCount: Int) -> BaseStamp? {
        guard let (descriptor, status) = try? FileSystem.openRegularFile(path) else { return nil }
        defer { close(descriptor) }
        var checksum: UInt32 = 0
        guard status.st_size >= 4, pread(descriptor, &checksum, 4, status.st_size - 4) == 4 else { return nil }
        return BaseStamp(fileSize: UInt64(status.st_size), checksum: UInt32(littleEndian: checksum), markCount: markCount)
    }

    /// Whether the file at `path` is still the version this stamp was read from.
    func matches(_ path: String) -> Bool {
        Self.read(path, markCount: markCount) == self
    }
}

extension JournalBase {
    /// This base with `stamp`, if it is a saved version (a new or snapshot base has none).
    func stamped(_ stamp: BaseStamp?) -> JournalBase {
        switch self {
        case .gallery(let id, _): .gallery(id: id, stamp: stamp)
        case .file(let path, _): .file(path: path, stamp: stamp)
        case .new, .snapshot: self
        }
    }
}
