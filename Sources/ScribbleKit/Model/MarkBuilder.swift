/// The Builder (book chapter 6): assembles strokes, dots and PDF pages step by step for whoever reads or
/// makes them — both file readers (and so journal replay, whose records hold the same
/// payloads), the Xournal++ importer, and the pen and shape tools. The director says what
/// comes next — a stroke begins, a run of vertices, a dot, the stroke ends — and the builder
/// knows how a mark tree is put together: what is built goes into the innermost stroke begun,
/// a stroke ended goes into the one around it (or among the `marks` built), and an ended
/// stroke is sealed, never drawn on again, unless the director keeps it open for drawing (a
/// file's root, which takes new marks; the pen's stroke, which grows as the pointer moves).
///
/// A class, so a director can be handed one that does more (a test counts what is built
/// through it); the steps are cheap, and runs of vertices go in one bulk append. The steps
/// that take vertices are `final`: called on the hot paths of reading and importing, they are
/// specialised for each kind of sequence rather than dispatched.
public class MarkBuilder {
    /// The strokes begun and not ended, the outermost first.
    private var open: [Stroke] = []
    /// What was built outside any stroke, in order.
    public private(set) var marks: [Mark] = []

    /// Whether a stroke ended inside a stroke that is itself inside another (a group's
    /// child: the root's own children are packed by the root, `Stroke.adopt`) is kept packed
    /// when it can be (`Stroke.addPacking`).
    private let packsGroups: Bool

    /// The stroke being built whose children the reader counted, and how many (at most) it
    /// said there are: a packing builder makes room for them all at its first packed child,
    /// once, rather than growing the array by doubling (a million ticks: 28 MB, not copies
    /// of 15 and 29 MB at once).
    private var expected: (stroke: ObjectIdentifier, children: Int)?

    /// A builder with nothing built.
    public init() { packsGroups = false }

    /// A builder with nothing built that keeps a group's plain small strokes packed (a file
    /// read: a template, or a part of a drawing, whose group of a million ticks would
    /// otherwise take a million objects).
    init(packingGroups: Bool) { packsGroups = packingGroups }

    /// The innermost stroke begun and not ended.
    public var currentStroke: Stroke? { open.last }

    /// Begins a stroke: what is built until its `endStroke` goes into it. `size` is clamped
    /// into `MarkLimits`.
    @discardableResult
    public func beginStroke(color: Color?, size: Float, isLocked: Bool = false) -> Stroke {
        let stroke = Stroke(color: color, size: size)
        stroke.isLocked = isLocked
        open.append(stroke)
        return stroke
    }

    /// Makes room for `count` more children in the stroke being built.
    public func reserveCapacity(_ count: Int) {
        open.last?.reserveCapacity(count)
    }

    /// Says that the stroke being built holds `count` children (a reader's bound on them:
    /// never more than the bytes left could hold).
    func expectChildren(_ count: Int) {
        guard packsGroups, open.count >= 2, let stroke = open.last else { return }
        expected = (ObjectIdentifier(stroke), count)
    }

    /// Appends a run of vertices to the stroke being built, in one bulk append (each clamped
    /// into `MarkLimits`).
    public final func addVertices<S: Sequence>(_ points: S) where S.Element == Point {
        open.last?.append(contentsOf: points)
    }

    /// Appends one vertex, drawn with `pressure` (0…1) if given.
    public final func addVertex(_ point: Point, pressure: Float? = nil) {
        guard let stroke = open.last else { return }
        if let pressure { stroke.append(point, pressure: pressure) } else { stroke.append(point) }
    }

    /// Builds a dot (made at `time` on its scribble's clock, if timed).
    @discardableResult
    public func addDot(at location: Point, color: Color, size: Float, time: UInt32? = nil) -> Dot {
        let dot = Dot(location: location, color: color, size: size)
        dot.time = time
        place(dot)
        return dot
    }

    /// Builds a text box (`TextBox.init` clamps what it is given) with its time.
    @discardableResult
    public func addText(runs: [TextRun], origin: Point, wrapWidth: Float?, angle: Float, time: UInt32?) -> TextBox {
        let box = TextBox(runs: runs, origin: origin, wrapWidth: wrapWidth, angle: angle)
        box.time = time
        place(box)
        return box
    }

    /// Builds a PDF page showing page `pageIndex` of `content` at `frame` (canvas pixels).
    @discardableResult
    public func addPage(content: StoredContent, pageIndex: Int, frame: Rect) -> Page {
        let page = Page(content: content, pageIndex: pageIndex, frame: frame)
        place(page)
        return page
    }

    /// Puts `picture` (made by a reader or an importer, its time set) in the stroke being built.
    public func addPicture(_ picture: Picture) {
        place(picture)
    }

    /// Sets the pressure levels of the stroke being built: one a child, or none.
    public func setPressures(_ levels: [UInt8]) {
        if !levels.isEmpty { open.last?.unpack() } // (a stroke with packed children keeps nothing per child)
        open.last?.setPressures(levels)
    }

    /// Sets when the stroke being built and its children were drawn.
    public func setTimes(_ times: StrokeTimes) {
        if times.isDrawn { open.last?.unpack() } // (as `setPressures`)
        open.last?.times = times
    }

    /// Ends the stroke being built: sealed unless `sealed` is false, and put into the stroke
    /// around it, or among `marks`. Returns it.
    @discardableResult
    public func endStroke(sealed: Bool = true) -> Stroke {
        let stroke = open.removeLast()
        stroke.isSealed = sealed
        place(stroke)
        return stroke
    }

    /// A whole stroke through `points` at once, sealed (a shape, a ruled line).
    @discardableResult
    public final func addStroke<S: Sequence>(color: Color?, size: Float, through points: S) -> Stroke where S.Element == Point {
        beginStroke(color: color, size: size)
        addVertices(points)
        return endStroke()
    }

    /// Puts a finished mark where it belongs.
    private func place(_ mark: Mark) {
        guard let parent = open.last else { return marks.append(mark) }
        guard packsGroups, open.count >= 2, let stroke = mark as? Stroke else { return parent.add(mark) }
        parent.addPacking(stroke)
        if let expected, expected.stroke == ObjectIdentifier(parent), parent.count == 1 {
            parent.reserveRoom(forChildren: expected.children)
            self.expected = nil
        }
    }
}
