import FoundationEssentials
import Glibc

/// The journal file's layout (`docs/FORMAT.md`, "The journal"): a header — magic, version,
/// and a CRC-32 of both, so a flipped bit there reads as damage, not as a newer app's journal
/// — then records, each framed by a magic word, its payload's length and a CRC-32 of the
/// length and payload. The magic lets a reader that meets a damaged record find the next
/// whole one (LevelDB's resynchronisation), so one bad record hides nothing after it:
///
///     "TPJOURNL" u16 version u16 0 u32 crc32(the 12 bytes before)
///     ( D1 "TPR" u32 length, u32 crc32(length, payload), payload )*
///
/// A payload is a kind byte and its data: base (kind, then a string or a complete memento),
/// draw (an incremental memento in the scribble file format), undo, redo, clear, remove
/// (u32 count, u32 indices), edit (u32 count, u32 indices, then a move: 0, f32 dx, f32 dy;
/// or a restyle: 1, flags (1 colour, 2 size), r g b a, f32 size; or a transform: 2, six f64
/// a b c d tx ty), cut (u32 count, u32 indices, u32 count, u32 piece counts, then a complete
/// memento of the pieces), add (a complete memento of the marks), order (u32 count, u32
/// indices, then 0 raise, 1 lower, 2 front, 3 back), clock (u64 milliseconds on the
/// scribble's clock, before each record that is not a draw). A gallery or
/// file base holds a stamp flag (1 when a `BaseStamp` follows: u64 size, u32 checksum, u32
/// mark count) before its id or path. A snapshot base is its origin (kind byte, u32 length,
/// string) then a complete memento.
///
/// Versions 1 to 4 (`TPJOURNL` u16 version u32 pid, frames of u32 length, u32
/// crc32(payload), payload; bases without stamps) are still read, without resynchronising.
enum JournalFormat {
    /// The first eight bytes of every journal.
    static let magic = Array("TPJOURNL".utf8)
    /// The first four bytes of every record's frame (version 5).
    static let frameMagic: [UInt8] = [0xD1, 0x54, 0x50, 0x52]
    /// The version written, and the newest one read. Version 3 holds its mementos in scribble
    /// format version 2, version 4 adds the cut record, version 5 frames records with a magic
    /// word, checks the header and stamps the base, version 6 adds the add and order records
    /// and the transform edit, version 7 the clock record (and mementos in scribble format
    /// version 4, with the marks' times), version 8 a snapshot base in scribble format
    /// version 5, with the marks taken off (which a version 7 reader could not read), version 9
    /// mementos in scribble format version 6, with PDF pages and their content store (which a
    /// version 8 reader would skip as damage, and replay the ink without its pages), version
    /// 10 mementos in scribble format version 7, with pictures (which a version 9 reader would
    /// skip as damage in the same way, restoring the drawing without its pictures).
    static let version: UInt16 = 10
    /// Bytes before the first record.
    static let headerLength = 16
    /// Bytes before a record's payload.
    static let frameHeaderLength = 12
    /// A record longer than this is not one this app wrote (a memento of the largest file).
    static let maximumRecordLength = FileSystem.maximumFileSize

    private enum Kind: UInt8 {
        case base = 1, draw, undo, redo, clear, remove, edit, cut, add, order, clock
    }

    private enum BaseKind: UInt8 {
        case new = 0, gallery, file, snapshot
    }

    /// The header of a journal.
    static func header() -> [UInt8] {
        var bytes = magic
        append(version, to: &bytes)
        append(UInt16(0), to: &bytes)
        append(bytes.withUnsafeBytes { CRC32.checksum($0) }, to: &bytes)
        return bytes
    }

    /// `record` framed for appending.
    /// - Complexity: O(n) in the record's marks and vertices.
    static func frame(_ record: JournalRecord) -> [UInt8] {
        if case .draw(let memento) = record { return drawFrame(memento) }
        let payload = self.payload(of: record)
        var bytes = frameMagic
        bytes.reserveCapacity(payload.count + frameHeaderLength)
        append(UInt32(payload.count), to: &bytes)
        append(payload.withUnsafeBytes { CRC32.checksum($0, continuing: lengthChecksum(UInt32(payload.count))) }, to: &bytes)
        bytes += payload
        return bytes
    }

