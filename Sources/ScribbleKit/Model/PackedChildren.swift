/// A root's packed children (`PackedStroke`) and the objects made for some of them: the
/// storage behind `StrokeElements`' packed form, in one reference so that the storage stays
/// as small as it was (a stroke of one 72-byte object).
///
/// Why the objects: a selection, the eraser, a command and the replay's log know marks by
/// object (`===`). The first of them to reach a packed stroke used to make every packed
/// stroke of the root into its object, a million of them for a drawing of a million ticks
/// (184 MB and half a second on the main thread, where issue 39 allows 108 MB). Now only
/// the stroke asked for gets its object (`object(at:)`), kept beside its value for as long
/// as it stays there, so the same mark is handed out each time; its value stays too, so
/// what reads values (rendering, saving, bounds, times) need not know of it. A stroke with
/// an object is sealed, so neither ever changes apart from the other. The objects are kept
/// by index, sparse: a few touched ticks cost a few entries, not 8 bytes for each of the
/// million.
///
/// Copy-on-write by hand: a `StrokeElements` that changes it first makes its own copy when
/// another holds it too (a `RenderSnapshot` on another thread, a memento's copy).
final class PackedChildren {
    /// The packed children, in order.
    var strokes: [PackedStroke]
    /// The objects made so far, by ascending index among the packed children.
    private(set) var objects: [(index: Int, stroke: Stroke)]

    init(_ strokes: [PackedStroke], objects: [(index: Int, stroke: Stroke)] = []) {
        self.strokes = strokes
        self.objects = objects
    }

    /// A copy sharing both arrays (copy-on-write).
    func copy() -> PackedChildren { PackedChildren(strokes, objects: objects) }

    /// Where the object of the packed child at `index` is among `objects`, or would go.
    /// - Complexity: O(log objects).
    private func position(of index: Int) -> Int {
        var (low, high) = (0, objects.count)
        while low < high {
            let middle = (low + high) / 2
            if objects[middle].index < index { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The object of the packed child at `index`, made now if it has none yet.
    /// - Complexity: O(log objects), or O(objects) for one made.
    func object(at index: Int) -> Stroke {
        let position = position(of: index)
        if position < objects.count, objects[position].index == index { return objects[position].stroke }
        let object = strokes[index].makeStroke()
        objects.insert((index, object), at: position)
        return object
    }

    /// The child at `index` as a mark: its object, or a stroke made for this read only.
    func mark(at index: Int) -> Stroke {
        let position = position(of: index)
        return position < objects.count && objects[position].index == index ? objects[position].stroke : strokes[index].makeStroke()
    }

    /// The index of the packed child whose object is `mark`, if one is.
    /// - Complexity: O(objects).
    func index(of mark: Mark) -> Int? {
        objects.first { $0.stroke === mark }?.index
    }

    /// Puts `strokes`, packed from `marks` (one each), in place of the packed children in `range`.
    /// - Complexity: O(packed children + objects).
    func replaceSubrange(_ range: Range<Int>, with strokes: [PackedStroke], objects marks: [Stroke]) {
        replaceSubranges([(range, Array(zip(strokes, marks)))])
    }

    /// Puts each run's strokes, packed from its marks (one each; none given for a run whose
    /// packed children are made objects elsewhere), in place of the packed children in its
    /// range, in one pass (`Array.replaceSubranges`): runs ascending and apart.
    /// - Complexity: O(packed children + objects + runs' strokes).
    func replaceSubranges(_ runs: [(range: Range<Int>, strokes: [(packed: PackedStroke, object: Stroke)])]) {
        strokes.replaceSubranges(runs.map { ($0.range, $0.strokes.map(\.packed)) })
        // The objects below each run move by what the runs below them grew; the run's own go.
        var moved: [(index: Int, stroke: Stroke)] = []
        moved.reserveCapacity(objects.count + runs.reduce(0) { $0 + $1.strokes.count })
        var next = 0, shift = 0
        for run in runs {
            while next < objects.count, objects[next].index < run.range.lowerBound {
                moved.append((objects[next].index + shift, objects[next].stroke))
                next += 1
            }
            while next < objects.count, objects[next].index < run.range.upperBound { next += 1 }
            for (offset, stroke) in run.strokes.enumerated() { moved.append((run.range.lowerBound + shift + offset, stroke.object)) }
            shift += run.strokes.count - run.range.count
        }
        while next < objects.count {
            moved.append((objects[next].index + shift, objects[next].stroke))
            next += 1
        }
        objects = moved
    }

    /// Appends `stroke` without an object (the reader's bulk load).
    func append(_ stroke: PackedStroke) {
        strokes.append(stroke)
    }

    /// Gives the objects the times their values now have (after `StrokeElements.withPacked`).
    func syncTimes() {
        for object in objects { object.stroke.times = strokes[object.index].times }
    }
}
