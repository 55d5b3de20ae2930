/// A stroke's children in order (`Stroke.elements`): one child, or two vertices, are kept
/// inline; a stroke of plain vertices keeps only their points, 8 bytes each; a stroke that
/// holds other marks (the scribble's root, a group) keeps an array of `Stroke.Element`.
///
/// Why: a tap with the pen leaves a stroke of one vertex, and a drawing of a million of them
/// paid a heap array for each (48 bytes asked, 64 taken) beside the stroke itself. Inline,
/// the one child costs nothing more than the stroke's own 80 bytes; so do two vertices (a
/// short tick, a template of a million of them), in the byte of padding the stroke's layout
/// had spare for the storage's tag. And a `Stroke.Element`
/// takes 16 bytes (room for a mark), twice a point's: a drawing of ten million vertices paid
/// 160 MB for them where 80 MB hold the same points (issue 35). The second child moves both
/// into an array, and from then on it behaves as the array it is (copy-on-write, so a
/// `RenderSnapshot` still copies no vertex).
///
/// The scribble's root may also keep plain strokes of one or two vertices by value, before
/// its other children (`PackedStroke`, in `PackedChildren`): a packed child is a mark that
/// has no object until one is asked for (`object(at:)`), and keeps it from then on. Such
/// storage stays inside ScribbleKit's own paths that know it (rendering, saving, times,
/// identity searches, hit testing, edits by index); `Stroke.elements` unpacks it first, so
/// the collection's walks and subscripts hand out real marks wherever else it is read.
public struct StrokeElements: RandomAccessCollection {
    /// Where the children are.
    fileprivate enum Storage {
        /// Exactly one child.
        case one(Stroke.Element)
        /// Exactly two children, both plain vertices.
        case two(Point, Point)
        /// None, or two and more, every one a plain vertex: their points.
        case vertices([Point])
        /// Two and more, some of them other marks (an array keeps the capacity it was given).
        case many([Stroke.Element])
        /// Plain small strokes by value, then any children (the root of a drawing read from a
        /// file): a packed child's index is its place in `packed.strokes`, a tail child's
        /// comes after. Never with no packed stroke (the tail's own storage is, then).
        case packed(PackedChildren, tail: [Stroke.Element])
    }

    private var storage: Storage

    /// No children.
    init() {
        storage = .vertices([])
    }

    /// A plain stroke's vertices at `first` and, if not `nil`, `second`: kept inline.
    init(first: Point, second: Point?) {
        storage = if let second { .two(first, second) } else { .one(.vertex(first)) }
    }

    /// The packed strokes `packed`, then `tail`.
    init(packed: [PackedStroke], tail: [Stroke.Element] = []) {
        storage = packed.isEmpty ? Self.storage(of: tail) : .packed(PackedChildren(packed), tail: tail)
    }

    /// `elements`, in order.
    init(_ elements: [Stroke.Element]) {
        storage = Self.storage(of: elements)
    }

    /// The tightest storage for `elements`.
    /// - Complexity: O(n) when every element is a vertex, else O(1) up to the first mark.
    private static func storage(of elements: [Stroke.Element]) -> Storage {
        if elements.count == 1 { return .one(elements[0]) }
        guard !elements.contains(where: \.isMark) else { return .many(elements) }
        return storage(of: elements.map { element -> Point in if case .vertex(let point) = element { point } else { .zero } })
    }