    /// A draw record framed, the memento encoded straight into the frame: the one array
    /// `frame` makes of any record, without the payload and the memento's file as arrays of
    /// their own beside it (a stamp of a million ticks: 23 MB, not three times that at once).
    private static func drawFrame(_ memento: ScribbleMemento) -> [UInt8] {
        var bytes = memento.encoded(leavingFront: frameHeaderLength + 1)
        let length = UInt32(bytes.count - frameHeaderLength)
        bytes[frameHeaderLength] = Kind.draw.rawValue
        let checksum = bytes.withUnsafeBytes {
            CRC32.checksum(UnsafeRawBufferPointer(rebasing: $0[frameHeaderLength...]), continuing: lengthChecksum(length))
        }
        var header = frameMagic
        append(length, to: &header)
        append(checksum, to: &header)
        bytes.replaceSubrange(0..<frameHeaderLength, with: header) // as long: in place
        return bytes
    }

    /// Where a version 5 frame's checksum starts: the CRC-32 of its length field, which the
    /// payload's bytes continue (so a flipped length bit fails the check too).
    static func lengthChecksum(_ length: UInt32) -> UInt32 {
        var bytes: [UInt8] = []
        append(length, to: &bytes)
        return bytes.withUnsafeBytes { CRC32.checksum($0) }
    }

