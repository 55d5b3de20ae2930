import CLinux
import CZlib

/// A scribble file opened in two steps, so that a big drawing is on screen before the whole
/// of it is read: its first (bottom) marks at once, as a complete memento with the file's
/// title and view, and the rest afterwards, read in parts on every core
/// (`ScribblePartsReader`). The file was checked whole first — header, checksum, the
/// structure of every mark — so the rest fails only on a forged file with values no
/// TouchPainter writes, or on a file changed in place since (`ScribbleRest`).
public struct ScribbleOpening: Sendable {
    /// The first marks of the drawing, with its title and view: what the canvas shows first.
    public let first: ScribbleMemento
    /// The rest of the drawing, still to be read; `nil` when `first` is the whole of it.
    public let rest: ScribbleRest?
}

/// The rest of a drawing opened in parts, still to be read: where its parts lie, and where
/// they are read from. Opened from a file, that is the file itself, kept open, not its bytes:
/// they would be held, beside the whole drawing being built, until the last part is read
/// (45 MB at ten million vertices). Read again, the parts are checked against the file's own
/// checksum, so a file changed in place since is refused, never half read.
public struct ScribbleRest: Sendable {
    /// Where the parts are read from.
    enum Source: Sendable {
        /// The whole file's bytes, held until the rest is read (a file opened from memory).
        case bytes([UInt8])
        /// The file, open, and the checksums of its bytes around the rest.
        case file(OpenFile, ScribbleRestCheck)
    }

    let source: Source
    let plan: ScribblePartsPlan

    /// Reads the rest, several parts at once on every core the process may use (one at a
    /// time on one), on threads that give way to the main thread: a memento of the marks that
    /// go on top of the first ones, with what the file keeps of the marks taken off the whole
    /// drawing (`Scribble.adoptRest(of:)`). Slow for a big drawing: call it off the main thread.
    /// - Complexity: O(n) in the rest's bytes, divided among the cores; read from a file, in
    ///   memory for a part a core at a time beyond the drawing.
    public func read() throws(ScribbleFormatError) -> ScribbleMemento {
        // The whole drawing is built from here on: the memory the first part's frame used
        // and freed (the renderer's scratch, in its threads' arenas) goes back to the system
        // first, or it would add to that peak.
        tp_trim_heap()
        let parts = 1..<plan.parts.count
        let holders =
            switch source {
            case .bytes(let bytes): try ScribbleFormat.readParts(parts, of: plan, in: bytes, cores: ProcessorCores.usable, yielding: true)
            case .file(let file, let check):
                try ScribbleFormat.readParts(parts, of: plan, from: file, checking: check, cores: ProcessorCores.usable, yielding: true)
            }
        return ScribbleMemento(rest: ScribbleFormat.root(of: plan, holding: holders), history: plan.history)
    }

    /// How many of the drawing's top-level marks and inline vertices the rest holds.
    public var childCount: Int { plan.parts.dropFirst().reduce(0) { $0 + $1.children } }

    /// Whether the rest is read from the file again rather than from bytes held in memory.
    var readsFromFile: Bool {
        if case .file = source { true } else { false }
    }
}

/// The checksums of a file's bytes before and after its parts from one on (its rest, or all
/// of them), taken from the bytes that were checked whole at first: with those parts' own,
/// read again, they must make the checksum the file ends with.
struct ScribbleRestCheck: Sendable {
    /// The CRC-32 of the file's bytes before the parts.
    let before: UInt32
    /// The CRC-32 of the bytes after the parts, up to the checksum, and how many they are.
    let after: UInt32
    let afterCount: Int
    /// The checksum the file ends with.
    let checksum: UInt32

    /// Refuses `checksum`, what the file's bytes up to the end of the parts make with the
    /// parts read again, unless with the bytes after them it makes the one the file ends with.
    func verify(_ checksum: UInt32) throws(ScribbleFormatError) {
        let whole = UInt32(truncatingIfNeeded: crc32_combine(UInt(checksum), UInt(after), Int(afterCount)))
        guard whole == self.checksum else { throw .corrupt("the file changed while it was being opened") }
    }

