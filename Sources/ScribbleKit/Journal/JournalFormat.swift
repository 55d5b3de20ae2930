import Foundation

/// The journal file's layout (`docs/FORMAT.md`, "Journal"): a header — magic, version, the
/// writer's process id — then records, each framed by its payload's length and CRC-32 so a
/// record torn by a crash is recognised and dropped:
///
///     "TPJOURNL" u16 version u32 pid
///     ( u32 length, u32 crc32(payload), payload )*
///
/// A payload is a kind byte and its data: base (kind, then a string or a complete memento),
/// draw (an incremental memento in the scribble file format), undo, redo, clear. A snapshot
/// base is its origin (kind byte, u32 length, string) then a complete memento.
enum JournalFormat {
    /// The first eight bytes of every journal.
    static let magic = Array("TPJOURNL".utf8)
    /// The version written, and the newest one read.
    static let version: UInt16 = 1
    /// Bytes before the first record.
    static let headerLength = 14
    /// A record longer than this is not one this app wrote (a memento of the largest file).
    static let maximumRecordLength = FileSystem.maximumFileSize

    private enum Kind: UInt8 {
        case base = 1, draw, undo, redo, clear
    }

    private enum BaseKind: UInt8 {
        case new = 0, gallery, file, snapshot
    }

    /// The header of a journal written by process `pid`.
    static func header(pid: Int32) -> [UInt8] {
        var bytes = magic
        append(version, to: &bytes)
        append(UInt32(bitPattern: pid), to: &bytes)
        return bytes
    }

    /// `record` framed for appending.
    /// - Complexity: O(n) in the record's marks and vertices.
    static func frame(_ record: JournalRecord) -> [UInt8] {
        let payload = self.payload(of: record)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(payload.count + 8)
        append(UInt32(payload.count), to: &bytes)
        append(payload.withUnsafeBytes { CRC32.checksum($0) }, to: &bytes)
        bytes += payload
        return bytes
    }

    private static func payload(of record: JournalRecord) -> [UInt8] {
        switch record {
        case .base(let base):
            var bytes = [Kind.base.rawValue]
            switch base {
            case .new: bytes.append(BaseKind.new.rawValue)
            case .gallery(let id): bytes.append(BaseKind.gallery.rawValue); bytes += Array(id.utf8)
            case .file(let path): bytes.append(BaseKind.file.rawValue); bytes += Array(path.utf8)
            case .snapshot(let memento, let origin):
                bytes.append(BaseKind.snapshot.rawValue)
                let (kind, text): (UInt8, String) = switch origin {
                case .new: (0, "")
                case .gallery(let id): (1, id)
                case .file(let path): (2, path)
                }
                bytes.append(kind)
                append(UInt32(text.utf8.count), to: &bytes)
                bytes += Array(text.utf8) + memento.data
            }
            return bytes
        case .draw(let memento): return [Kind.draw.rawValue] + memento.data
        case .undo: return [Kind.undo.rawValue]
        case .redo: return [Kind.redo.rawValue]
        case .clear: return [Kind.clear.rawValue]
        }
    }

    /// What a journal file holds: its writer, its records up to the first one that does not
    /// read back, and how many bytes those take (where appending may go on).
    struct Contents {
        /// The process that wrote it.
        let pid: Int32
        /// The records that read back whole, in order.
        let records: [JournalRecord]
        /// Bytes from the start of the file to the end of the last good record.
        let validLength: Int
        /// True when bytes followed a bad record: more than a torn last write was lost.
        let isDamaged: Bool
    }

