import Glibc

/// A box of typed text lying on the canvas (issue 55): a leaf of the Composite whose ink is
/// its text, laid out and drawn by Pango (`TextLayout`). Its runs each keep a style (family,
/// size, bold, italic, colour); it wraps its lines to `wrapWidth` when it has one (a box made
/// by a drag), else only at the line breaks typed (a box made by a click); it is turned by
/// `angle` about its top-left corner, `origin`.
///
/// Immutable, as a `Page` is: a render thread may read it while the main thread works, and
/// every edit (typing, a style, a move, a turn) makes a new box that replaces it through the
/// history. Its layout's extents are measured once, when it is made, so `bounds` is O(1).
public final class TextBox: LeafMark {
    /// The text in runs of one style each: never empty runs, never two neighbours alike.
    public let runs: [TextRun]
    /// The layout's top-left corner, before the turn, on the model's grid.
    public let origin: Point
    /// The width lines wrap to, in canvas pixels; `nil`: no wrap but at line breaks.
    public let wrapWidth: Float?
    /// The turn about `origin`, in radians within (−π, π].
    public let angle: Float
    /// When the box was put down, in milliseconds on its scribble's clock; `nil` when untimed.
    public internal(set) var time: UInt32?
    /// The layout's extents, before the turn, relative to `origin`: everything the text
    /// paints (ink) and the lines' boxes (logical), united.
    public let extents: Rect
    /// The box's bounds: `extents` turned and moved to `origin`, with a margin for antialiasing (a 32nd of its largest type).
    public let bounds: Rect

    /// The most text a box holds, in UTF-8 bytes: a 10 MB paste is cut here (the tool says
    /// so), and a file's box of more is refused, so layout time and memory stay bounded.
    public static let maximumTextBytes = 256 * 1024
    /// The most runs a box holds (a file's box of more is refused).
    public static let maximumRuns = 4096
    /// The narrowest and widest wrap width, in canvas pixels.
    public static let minimumWrapWidth: Float = 8, maximumWrapWidth: Float = 100_000

    /// A box of `runs` (empty runs dropped, neighbours of one style joined, control
    /// characters but line breaks and tabs left out, cut to `maximumTextBytes` and
    /// `maximumRuns`) at `origin` (clamped and snapped into `MarkLimits`), wrapping to
    /// `wrapWidth` (brought within range; `nil` or not finite: no wrap), turned by `angle`.
    public init(runs: [TextRun], origin: Point, wrapWidth: Float? = nil, angle: Float = 0) {
        self.runs = Self.normalized(runs)
        self.origin = MarkLimits.clamped(origin)
        self.wrapWidth = wrapWidth.flatMap {
            $0.isFinite ? min(max($0, Self.minimumWrapWidth), Self.maximumWrapWidth) : nil
        }
        self.angle = Self.normalized(angle: angle)
        extents = TextLayout.extents(of: self.runs, wrapWidth: self.wrapWidth)
        // The margin for antialiasing grows with the type, so a scaled box's bounds scale too.
        let largest = self.runs.map(\.style.size).max() ?? TextStyle.standard.size
        bounds = Self.turned(extents, by: self.angle, about: self.origin).outset(by: largest / 32)
    }

    /// The whole text, the runs' joined.
    public var text: String { runs.map(\.text).joined() }

    /// The first run's colour (what the palette shows for a selected box); setting it does
    /// nothing (restyling makes a new box: `StyleVisitor`).
    public var color: Color? {
        get { runs.first?.style.color ?? TextStyle.standard.color }
        set {}
    }

    /// The first run's font size; setting it does nothing (`StyleVisitor` makes a new box).
    public var size: Float {
        get { runs.first?.style.size ?? TextStyle.standard.size }
        set {}
    }

    /// The box's corner; setting it does nothing (a move makes a new box: `TransformVisitor`).
    public var location: Point {
        get { origin }
        set {}
    }

    /// The same box (its runs are values; nothing is shared that could change).
    public func copy() -> Mark {
        let copy = TextBox(copying: self)
        copy.time = time
        return copy
    }