    /// The checks of `plan`'s parts from `first` on, in `bytes` (the whole file, checked).
    init(_ bytes: [UInt8], plan: ScribblePartsPlan, from first: Int) {
        let start = plan.payload.lowerBound + (plan.parts.dropFirst(first).first?.bytes.lowerBound ?? 0)
        let end = plan.payload.lowerBound + (plan.parts.last?.bytes.upperBound ?? 0)
        let checked = bytes.count - 4
        (before, after, afterCount, checksum) = bytes.withUnsafeBytes { raw in
            (
                CRC32.checksum(UnsafeRawBufferPointer(rebasing: raw[0..<start])),
                CRC32.checksum(UnsafeRawBufferPointer(rebasing: raw[end..<checked])), checked - end,
                raw.loadUnaligned(fromByteOffset: checked, as: UInt32.self).littleEndian
            )
        }
    }
}

extension ScribbleFormat {
    /// Opens a file in two steps (`ScribbleOpening`): a file of at least `threshold` bytes
    /// that can be read in parts, and whose marks average `minimumBytesPerMark` or more,
    /// gives its first part (at least `firstPartBytes`) and the rest
    /// to read (in parts of at least `partBytes`, by default `partsPerCore` a core); any
    /// other is read whole.
    ///
    /// `file`, when given, is the open file `bytes` were read from: the rest is read from it
    /// again, and `bytes` are not kept. A file of tiny marks is then read whole from it too,
    /// once `bytes` are let go (`readDrawing`): they would be held while its many marks are
    /// built (19 MB beside a million taps).
    static func open(
        _ bytes: consuming [UInt8], file: OpenFile? = nil, firstPartBytes: Int = ScribbleFormat.firstPartBytes, partBytes: Int? = nil,
        threshold: Int = ScribbleFormat.partsThreshold, minimumBytesPerMark: Int = ScribbleFormat.partsMinimumBytesPerMark
    ) throws(ScribbleFormatError) -> ScribbleOpening {
        var bytes = consume bytes // let go below where they are no longer needed
        let rest = partBytes ?? max(firstPartBytes, Self.partBytes(forFileOf: bytes.count, cores: ProcessorCores.usable))
        let planned = bytes.withUnsafeBytes { raw in
            Result { () throws(ScribbleFormatError) -> ScribblePartsPlan? in
                raw.count < threshold ? nil : try Self.plan(raw, firstPartBytes: firstPartBytes, partBytes: rest)
            }
        }
        guard let plan = try planned.get() else { return ScribbleOpening(first: try decode(bytes), rest: nil) }
        guard plan.root.childCount * minimumBytesPerMark <= bytes.count else {
            guard let file else { return ScribbleOpening(first: try decode(bytes), rest: nil) }
            let replanned = bytes.withUnsafeBytes { raw in
                Result { () throws(ScribbleFormatError) in
                    try Self.plan(raw, firstPartBytes: Self.tinyMarksPartBytes, partBytes: Self.tinyMarksPartBytes)
                }
            }
            let plan = try replanned.get() ?? plan
            let check = ScribbleRestCheck(bytes, plan: plan, from: 0)
            bytes = []
            // (At the usual priority: on threads that give way to the main thread, such a file
            // took 10.4–11 s to show on a machine busy with two other processes, against 5.6–8.8.)
            return ScribbleOpening(first: try readDrawing(plan, from: file, checking: check, cores: ProcessorCores.usable), rest: nil)
        }
        let first = try readParts(0..<1, of: plan, in: bytes, cores: 1)
        return ScribbleOpening(
            first: ScribbleMemento(root: root(of: plan, holding: first), isComplete: plan.isComplete, title: plan.title, view: plan.view),
            rest: plan.parts.count > 1
                ? ScribbleRest(source: file.map { .file($0, ScribbleRestCheck(bytes, plan: plan, from: 1)) } ?? .bytes(bytes), plan: plan)
                : nil)
    }
}
