import CLinux
import Glibc

/// Writes a file so that a crash, a power cut or a full disk leaves either the old version
/// or the new one, never a mix: the bytes go to a temporary file in the same folder, are
/// flushed to disk, and the temporary file is renamed over the target (an atomic step).
public struct AtomicFile: Sendable {
    /// The system call that writes; `write(2)` unless a test swaps in one that fails midway.
    typealias WriteCall = @Sendable (_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int

    /// The file that gets replaced.
    public let path: String
    private let writeCall: WriteCall

    /// Prepares to replace the file at `path`.
    public init(path: String) {
        self.init(path: path, writeCall: { Glibc.write($0, $1, $2) })
    }

    /// Prepares to replace the file at `path`, writing through `writeCall` (tests inject failures).
    init(path: String, writeCall: @escaping WriteCall) {
        self.path = path
        self.writeCall = writeCall
    }

    /// Replaces the file's contents with `bytes`. On failure the temporary file is removed,
    /// the previous version is left as it was, and the error names the path and the cause.
    /// The file keeps an existing file's permissions (new files get 0644), and its
    /// modification time is set from the precise clock, so saves made within one clock
    /// tick of the file system still sort in the order they happened.
    /// - Complexity: O(n) in `bytes`, plus two `fsync`s.
    public func write(_ bytes: [UInt8]) throws(StorageError) {
        try prepare(bytes).commit()
    }

    /// A file written in full beside its destination, synced, not yet in place: several can
    /// be prepared and then committed together, so a failure before the first commit leaves
    /// every old file as it was.
    public struct Prepared: Sendable {
        /// Where it goes.
        let path: String
        /// The temporary file holding the new bytes.
        let temporary: String
        /// What the new file will be once in place (a rename keeps the inode and the time).
        public let identity: FileIdentity

        /// Renames the temporary over the destination, whatever is there, and syncs the folder.
        public func commit() throws(StorageError) {
            guard rename(temporary, path) == 0 else {
                let code = errno
                unlink(temporary)
                throw StorageError(.save, path: path, code: code)
            }
            AtomicFile.syncFolder(AtomicFile.folder(of: path))
        }

        /// Puts the new file in place only if the destination is still `expected` (`nil`:
        /// only if there is none): a save never replaces a version its document did not see,
        /// such as one a sync tool brought from another computer meanwhile. Returns `false`,
        /// with the destination untouched and the temporary removed, when it is not.
        ///
        /// The check cannot be one step with the rename on Linux, so the rename swaps the two
        /// files (`RENAME_EXCHANGE`) and the file swapped out is checked after: if it is not
        /// the expected one (another writer renamed theirs in during the microseconds between
        /// check and swap), it is swapped back. No file but the expected version is ever
        /// removed. On a file system that cannot swap (some network and FUSE ones), a plain
        /// rename follows the check; the window is then the time between a `stat` and a rename.
        /// A destination that has gone meanwhile (deleted elsewhere) is written again, as
        /// long as nothing else takes its place first.
        public func commit(expecting expected: FileIdentity?) throws(StorageError) -> Bool {
            guard let expected, let current = FileIdentity.of(path) else { return try commitIfAbsent() }
            guard current == expected else {
                discard()
                return false
            }
            if tp_renameat2(AT_FDCWD, temporary, AT_FDCWD, path, UInt32(TP_RENAME_EXCHANGE)) != 0 {
                let code = errno
                guard code == EINVAL || code == ENOSYS || code == ENOTSUP else {
                    discard()
                    throw StorageError(.save, path: path, code: code)
                }
                try commit()
                return true
            }
            // `temporary` now names what was in place.
            guard FileIdentity.of(temporary) == expected else {
                if tp_renameat2(AT_FDCWD, temporary, AT_FDCWD, path, UInt32(TP_RENAME_EXCHANGE)) == 0 {
                    discard()
                    AtomicFile.syncFolder(AtomicFile.folder(of: path))
                    return false
                }
                // Cannot swap back: theirs stays beside ours, under a name of its own (not the
                // temporary's, which a later start would clear away); the error says where.
                let kept = AtomicFile.keptName(beside: path)
                let place = tp_renameat2(AT_FDCWD, temporary, AT_FDCWD, kept, UInt32(TP_RENAME_NOREPLACE)) == 0 ? kept : temporary
                throw StorageError(.save, path: path, cause: tr("another version arrived while saving; it is kept as %1$s", place))
            }
            discard()
            AtomicFile.syncFolder(AtomicFile.folder(of: path))
            return true
        }

        /// Renames the temporary into place only if nothing is there (`RENAME_NOREPLACE`).
        private func commitIfAbsent() throws(StorageError) -> Bool {
            if tp_renameat2(AT_FDCWD, temporary, AT_FDCWD, path, UInt32(TP_RENAME_NOREPLACE)) == 0 {
                AtomicFile.syncFolder(AtomicFile.folder(of: path))
                return true
            }
            let code = errno
            if code == EEXIST {
                discard()
                return false
            }
            guard code == EINVAL || code == ENOSYS || code == ENOTSUP else {
                discard()
                throw StorageError(.save, path: path, code: code)
            }
            // No RENAME_NOREPLACE here: a hard link fails the same way if the name is taken.
            guard link(temporary, path) == 0 else {
                let code = errno
                discard()
                if code == EEXIST { return false }
                throw StorageError(.save, path: path, code: code)
            }
            discard()
            AtomicFile.syncFolder(AtomicFile.folder(of: path))
            return true
        }

        /// Removes the temporary: the destination stays as it was.
        public func discard() {
            unlink(temporary)
        }
    }

    /// Writes `bytes` to a temporary file beside the destination and syncs it; `commit`
    /// puts it in place. Only a regular file is ever replaced: a destination that
    /// is a symbolic link is written through — the link's target is replaced and the link
    /// stays, as editors do — but only when that target is a regular file the user may
    /// write, like `cp`. A FIFO, a device, a socket or a folder, at the path or at the end
    /// of its links, is refused with an error that says which it is; so is a write-protected
    /// file and a loop of links.
    ///
    /// The temporary file has a short name of its own (`.tpXXXXXX`, `temporaryPrefix`), not
    /// the destination's name plus a suffix, so every name the file system allows saves.
    /// - Complexity: O(n) in `bytes`, plus one `fsync`.
    public func prepare(_ bytes: [UInt8]) throws(StorageError) -> Prepared {
        do {
            return try prepare(writing: { descriptor throws(StorageError) in try writeAll(bytes, to: descriptor) })
        } catch let error as StorageError {
            throw error
        } catch {
            throw StorageError(.save, path: path, cause: "\(error)") // `writeAll` throws only `StorageError`
        }
    }

    /// The same as `prepare(_:)`, for a file too big to hold in memory (a video): `body`
    /// writes it to the temporary file's descriptor (and leaves it open). What `body` throws
    /// removes the temporary and is thrown on as it is.
    public func prepare(writing body: (_ descriptor: Int32) throws -> Void) throws -> Prepared {
        let destination = try Self.checkedDestination(path)
        let folder = Self.folder(of: destination)
        var template = Array("\(folder)/\(Self.temporaryPrefix)XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.map { mkstemp($0) } ?? -1
        }
        guard descriptor >= 0 else { throw StorageError(.save, path: path, code: errno) }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        var isOpen = true
        let identity: FileIdentity
        do {
            try body(descriptor)
            fchmod(descriptor, existingMode(destination) ?? 0o644)
            stampModificationTime(descriptor)
            guard fsync(descriptor) == 0 else { throw StorageError(.save, path: path, code: errno) }
            guard let made = FileIdentity.of(descriptor: descriptor) else { throw StorageError(.save, path: path, code: EIO) }
            identity = made
            isOpen = false
            guard close(descriptor) == 0 else { throw StorageError(.save, path: path, code: errno) }
        } catch {
            if isOpen { close(descriptor) }
            unlink(temporary)
            throw error
        }
        return Prepared(path: destination, temporary: temporary, identity: identity)
    }

    /// Where a version displaced by a save that could not be undone is kept: beside `path`,
    /// "name (other version).ext".
    static func keptName(beside path: String) -> String {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return path + " (other version)" }
        return String(path[..<dot]) + " (other version)" + String(path[dot...])
    }

