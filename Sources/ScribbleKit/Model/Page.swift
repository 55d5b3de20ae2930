import PdfKit

/// A page of a PDF lying on the canvas (issue 53): the paper a scribble opened from a PDF is
/// written on. A leaf of the Composite that holds no bytes of its own — it names its PDF in
/// the scribble's content store (`content`, by its SHA-256) and which page of it it shows,
/// and where: `frame`, in canvas pixels (a point is 96/72 px; `PdfLayout` places a PDF's
/// pages).
///
/// Pages are the paper, not ink: the tools never pick, erase, move or restyle one (it counts
/// as locked, `Mark.isLocked`, and paints nothing a hit test finds), so it stays where it
/// was laid and under the ink drawn on it. Immutable, so a render thread may read it while
/// the main thread works, and a copy shares its content.
public final class Page: LeafMark {
    /// The PDF the page belongs to, kept once in the scribble's content store.
    public let content: StoredContent
    /// Which page of the PDF (0 is the first).
    public let pageIndex: Int
    /// Where the page lies on the canvas, in pixels: its top-left corner on the model's grid,
    /// its size within (0, `maximumSide`].
    public let frame: Rect

    /// The longest side a page may have on the canvas, in pixels: PdfKit's 14,400 pt at 96/72.
    public static let maximumSide: Float = 19_200
    /// Canvas pixels per PDF point (CSS's 96 px to the inch).
    public static let pixelsPerPoint: Float = 96 / 72
    /// How far the page's edge and shadow reach past its frame: right and down (the shadow),
    /// left and up (half the edge line).
    static let shadowReach: Float = 3, edgeReach: Float = 1

    /// A page of the PDF `content` at `frame`: its corner clamped into `MarkLimits` and
    /// snapped to the grid, its sides brought within (0, `maximumSide`] (a side that is not
    /// a finite positive number becomes 1 px), its index within PdfKit's page count.
    public init(content: StoredContent, pageIndex: Int, frame: Rect) {
        self.content = content
        self.pageIndex = min(max(0, pageIndex), PdfDocument.maximumPageCount - 1)
        let corner = MarkLimits.clamped(Point(x: frame.minX, y: frame.minY))
        let side = { (value: Float) -> Float in value.isFinite && value > 0 ? min(value, Self.maximumSide) : 1 }
        self.frame = Rect(x: corner.x, y: corner.y, width: side(frame.width), height: side(frame.height))
    }

    /// A page paints no colour of its own; setting one does nothing.
    public var color: Color? {
        get { nil }
        set {}
    }

    /// A page has no pen; setting a size does nothing.
    public var size: Float {
        get { 0 }
        set {}
    }

    /// The page's top-left corner; setting it does nothing (pages stay where they were laid).
    public var location: Point {
        get { Point(x: frame.minX, y: frame.minY) }
        set {}
    }

    /// The page with its edge and shadow.
    public var bounds: Rect {
        Rect(
            minX: frame.minX - Self.edgeReach, minY: frame.minY - Self.edgeReach, maxX: frame.maxX + Self.shadowReach,
            maxY: frame.maxY + Self.shadowReach)
    }

    /// A page showing the same content (shared, never copied: it is immutable) at the same place.
    public func copy() -> Mark { Page(content: content, pageIndex: pageIndex, frame: frame) }
    /// Visits as a page.
    public func accept(_ visitor: MarkVisitor) { visitor.visit(page: self) }
}
