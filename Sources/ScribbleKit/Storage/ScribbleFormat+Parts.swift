import CLinux
import CZlib
import Dispatch
import FoundationEssentials

/// Reading a large file in parts on every core (`ScribblePartsReader`): its top-level marks
/// cut into runs that are read at once, each on a thread, and put together in order under
/// one root. A file reads the same in parts as whole, and refuses the same.
extension ScribbleFormat {
    /// Payloads below this many bytes are read whole, on the calling thread: a thread or two
    /// cost more than they save (a megabyte is about 250,000 vertices, ~6 ms).
    static let partsThreshold = 2 << 20
    /// The first part of a file opened in parts holds at least this many bytes of marks
    /// (about 60,000 vertices): few enough to render at once (~50 ms on two cores) before the
    /// rest is read.
    static let firstPartBytes = 256 << 10
    /// Files whose top-level marks average fewer bytes than this (a million taps: 19) open in
    /// one step: so many small marks cost more to build than their bytes, and shown in two
    /// steps their parts would all be held at once beside the whole, past the memory a file
    /// may take ("2 × its size + 64 MB"; a million taps peaked at 218 MB in two steps, 186 in
    /// one). Opened from a file, they are read from it again a few parts at a time, the
    /// file's bytes let go first (`readDrawing`).
    static let partsMinimumBytesPerMark = 64
    /// How long the parts are of a file of tiny marks read again from the file
    /// (`readDrawing`): short, because a part's marks are built as objects on the thread
    /// reading it before the root packs them (`PackedStroke`), and the memory they took
    /// stays in that thread's malloc arena, which `malloc_trim` does not give back: parts of
    /// 2.8 MB (a million ticks on two cores) left 25 MB there, parts of 256 KB about 2.
    static let tinyMarksPartBytes = 256 << 10
    /// Parts a core: a few more parts than threads even out parts that take longer.
    static let partsPerCore = 4

    /// The plan of reading `raw` (a whole file) in parts: the first at least `firstPartBytes`
    /// long, the others at least `partBytes`; `nil` for a file that is read whole (version 1,
    /// version 6, or a root that keeps something per child).
    static func plan(_ raw: UnsafeRawBufferPointer, firstPartBytes: Int, partBytes: Int) throws(ScribbleFormatError) -> ScribblePartsPlan? {
        let fileVersion = try Self.version(of: raw)
        guard fileVersion >= 2 else { return nil }
        return try ScribbleReaderV2.plan(raw, version: fileVersion, firstPartBytes: firstPartBytes, partBytes: partBytes)
    }

    /// How long the parts of a file of `count` bytes are for `cores` cores: `partsPerCore`
    /// parts a core.
    static func partBytes(forFileOf count: Int, cores: Int) -> Int {
        max(1, count / max(1, cores * partsPerCore))
    }

    /// Reads `indices` of `plan`'s parts from `bytes` (the file it was made from), several at
    /// once on `cores` cores, and returns their marks' holders in order; the first failure is thrown.
    /// A `yielding` read (the rest of a drawing being opened, while the app is on screen) runs
    /// on threads of lower priority, so that the main thread, and the input and frames it
    /// handles, gets the cores first (`DetachedThread.performYielding`).
    /// - Complexity: O(n) in the parts' bytes, divided among the cores.
    static func readParts(
        _ indices: Range<Int>, of plan: ScribblePartsPlan, in bytes: [UInt8], cores: Int, yielding: Bool = false
    ) throws(ScribbleFormatError) -> [Stroke] {
        let results = PartResults<Stroke>(count: indices.count)
        bytes.withUnsafeBytes { raw in
            let file = UncheckedBytes(raw)
            let read: @Sendable (Int) -> Void = { offset in
                results.set(
                    offset,
                    Result { () throws(ScribbleFormatError) in
                        try ScribbleReaderV2.readPart(indices.lowerBound + offset, of: plan, in: file.raw)
                    })
            }
            perform(indices.count, cores: cores, yielding: yielding, read)
        }
        return try results.values()
    }

