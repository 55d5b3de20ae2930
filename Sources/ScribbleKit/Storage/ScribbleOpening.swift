import CLinux

/// A scribble file opened in two steps, so that a big drawing is on screen before the whole
/// of it is read: its first (bottom) marks at once, as a complete memento with the file's
/// title and view, and the rest afterwards, read in parts on every core
/// (`ScribblePartsReader`). The file was checked whole first — header, checksum, the
/// structure of every mark — so the rest fails only on a forged file with values no
/// TouchPainter writes.
public struct ScribbleOpening: Sendable {
    /// The first marks of the drawing, with its title and view: what the canvas shows first.
    public let first: ScribbleMemento
    /// The rest of the drawing, still to be read; `nil` when `first` is the whole of it.
    public let rest: ScribbleRest?
}

/// The rest of a drawing opened in parts, still to be read: the file's bytes (held until
/// then: the same memory the whole file's reading holds) and where its parts lie.
public struct ScribbleRest: Sendable {
    let bytes: [UInt8]
    let plan: ScribblePartsPlan

    /// Reads the rest, several parts at once on every core the process may use (one at a
    /// time on one), on threads that give way to the main thread: a memento of the marks that go on top of the first ones
    /// (`Scribble.adoptRest(of:)`). Slow for a big drawing: call it off the main thread.
    /// - Complexity: O(n) in the rest's bytes, divided among the cores.
    public func read() throws(ScribbleFormatError) -> ScribbleMemento {
        // The file and the whole drawing are held at once from here on: the memory the
        // first part's frame used and freed (the renderer's scratch, in its threads' arenas)
        // goes back to the system first, or it would add to that peak.
        tp_trim_heap()
        let holders = try ScribbleFormat.readParts(1..<plan.parts.count, of: plan, in: bytes, cores: ProcessorCores.usable, yielding: true)
        return ScribbleMemento(root: ScribbleFormat.root(of: plan, holding: holders), isComplete: false, title: nil)
    }

    /// How many of the drawing's top-level marks and inline vertices the rest holds.
    public var childCount: Int { plan.parts.dropFirst().reduce(0) { $0 + $1.children } }
}

extension ScribbleFormat {
    /// Opens a file in two steps (`ScribbleOpening`): a file of at least `threshold` bytes
    /// that can be read in parts, and whose marks average `minimumBytesPerMark` or more,
    /// gives its first part (at least `firstPartBytes`) and the rest
    /// to read (in parts of at least `partBytes`, by default `partsPerCore` a core); any
    /// other is read whole.
    static func open(
        _ bytes: [UInt8], firstPartBytes: Int = ScribbleFormat.firstPartBytes, partBytes: Int? = nil,
        threshold: Int = ScribbleFormat.partsThreshold, minimumBytesPerMark: Int = ScribbleFormat.partsMinimumBytesPerMark
    ) throws(ScribbleFormatError) -> ScribbleOpening {
        let rest = partBytes ?? max(firstPartBytes, Self.partBytes(forFileOf: bytes.count, cores: ProcessorCores.usable))
        let planned = bytes.withUnsafeBytes { raw in
            Result { () throws(ScribbleFormatError) -> ScribblePartsPlan? in
                bytes.count < threshold ? nil : try Self.plan(raw, firstPartBytes: firstPartBytes, partBytes: rest)
            }
        }
        guard let plan = try planned.get(), plan.root.childCount * minimumBytesPerMark <= bytes.count else {
            return ScribbleOpening(first: try decode(bytes), rest: nil)
        }
        let first = try readParts(0..<1, of: plan, in: bytes, cores: 1)
        return ScribbleOpening(
            first: ScribbleMemento(root: root(of: plan, holding: first), isComplete: plan.isComplete, title: plan.title, view: plan.view),
            rest: plan.parts.count > 1 ? ScribbleRest(bytes: bytes, plan: plan) : nil)
    }
}
