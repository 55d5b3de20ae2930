/// The one entry a Xournal++ zip notebook (`.xopp` since 2019: `mimetype`,
/// `META-INF/version`, `content.xml`) is read for, found through the archive's central
/// directory. Nothing is ever extracted to disk, so names such as `../../etc/passwd` are only
/// compared, never followed; every offset and size is checked against the file first.
struct ZipArchive {
    /// Where an entry's data lies and how it is stored.
    struct Entry {
        /// 0: stored as it is; 8: deflated.
        let method: UInt16
        /// The data's range in the archive.
        let data: Range<Int>
        /// Its size once unpacked, as the directory says.
        let size: Int
        /// The CRC-32 of its unpacked bytes, as the directory says.
        let crc: UInt32
    }

    private let bytes: UnsafeRawBufferPointer

    /// Whether `bytes` start as a zip archive does (a local file header).
    static func isZip(_ bytes: UnsafeRawBufferPointer) -> Bool {
        bytes.count >= 4 && bytes[0] == 0x50 && bytes[1] == 0x4B && bytes[2] == 3 && bytes[3] == 4
    }

    init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

    /// The entry named `name`.
    /// - Throws: `ImportFailure` when the archive is damaged or has no such entry.
    /// - Complexity: O(entries), one pass over the central directory.
    func entry(named name: String) throws(ImportFailure) -> Entry {
        let damaged = ImportFailure(tr("it is a damaged zip archive"))
        // The end-of-central-directory record: in the last 64 KiB + 22 bytes (its comment).
        let lowest = max(0, bytes.count - 22 - 0xFFFF)
        var end = bytes.count - 22
        while end >= lowest, !(end >= 0 && word(end) == 0x0605_4B50) { end -= 1 }
        guard end >= lowest, end >= 0 else { throw damaged }
        let count = Int(half(end + 10)), directorySize = Int(word(end + 12)), directoryStart = Int(word(end + 16))
        guard directoryStart + directorySize <= end else { throw damaged }
        var offset = directoryStart
        let wanted = Array(name.utf8)
        for _ in 0..<count {
            guard offset + 46 <= end, word(offset) == 0x0201_4B50 else { throw damaged }
            let method = half(offset + 10), crc = word(offset + 16), packed = Int(word(offset + 20)), size = Int(word(offset + 24))
            let nameLength = Int(half(offset + 28)), extraLength = Int(half(offset + 30)), commentLength = Int(half(offset + 32))
            let local = Int(word(offset + 42))
            guard offset + 46 + nameLength <= end else { throw damaged }
            let entryName = bytes[(offset + 46)..<(offset + 46 + nameLength)]
            if entryName.elementsEqual(wanted) {
                guard local + 30 <= bytes.count, word(local) == 0x0403_4B50 else { throw damaged }
                let start = local + 30 + Int(half(local + 26)) + Int(half(local + 28))
                guard start <= bytes.count, packed <= bytes.count - start else { throw damaged }
                guard method == 0 || method == 8 else {
                    throw ImportFailure(tr("its %1$s is packed in a way this app cannot unpack", name))
                }
                guard method == 8 || packed == size else { throw damaged }
                return Entry(method: method, data: start..<(start + packed), size: size, crc: crc)
            }
            offset += 46 + nameLength + extraLength + commentLength
        }
        throw ImportFailure(tr("the archive holds no %1$s", name))
    }

    private func half(_ offset: Int) -> UInt16 { UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8 }

    private func word(_ offset: Int) -> UInt32 { UInt32(half(offset)) | UInt32(half(offset + 2)) << 16 }
}