    /// Reads `indices` of `plan`'s parts from `file` (the file it was made from, still open),
    /// several at once on `cores` cores, each read into memory of its own and let go once
    /// built; returns their marks' holders in order. The parts' checksums, with `check`'s,
    /// must make the file's: a file changed since it was checked is refused. A `yielding`
    /// read gives way to the main thread, as the one from bytes does.
    /// - Complexity: O(n) in the parts' bytes, divided among the cores; in memory, a part a
    ///   core at a time.
    static func readParts(
        _ indices: Range<Int>, of plan: ScribblePartsPlan, from file: OpenFile, checking check: ScribbleRestCheck, cores: Int,
        yielding: Bool = false
    ) throws(ScribbleFormatError) -> [Stroke] {
        let parts = try readParts(indices, of: plan, from: file, cores: cores, yielding: yielding)
        let checksum = Self.checksum(check.before, continuedOver: indices, of: plan, withChecksums: parts.map(\.checksum))
        try check.verify(checksum)
        return parts.map(\.holder)
    }

    /// Reads the whole drawing of `plan` from `file` (the file it was made from, still open),
    /// `cores` parts at a time, each part's marks put on the root as soon as it is read: in
    /// memory, beside the drawing, only the parts being read. The parts' checksums, with
    /// `check`'s (from the first part on), must make the file's.
    /// - Complexity: O(n) in the file's length, divided among the cores.
    static func readDrawing(_ plan: ScribblePartsPlan, from file: OpenFile, checking check: ScribbleRestCheck, cores: Int)
        throws(ScribbleFormatError) -> ScribbleMemento
    {
        let root = plan.root.makeRoot()
        var checksum = check.before
        for start in stride(from: 0, to: plan.parts.count, by: max(1, cores)) {
            let batch = start..<min(start + max(1, cores), plan.parts.count)
            let parts = try readParts(batch, of: plan, from: file, cores: cores)
            checksum = Self.checksum(checksum, continuedOver: batch, of: plan, withChecksums: parts.map(\.checksum))
            put(parts.map(\.holder), on: root, reserving: plan.root.childCount)
        }
        try check.verify(checksum)
        return ScribbleMemento(root: root, isComplete: plan.isComplete, title: plan.title, view: plan.view, history: plan.history)
    }

    /// Reads `indices` of `plan`'s parts from `file`, several at once on `cores` cores (on
    /// threads that give way to the main thread when `yielding`): their holders and their
    /// bytes' checksums, in order.
    private static func readParts(_ indices: Range<Int>, of plan: ScribblePartsPlan, from file: OpenFile, cores: Int, yielding: Bool = false)
        throws(ScribbleFormatError) -> [(holder: Stroke, checksum: UInt32)]
    {
        let results = PartResults<(holder: Stroke, checksum: UInt32)>(count: indices.count)
        let read: @Sendable (Int) -> Void = { offset in
            results.set(offset, Result { () throws(ScribbleFormatError) in try readPart(indices.lowerBound + offset, of: plan, from: file) })
        }
        perform(indices.count, cores: cores, yielding: yielding, read)
        return try results.values()
    }

    /// Runs `read` for each of `0..<count`: on threads that give way to the main thread when
    /// `yielding`, else several at once on `cores` cores, or one after another on one.
    private static func perform(_ count: Int, cores: Int, yielding: Bool, _ read: @escaping @Sendable (Int) -> Void) {
        if yielding {
            DetachedThread.performYielding(iterations: count, threads: cores, read)
        } else if cores > 1, count > 1 {
            DispatchQueue.concurrentPerform(iterations: count, execute: read)
        } else {
            (0..<count).forEach(read)
        }
    }

    /// The CRC-32 of the bytes `checksum` covers followed by `indices` of `plan`'s parts, whose
    /// own are `checksums` (zlib's `crc32_combine`: no byte is read again).
    private static func checksum(_ checksum: UInt32, continuedOver indices: Range<Int>, of plan: ScribblePartsPlan, withChecksums checksums: [UInt32])
        -> UInt32
    {
        zip(indices, checksums).reduce(checksum) { checksum, part in
            UInt32(truncatingIfNeeded: crc32_combine(UInt(checksum), UInt(part.1), Int(plan.parts[part.0].bytes.count)))
        }
    }