    /// The first bytes of every temporary file a save makes; `mkstemp` adds six characters.
    /// Short, so a destination name of 255 bytes still has room, and distinct, so stale ones
    /// from a killed save can be told from the user's files (`ScribbleManager.removeStaleTemporaries`).
    public static let temporaryPrefix = ".tp"

    /// Whether `name` is one `prepare` gives its temporary files: `.tp` and the six
    /// characters `mkstemp` puts in place of `XXXXXX`. (The names of saves before issue 39,
    /// the destination's own name hidden with a suffix, are not told apart from a user's
    /// `.notes.png.backup`, so they are left alone.)
    public static func isTemporaryName(_ name: String) -> Bool {
        guard name.hasPrefix(temporaryPrefix) else { return false }
        let suffix = name.dropFirst(temporaryPrefix.count)
        return suffix.utf8.count == 6 && suffix.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }
    }

    /// Where a save of `path` lands — `path` with the symbolic links of its last component
    /// followed — once it is sure that is a regular file the user may write, or nothing yet.
    /// Checked here, before any byte is written, so a refused save leaves no trace.
    static func checkedDestination(_ path: String) throws(StorageError) -> String {
        let destination = try resolvingLinks(path)
        var status = stat()
        guard lstat(destination, &status) == 0 else {
            // Nothing there yet: a new file. Any other failure names its cause now.
            if errno == ENOENT { return destination }
            throw StorageError(.save, path: path, code: errno)
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw StorageError(.save, path: path, cause: FileSystem.kind(of: status.st_mode))
        }
        // As `cp` does: a file the user may not write is not replaced, though the folder
        // would let a rename do it. (`access` asks with the real user id; root may write.)
        guard access(destination, W_OK) == 0 else {
            throw StorageError(
                .save, path: path,
                cause: errno == EACCES
                    ? tr("the file is write-protected")
                    : StorageError.cause(of: errno))
        }
        return destination
    }

    /// `path` with symbolic links in its last component followed (at most 40, as the
    /// kernel does): where a save must land so the link keeps pointing at the new file.
    /// - Throws: `ELOOP` for more links than that (a loop).
    static func resolvingLinks(_ path: String) throws(StorageError) -> String {
        var current = path
        for _ in 0..<40 {
            var status = stat()
            guard lstat(current, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink(current, &buffer, buffer.count - 1)
            guard length > 0 else { return current }
            let target = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = target.hasPrefix("/") ? target : folder(of: current) + "/" + target
        }
        throw StorageError(.save, path: path, code: ELOOP)
    }

    /// Replaces the file at `path` with `bytes` (see `write(_:)`), making its folder first
    /// when `creatingFolder` is set (a first save of the preferences).
    public static func write(_ bytes: [UInt8], to path: String, creatingFolder: Bool = false) throws(StorageError) {
        if creatingFolder { try FileSystem.makeDirectories(folder(of: path)) }
        try AtomicFile(path: path).write(bytes)
    }

    /// Writes every byte, going on after partial writes and retrying interrupted ones.
    private func writeAll(_ bytes: [UInt8], to descriptor: Int32) throws(StorageError) {
        let failure: Int32? = bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return nil }
            var written = 0
            while written < buffer.count {
                let result = writeCall(descriptor, base + written, buffer.count - written)
                if result > 0 {
                    written += result
                } else if result < 0, errno == EINTR {
                    continue
                } else {
                    return result == 0 ? EIO : errno
                }
            }
            return nil
        }
        if let failure { throw StorageError(.save, path: path, code: failure) }
    }

    /// The permission bits of the file being replaced, if there is one.
    private func existingMode(_ destination: String) -> mode_t? {
        var status = stat()
        return stat(destination, &status) == 0 ? status.st_mode & 0o7777 : nil
    }

    /// Sets the access and modification times from `CLOCK_REALTIME` (nanoseconds) rather than the file
    /// system's coarse tick, which the gallery's most-recent-first order relies on.
    private func stampModificationTime(_ descriptor: Int32) {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let times = [now, now]
        futimens(descriptor, times)
    }

    /// Flushes the folder, so the rename itself survives a power cut. Best effort: the new
    /// file is already in place, and some file systems cannot sync a folder.
    static func syncFolder(_ folder: String) {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    /// The folder part of `path` ("." for a bare name).
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The last component of `path`.
    static func name(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }
}