    private static func payload(of record: JournalRecord) -> [UInt8] {
        switch record {
        case .base(let base):
            var bytes = [Kind.base.rawValue]
            switch base {
            case .new: bytes.append(BaseKind.new.rawValue)
            case .gallery(let id, let stamp):
                bytes.append(BaseKind.gallery.rawValue)
                append(stamp, to: &bytes)
                bytes += Array(id.utf8)
            case .file(let path, let stamp):
                bytes.append(BaseKind.file.rawValue)
                append(stamp, to: &bytes)
                bytes += Array(path.utf8)
            case .snapshot(let memento, let origin):
                bytes.append(BaseKind.snapshot.rawValue)
                let (kind, text): (UInt8, String) =
                    switch origin {
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
            case .transform(let t):
                bytes.append(2)
                for value in [t.a, t.b, t.c, t.d, t.tx, t.ty] {
                    append(UInt32(truncatingIfNeeded: value.bitPattern), to: &bytes)
                    append(UInt32(truncatingIfNeeded: value.bitPattern >> 32), to: &bytes)
                }
            }
            return bytes
        case .cut(let indices, let pieceCounts, let pieces):
            var bytes = [Kind.cut.rawValue]
            append(indices, to: &bytes)
            append(pieceCounts, to: &bytes)
            return bytes + pieces.data
        case .add(let marks): return [Kind.add.rawValue] + marks.data
        case .order(let indices, let order):
            var bytes = [Kind.order.rawValue]
            append(indices, to: &bytes)
            bytes.append(order.rawValue)
            return bytes
        case .clock(let time):
            var bytes = [Kind.clock.rawValue]
            append(UInt32(truncatingIfNeeded: UInt64(time)), to: &bytes)
            append(UInt32(truncatingIfNeeded: UInt64(time) >> 32), to: &bytes)
            return bytes
        }
    }

    /// The record a frame's payload holds, read as journal `version` wrote it; `nil` if it
    /// is not one.
    static func record(from payload: [UInt8], version: UInt16) -> JournalRecord? {
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
            case 2 where edit.count == 49:
                let values = (0..<6).map { Double(bitPattern: UInt64(word(edit, at: 1 + 8 * $0)) | UInt64(word(edit, at: 5 + 8 * $0)) << 32) }
                guard values.allSatisfy(\.isFinite) else { return nil }
                return .edit(
                    indices: indices,
                    .transform(AffineTransform(a: values[0], b: values[1], c: values[2], d: values[3], tx: values[4], ty: values[5])))
            default:
                return nil
            }
        case .cut:
            guard let (indices, end) = indices(in: rest),
                let (pieceCounts, countsEnd) = self.indices(in: Array(rest[end...])), pieceCounts.count == indices.count,
                let pieces = try? ScribbleMemento(data: Array(rest[(end + countsEnd)...])), pieces.isComplete,
                pieceCounts.reduce(0, { $0 + $1 }) == Scribble.drawing(of: pieces).count
            else { return nil }
            return .cut(indices: indices, pieceCounts: pieceCounts, pieces)
        case .add:
            guard let memento = try? ScribbleMemento(data: rest), memento.isComplete else { return nil }
            return .add(memento)
        case .order:
            guard let (indices, end) = indices(in: rest), end + 1 == rest.count,
                let order = ReorderMarksCommand.Order(rawValue: rest[end])
            else { return nil }
            return .order(indices: indices, order)
        case .clock:
            guard rest.count == 8 else { return nil }
            let time = UInt64(word(rest, at: 0)) | UInt64(word(rest, at: 4)) << 32
            guard time <= UInt64(StrokeTimes.maximumTime) else { return nil }
            return .clock(Int64(time))
        case .draw:
            guard let memento = try? ScribbleMemento(data: rest), !memento.isComplete else { return nil }
            return .draw(memento)
        case .base:
            guard let baseKind = rest.first.flatMap(BaseKind.init) else { return nil }
            let data = Array(rest.dropFirst())
            switch baseKind {
            case .new: return data.isEmpty ? .base(.new) : nil
            case .gallery, .file:
                guard let (stamp, end) = self.stamp(in: data, version: version),
                    let text = String(validating: data[end...], as: UTF8.self)
                else { return nil }
                return .base(baseKind == .gallery ? .gallery(id: text, stamp: stamp) : .file(path: text, stamp: stamp))
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

    /// A base's stamp (version 5: a flag, then the stamp if it is 1), and where it ends.
    private static func append(_ stamp: BaseStamp?, to bytes: inout [UInt8]) {
        guard let stamp else { return bytes.append(0) }
        bytes.append(1)
        append(UInt32(truncatingIfNeeded: stamp.fileSize), to: &bytes)
        append(UInt32(truncatingIfNeeded: stamp.fileSize >> 32), to: &bytes)
        append(stamp.checksum, to: &bytes)
        append(UInt32(clamping: stamp.markCount), to: &bytes)
    }

    /// The stamp at the start of a gallery or file base's data and where it ends; journals
    /// before version 5 have none.
    private static func stamp(in data: [UInt8], version: UInt16) -> (BaseStamp?, end: Int)? {
        guard version >= 5 else { return (nil, 0) }
        switch data.first {
        case 0: return (nil, 1)
        case 1 where data.count >= 17:
            let size = UInt64(word(data, at: 1)) | UInt64(word(data, at: 5)) << 32
            return (BaseStamp(fileSize: size, checksum: word(data, at: 9), markCount: Int(word(data, at: 13))), 17)
        default: return nil
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

    static func word(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16 | UInt32(bytes[offset + 3]) << 24
    }
}

/// Why a journal could not be used at all (damage inside it is skipped, and a base that is
/// gone or changed is reported on the `JournalRecovery.Orphan`): each message says that it is
/// the journal itself that failed.
public enum JournalError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file does not start like a journal.
    case notAJournal
    /// A later TouchPainter wrote it (its header's checksum is right); this one leaves it alone.
    case newerVersion(Int)
    /// The journal file itself could not be read: not a regular file, or refused by the system.
    case unreadable(StorageError)
    /// It is damaged, and nothing in it could be read.
    case damaged

    public var description: String {
        switch self {
        case .notAJournal: tr("The journal is not a TouchPainter journal.")
        case .newerVersion(let version): tr("The journal was written by a newer TouchPainter (journal version %1$s).", version)
        case .unreadable(let error): tr("The journal itself cannot be read: %1$s", error.description)
        case .damaged: tr("The journal is damaged, and nothing in it could be read.")
        }
    }
}