    /// The tightest storage for vertices at `points`: inline for one or two, unless the array
    /// has room reserved for more (a stroke being read keeps it). (A small array's capacity
    /// is what its allocation holds, often a point or two more than it was made with.)
    private static func storage(of points: [Point]) -> Storage {
        guard points.capacity < 8 else { return .vertices(points) }
        switch points.count {
        case 1: return .one(.vertex(points[0]))
        case 2: return .two(points[0], points[1])
        default: return .vertices(points)
        }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    /// Walks the children where they lie, without asking the storage for each one (a walk
    /// of the root's marks on the main thread each frame, unoptimised in debug builds).
    public func makeIterator() -> Iterator { Iterator(storage) }

    /// How many children there are.
    public var count: Int {
        switch storage {
        case .one: 1
        case .two: 2
        case .vertices(let points): points.count
        case .many(let array): array.count
        case .packed(let packed, let tail): packed.strokes.count + tail.count
        }
    }

    // MARK: Packed strokes

    /// How many children are kept packed (`PackedStroke`): the first ones.
    var packedCount: Int {
        if case .packed(let packed, _) = storage { packed.strokes.count } else { 0 }
    }

    /// The packed children (empty for storage that has none). Those that have objects
    /// (`object(at:)`) are here too, as the values their objects are.
    var packed: [PackedStroke] {
        if case .packed(let packed, _) = storage { packed.strokes } else { [] }
    }

    /// The objects made for packed children so far, by ascending index among them: what is
    /// searched for a mark by identity among them.
    var packedObjects: [(index: Int, stroke: Stroke)] {
        if case .packed(let packed, _) = storage { packed.objects } else { [] }
    }

    /// The object of the packed child at `index` (below `packedCount`), made now if it has
    /// none yet and kept, so that it is the same mark each time it is asked for.
    /// - Complexity: O(log objects), or O(objects) for one made.
    mutating func object(at index: Int) -> Stroke {
        withPackedChildren { packed, _ in packed.object(at: index) } ?? Stroke()
    }

    /// The index of `mark` among the packed children, if it is the object of one.
    /// - Complexity: O(objects made for packed children).
    func packedIndex(of mark: Mark) -> Int? {
        if case .packed(let packed, _) = storage { packed.index(of: mark) } else { nil }
    }

    /// Runs `change` on the packed children (made the storage's own first: copy-on-write) and
    /// the tail; `nil`, changing nothing, for storage without packed children. Storage whose
    /// packed children all went becomes the tail's own.
    mutating func withPackedChildren<Result>(_ change: (PackedChildren, inout [Stroke.Element]) -> Result) -> Result? {
        guard case .packed(var packed, var tail) = storage else { return nil }
        storage = .vertices([]) // so the box and the tail are referenced only here, and change in place
        if !isKnownUniquelyReferenced(&packed) { packed = packed.copy() }
        defer { storage = packed.strokes.isEmpty ? Self.storage(of: tail) : .packed(packed, tail: tail) }
        return change(packed, &tail)
    }

    /// The children after the packed ones, all of them for storage without packed children
    /// (an array made for the call when they are inline).
    var unpackedElements: [Stroke.Element] {
        switch storage {
        case .packed(_, let tail): tail
        case .many(let array): array
        default: Array(self)
        }
    }

    /// The last child, unless it is packed (a packed child is never a mark anyone holds).
    var lastUnpacked: Stroke.Element? {
        switch storage {
        case .packed(_, let tail): tail.last
        default: last
        }
    }

    /// Appends `stroke` packed, when there are no children or only packed ones (a packed
    /// child always comes before the others); returns whether it did.
    mutating func appendPacked(_ stroke: PackedStroke) -> Bool {
        if case .vertices(let points) = storage, points.isEmpty {
            storage = .packed(PackedChildren([stroke]), tail: [])
            return true
        }
        guard case .packed(_, let tail) = storage, tail.isEmpty else { return false }
        _ = withPackedChildren { packed, _ in packed.append(stroke) }
        return true
    }

    /// A deep copy of children that include marks: each mark copied, packed strokes shared
    /// (they are values; the copy's change copies the array) without their objects.
    /// - Complexity: O(children that are not packed).
    func copyingMarks() -> StrokeElements {
        let copied = unpackedElements.map { element -> Stroke.Element in
            switch element {
            case .vertex: element
            case .mark(let mark): .mark(mark.copy())
            }
        }
        var copy = StrokeElements(copied)
        if case .packed(let packed, _) = storage { copy.storage = .packed(PackedChildren(packed.strokes), tail: copied) }
        return copy
    }

    /// Takes the packed children off whole, with their objects, leaving the others as the
    /// storage's own: what Select All's Delete and a clear keep for their undo
    /// (`restorePacked`), without an object made for any of them. `nil` for storage that
    /// has none.
    /// - Complexity: O(1), beyond storing a single child that is left inline.
    mutating func takePacked() -> PackedChildren? {
        guard case .packed(let packed, let tail) = storage else { return nil }
        storage = Self.storage(of: tail)
        return packed
    }

    /// Puts `packed` (taken by `takePacked`) back before the children, which must have none
    /// packed now; returns whether it did.
    /// - Complexity: O(1), beyond making an array of children kept inline.
    mutating func restorePacked(_ packed: PackedChildren) -> Bool {
        guard packedCount == 0, !packed.strokes.isEmpty else { return false }
        storage = .packed(packed, tail: unpackedElements)
        return true
    }

    /// Makes room for `count` packed children in all (the reader's bulk load).
    mutating func reservePacked(_ count: Int) {
        // (Never on an array shared with a copy, which reserving would copy: only on room lacking.)
        guard case .packed(let packed, _) = storage, count > packed.strokes.capacity else { return }
        _ = withPackedChildren { packed, _ in packed.strokes.reserveCapacity(count) }
    }

    /// Runs `change` on the packed children (giving them times: their objects take the
    /// same).
    mutating func withPacked<Result>(_ change: (inout [PackedStroke]) -> Result) -> Result? {
        withPackedChildren { packed, _ in
            defer { packed.syncTimes() }
            return change(&packed.strokes)
        }
    }

    /// Runs `change` on the children after the packed ones, in place; `nil`, changing
    /// nothing, for storage without packed children.
    mutating func withTail<Result>(_ change: (inout [Stroke.Element]) -> Result) -> Result? {
        withPackedChildren { _, tail in change(&tail) }
    }

    /// The child at `index`, which must be in range.
    public subscript(index: Int) -> Stroke.Element {
        get {
            switch storage {
            case .one(let element):
                precondition(index == 0, "StrokeElements index out of range")
                return element
            case .two(let first, let second):
                precondition(index == 0 || index == 1, "StrokeElements index out of range")
                return .vertex(index == 0 ? first : second)
            case .vertices(let points): return .vertex(points[index])
            case .many(let array): return array[index]
            case .packed(let packed, let tail):
                // Its object, or a stroke made for this read only: see the type's comment.
                return index < packed.strokes.count ? .mark(packed.mark(at: index)) : tail[index - packed.strokes.count]
            }
        }
        set {
            switch (storage, newValue) {
            case (.one, _):
                precondition(index == 0, "StrokeElements index out of range")
                storage = .one(newValue)
            case (.two(let first, let second), .vertex(let point)):
                precondition(index == 0 || index == 1, "StrokeElements index out of range")
                storage = index == 0 ? .two(point, second) : .two(first, point)
            case (.vertices(var points), .vertex(let point)):
                storage = .vertices([]) // keeps the array uniquely referenced while it changes
                points[index] = point
                storage = .vertices(points)
            case (.packed, _):
                replaceSubrange(index..<(index + 1), with: [newValue])
            case (.two, .mark), (.vertices, .mark), (.many, _):
                withArray { $0[index] = newValue }
            }
        }
    }

    /// Whether the children are kept in the stroke itself, with no array of their own.
    var isInline: Bool {
        switch storage {
        case .one, .two: true
        case .vertices, .many, .packed: false
        }
    }

    /// Whether every child is a plain vertex (or there are none).
    var holdsOnlyVertices: Bool {
        switch storage {
        case .one(let element): !element.isMark
        case .two, .vertices: true
        case .many, .packed: false
        }
    }

    /// Calls `body` with the children as contiguous memory, for the hot loops that walk
    /// vertices (rendering, encoding, hit testing).
    public func withUnsafeBufferPointer<Result>(_ body: (UnsafeBuffer) throws -> Result) rethrows -> Result {
        switch storage {
        case .one(let element):
            try withUnsafePointer(to: element) { try body(UnsafeBuffer(elements: UnsafeBufferPointer(start: $0, count: 1))) }
        case .two(let first, let second):
            // A tuple of one type lies in memory as an array of it.
            try withUnsafePointer(to: (first, second)) { pair in
                try pair.withMemoryRebound(to: Point.self, capacity: 2) { try body(UnsafeBuffer(points: UnsafeBufferPointer(start: $0, count: 2))) }
            }
        case .vertices(let points): try points.withUnsafeBufferPointer { try body(UnsafeBuffer(points: $0)) }
        case .many(let array): try array.withUnsafeBufferPointer { try body(UnsafeBuffer(elements: $0)) }
        case .packed: try Array(self).withUnsafeBufferPointer { try body(UnsafeBuffer(elements: $0)) }
        }
    }

    // MARK: Changes (the stroke's own)

    /// Runs `change` on the children as an array of elements: the way to make many changes at
    /// once to a stroke that holds other marks. A stroke that held marks keeps its array (the
    /// stroke calls `compact()` once its last mark is gone); one of vertices is stored as
    /// tightly as it can be again. Packed children become the strokes they stand for (their
    /// objects, where they have them), for good.
    /// - Complexity: O(1) beyond `change` itself for a stroke that holds marks; O(children)
    ///   for one of vertices, which it converts there and back.
    mutating func withArray<Result>(_ change: (inout [Stroke.Element]) -> Result) -> Result {
        var array: [Stroke.Element]
        var heldMarks = false
        switch storage {
        case .one(let element): array = [element]
        case .two(let first, let second): array = [.vertex(first), .vertex(second)]
        case .vertices(let points): array = points.map { .vertex($0) }
        case .many(let existing): array = existing; heldMarks = true
        case .packed(let packed, let tail):
            array = []
            array.reserveCapacity(packed.strokes.count + tail.count)
            for index in packed.strokes.indices { array.append(.mark(packed.mark(at: index))) }
            array += tail
            heldMarks = true
        }
        storage = .vertices([]) // so `array` is the only reference and changes in place
        let result = change(&array)
        storage = heldMarks && array.count != 1 ? .many(array) : Self.storage(of: array)
        return result
    }

    /// Stores the children as tightly as they allow: a stroke whose last other mark was just
    /// removed keeps only its points again.
    /// - Complexity: O(children).
    mutating func compact() {
        if case .many(let array) = storage { storage = Self.storage(of: array) }
    }

    /// Runs `change` on the points of a stroke of plain vertices (none, one, or more), and
    /// returns its result; `nil`, changing nothing, when a child is another mark.
    /// - Complexity: O(1) beyond `change`, unless a single child moves in or out.
    mutating func withPoints<Result>(_ change: (inout [Point]) -> Result) -> Result? {
        var points: [Point]
        switch storage {
        case .one(.vertex(let point)): points = [point]
        case .two(let first, let second): points = [first, second]
        case .vertices(let existing): points = existing
        case .one(.mark), .many, .packed: return nil
        }
        storage = .vertices([]) // so `points` is the only reference and changes in place
        let result = change(&points)
        storage = Self.storage(of: points)
        return result
    }

    /// Appends `element`; the first child stays inline.
    mutating func append(_ element: Stroke.Element) {
        if withTail({ $0.append(element) }) != nil { return }
        if case .vertices(let points) = storage, points.isEmpty, points.capacity == 0 {
            storage = .one(element)
        } else if case .vertex(let point) = element, withPoints({ $0.append(point) }) != nil {
            return
        } else {
            withArray { $0.append(element) }
        }
    }

    /// Appends the points of `points` as vertices, each clamped into `MarkLimits`, and grows
    /// `box` to hold them: the bulk load (a run read from a file, a copy), on the points
    /// themselves when the stroke holds only vertices.
    mutating func appendVertices<S: Sequence>(_ points: S, growing box: inout Rect) where S.Element == Point {
        if packedCount > 0 {
            for point in points {
                let point = MarkLimits.clamped(point)
                append(.vertex(point))
                box = box.union(point)
            }
            return
        }
        if case .vertices(let existing) = storage, existing.isEmpty, existing.capacity == 0, points.underestimatedCount <= 1 {
            // Most often a tap's one vertex: kept inline, no array made and dropped again.
            for point in points {
                let point = MarkLimits.clamped(point)
                append(.vertex(point))
                box = box.union(point)
            }
            return
        }
        let appended: Void? = withPoints { array in
            for point in points {
                let point = MarkLimits.clamped(point)
                array.append(point)
                box = box.union(point)
            }
        }
        guard appended == nil else { return }
        withArray { array in
            for point in points {
                let point = MarkLimits.clamped(point)
                array.append(.vertex(point))
                box = box.union(point)
            }
        }
    }

    /// Inserts `element` at `index`.
    mutating func insert(_ element: Stroke.Element, at index: Int) {
        if packedCount > 0 { return replaceSubrange(index..<index, with: [element]) }
        if case .vertex(let point) = element, withPoints({ $0.insert(point, at: index) }) != nil { return }
        withArray { $0.insert(element, at: index) }
    }

    /// Removes and returns the child at `index`.
    @discardableResult
    mutating func remove(at index: Int) -> Stroke.Element {
        if packedCount > 0 {
            let removed = self[index]
            replaceSubrange(index..<(index + 1), with: [])
            return removed
        }
        if let point = withPoints({ $0.remove(at: index) }) { return .vertex(point) }
        return withArray { $0.remove(at: index) }
    }

    /// Removes every child.
    mutating func removeAll() {
        storage = .vertices([])
    }

    /// Makes room for `capacity` children in all (the decoder's bulk loads); a single child
    /// moves into the array.
    mutating func reserveCapacity(_ capacity: Int) {
        guard capacity > 1 else { return }
        switch storage {
        case .one(.vertex(let point)):
            var points = [point]
            points.reserveCapacity(capacity)
            storage = .vertices(points)
        case .two(let first, let second):
            var points = [first, second]
            points.reserveCapacity(capacity)
            storage = .vertices(points)
        case .vertices:
            _ = withPoints { $0.reserveCapacity(capacity) }
        case .one(.mark(let mark)):
            var array = [Stroke.Element.mark(mark)]
            array.reserveCapacity(capacity)
            storage = .many(array)
        case .many:
            withArray { $0.reserveCapacity(capacity) }
        case .packed(let packed, _):
            _ = withTail { $0.reserveCapacity(capacity - packed.strokes.count) }
        }
    }
}

extension StrokeElements {
    /// The children in order, read from the array they lie in.
    public struct Iterator: IteratorProtocol {
        /// Inline children not handed out yet, first first.
        private var inline: (Stroke.Element?, Stroke.Element?) = (nil, nil)
        private var elements: IndexingIterator<[Stroke.Element]> = [].makeIterator()
        private var points: IndexingIterator<[Point]> = [].makeIterator()
        /// The packed children not handed out yet, from `nextPacked` on.
        private var packed: PackedChildren?
        private var nextPacked = 0

        fileprivate init(_ storage: Storage) {
            switch storage {
            case .one(let element): inline = (element, nil)
            case .two(let first, let second): inline = (.vertex(first), .vertex(second))
            case .vertices(let all): points = all.makeIterator()
            case .many(let all): elements = all.makeIterator()
            case .packed(let strokes, let tail): (packed, elements) = (strokes, tail.makeIterator())
            }
        }

        public mutating func next() -> Stroke.Element? {
            if let first = inline.0 {
                inline = (inline.1, nil)
                return first
            }
            if let packed, nextPacked < packed.strokes.count { // its object, or one made for this walk only
                nextPacked += 1
                return .mark(packed.mark(at: nextPacked - 1))
            }
            if let element = elements.next() { return element }
            return points.next().map { .vertex($0) }
        }
    }
}

extension Stroke.Element {
    /// Whether the child is another mark, not an inline vertex.
    var isMark: Bool {
        if case .mark = self { true } else { false }
    }
}
