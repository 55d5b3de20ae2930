import Glibc
@testable import ScribbleKit

/// A `write(2)` stand-in that writes until the file holds `limit` bytes, then fails with
/// `code` — a disk filling up midway. It reads the file offset, so it needs no state.
func failingWrite(after limit: Int, with code: Int32) -> AtomicFile.WriteCall {
    { descriptor, bytes, count in
        let done = Int(lseek(descriptor, 0, SEEK_CUR))
        guard done < limit else {
            errno = code
            return -1
        }
        return write(descriptor, bytes, min(count, limit - done))
    }
}
