/// The Composite (book chapter 13): a path of vertices drawn with one colour and width, or —
/// as the scribble's root — an ordered list of strokes and dots.
///
/// Plain vertices are stored inline as 8-byte points rather than as objects, so a stroke of
/// a million vertices costs 8 bytes a vertex (a pressure byte more with a stylus) and no heap
/// allocation per motion event (`StrokeElements`); the
/// `Mark` interface still hands out `Vertex` objects for them (fresh each time). A stroke of
/// one child, or two vertices, keeps them inside the object (`StrokeElements`), so a one- or
/// two-point stroke is one 72-byte object (malloc takes 80 for it).
public final class Stroke: Mark {
    /// One child: an inline vertex, or any other mark.
    public enum Element {
        /// A plain vertex, stored by value.
        case vertex(Point)
        /// A dot, a nested stroke, or a `Vertex` subclass.
        case mark(Mark)
    }

    // The stored properties are declared in the order that packs them tightest (Swift lays
    // a class out in declaration order): 72 bytes, which malloc holds in 80 (it adds 8 bytes
    // and rounds up to 16: an 80-byte object took 96).

    /// The children as they are stored: the root's first children may be packed strokes
    /// (`PackedStroke`), which only ScribbleKit's paths that know them read this way.
    var storedElements = StrokeElements()
    /// The stroke's colour; `nil` for the scribble's root.
    public var color: Color?
    /// Whether the stroke is done: finished drawing (`Scribble.finish`), read from a file, or
    /// a copy. On the canvas, a sealed stroke is never changed in place again, so a
    /// `RenderSnapshot` reads it where it is instead of freezing a copy of it. (A scribble's
    /// root takes new marks whatever this says; snapshots always freeze it.) Sealing a group
    /// works out its bounds once (see `box`).
    public internal(set) var isSealed = false {
        didSet { if isSealed != oldValue, markCount > 0 { recomputeBox() } }
    }
    /// Whether the tools leave the mark alone: the select tool does not pick it and the
    /// eraser passes over it (an imported notebook's pages, drawn under everything). It is
    /// still drawn, exported and cleared with the rest. (Stored where the layout has a spare
    /// byte: a stroke stays one 72-byte object.)
    public var isLocked = false
    /// The pen width in pixels, always within (0, `MarkLimits.maximumSize`] (clamped when set).
    public var size: Float {
        didSet { size = MarkLimits.clamped(size: size) }
    }
    /// Bounding box of the inline vertices' locations, kept up to date on append — or, for
    /// a sealed group (`isBoxedGroup`), the union of its children's bounds. Why one field for
    /// both: a group (a stamp, a template) of 300,000 strokes walked every child for its
    /// bounds, several times on the main thread per stamp and undo; a field of its own would
    /// cost every stroke 16 bytes (a drawing of a million taps, 16 MB).
    private var box = Rect.null
    /// How many children are other marks; lets `bounds` skip the walk for plain strokes.
    var markCount: Int32 = 0
    /// The pressures and the times, in one word unless the stroke has either kind of its own
    /// (`StrokeExtras`).
    private var extras = StrokeExtras()

    /// Pen pressure at each child, 0 (none) – 255 (full), for a stroke drawn with a stylus:
    /// one per child of `elements`, by index (a non-vertex child's is unused); empty for a
    /// stroke without pressure (mouse, touch), which costs nothing more.
    public private(set) var pressures: [UInt8] {
        get { extras.pressures }
        _modify { yield &extras.pressures }
        set { extras.pressures = newValue }
    }
    /// When the stroke and each child were drawn (`StrokeTimes`), for a replay; untimed for
    /// the scribble's root and marks made in code.
    public internal(set) var times: StrokeTimes {
        get { extras.times }
        _modify { yield &extras.times }
        set { extras.times = newValue }
    }

    /// Whether the stroke was drawn with pressure (its width varies along it).
    public var hasPressure: Bool { !pressures.isEmpty }

    /// Makes an empty stroke; `size` is clamped into `MarkLimits`.
    public init(color: Color? = nil, size: Float = 1) {
        self.color = color
        self.size = MarkLimits.clamped(size: size)
    }

    /// The first child's location (the book's rule), or the origin for an empty stroke.
    /// Setting it moves the first child (clamped into `MarkLimits`).
    public var location: Point {
        get {
            // A packed first child is read as a stroke made for the read (its location is its first vertex).
            switch storedElements.first {
            case .vertex(let point): point
            case .mark(let mark): mark.location
            case nil: .zero
            }
        }
        set {
            guard let first = elements.first else { return }
            switch first {
            case .vertex: storedElements[0] = .vertex(MarkLimits.clamped(newValue)); recomputeBox()
            case .mark(let mark): mark.location = newValue; if isBoxedGroup { recomputeBox() }
            }
        }
    }