    /// Reads a journal. A record cut short or failing its checksum ends the reading (a crash
    /// tears at most the last write); a bad header is an error.
    /// - Throws: `JournalError` for a file that is not a journal or is of a newer version.
    static func read(_ bytes: [UInt8]) throws(JournalError) -> Contents {
        guard bytes.count >= headerLength, Array(bytes[0..<8]) == magic else { throw .notAJournal }
        let version = UInt16(bytes[8]) | UInt16(bytes[9]) << 8
        guard version <= self.version else { throw .newerVersion(Int(version)) }
        guard version >= 1 else { throw .notAJournal }
        let pid = Int32(bitPattern: UInt32(bytes[10]) | UInt32(bytes[11]) << 8 | UInt32(bytes[12]) << 16 | UInt32(bytes[13]) << 24)
        var records: [JournalRecord] = []
        var offset = headerLength
        while offset + 8 <= bytes.count {
            let length = Int(word(bytes, at: offset))
            let checksum = word(bytes, at: offset + 4)
            let start = offset + 8
            guard length >= 1, length <= maximumRecordLength, length <= bytes.count - start else { break }
            let payload = bytes[start..<(start + length)]
            guard payload.withUnsafeBytes({ CRC32.checksum($0) }) == checksum,
                  let record = record(from: payload) else { break }
            records.append(record)
            offset = start + length
        }
        // A torn last write leaves a partial frame; anything beyond a whole bad frame is damage.
        let isDamaged = offset < bytes.count && !isTornTail(bytes, from: offset)
        return Contents(pid: pid, records: records, validLength: offset, isDamaged: isDamaged)
    }

    /// True when what follows `offset` is one frame cut short by the end of the file.
    private static func isTornTail(_ bytes: [UInt8], from offset: Int) -> Bool {
        guard offset + 8 <= bytes.count else { return true }
        let length = Int(word(bytes, at: offset))
        return length > bytes.count - offset - 8
    }

    private static func record(from payload: ArraySlice<UInt8>) -> JournalRecord? {
        guard let first = payload.first, let kind = Kind(rawValue: first) else { return nil }
        let rest = Array(payload.dropFirst())
        switch kind {
        case .undo: return rest.isEmpty ? .undo : nil
        case .redo: return rest.isEmpty ? .redo : nil
        case .clear: return rest.isEmpty ? .clear : nil
        case .draw:
            guard let memento = try? ScribbleMemento(data: rest), !memento.isComplete else { return nil }
            return .draw(memento)
        case .base:
            guard let baseKind = rest.first.flatMap(BaseKind.init) else { return nil }
            let data = Array(rest.dropFirst())
            switch baseKind {
            case .new: return data.isEmpty ? .base(.new) : nil
            case .gallery: return String(validating: data, as: UTF8.self).map { .base(.gallery(id: $0)) }
            case .file: return String(validating: data, as: UTF8.self).map { .base(.file(path: $0)) }
            case .snapshot:
                guard data.count >= 5 else { return nil }
                let length = Int(word(data, at: 1))
                guard length <= data.count - 5, let text = String(validating: data[5..<(5 + length)], as: UTF8.self),
                      let memento = try? ScribbleMemento(data: Array(data[(5 + length)...])), memento.isComplete
                else { return nil }
                let origin: DocumentOrigin
                switch data[0] {
                case 0 where text.isEmpty: origin = .new
                case 1: origin = .gallery(id: text)
                case 2: origin = .file(path: text)
                default: return nil
                }
                return .base(.snapshot(memento, origin: origin))
            }
        }
    }

    private static func append(_ value: UInt16, to bytes: inout [UInt8]) {
        bytes += [UInt8(value & 0xFF), UInt8(value >> 8)]
    }

    private static func append(_ value: UInt32, to bytes: inout [UInt8]) {
        bytes += [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24)]
    }

    private static func word(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16 | UInt32(bytes[offset + 3]) << 24
    }
}

/// Why a journal could not be used.
public enum JournalError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file does not start like a journal.
    case notAJournal
    /// A later TouchPainter wrote it; this one leaves it alone.
    case newerVersion(Int)
    /// Its first record is not where it starts from.
    case noBase
    /// The saved version it starts from cannot be read any more.
    case baseUnreadable(String)

    public var description: String {
        switch self {
        case .notAJournal: "The file is not a TouchPainter journal."
        case .newerVersion(let version): "It was written by a newer TouchPainter (journal version \(version))."
        case .noBase: "It does not say which drawing it belongs to."
        case .baseUnreadable(let why): "The saved drawing it continues cannot be read: \(why)"
        }
    }
}