    /// Visits as a text box.
    public func accept(_ visitor: MarkVisitor) { visitor.visit(text: self) }

    /// A copy that measures nothing again.
    private init(copying box: TextBox) {
        (runs, origin, wrapWidth, angle) = (box.runs, box.origin, box.wrapWidth, box.angle)
        (extents, bounds) = (box.extents, box.bounds)
    }

    /// `point` in the box's own frame: unturned, relative to `origin`.
    func local(_ point: Point) -> Point {
        let dx = Double(point.x - origin.x), dy = Double(point.y - origin.y)
        let cosine = cos(Double(-angle)), sine = sin(Double(-angle))
        return Point(x: Float(cosine * dx - sine * dy), y: Float(sine * dx + cosine * dy))
    }

    /// Whether a pen of `radius` moved from `a` to `b` touches the text's box (its lines'
    /// rectangle, not its glyphs: a word is picked anywhere on it, as in every editor).
    func boxIsHit(alongSegmentFrom a: Point, to b: Point, radius: Float) -> Bool {
        extents.outset(by: radius).touches(local(a), local(b))
    }

    /// The rectangle `rect` turned by `angle` about `origin` (rect relative to it), as the
    /// smallest upright rectangle around its corners.
    static func turned(_ rect: Rect, by angle: Float, about origin: Point) -> Rect {
        guard !rect.isNull else { return .null }
        let cosine = cos(Double(angle)), sine = sin(Double(angle))
        var box = Rect.null
        for (x, y) in [(rect.minX, rect.minY), (rect.maxX, rect.minY), (rect.minX, rect.maxY), (rect.maxX, rect.maxY)] {
            let (dx, dy) = (Double(x), Double(y))
            box = box.union(Point(x: origin.x + Float(cosine * dx - sine * dy), y: origin.y + Float(sine * dx + cosine * dy)))
        }
        return box
    }

    /// `angle` brought within (−π, π] (0 when not finite).
    static func normalized(angle: Float) -> Float {
        guard angle.isFinite else { return 0 }
        var turned = Double(angle).remainder(dividingBy: 2 * Double.pi)
        if turned <= -Double.pi { turned += 2 * Double.pi }
        return abs(turned) < 1e-6 ? 0 : Float(turned)
    }

    /// The runs a box keeps: control characters but "\n" and "\t" left out, empty runs
    /// dropped, neighbours of one style joined, within `maximumTextBytes` and `maximumRuns`.
    static func normalized(_ runs: [TextRun]) -> [TextRun] {
        var result: [TextRun] = []
        var bytes = 0
        for run in runs {
            guard bytes < maximumTextBytes else { break }
            var text = String(String.UnicodeScalarView(run.text.unicodeScalars.filter(isKept)))
            text = clipped(text, toBytes: maximumTextBytes - bytes)
            guard !text.isEmpty else { continue }
            bytes += text.utf8.count
            if let last = result.last, last.style == run.style {
                result[result.count - 1].text += text
            } else if result.count < maximumRuns {
                result.append(TextRun(text, style: run.style))
            } else {
                result[result.count - 1].text += text // past the last run allowed: in its style
            }
        }
        return result
    }

    /// Whether a box keeps `scalar`: anything but control characters, line breaks and tabs kept.
    static func isKept(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\n" || scalar == "\t" || scalar.properties.generalCategory != .control
    }

    /// `text` cut to at most `limit` UTF-8 bytes at a scalar boundary.
    /// - Complexity: O(`limit`), whatever the text's length (a 10 MB paste).
    static func clipped(_ text: String, toBytes limit: Int) -> String {
        guard text.utf8.count > limit else { return text }
        var bytes = 0
        var end = text.unicodeScalars.startIndex
        for index in text.unicodeScalars.indices {
            let length = UTF8.width(text.unicodeScalars[index])
            guard bytes + length <= limit else { break }
            bytes += length
            end = text.unicodeScalars.index(after: index)
        }
        return String(text.unicodeScalars[..<end])
    }
}
