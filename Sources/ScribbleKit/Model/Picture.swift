/// A picture lying on the canvas (issue 54): a photo, a screenshot or a diagram pasted,
/// dropped or inserted. A leaf of the Composite that holds no bytes of its own — it names the
/// picture's original bytes (a PNG, a JPEG, a GIF, a WebP or an SVG, exactly as they came) in
/// the scribble's content store (`content`, by SHA-256), so the same picture pasted ten times
/// is kept once — and says where it lies: its natural size (`width` × `height`, the picture's
/// own pixels, upright as its EXIF says) and `placement`, the affine map from the picture's
/// own space, (0, 0)–(width, height), onto the canvas. A move, a scale and a free rotation
/// are a new placement (`TransformVisitor`), never new pixels.
///
/// Unlike a PDF page it is ink, not paper: the select tool picks it, moves, scales, turns
/// and reorders it, and the eraser in Whole marks mode takes it (the part eraser leaves it:
/// pictures are not cut). Immutable but for its time, which is set before it is shared, so a
/// render thread may read it while the main thread works; a copy shares its content.
public final class Picture: LeafMark {
    /// The picture's original bytes, kept once in the scribble's content store.
    public let content: StoredContent
    /// The picture's natural width and height, in its own pixels (an SVG's in CSS pixels).
    public let width: Float, height: Float
    /// Where the picture lies: its own space onto the canvas. Its translation is on the
    /// model's grid and within `MarkLimits`; its linear part finite and invertible, no side
    /// longer than `maximumSide` on the canvas.
    public let placement: AffineTransform
    /// Everything the picture paints: its placed rectangle's box.
    public let bounds: Rect
    /// When the picture was put down, in milliseconds on its scribble's clock; `nil` when
    /// untimed (made in code, or an edit's copy before the scribble times it).
    public internal(set) var time: UInt32?

    /// The longest side a picture may have, in its own pixels or on the canvas: far beyond
    /// any photo's, and small enough that its bounds stay well inside `MarkLimits`.
    public static let maximumSide: Float = 65_536

    /// A picture of `content`, `width` × `height` of its own pixels, laid by `placement`.
    /// Every number is brought into range: a side that is not a finite positive number
    /// becomes 1, the translation is clamped and snapped as any point, and a linear part
    /// that is not finite or flattens the picture becomes the identity.
    public init(content: StoredContent, width: Float, height: Float, placement: AffineTransform) {
        let side = { (value: Float) -> Float in value.isFinite && value >= 1 ? min(value, Self.maximumSide) : 1 }
        (self.content, self.width, self.height) = (content, side(width), side(height))
        var (a, b, c, d) = (placement.a, placement.b, placement.c, placement.d)
        let determinant = a * d - b * c
        if ![a, b, c, d].allSatisfy(\.isFinite) || !determinant.isFinite || abs(determinant) < 1e-12 {
            (a, b, c, d) = (1, 0, 0, 1)
        }
        // No side longer than `maximumSide` on the canvas, none shorter than a 256th of a pixel.
        let across = (a * a + b * b).squareRoot() * Double(self.width), down = (c * c + d * d).squareRoot() * Double(self.height)
        let longest = max(across, down)
        if longest > Double(Self.maximumSide) {
            let shrink = Double(Self.maximumSide) / longest
            (a, b, c, d) = (a * shrink, b * shrink, c * shrink, d * shrink)
        }
        let corner = MarkLimits.clamped(Point(x: Float(placement.tx.isFinite ? placement.tx : 0), y: Float(placement.ty.isFinite ? placement.ty : 0)))
        self.placement = AffineTransform(a: a, b: b, c: c, d: d, tx: Double(corner.x), ty: Double(corner.y))
        bounds = Self.box(width: self.width, height: self.height, placement: self.placement)
    }

    /// A picture at its natural size with its top-left corner at `corner`.
    public convenience init(content: StoredContent, width: Float, height: Float, at corner: Point) {
        self.init(content: content, width: width, height: height, placement: .translation(dx: Double(corner.x), dy: Double(corner.y)))
    }

    /// The four corners of the placed picture, clockwise from its own top-left.
    public var corners: [Point] {
        [Point(x: 0, y: 0), Point(x: width, y: 0), Point(x: width, y: height), Point(x: 0, y: height)].map(placement.apply)
    }

    /// The box of the placed rectangle.
    private static func box(width: Float, height: Float, placement: AffineTransform) -> Rect {
        [Point(x: 0, y: 0), Point(x: width, y: 0), Point(x: width, y: height), Point(x: 0, y: height)]
            .reduce(Rect.null) { $0.union(placement.apply($1)) }
    }

    /// How many canvas pixels one of the picture's pixels covers, at most along either side:
    /// with the view's scale, which level of detail to draw (`PictureLevels`).
    public var canvasPixelsPerPixel: Double {
        max(
            (placement.a * placement.a + placement.b * placement.b).squareRoot(), (placement.c * placement.c + placement.d * placement.d).squareRoot()
        )
    }

    /// A picture paints its own colours; setting one does nothing.
    public var color: Color? {
        get { nil }
        set {}
    }

    /// A picture has no pen; setting a size does nothing.
    public var size: Float {
        get { 0 }
        set {}
    }

    /// The picture's top-left corner (its own origin on the canvas); setting it does nothing
    /// (a picture is moved by a new placement, `TransformVisitor`).
    public var location: Point {
        get { Point(x: Float(placement.tx), y: Float(placement.ty)) }
        set {}
    }

    /// The same picture (its content shared, never copied: it is immutable) at the same place.
    public func copy() -> Mark {
        let copy = Picture(content: content, width: width, height: height, placement: placement)
        copy.time = time
        return copy
    }

    /// The picture laid by `placement` instead (an edit's copy, untimed).
    func placed(by newPlacement: AffineTransform) -> Picture {
        Picture(content: content, width: width, height: height, placement: newPlacement)
    }

    /// Visits as a picture.
    public func accept(_ visitor: MarkVisitor) { visitor.visit(picture: self) }

    /// Whether a pen of `radius` moved from `a` to `b` touches the placed rectangle (all of
    /// it is the picture's: a transparent corner is picked as the rest).
    func isTouched(alongSegmentFrom a: Point, to b: Point, radius: Float) -> Bool {
        if let inverse = placement.inverted {
            for point in [a, b] {
                let local = inverse.apply(point)
                if local.x >= 0, local.y >= 0, local.x <= width, local.y <= height { return true }
            }
        }
        let corners = corners, reach = radius * radius
        for index in 0..<4 where segmentDistanceSquared(corners[index], corners[(index + 1) % 4], a, b) <= reach { return true }
        return false
    }
}