    /// The children in order, every one a mark or a vertex. Packed strokes (`PackedStroke`)
    /// are made into their objects first (`unpack()`) in a stroke that may change (the
    /// root); a sealed stroke (a group: a stamp, a template) is never changed in place, and
    /// may be read by a render on another thread meanwhile, so it hands each packed child
    /// out as a mark made for the read: nobody holds a sealed group's children to find them
    /// again (its edits make copies).
    public var elements: StrokeElements {
        if !isSealed { unpack() }
        return storedElements
    }

    /// The stroke `packed` stands for: sealed, its vertices inline.
    convenience init(_ packed: PackedStroke) {
        self.init(color: packed.color, size: packed.size)
        storedElements = packed.elements
        box = packed.vertexBox
        times = packed.times
        isSealed = true
    }

    /// Number of direct children.
    public var count: Int { storedElements.count }

    /// The last child, a fresh `Vertex` if it is an inline vertex.
    public var lastChild: Mark? { storedElements.isEmpty ? nil : child(at: storedElements.count - 1) }

    /// How far a stroke's drawn curve may stray from the straight segments between its
    /// vertices, in pixels: smoothing (`CurveSegment`) keeps within it. `bounds` leaves it
    /// out; whoever repaints or culls by bounds allows for it (`CanvasBackdrop.pixelArea`).
    public static let smoothingReach: Float = 0.5

    /// The area the pen covers along the straight segments: the vertices' box grown by half
    /// the width, joined with the children's (the smoothed curve may stray `smoothingReach`
    /// further).
    /// - Complexity: O(1) for a stroke of vertices and for a sealed group; O(children) for
    ///   another stroke that holds other marks (the root).
    public var bounds: Rect {
        guard markCount > 0 else { return box.outset(by: size / 2) }
        if isBoxedGroup { return box }
        var bounds = box.outset(by: size / 2)
        for packed in storedElements.packed { bounds = bounds.union(packed.bounds) }
        for case .mark(let mark) in storedElements.unpackedElements { bounds = bounds.union(mark.bounds) }
        return bounds
    }

    /// Whether any child is another mark (a dot, a stroke), not an inline vertex.
    var holdsMarks: Bool { markCount > 0 }

    /// Whether `box` holds the children's bounds: a sealed stroke whose children are all
    /// other marks. Its children are sealed too, so they never change under it; the few
    /// changes a sealed stroke takes in place (on a fresh copy, before it is placed) go
    /// through its own methods, which keep `box` true.
    private var isBoxedGroup: Bool { isSealed && markCount > 0 && Int(markCount) == storedElements.count }

    /// Works `box` out again from the children, for what the stroke now is.
    /// - Complexity: O(children).
    func recomputeBox() {
        if isBoxedGroup {
            box = storedElements.packed.reduce(Rect.null) { $0.union($1.bounds) }
            box = storedElements.unpackedElements.reduce(box) { box, element in
                if case .mark(let mark) = element { box.union(mark.bounds) } else { box }
            }
        } else {
            box = storedElements.unpackedElements.reduce(Rect.null) { box, element in
                if case .vertex(let point) = element { box.union(point) } else { box }
            }
        }
    }

    /// Appends a child; a plain `Vertex` is stored inline by its location.
    public func add(_ mark: Mark) {
        if type(of: mark) == Vertex.self {
            append(mark.location)
        } else {
            storedElements.append(.mark(mark))
            markCount += 1
            padPressures()
            if isSealed { recomputeBox() }
        }
    }

    /// Gives the children appended without a pressure full pressure, in a stroke with pressure.
    private func padPressures() {
        guard !pressures.isEmpty, pressures.count < storedElements.count else { return }
        pressures.append(contentsOf: repeatElement(Self.fullPressure, count: storedElements.count - pressures.count))
    }

    /// Appends a vertex at `point` (clamped into `MarkLimits`): the hot path of drawing.
    /// - Complexity: amortised O(1), no allocation beyond the array's growth.
    public func append(_ point: Point) {
        let point = MarkLimits.clamped(point)
        storedElements.append(.vertex(point))
        if isSealed { recomputeBox() } else { box = box.union(point) }
        if !pressures.isEmpty { pressures.append(Self.fullPressure) }
    }

    /// Appends a vertex at `point` drawn with `pressure` (0…1, clamped; NaN as full): the
    /// hot path of drawing with a stylus. A stroke that had no pressure gets full pressure
    /// for its earlier children.
    /// - Complexity: amortised O(1).
    public func append(_ point: Point, pressure: Float) {
        if pressures.isEmpty { pressures = Array(repeating: Self.fullPressure, count: storedElements.count) }
        let point = MarkLimits.clamped(point)
        storedElements.append(.vertex(point))
        if isSealed { recomputeBox() } else { box = box.union(point) }
        pressures.append(Self.level(pressure))
    }

