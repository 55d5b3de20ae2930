import Glibc

/// Reads a journal one frame at a time, in bounded memory, and goes on past damage.
///
/// - A frame is checked before its payload is held: its length must fit the file and the
///   cap, and a long payload's checksum is computed piece by piece, so a huge bad frame
///   costs reading it, never its size in memory.
/// - A frame that fails is skipped: the reader looks for the next frame magic followed by a
///   whole frame whose checksum holds (LevelDB's resynchronisation), and counts the bytes it
///   passed over as damage. Only when no whole frame follows is the bad one the last write,
///   torn by a crash — which is not damage if it runs past the end of the file.
/// - A header whose checksum fails is damage too (a flipped version bit is not a newer app's
///   journal): the records are still read.
/// - Journals of versions 1 to 4 have no frame magic: their reading stops at the first bad
///   frame, as those versions' did.
struct JournalReader {
    /// The file's length.
    let size: Int
    /// Reads `count` bytes at `offset`; `nil` if they cannot all be read.
    let readBytes: (_ offset: Int, _ count: Int) -> [UInt8]?

    /// What a journal holds: its records, read in order, and how much of it was damaged.
    struct Contents {
        /// The records that read back whole, in order.
        let records: [JournalRecord]
        /// Bytes that could not be read: a damaged header, skipped frames, a bad last frame;
        /// not a last frame cut short by a crash.
        let damagedBytes: Int
        /// Bytes from the start to the end of the last record read (where a writer may append).
        let validLength: Int
        /// True when more than a torn last write was lost.
        var isDamaged: Bool { damagedBytes > 0 }
    }

    /// How far above its own version a journal may be and still be taken for a newer
    /// TouchPainter's rather than for damage.
    static let versionsAhead: UInt16 = 100
    /// How many bytes a long payload's checksum is computed over at a time.
    static let chunkLength = 1 << 20

    /// A reader of `bytes` in memory.
    init(bytes: [UInt8]) {
        size = bytes.count
        readBytes = { offset, count in
            offset >= 0 && count >= 0 && offset <= bytes.count - count ? Array(bytes[offset..<(offset + count)]) : nil
        }
    }

