/// A root's packed children (`PackedStroke`) and the objects made for some of them: the
/// storage behind `StrokeElements`' packed form, in one reference so that the storage stays
/// as small as it was (a stroke of one 72-byte object).
///
/// Why the objects: a selection, the eraser, a command and the replay's log know marks by
/// object (`===`). The first of them to reach a packed stroke used to make every packed
/// stroke of the root into its object, a million of them for a drawing of a million ticks
/// (160 MB and half a second on the main thread, where issue 39 allows 110 MB). Now only
/// the stroke asked for gets its object (`StrokeElements.object(at:)`), kept beside its
/// value for as long as it stays there, so the same mark is handed out each time; its value
/// stays too, so what reads values (rendering, saving, bounds, times) need not know of it. A
/// stroke with an object is sealed, so neither ever changes apart from the other.
///
/// Copy-on-write by hand: a `StrokeElements` that changes it first makes its own copy when
/// another holds it too (a `RenderSnapshot` on another thread, a memento's copy).
final class PackedChildren {
    /// The packed children, in order.
    var strokes: [PackedStroke]
    /// Empty while no packed child has an object; then one per packed child: its object, if
    /// it was made (8 bytes a child, 8 MB for a million).
    var objects: [Stroke?]

    init(_ strokes: [PackedStroke], objects: [Stroke?] = []) {
        self.strokes = strokes
        self.objects = objects
    }

    /// A copy sharing both arrays (copy-on-write).
    func copy() -> PackedChildren { PackedChildren(strokes, objects: objects) }

    /// The object of the packed child at `index`, made now if it has none yet.
    /// - Complexity: O(1), or O(packed children) for the first object made.
    func object(at index: Int) -> Stroke {
        if let object = objects.isEmpty ? nil : objects[index] { return object }
        if objects.isEmpty { objects = Array(repeating: nil, count: strokes.count) }
        let object = strokes[index].makeStroke()
        objects[index] = object
        return object
    }

    /// The index of the packed child whose object is `mark`, if one is.
    /// - Complexity: O(packed children) when some have objects, else O(1).
    func index(of mark: Mark) -> Int? {
        guard !objects.isEmpty else { return nil }
        return objects.firstIndex { $0 === mark }
    }

    /// Puts `strokes`, packed from `marks` (one each), in place of the packed children in `range`.
    func replaceSubrange(_ range: Range<Int>, with strokes: [PackedStroke], objects marks: [Stroke]) {
        self.strokes.replaceSubrange(range, with: strokes)
        if objects.isEmpty, marks.isEmpty { return }
        if objects.isEmpty { objects = Array(repeating: nil, count: self.strokes.count - strokes.count + range.count) }
        objects.replaceSubrange(range, with: marks.map { Optional($0) })
    }

    /// Puts each run's strokes, packed from its marks (one each), in place of the packed
    /// children in its range, in one pass (`Array.replaceSubranges`).
    func replaceSubranges(_ runs: [(range: Range<Int>, strokes: [(packed: PackedStroke, object: Stroke)])]) {
        if objects.isEmpty { objects = Array(repeating: nil, count: strokes.count) }
        strokes.replaceSubranges(runs.map { ($0.range, $0.strokes.map(\.packed)) })
        objects.replaceSubranges(runs.map { ($0.range, $0.strokes.map { Optional($0.object) }) })
    }

    /// Appends `stroke` without an object (the reader's bulk load).
    func append(_ stroke: PackedStroke) {
        strokes.append(stroke)
        if !objects.isEmpty { objects.append(nil) }
    }

    /// The child at `index` as a mark: its object, or a stroke made for this read only.
    func mark(at index: Int) -> Stroke {
        (objects.isEmpty ? nil : objects[index]) ?? strokes[index].makeStroke()
    }

    /// Gives the objects the times their values now have (after `StrokeElements.withPacked`).
    func syncTimes() {
        for (index, object) in objects.enumerated() { object?.times = strokes[index].times }
    }
}