    /// Full pressure: the width the pen's size says.
    public static let fullPressure: UInt8 = 255

    /// `pressure` (0…1) as a stored level: clamped, NaN as full, rounded.
    public static func level(_ pressure: Float) -> UInt8 {
        guard !pressure.isNaN else { return fullPressure }
        return UInt8((min(max(pressure, 0), 1) * 255).rounded())
    }

    /// Sets the pressure levels of every child at once (the file reader's path): `levels`
    /// must have one per child, or be empty for none; anything else is ignored.
    public func setPressures(_ levels: [UInt8]) {
        guard levels.isEmpty || levels.count == storedElements.count else { return }
        pressures = levels
    }

    /// Removes `mark`: another mark by identity, a plain vertex by location (its first match).
    /// A mark that is not a child does nothing.
    public func remove(_ mark: Mark) {
        let index: Int?
        if type(of: mark) == Vertex.self {
            let point = mark.location
            index = elements.firstIndex { if case .vertex(let p) = $0 { p == point } else { false } }
        } else {
            index = self.index(of: mark)
        }
        guard let index else { return }
        removeElement(at: index)
    }

    /// The index of the direct child `mark` (by identity), if it is one. (Only the packed
    /// children that have objects can be held, so only they are searched among them.)
    public func index(of mark: Mark) -> Int? {
        let found = storedElements.unpackedElements.firstIndex { if case .mark(let m) = $0 { m === mark } else { false } }
        return found.map { $0 + storedElements.packedCount } ?? storedElements.packedIndex(of: mark)
    }

    /// Inserts a child at `index` (clamped to the valid range); used to put marks back in place on undo.
    public func insert(_ mark: Mark, at index: Int) {
        let position = max(0, min(index, storedElements.count))
        if times.isDrawn { times = times.replacing(position..<position, with: 1) }
        if !pressures.isEmpty { pressures.insert(Self.fullPressure, at: position) }
        if type(of: mark) == Vertex.self {
            storedElements.insert(.vertex(mark.location), at: position)
            box = box.union(mark.location)
        } else {
            storedElements.insert(.mark(mark), at: position)
            markCount += 1
        }
        if isSealed { recomputeBox() }
    }

    /// Puts `mark` in place of the child at `index` (an edited copy of a mark for the mark);
    /// an index out of range does nothing.
    public func replaceChild(at index: Int, with mark: Mark) {
        guard storedElements.indices.contains(index) else { return }
        removeElement(at: index)
        insert(mark, at: index)
    }

    /// Puts `marks` in place of the children in `range` (the pieces an eraser left of a
    /// mark, or the mark again); a range out of bounds does nothing.
    /// - Complexity: O(children).
    public func replaceChildren(in range: Range<Int>, with marks: [Mark]) {
        guard range.lowerBound >= 0, range.upperBound <= storedElements.count else { return }
        let replacements = marks.map { type(of: $0) == Vertex.self ? Element.vertex($0.location) : .mark($0) }
        var removesVertex = false
        for case let removed in storedElements[range] {
            if case .mark = removed { markCount -= 1 } else { removesVertex = true }
        }
        storedElements.replaceSubrange(range, with: replacements)
        if times.isDrawn { times = times.replacing(range, with: replacements.count) }
        if !pressures.isEmpty {
            pressures.replaceSubrange(range, with: repeatElement(Self.fullPressure, count: replacements.count))
        }
        for added in replacements {
            switch added {
            case .vertex(let point): box = box.union(point)
            case .mark: markCount += 1
            }
        }
        if markCount == 0 { storedElements.compact() }
        if removesVertex || isSealed { recomputeBox() }
    }

    /// Puts each run's marks in place of the children in its range, in one pass (all an
    /// eraser's step cut, its undo, its redo): runs ascending and apart, their ranges as the
    /// children are before any is replaced.
    /// - Complexity: O(children + marks put), where a run at a time took O(children) each.
    func replaceChildren(runs: [(range: Range<Int>, marks: [Mark])]) {
        guard runs.count > 1, pressures.isEmpty, !times.isDrawn else {
            // From the top down, so the ranges below stay where they were.
            for run in runs.reversed() { replaceChildren(in: run.range, with: run.marks) }
            return
        }
        var removesVertex = false
        let packedCount = storedElements.packedCount
        let elementRuns = runs.map { run -> (range: Range<Int>, elements: [Element]) in
            for index in run.range {
                if index < packedCount || storedElements[index].isMark { markCount -= 1 } else { removesVertex = true }
            }
            return (run.range, run.marks.map { type(of: $0) == Vertex.self ? Element.vertex($0.location) : .mark($0) })
        }
        storedElements.replaceSubranges(elementRuns)
        for case let added in elementRuns.lazy.flatMap(\.elements) {
            switch added {
            case .vertex(let point): box = box.union(point)
            case .mark: markCount += 1
            }
        }
        if markCount == 0 { storedElements.compact() }
        if removesVertex || isSealed { recomputeBox() }
    }