    /// Reads part `index` of `plan` from `file`: its marks under a holder stroke, and the
    /// checksum of its bytes.
    private static func readPart(_ index: Int, of plan: ScribblePartsPlan, from file: OpenFile) throws(ScribbleFormatError)
        -> (holder: Stroke, checksum: UInt32)
    {
        let part = plan.parts[index]
        var bytes = [UInt8](repeating: 0, count: part.bytes.count)
        let filled = bytes.withUnsafeMutableBytes { buffer in
            Result { () throws(StorageError) in try file.read(into: buffer, at: plan.payload.lowerBound + part.bytes.lowerBound) }
        }
        switch filled {
        case .success(let count) where count == bytes.count: break
        case .success: throw .corrupt("the file changed while it was being opened")
        case .failure(let error): throw .corrupt("its rest could not be read: \(error.cause)")
        }
        let read = bytes.withUnsafeBytes { raw in
            Result { () throws(ScribbleFormatError) in (try ScribbleReaderV2.readPart(index, of: plan, inPart: raw), CRC32.checksum(raw)) }
        }
        return try read.get()
    }

    /// A root of `plan`'s fields holding the marks of `holders` (parts read), in order; the
    /// holders give them up.
    /// - Complexity: O(the holders' children).
    static func root(of plan: ScribblePartsPlan, holding holders: [Stroke]) -> Stroke {
        let root = plan.root.makeRoot()
        put(holders, on: root, reserving: holders.reduce(0) { $0 + $1.count })
        return root
    }

    /// Puts the marks of `holders` (parts read) on `root`, in order, the holders giving them
    /// up, with room for `count` children in all made once the first is on (so the room is
    /// of the kind the children are: packed strokes, marks, or points). Plain small strokes
    /// are packed (`Stroke.addPacking`): nobody else holds them.
    private static func put(_ holders: [Stroke], on root: Stroke, reserving count: Int) {
        for holder in holders {
            root.adopt(holder.elements)
            if root.count > 0, root.count <= holder.count { root.reserveRoom(forChildren: count) }
            holder.removeAll()
        }
    }

    /// Decodes a whole file in parts on `cores` cores (parts of `partBytes`, by default
    /// `partsPerCore` a core), or `nil` when it is read whole (also when its marks average
    /// fewer than `minimumBytesPerMark` bytes).
    static func decodeInParts(_ bytes: [UInt8], cores: Int, partBytes: Int? = nil, minimumBytesPerMark: Int = 0)
        throws(ScribbleFormatError) -> ScribbleMemento?
    {
        let size = partBytes ?? Self.partBytes(forFileOf: bytes.count, cores: cores)
        let planned = bytes.withUnsafeBytes { raw in
            Result { () throws(ScribbleFormatError) in try Self.plan(raw, firstPartBytes: size, partBytes: size) }
        }
        guard let plan = try planned.get(), plan.root.childCount * minimumBytesPerMark <= bytes.count else { return nil }
        let holders = try readParts(0..<plan.parts.count, of: plan, in: bytes, cores: cores)
        return ScribbleMemento(
            root: root(of: plan, holding: holders), isComplete: plan.isComplete, title: plan.title, view: plan.view, history: plan.history)
    }
}

/// The file's bytes, read by every part's thread; they outlive the threads (the caller
/// waits for them inside `withUnsafeBytes`) and nobody writes them.
private struct UncheckedBytes: @unchecked Sendable {
    let raw: UnsafeRawBufferPointer
    init(_ raw: UnsafeRawBufferPointer) { self.raw = raw }
}

/// What each part's thread read: one slot a part, each written by one thread only, all read
/// once every thread is done.
private final class PartResults<Value>: @unchecked Sendable {
    private let slots: UnsafeMutableBufferPointer<Result<Value, ScribbleFormatError>?>

    init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil)
    }

    deinit {
        _ = slots.deinitialize()
        slots.deallocate()
    }

    func set(_ index: Int, _ result: Result<Value, ScribbleFormatError>) { slots[index] = result }

    /// The values in order, or the first part's failure.
    func values() throws(ScribbleFormatError) -> [Value] {
        try slots.map { slot throws(ScribbleFormatError) in
            guard let slot else { throw .corrupt("a part of the drawing was not read") }
            return try slot.get()
        }
    }
}
