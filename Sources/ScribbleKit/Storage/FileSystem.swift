import FoundationEssentials
import Glibc

/// The few POSIX file operations storage needs, each turning failure into a `StorageError`
/// that names the path. Only `ScribbleManager` and `AtomicFile` use it.
enum FileSystem {
    /// The largest file `readFile` and `ScribbleFile` read (a million vertices take about 8 MB).
    static let maximumFileSize = 512 << 20

    /// Makes `path` and any missing parent folders (`mkdir -p`).
    static func makeDirectories(_ path: String) throws(StorageError) {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            prefix += prefix.isEmpty || prefix.hasSuffix("/") ? String(component) : "/" + component
            guard mkdir(prefix, 0o755) == 0 || errno == EEXIST else {
                throw StorageError(.createFolder, path: path, code: errno)
            }
        }
        guard isDirectory(path) else { throw StorageError(.createFolder, path: path, code: ENOTDIR) }
    }

    /// True when `path` is a folder (following symbolic links).
    static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    /// True when `first` and `second` name one file (the same device and inode, links
    /// followed), whatever their paths: a hard link, a symbolic link, `./x` and `x`.
    static func isSameFile(_ first: String, _ second: String) -> Bool {
        var a = stat(), b = stat()
        return stat(first, &a) == 0 && stat(second, &b) == 0 && a.st_dev == b.st_dev && a.st_ino == b.st_ino
    }

    /// True when something exists at `path`.
    static func exists(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0
    }

    /// When `path` was last modified, to the nanosecond, or `nil` if it cannot be read.
    static func modificationDate(_ path: String) -> Date? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        let time = status.st_mtim
        return Date(timeIntervalSince1970: Double(time.tv_sec) + Double(time.tv_nsec) / 1e9)
    }

    /// When `path` was last modified, exactly as the file system stores it; `nil` if it cannot be read.
    static func modificationTime(_ path: String) -> timespec? {
        var status = stat()
        return stat(path, &status) == 0 ? status.st_mtim : nil
    }

    /// Gives `path` the modification time `time` (its access time too); false if it cannot.
    @discardableResult
    static func setModificationTime(_ path: String, to time: timespec) -> Bool {
        let times = [time, time]
        return utimensat(AT_FDCWD, path, times, 0) == 0
    }

    /// The names in `directory`, without "." and ".."; a missing folder has none.
    static func names(in directory: String) throws(StorageError) -> [String] {
        guard let stream = opendir(directory) else {
            if errno == ENOENT { return [] }
            throw StorageError(.list, path: directory, code: errno)
        }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }

    /// The whole file, refusing files over `maximumFileSize` before reading them.
    /// - Complexity: O(n) in the file's size.
    static func readFile(_ path: String) throws(StorageError) -> [UInt8] {
        let (descriptor, status) = try openRegularFile(path)
        defer { close(descriptor) }
        guard status.st_size <= maximumFileSize else {
            throw StorageError(.open, path: path, cause: tr("the file is too large to be a scribble"))
        }
        return try read(descriptor, upTo: Int(status.st_size), path: path)
    }

    /// At most the first `count` bytes of the file (fewer if it is shorter).
    static func readPrefix(_ path: String, count: Int) throws(StorageError) -> [UInt8] {
        let (descriptor, _) = try openRegularFile(path)
        defer { close(descriptor) }
        return try read(descriptor, upTo: count, path: path)
    }

    /// The whole file if it has at most `limit` bytes (a cached thumbnail), else `nil`;
    /// no more than the file's size is allocated.
    static func readFile(_ path: String, atMost limit: Int) throws(StorageError) -> [UInt8]? {
        let (descriptor, status) = try openRegularFile(path)
        defer { close(descriptor) }
        guard status.st_size <= limit else { return nil }
        return try read(descriptor, upTo: Int(status.st_size), path: path)
    }

    /// Opens `path` for reading only if it is a regular file. `O_NONBLOCK` keeps a FIFO (a
    /// named pipe nobody writes) from blocking the open forever; `fstat` on the open file
    /// then refuses anything but a regular file — FIFO, device, socket, folder — with a
    /// clear message. Non-blocking mode does not affect reading a regular file.
    static func openRegularFile(_ path: String) throws(StorageError) -> (Int32, stat) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            let code = errno
            // A socket cannot be opened at all (ENXIO, "No such device or address"): say what it is.
            var status = stat()
            if code == ENXIO, stat(path, &status) == 0 { throw StorageError(.open, path: path, cause: kind(of: status.st_mode)) }
            throw StorageError(.open, path: path, code: code)
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let code = errno
            close(descriptor)
            throw StorageError(.open, path: path, code: code)
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            throw StorageError(.open, path: path, cause: kind(of: status.st_mode))
        }
        return (descriptor, status)
    }

    /// What a file that is not a regular file is, as an error's cause: "it is a folder, not
    /// a file", "it is a named pipe (FIFO), not a regular file"…
    static func kind(of mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: StorageError.cause(of: EISDIR)
        case S_IFIFO: tr("it is a named pipe (FIFO), not a regular file")
        case S_IFSOCK: tr("it is a socket, not a regular file")
        case S_IFCHR, S_IFBLK: tr("it is a device, not a regular file")
        case S_IFLNK: tr("it is a symbolic link, not a regular file")
        default: tr("it is not a regular file")
        }
    }

    /// Removes the file at `path`.
    static func remove(_ path: String) throws(StorageError) {
        guard unlink(path) == 0 else { throw StorageError(.delete, path: path, code: errno) }
    }

    /// Reads until `limit` bytes or the end of the file, retrying interrupted reads.
    private static func read(_ descriptor: Int32, upTo limit: Int, path: String) throws(StorageError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: limit)
        let filled = try bytes.withUnsafeMutableBytes { buffer in
            Result { () throws(StorageError) -> Int in try read(descriptor, into: buffer, path: path) }
        }.get()
        bytes.removeSubrange(filled..<bytes.count)
        return bytes
    }

    /// Fills `buffer` from `descriptor` until it is full or the file ends, retrying
    /// interrupted reads; returns how many bytes it read.
    static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer, path: String) throws(StorageError) -> Int {
        var filled = 0
        while filled < buffer.count {
            let result = Glibc.read(descriptor, buffer.baseAddress.map { $0 + filled }, buffer.count - filled)
            if result < 0 {
                if errno == EINTR { continue }
                throw StorageError(.open, path: path, code: errno)
            }
            if result == 0 { break }
            filled += result
        }
        return filled
    }
}
