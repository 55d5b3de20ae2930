import Glibc

/// The file operations the journal makes, one method each, so a test can make any one of
/// them fail (ENOSPC, EIO, a short write) or "crash" after it, and check that recovery still
/// gives back exactly what completed (SQLite's way of proving its journal: `JournalFaultTests`).
/// `JournalDisk` is the real one. Called only on the journal's queue.
protocol JournalStorage: Sendable {
    /// Takes the session's lock on `lockPath` (created if missing); a handle to release it.
    func lock(_ lockPath: String) throws(StorageError) -> Int32
    /// Replaces the file at `path` with `bytes` atomically: the old file or the new, never a mix.
    func replace(_ path: String, with bytes: [UInt8]) throws(StorageError)
    /// Opens the existing file at `path` for appending.
    func openForAppending(_ path: String) throws(StorageError) -> Int32
    /// Writes `bytes` at the end; how many were written, or the error (`errno`).
    func append(_ bytes: [UInt8], to handle: Int32) -> Result<Int, StorageError.Code>
    /// Cuts the file back to `length` bytes.
    func truncate(_ handle: Int32, to length: Int) -> Bool
    /// Makes what was written durable (`fdatasync`).
    func sync(_ handle: Int32)
    /// Closes a handle (a lock's too, which releases it).
    func close(_ handle: Int32)
    /// Deletes the file at `path`, if there is one.
    func remove(_ path: String)
    /// Renames the file at `path` to `newPath`.
    func rename(_ path: String, to newPath: String)
}

extension StorageError {
    /// An operating system error number, as a value a `Result` can carry.
    struct Code: Error, Equatable {
        let errno: Int32
    }
}

/// The journal's files on the real disk.
struct JournalDisk: JournalStorage {
    func lock(_ lockPath: String) throws(StorageError) -> Int32 {
        try FileSystem.makeDirectories(AtomicFile.folder(of: lockPath))
        let descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { throw StorageError(.save, path: lockPath, code: errno) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let code = errno
            Glibc.close(descriptor)
            throw StorageError(.save, path: lockPath, code: code)
        }
        return descriptor
    }

    func replace(_ path: String, with bytes: [UInt8]) throws(StorageError) {
        try AtomicFile.write(bytes, to: path)
    }

    func openForAppending(_ path: String) throws(StorageError) -> Int32 {
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { throw StorageError(.save, path: path, code: errno) }
        return descriptor
    }

    func append(_ bytes: [UInt8], to handle: Int32) -> Result<Int, StorageError.Code> {
        let written = bytes.withUnsafeBytes { write(handle, $0.baseAddress, $0.count) }
        return written < 0 ? .failure(.init(errno: errno)) : .success(written)
    }

    func truncate(_ handle: Int32, to length: Int) -> Bool {
        ftruncate(handle, off_t(length)) == 0
    }

    func sync(_ handle: Int32) {
        fdatasync(handle)
    }

    func close(_ handle: Int32) {
        Glibc.close(handle)
    }

    func remove(_ path: String) {
        unlink(path)
    }

    func rename(_ path: String, to newPath: String) {
        Glibc.rename(path, newPath)
    }
}
