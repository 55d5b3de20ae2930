import Glibc

/// Which version of a file a document holds: the file's device and inode, size and
/// modification time, and the checksum its last four bytes hold (every scribble ends with
/// its CRC-32). A sync tool that renames a new version into place changes the inode; one
/// that writes in place changes the size, the time or the checksum — it may keep the time
/// (Syncthing copies the other machine's), but not the contents' checksum.
public struct FileIdentity: Hashable, Sendable {
    let device: UInt64
    let inode: UInt64
    let size: Int64
    let modifiedSeconds: Int
    let modifiedNanoseconds: Int
    /// The file's last four bytes (a scribble's checksum); 0 for a file shorter than that.
    let trailer: UInt32

    /// The identity of the open file `descriptor`, whose last four bytes are `trailer`.
    init(_ status: stat, trailer: UInt32) {
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
        size = Int64(status.st_size)
        modifiedSeconds = status.st_mtim.tv_sec
        modifiedNanoseconds = status.st_mtim.tv_nsec
        self.trailer = trailer
    }

    /// The identity of the file at `path` now (links followed), or `nil` when there is no
    /// regular file there. Costs a `stat` and a four-byte read.
    public static func of(_ path: String) -> FileIdentity? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        return of(descriptor: descriptor)
    }

    /// The identity of the open file `descriptor`, or `nil` if it is not a regular file.
    static func of(descriptor: Int32) -> FileIdentity? {
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        var trailer: UInt32 = 0
        if status.st_size >= 4 {
            let count = withUnsafeMutableBytes(of: &trailer) { pread(descriptor, $0.baseAddress, 4, off_t(status.st_size - 4)) }
            if count != 4 { trailer = 0 }
        }
        return FileIdentity(status, trailer: UInt32(littleEndian: trailer))
    }

    /// When the file was last modified, in seconds since 1970.
    public var modifiedAt: Double { Double(modifiedSeconds) + Double(modifiedNanoseconds) / 1e9 }
}
