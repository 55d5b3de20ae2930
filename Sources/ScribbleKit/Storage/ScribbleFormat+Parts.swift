import CLinux
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
    /// Files whose top-level marks average fewer bytes than this (a million taps: 19) are read
    /// whole: so many small marks cost more to build than their bytes, and read in parts they
    /// would be held twice over, in the parts and in the whole, past the memory a file may
    /// take ("2 × its size + 64 MB"; a million taps peaked at 218 MB in parts, 186 whole).
    static let partsMinimumBytesPerMark = 64
    /// Parts a core: a few more parts than threads even out parts that take longer.
    static let partsPerCore = 4

    /// The plan of reading `raw` (a whole file) in parts: the first at least `firstPartBytes`
    /// long, the others at least `partBytes`; `nil` for a file that is read whole (version 1,
    /// or a root that keeps something per child).
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
    /// handles, gets the cores first (`DetachedThread.perform`).
    /// - Complexity: O(n) in the parts' bytes, divided among the cores.
    static func readParts(
        _ indices: Range<Int>, of plan: ScribblePartsPlan, in bytes: [UInt8], cores: Int, yielding: Bool = false
    ) throws(ScribbleFormatError) -> [Stroke] {
        let results = PartResults(count: indices.count)
        bytes.withUnsafeBytes { raw in
            let file = UncheckedBytes(raw)
            let read: @Sendable (Int) -> Void = { offset in
                results.set(
                    offset,
                    Result { () throws(ScribbleFormatError) in
                        try ScribbleReaderV2.readPart(indices.lowerBound + offset, of: plan, in: file.raw)
                    })
            }
            if yielding {
                DetachedThread.performYielding(iterations: indices.count, threads: cores, read)
            } else if cores > 1, indices.count > 1 {
                DispatchQueue.concurrentPerform(iterations: indices.count, execute: read)
            } else {
                (0..<indices.count).forEach(read)
            }
        }
        return try results.strokes()
    }

    /// A root of `plan`'s fields holding the marks of `holders` (parts read), in order; the
    /// holders give them up.
    /// - Complexity: O(the holders' children).
    static func root(of plan: ScribblePartsPlan, holding holders: [Stroke]) -> Stroke {
        let root = plan.root.makeRoot()
        root.reserveCapacity(holders.reduce(0) { $0 + $1.count })
        for holder in holders {
            for element in holder.elements {
                switch element {
                case .vertex(let point): root.append(point)
                case .mark(let mark): root.add(mark)
                }
            }
            holder.removeAll()
        }
        return root
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
        return ScribbleMemento(root: root(of: plan, holding: holders), isComplete: plan.isComplete, title: plan.title, view: plan.view)
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
private final class PartResults: @unchecked Sendable {
    private let slots: UnsafeMutableBufferPointer<Result<Stroke, ScribbleFormatError>?>

    init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil)
    }

    deinit {
        _ = slots.deinitialize()
        slots.deallocate()
    }

    func set(_ index: Int, _ result: Result<Stroke, ScribbleFormatError>) { slots[index] = result }

    /// The holders in order, or the first part's failure.
    func strokes() throws(ScribbleFormatError) -> [Stroke] {
        try slots.map { slot throws(ScribbleFormatError) in
            guard let slot else { throw .corrupt("a part of the drawing was not read") }
            return try slot.get()
        }
    }
}
