import Glibc

/// The app's lines on standard error ("touchpainter: …"), each in one `write(2)`, from any
/// thread. Not Foundation's `FileHandle`: that one class links most of Foundation's legacy
/// half, and with it the ICU libraries (some 40 MB), into the self-contained binary.
enum StandardError {
    /// Writes `line` and a newline.
    static func write(_ line: String) {
        var text = line + "\n"
        text.withUTF8 { write(UnsafeRawBufferPointer($0)) }
    }

    /// Writes `bytes` as they are, in one `write(2)` unless the kernel takes less.
    static func write(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress else { return }
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(2, base + offset, bytes.count - offset)
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return }
            offset += written
        }
    }
}