    /// Puts each of `marks` in place of the child mark at the same position of `indices`, one
    /// for one, in one pass (a drag turning thousands of selected marks, each frame); an index
    /// out of range, or of an inline vertex, is skipped. Returns the pairs replaced.
    /// - Complexity: O(indices).
    func replaceChildMarks(at indices: [Int], with marks: [Mark]) -> [(old: Mark, new: Mark)] {
        var replaced: [(old: Mark, new: Mark)] = []
        replaced.reserveCapacity(indices.count)
        if storedElements.packedCount > 0 {
            // One by one, by index: a packed child's object goes, and a copy that can be packed
            // is, without the other packed children becoming objects.
            for (index, mark) in zip(indices, marks) where storedElements.indices.contains(index) && type(of: mark) != Vertex.self {
                guard index < storedElements.packedCount || storedElements[index].isMark, let old = child(at: index) else { continue }
                storedElements[index] = .mark(mark)
                replaced.append((old, mark))
            }
        } else {
            storedElements.withArray { array in
                for (index, mark) in zip(indices, marks) where array.indices.contains(index) && type(of: mark) != Vertex.self {
                    guard case .mark(let old) = array[index] else { continue }
                    array[index] = .mark(mark)
                    replaced.append((old, mark))
                }
            }
        }
        if isSealed { recomputeBox() }
        return replaced
    }

    /// Removes every child.
    public func removeAll() {
        storedElements.removeAll()
        pressures.removeAll()
        if let start = times.start { times = .at(StrokeTimes.clamped(start)) }
        box = .null
        markCount = 0
    }

    /// The child at `index`; a fresh `Vertex` for an inline vertex; `nil` out of range.
    public func child(at index: Int) -> Mark? {
        guard storedElements.indices.contains(index) else { return nil }
        // A packed child's object, made for it once and kept (`PackedChildren`) — but not in a
        // sealed group, which is never changed in place (see `elements`): its packed children
        // come out of the subscript below as marks made for this read.
        if index < storedElements.packedCount, !isSealed { return storedElements.object(at: index) }
        switch storedElements[index] {
        case .vertex(let point): return Vertex(location: point)
        case .mark(let mark): return mark
        }
    }

    /// A deep copy: inline vertices are values; child marks are copied in turn.
    public func copy() -> Mark {
        let clone = Stroke(color: color, size: size)
        clone.storedElements = markCount == 0 ? storedElements : storedElements.copyingMarks()
        clone.box = box
        clone.markCount = markCount
        clone.extras = extras
        clone.isLocked = isLocked
        // A copy is made to be put on the canvas whole (an edit, a stamp, a memento), never
        // drawn on; changes to it come before it is placed.
        clone.isSealed = true
        return clone
    }

    private func removeElement(at index: Int) {
        let removed = storedElements.remove(at: index)
        if !pressures.isEmpty { pressures.remove(at: index) }
        if times.isDrawn { times = times.replacing(index..<(index + 1), with: 0) }
        switch removed {
        case .vertex: recomputeBox()
        case .mark:
            markCount -= 1
            if markCount == 0 { storedElements.compact() }
            if isSealed { recomputeBox() }
        }
    }
}

extension Stroke {
    /// Bulk-loads inline vertices (the decoder's path), each clamped into `MarkLimits`; call
    /// `reserveCapacity` first for one allocation.
    /// - Complexity: O(n), with one access to the stored properties for the whole run rather
    ///   than one per point (each access to a class's stored array pays an exclusivity check).
    public func append<S: Sequence>(contentsOf points: S) where S.Element == Point {
        Self.appendVertices(points, to: &storedElements, growing: &box)
        padPressures()
        if isSealed { recomputeBox() }
    }

    /// The loop of `append(contentsOf:)`, on `inout` copies of the properties.
    private static func appendVertices<S: Sequence>(_ points: S, to elements: inout StrokeElements, growing box: inout Rect)
    where S.Element == Point {
        elements.appendVertices(points, growing: &box)
    }

    /// Reserves room for `count` more children.
    public func reserveCapacity(_ count: Int) {
        storedElements.reserveCapacity(storedElements.count + count)
    }

    /// Reserves room for `total` children in all, of the kind the children so far are:
    /// packed strokes while every child is one, else marks (the reader's bulk loads).
    func reserveRoom(forChildren total: Int) {
        if storedElements.packedCount > 0, storedElements.packedCount == storedElements.count {
            storedElements.reservePacked(total)
        } else {
            reserveCapacity(total - storedElements.count)
        }
    }
}
