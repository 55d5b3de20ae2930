import Glibc

/// Reads scribble files with memory bounded by what they are, whatever they hold: the magic,
/// version and header are checked from the first bytes, and the rest is read only once the
/// payload length the header declares matches the file's real size. So a 511 MB file that is
/// not a scribble is refused after reading a kilobyte, and no file costs more than its own
/// size (plus the drawing it holds) to open. Checking a file without opening it
/// (`isIntact`) computes the checksum piece by piece and never holds the file.
enum ScribbleFile {
    /// The bytes read at a time when the checksum is verified streaming.
    static let chunkSize = 1 << 20
    /// What a plausibility check needs: the header with the longest title, and the payload length.
    static let headLength = ScribbleFormat.headerPrefixLength + 8

    /// The whole file at `path`, read only after its first bytes showed a plausible scribble.
    /// - Throws: `StorageError` when it cannot be read (or is not a regular file, or is larger
    ///   than `FileSystem.maximumFileSize`), `ScribbleFormatError` when it is not a scribble,
    ///   is newer, truncated or damaged in its header.
    /// - Complexity: O(n) in the file's size; nothing beyond `headLength` is read for a file
    ///   that fails the checks.
    static func read(_ path: String) throws -> [UInt8] {
        try readVersion(path).bytes
    }

    /// The whole file at `path` (see `read`) and the identity of the file those bytes came
    /// from (its `fstat`, and the checksum they end with).
    static func readVersion(_ path: String) throws -> (bytes: [UInt8], identity: FileIdentity) {
        let (bytes, identity, _) = try openVersion(path)
        return (bytes, identity)
    }

    /// The whole file at `path` and its identity (see `readVersion`), and the file itself,
    /// still open: what a big drawing's rest is read from again (`ScribbleRest`).
    static func openVersion(_ path: String) throws -> (bytes: [UInt8], identity: FileIdentity, file: OpenFile) {
        let (descriptor, size) = try openChecked(path)
        let file = OpenFile(adopting: descriptor, path: path)
        var bytes = [UInt8](repeating: 0, count: size)
        let filled = try bytes.withUnsafeMutableBytes { buffer in
            try FileSystem.read(descriptor, into: buffer, path: path)
        }
        // A file that shrank while it was read is cut short: the decoder says so.
        if filled < size { bytes.removeSubrange(filled...) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw StorageError(.open, path: path, code: errno) }
        let trailer = bytes.count >= 4 ? bytes.suffix(4).reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) } : 0
        return (bytes, FileIdentity(status, trailer: trailer), file)
    }

    /// Whether the file at `path` is a scribble whose header and checksum are right, read
    /// `chunkSize` bytes at a time (the gallery trusts a thumbnail only then).
    /// - Complexity: O(n) in the file's size, in O(`chunkSize`) memory.
    static func isIntact(_ path: String) -> Bool {
        guard let (descriptor, size) = try? openChecked(path) else { return false }
        defer { close(descriptor) }
        var crc: UInt32 = 0
        var remaining = size - 4
        var buffer = [UInt8](repeating: 0, count: min(chunkSize, max(size, 4)))
        let intact: Bool = buffer.withUnsafeMutableBytes { chunk in
            while remaining > 0 {
                let piece = UnsafeMutableRawBufferPointer(rebasing: chunk[0..<min(remaining, chunk.count)])
                guard let count = try? FileSystem.read(descriptor, into: piece, path: path), count == piece.count else { return false }
                crc = CRC32.checksum(UnsafeRawBufferPointer(piece), continuing: crc)
                remaining -= count
            }
            let trailer = UnsafeMutableRawBufferPointer(rebasing: chunk[0..<4])
            guard let count = try? FileSystem.read(descriptor, into: trailer, path: path), count == 4 else { return false }
            return UInt32(littleEndian: trailer.loadUnaligned(as: UInt32.self)) == crc
        }
        return intact
    }

    /// Opens `path`, checks its first bytes (magic, version, header, declared length against
    /// the real size) and leaves the descriptor at the start. The caller closes it.
    private static func openChecked(_ path: String) throws -> (descriptor: Int32, size: Int) {
        let (descriptor, status) = try FileSystem.openRegularFile(path)
        do {
            guard status.st_size <= FileSystem.maximumFileSize else {
                throw StorageError(.open, path: path, cause: tr("the file is too large to be a scribble"))
            }
            let size = Int(status.st_size)
            var head = [UInt8](repeating: 0, count: min(size, headLength))
            let count = try head.withUnsafeMutableBytes { buffer in
                try FileSystem.read(descriptor, into: buffer, path: path)
            }
            try head.withUnsafeBytes { raw in
                let raw = UnsafeRawBufferPointer(rebasing: raw[0..<count])
                _ = try ScribbleFormat.version(of: raw)
                _ = try ScribbleHeader.checkLayout(raw, fileSize: size)
            }
            guard lseek(descriptor, 0, SEEK_SET) == 0 else { throw StorageError(.open, path: path, code: errno) }
            return (descriptor, size)
        } catch {
            close(descriptor)
            throw error
        }
    }
}
