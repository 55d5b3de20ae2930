import Glibc

/// A file kept open to read more of it later, off the main thread: the file a big drawing is
/// opened from, whose rest is read again part by part (`ScribbleRest`) instead of being held
/// in memory while the first part is on show. Reading through the descriptor, not the path,
/// reads the file that was opened even if another was saved over it since (an atomic save
/// renames a new file into place); the descriptor closes with the last holder.
final class OpenFile: Sendable {
    /// The open descriptor, read only with `pread` (no shared offset between threads).
    private let descriptor: Int32
    /// Where it was opened, for messages.
    let path: String

    /// Takes over `descriptor`, open for reading `path`: it is closed with this object.
    init(adopting descriptor: Int32, path: String) {
        self.descriptor = descriptor
        self.path = path
    }

    deinit {
        close(descriptor)
    }

    /// Fills `buffer` with the file's bytes from `offset` on, retrying interrupted and short
    /// reads; returns how many it read (fewer than asked only where the file ends). Safe on
    /// several threads at once.
    func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws(StorageError) -> Int {
        var filled = 0
        while filled < buffer.count {
            let result = pread(descriptor, buffer.baseAddress.map { $0 + filled }, buffer.count - filled, off_t(offset + filled))
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