    /// A reader of the open file `descriptor`, `size` bytes long.
    init(descriptor: Int32, size: Int) {
        self.size = size
        readBytes = { offset, count in
            var bytes = [UInt8](repeating: 0, count: count)
            var done = 0
            while done < count {
                let read = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress! + done, count - done, off_t(offset + done)) }
                if read < 0, errno == EINTR { continue }
                guard read > 0 else { return nil }
                done += read
            }
            return bytes
        }
    }

    /// Reads the journal's header and every record that can be read.
    /// - Throws: `JournalError` for a file that is not a journal or is of a newer version.
    /// - Complexity: O(n) in the file's length; memory O(largest record).
    func read() throws(JournalError) -> Contents {
        guard let head = readBytes(0, min(size, JournalFormat.headerLength)), head.count >= 10 else { throw .notAJournal }
        let magicMatches = zip(head, JournalFormat.magic).filter { $0 == $1 }.count
        let version = UInt16(head[8]) | UInt16(head[9]) << 8
        // Versions 1 to 4; a version 5 journal with a flipped version bit still has its first
        // frame's magic at the end of the header, where an old journal's frame holds a length.
        if magicMatches == 8, (1...4).contains(version), readBytes(JournalFormat.headerLength, 4) != JournalFormat.frameMagic {
            return readLegacy(version: version)
        }
        // A version no TouchPainter could have written (0, or far above this one) is damage.
        let isPossible = version >= 1 && version <= JournalFormat.version + Self.versionsAhead
        let headerHolds =
            head.count == JournalFormat.headerLength && isPossible
            && head[0..<12].withUnsafeBytes({ CRC32.checksum($0) }) == JournalFormat.word(head, at: 12)
        if headerHolds {
            guard magicMatches == 8 else { throw .notAJournal }
            guard version <= JournalFormat.version else { throw .newerVersion(Int(version)) }
        } else if magicMatches < 6 && !isFrame(at: JournalFormat.headerLength) {
            throw .notAJournal // not a damaged journal: something else
        }
        // A damaged header is read as the current version: the records tell whether it was one.
        let readVersion = headerHolds && version >= 5 ? version : JournalFormat.version
        var records: [JournalRecord] = []
        var damaged = headerHolds ? 0 : JournalFormat.headerLength
        var offset = JournalFormat.headerLength
        var validLength = offset
        while offset < size {
            if let (payload, end) = frame(at: offset) {
                if let record = JournalFormat.record(from: payload, version: readVersion) {
                    records.append(record)
                    validLength = end
                } else {
                    damaged += end - offset // whole and checked, but not a record this app knows
                }
                offset = end
            } else if let next = nextFrame(after: offset) {
                damaged += next - offset
                offset = next
            } else if runsPastEnd(at: offset) {
                // A write cut short by a crash — or a whole last record whose length field was
                // damaged: then the bytes to the end are its payload, and its checksum says so.
                if let payload = lastPayload(at: offset), let record = JournalFormat.record(from: payload, version: readVersion) {
                    records.append(record)
                    damaged += 4
                    validLength = size
                }
                break
            } else {
                damaged += size - offset // a whole last frame, bad
                break
            }
        }
        return Contents(records: records, damagedBytes: damaged, validLength: validLength)
    }

    /// Versions 1 to 4: frames of length, checksum of the payload, payload; reading stops at
    /// the first bad one.
    private func readLegacy(version: UInt16) -> Contents {
        var records: [JournalRecord] = []
        var offset = 14
        while offset + 8 <= size, let header = readBytes(offset, 8) {
            let length = Int(JournalFormat.word(header, at: 0))
            guard length >= 1, length <= JournalFormat.maximumRecordLength, length <= size - offset - 8,
                let payload = readBytes(offset + 8, length),
                payload.withUnsafeBytes({ CRC32.checksum($0) }) == JournalFormat.word(header, at: 4),
                let record = JournalFormat.record(from: payload, version: version)
            else { break }
            records.append(record)
            offset += 8 + length
        }
        let tornTail = offset + 8 > size || readBytes(offset, 4).map { Int(JournalFormat.word($0, at: 0)) > size - offset - 8 } ?? true
        return Contents(records: records, damagedBytes: offset < size && !tornTail ? size - offset : 0, validLength: offset)
    }

    /// The payload of the whole, checked frame at `offset` and where the frame ends; `nil`
    /// if there is none there. A payload over `chunkLength` is checked in pieces before it
    /// is read whole.
    func frame(at offset: Int) -> ([UInt8], end: Int)? {
        guard let length = plausibleLength(at: offset), let header = readBytes(offset, JournalFormat.frameHeaderLength) else { return nil }
        let expected = JournalFormat.word(header, at: 8)
        let start = offset + JournalFormat.frameHeaderLength
        var checksum = JournalFormat.lengthChecksum(UInt32(length))
        if length > Self.chunkLength {
            var done = 0
            while done < length {
                guard let chunk = readBytes(start + done, min(Self.chunkLength, length - done)) else { return nil }
                checksum = chunk.withUnsafeBytes { CRC32.checksum($0, continuing: checksum) }
                done += chunk.count
            }
            guard checksum == expected else { return nil }
            checksum = JournalFormat.lengthChecksum(UInt32(length))
        }
        guard let payload = readBytes(start, length),
            payload.withUnsafeBytes({ CRC32.checksum($0, continuing: checksum) }) == expected
        else { return nil }
        return (payload, start + length)
    }

    /// The bytes from the payload of the frame at `offset` to the end of the file, if they
    /// are what the frame's checksum covers (with the length they really have).
    private func lastPayload(at offset: Int) -> [UInt8]? {
        let length = size - offset - JournalFormat.frameHeaderLength
        guard length >= 1, length <= JournalFormat.maximumRecordLength,
            let header = readBytes(offset, JournalFormat.frameHeaderLength), Array(header[0..<4]) == JournalFormat.frameMagic,
            let payload = readBytes(offset + JournalFormat.frameHeaderLength, length),
            payload.withUnsafeBytes({ CRC32.checksum($0, continuing: JournalFormat.lengthChecksum(UInt32(length))) })
                == JournalFormat.word(header, at: 8)
        else { return nil }
        return payload
    }

    /// Whether a whole, checked frame starts at `offset`.
    private func isFrame(at offset: Int) -> Bool {
        frame(at: offset) != nil
    }

    /// The length a frame magic at `offset` declares, if it fits both the cap and the file.
    private func plausibleLength(at offset: Int) -> Int? {
        guard offset <= size - JournalFormat.frameHeaderLength,
            let header = readBytes(offset, 8), Array(header[0..<4]) == JournalFormat.frameMagic
        else { return nil }
        let length = Int(JournalFormat.word(header, at: 4))
        guard length >= 1, length <= JournalFormat.maximumRecordLength,
            length <= size - offset - JournalFormat.frameHeaderLength
        else { return nil }
        return length
    }

    /// True when the frame at `offset` is a write cut short by the end of the file: a frame
    /// header too short to read, or one whose length runs past the end.
    private func runsPastEnd(at offset: Int) -> Bool {
        guard offset <= size - 8, let header = readBytes(offset, 8) else { return true }
        return Int(JournalFormat.word(header, at: 4)) > size - offset - JournalFormat.frameHeaderLength
    }

    /// Where the next whole, checked frame after `offset` starts, found by scanning for the
    /// frame magic in windows of `chunkLength`; `nil` if none follows.
    private func nextFrame(after offset: Int) -> Int? {
        let magic = JournalFormat.frameMagic
        var windowStart = offset + 1
        while windowStart <= size - JournalFormat.frameHeaderLength {
            let count = min(Self.chunkLength + magic.count - 1, size - windowStart)
            guard let window = readBytes(windowStart, count) else { return nil }
            var index = 0
            while index + magic.count <= window.count {
                // memchr finds the magic's first byte fast, even across megabytes of damage.
                let found = window.withUnsafeBytes { memchr($0.baseAddress! + index, Int32(magic[0]), $0.count - index) }
                guard let found else { break }
                index = window.withUnsafeBytes { found - UnsafeMutableRawPointer(mutating: $0.baseAddress!) }
                if index + magic.count <= window.count, Array(window[index..<(index + magic.count)]) == magic,
                    isFrame(at: windowStart + index)
                {
                    return windowStart + index
                }
                index += 1
            }
            windowStart += Self.chunkLength
        }
        return nil
    }
}
