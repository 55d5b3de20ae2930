import Glibc

/// The desktop's thumbnailer for scribbles (`touchpainter thumbnail`, run by the file
/// manager's thumbnail service through the packaged `.thumbnailer` entry): a PNG no larger
/// than `size`×`size`, framed to the drawing (`Exporter`'s page), written into the path it is
/// given, in place.
///
/// In place, not by the usual atomic rename: a thumbnail service (tumbler, GNOME's) makes the
/// output file itself and reads that same file back, so a new file renamed over it would
/// leave the service reading its own empty one. A thumbnailer must never hang or leave
/// debris: a FIFO or device is refused unopened, a bad file in one sentence, and an output
/// this run made is removed when anything fails.
public enum Thumbnailer {
    /// The largest size asked for that is honoured: the freedesktop cache's largest.
    public static let maximumSize = 1024

    /// Writes the thumbnail of the scribble at `input` to `output`.
    /// - Throws: `StorageError` or `ScribbleFormatError` for an input that cannot be read,
    ///   `StorageError` for an output that is not a regular file or cannot be written,
    ///   `ExportError` for a render that fails.
    public static func thumbnail(of input: String, to output: String, size: Int) throws {
        if FileSystem.isSameFile(input, output) {
            throw StorageError(.save, path: output, cause: tr("it is the scribble being exported"))
        }
        try checkOutput(output) // before any rendering
        let exporter = Exporter(memento: try ScribbleManager.loadMemento(path: input))
        let side = Double(min(max(size, 1), maximumSize))
        let scale = min(side / exporter.pageWidth, side / exporter.pageHeight)
        let png = try exporter.export(.png, options: ExportOptions(scale: min(scale, 4)))
        try writeInPlace(png, to: output)
    }

    /// Throws unless `path` is a regular file or nothing yet, itself and not through a link.
    private static func checkOutput(_ path: String) throws(StorageError) {
        var status = stat()
        if lstat(path, &status) == 0, status.st_mode & S_IFMT != S_IFREG {
            throw StorageError(.save, path: path, cause: FileSystem.kind(of: status.st_mode))
        }
    }

    /// Writes `bytes` over the regular file at `path` (made if missing), keeping the file.
    /// The last name of `path` is never followed (`O_NOFOLLOW`): a thumbnail service runs
    /// this on every file downloaded, and an output that is a symbolic link — to a file, or
    /// dangling — is refused with its target untouched, so no one can aim the write
    /// elsewhere. Only an output this run made is removed on a failure.
    private static func writeInPlace(_ bytes: [UInt8], to path: String) throws(StorageError) {
        try checkOutput(path)
        var status = stat()
        // Made new (O_EXCL) or opened as it is; either way never through a link.
        let flags = O_WRONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW
        var made = true
        var descriptor = open(path, flags | O_CREAT | O_EXCL, 0o644)
        if descriptor < 0, errno == EEXIST {
            made = false
            descriptor = open(path, flags)
        }
        guard descriptor >= 0 else {
            let code = errno
            if code == ELOOP || code == EMLINK { throw StorageError(.save, path: path, cause: tr("it is a symbolic link")) }
            throw StorageError(.save, path: path, code: code)
        }
        var failure: StorageError?
        if fstat(descriptor, &status) != 0 || status.st_mode & S_IFMT != S_IFREG {
            failure = StorageError(.save, path: path, cause: FileSystem.kind(of: status.st_mode))
        } else if ftruncate(descriptor, 0) != 0 {
            failure = StorageError(.save, path: path, code: errno)
        } else {
            var written = 0
            while written < bytes.count {
                let count = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + written, $0.count - written) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { failure = StorageError(.save, path: path, code: count < 0 ? errno : EIO); break }
                written += count
            }
        }
        if close(descriptor) != 0, failure == nil { failure = StorageError(.save, path: path, code: errno) }
        guard let failure else { return }
        if made { unlink(path) } // no debris
        throw failure
    }
}
