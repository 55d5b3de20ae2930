import Foundation

/// The journal file's layout (`docs/FORMAT.md`, "Journal"): a header — magic, version, the
/// writer's process id — then records, each framed by its payload's length and CRC-32 so a
/// record torn by a crash is recognised and dropped:
///
///     "TPJOURNL" u16 version u32 pid
///     ( u32 length, u32 crc32(payload), payload )*
///
/// A payload is a kind byte and its data: base (kind, then a string or a complete memento),
/// draw (an incremental memento in the scribble file format), undo, redo, clear, remove
/// (u32 count, u32 indices), edit (u32 count, u32 indices, then a move: 0, f32 dx, f32 dy;
/// or a restyle: 1, flags (1 colour, 2 size), r g b a, f32 size), cut (u32 count, u32
/// indices, u32 count, u32 piece counts, then a complete memento of the pieces). A snapshot
/// base is its origin (kind byte, u32 length, string) then a complete memento.
enum JournalFormat {
    /// The first eight bytes of every journal.
    static let magic = Array("TPJOURNL".utf8)
    /// The version written, and the newest one read. Version 3 holds its mementos in scribble
    /// format version 2 (the journal's own layout is version 2's), so a TouchPainter that reads
    /// only scribble format 1 leaves such a journal alone rather than calling it damaged.
    /// Version 4 adds the cut record, for the same reason.
    static let version: UInt16 = 4
    /// Bytes before the first record.
    static let headerLength = 14
    /// A record longer than this is not one this app wrote (a memento of the largest file).
    static let maximumRecordLength = FileSystem.maximumFileSize

    private enum Kind: UInt8 {
        case base = 1, draw, undo, redo, clear, remove, edit, cut
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
        case .remove(let indices):
            var bytes = [Kind.remove.rawValue]
            append(indices, to: &bytes)
            return bytes
        case .edit(let indices, let edit):
            var bytes = [Kind.edit.rawValue]
            append(indices, to: &bytes)
            switch edit {
            case .move(let dx, let dy):
                bytes.append(0)
                append(dx.bitPattern, to: &bytes)
                append(dy.bitPattern, to: &bytes)
            case .restyle(let color, let size):
                bytes += [1, (color == nil ? 0 : 1) | (size == nil ? 0 : 2)]
                let c = color ?? .black
                bytes += [c.red, c.green, c.blue, c.alpha]
                append((size ?? 0).bitPattern, to: &bytes)
            }
            return bytes
        case .cut(let indices, let pieceCounts, let pieces):
            var bytes = [Kind.cut.rawValue]
            append(indices, to: &bytes)
            append(pieceCounts, to: &bytes)
            return bytes + pieces.data
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
        case .remove:
            guard let (indices, end) = indices(in: rest), end == rest.count else { return nil }
            return .remove(indices: indices)
        case .edit:
            guard let (indices, end) = indices(in: rest), end < rest.count else { return nil }
            let edit = Array(rest[end...])
            switch edit[0] {
            case 0 where edit.count == 9:
                return .edit(indices: indices, .move(dx: Float(bitPattern: word(edit, at: 1)), dy: Float(bitPattern: word(edit, at: 5))))
            case 1 where edit.count == 10 && edit[1] & ~3 == 0:
                let color = edit[1] & 1 == 0 ? nil : Color(red: edit[2], green: edit[3], blue: edit[4], alpha: edit[5])
                let size = edit[1] & 2 == 0 ? nil : Float(bitPattern: word(edit, at: 6))
                guard size.map({ $0.isFinite && $0 > 0 && $0 <= ScribbleFormat.maximumSize }) ?? true else { return nil }
                return .edit(indices: indices, .restyle(color: color, size: size))
            default:
                return nil
            }
        case .cut:
            guard let (indices, end) = indices(in: rest),
                  let (pieceCounts, countsEnd) = self.indices(in: Array(rest[end...])), pieceCounts.count == indices.count,
                  let pieces = try? ScribbleMemento(data: Array(rest[(end + countsEnd)...])), pieces.isComplete,
                  pieceCounts.reduce(0, { $0 + $1 }) == pieces.root.count
            else { return nil }
            return .cut(indices: indices, pieceCounts: pieceCounts, pieces)
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

    /// A count and that many indices, as remove and edit records hold them.
    private static func append(_ indices: [Int], to bytes: inout [UInt8]) {
        append(UInt32(indices.count), to: &bytes)
        for index in indices { append(UInt32(clamping: index), to: &bytes) }
    }

    /// The indices at the start of `data` and where they end; `nil` if they do not fit.
    private static func indices(in data: [UInt8]) -> ([Int], end: Int)? {
        guard data.count >= 4 else { return nil }
        let count = Int(word(data, at: 0))
        guard count <= (data.count - 4) / 4 else { return nil }
        return ((0..<count).map { Int(word(data, at: 4 + 4 * $0)) }, 4 + 4 * count)
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
