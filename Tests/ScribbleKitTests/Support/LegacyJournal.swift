@testable import ScribbleKit

/// A journal as versions 1 to 4 wrote it — "TPJOURNL", u16 version, u32 pid, then frames of
/// u32 length, u32 crc32(payload), payload — holding `records` (whose payloads those versions
/// shared with version 5, except the stamp of gallery and file bases).
func legacyJournal(version: UInt16, pid: UInt32 = 7, _ records: [JournalRecord]) -> [UInt8] {
    func word(_ value: UInt32) -> [UInt8] { withUnsafeBytes(of: value.littleEndian, Array.init) }
    var bytes = JournalFormat.magic + withUnsafeBytes(of: version.littleEndian, Array.init) + word(pid)
    for record in records {
        let payload = Array(JournalFormat.frame(record).dropFirst(JournalFormat.frameHeaderLength))
        bytes += word(UInt32(payload.count)) + word(payload.withUnsafeBytes { CRC32.checksum($0) }) + payload
    }
    return bytes
}
