import Glibc

/// The camera over the drawing: which part of the endless canvas the view shows
/// and how big. It is the one place that knows the screen: a view point is a canvas point
/// minus `origin`, times `zoom`; a device pixel is a view point times `deviceScale`.
///
/// `origin` is the canvas point at the view's top-left corner, kept on the device-pixel grid
/// of the current zoom, so that panning moves the picture by whole device pixels (the
/// backdrop's pixels can be copied) and at 100 % the canvas' pixels are the screen's.
/// A new scribble's view, `Viewport(width:height:deviceScale:)`, is 100 % with the canvas'
/// origin at the top-left: the canvas as it was before it had no edge.
public struct Viewport: Equatable, Sendable {
    /// The smallest zoom, 5 %: a 1280-px window then shows 25,600 canvas pixels.
    public static let minimumZoom = 0.05
    /// The largest zoom, 6400 %: a canvas pixel is 64 view pixels.
    public static let maximumZoom = 64.0
    /// What a key or a wheel notch multiplies or divides the zoom by: two steps double it.
    public static let step = 2.0.squareRoot()
    /// How far the view's centre may go from the canvas' origin: as far as marks may lie
    /// (`MarkLimits`), so panning never loses the drawing in empty space for good.
    public static let maximumCentre = Double(MarkLimits.maximumCoordinate)

    /// View pixels per canvas pixel (1 is 100 %).
    public private(set) var zoom: Double
    /// The canvas point at the view's top-left corner.
    public private(set) var originX: Double, originY: Double
    /// Device pixels per view pixel (2 on a HiDPI screen).
    public var deviceScale: Int
    /// The view's size in view (logical) pixels.
    public var width: Int, height: Int

    /// A view of `width` × `height` view pixels at `zoom`, the canvas point (`originX`,
    /// `originY`) at its top-left corner (snapped to the device-pixel grid).
    public init(width: Int, height: Int, deviceScale: Int = 1, zoom: Double = 1, originX: Double = 0, originY: Double = 0) {
        (self.width, self.height, self.deviceScale) = (max(0, width), max(0, height), max(1, deviceScale))
        self.zoom = Self.clamped(zoom: zoom)
        (self.originX, self.originY) = (0, 0)
        setOrigin(x: originX, y: originY)
    }

    /// Whether the view shows the canvas as it was before it had no edge: 100 %, the origin
    /// at the top-left.
    public var isIdentity: Bool { zoom == 1 && originX == 0 && originY == 0 }

    /// The zoom in whole percent, as the zoom button shows it.
    public var percent: Int { Int((zoom * 100).rounded()) }

    // MARK: Conversions

    /// The canvas point under the view point (`x`, `y`).
    public func canvasPoint(viewX x: Double, viewY y: Double) -> Point {
        Point(x / zoom + originX, y / zoom + originY)
    }

    /// Where the canvas point `point` shows in the view.
    public func viewPoint(_ point: Point) -> (x: Double, y: Double) {
        ((Double(point.x) - originX) * zoom, (Double(point.y) - originY) * zoom)
    }

    /// The view rectangle a canvas rectangle covers.
    public func viewRect(_ rect: Rect) -> Rect {
        guard !rect.isNull else { return .null }
        guard !isIdentity else { return rect } // the motion path's every change: no arithmetic
        let (x0, y0) = viewPoint(Point(x: rect.minX, y: rect.minY))
        let (x1, y1) = viewPoint(Point(x: rect.maxX, y: rect.maxY))
        return Rect(minX: Float(x0), minY: Float(y0), maxX: Float(x1), maxY: Float(y1))
    }

    /// The canvas rectangle a view rectangle covers.
    public func canvasRect(_ rect: Rect) -> Rect {
        guard !rect.isNull else { return .null }
        let a = canvasPoint(viewX: Double(rect.minX), viewY: Double(rect.minY))
        let b = canvasPoint(viewX: Double(rect.maxX), viewY: Double(rect.maxY))
        return Rect(minX: a.x, minY: a.y, maxX: b.x, maxY: b.y)
    }

    /// The part of the canvas the view shows.
    public var visibleRect: Rect {
        canvasRect(Rect(x: 0, y: 0, width: Float(width), height: Float(height)))
    }

    /// The canvas point at the view's centre.
    public var centre: (x: Double, y: Double) {
        (originX + Double(width) / 2 / zoom, originY + Double(height) / 2 / zoom)
    }

    // MARK: Moving the camera

    /// Zooms to `zoom` (clamped to 5 %–6400 %), keeping the canvas point under the view
    /// point (`x`, `y`) where it is (the pointer, the fingers' centre).
    public mutating func zoom(to zoom: Double, aboutViewX x: Double, y: Double) {
        let fixed = (x: x / self.zoom + originX, y: y / self.zoom + originY)
        self.zoom = Self.clamped(zoom: zoom)
        setOrigin(x: fixed.x - x / self.zoom, y: fixed.y - y / self.zoom)
    }

    /// Zooms to `zoom` about the view's centre.
    public mutating func zoom(to zoom: Double) {
        self.zoom(to: zoom, aboutViewX: Double(width) / 2, y: Double(height) / 2)
    }

    /// One step in (`steps` 1) or out (-1), or several, about the view point (`x`, `y`):
    /// to the next power of √2, so that steps in and out land on the same zooms (100 %,
    /// 141 %, 200 %, …) whatever a pinch left.
    public mutating func zoom(steps: Int, aboutViewX x: Double, y: Double) {
        zoom(to: Self.zoom(steps: steps, from: zoom), aboutViewX: x, y: y)
    }

    /// The zoom `steps` powers of √2 from `zoom` (not clamped).
    static func zoom(steps: Int, from zoom: Double) -> Double {
        guard steps != 0 else { return zoom }
        let level = 2 * log2(zoom) // zoom = 2^(level/2)
        // Within a hair of a level counts as on it: 2.0.squareRoot() squared is not 2 exactly.
        let start = steps > 0 ? (level + 1e-6).rounded(.down) : (level - 1e-6).rounded(.up)
        return pow(2, (start + Double(steps)) / 2) // exact at the even levels: 25 %, 100 %, 400 %
    }

    /// Moves the view by (`dx`, `dy`) view pixels: the drawing moves the other way.
    public mutating func pan(byViewX dx: Double, y dy: Double) {
        setOrigin(x: originX + dx / zoom, y: originY + dy / zoom)
    }

    /// Shows the canvas point (`x`, `y`) at the view's centre.
    public mutating func centre(onX x: Double, y: Double) {
        setOrigin(x: x - Double(width) / 2 / zoom, y: y - Double(height) / 2 / zoom)
    }

    /// Shows all of `bounds` (canvas), centred, with `margin` view pixels around it, as big as
    /// fits but never above 100 % (a single dot is not blown up to fill the window); an empty
    /// `bounds` gives 100 % with the origin at the top-left, a new scribble's view.
    public mutating func fit(_ bounds: Rect, margin: Double = 16) {
        guard !bounds.isNull else {
            zoom = 1
            return setOrigin(x: 0, y: 0)
        }
        let room = (x: max(1, Double(width) - 2 * margin), y: max(1, Double(height) - 2 * margin))
        let size = (x: max(Double(bounds.width), 1e-3), y: max(Double(bounds.height), 1e-3))
        zoom = Self.clamped(zoom: min(1, room.x / size.x, room.y / size.y))
        centre(onX: (Double(bounds.minX) + Double(bounds.maxX)) / 2, y: (Double(bounds.minY) + Double(bounds.maxY)) / 2)
    }

    /// Puts `origin` at (`x`, `y`): the view's centre kept within `maximumCentre`, and the
    /// origin on the device-pixel grid of the zoom.
    private mutating func setOrigin(x: Double, y: Double) {
        let half = (x: Double(width) / 2 / zoom, y: Double(height) / 2 / zoom)
        let limit = Self.maximumCentre
        let cx = Self.finite(x + half.x), cy = Self.finite(y + half.y)
        let pixelsPerUnit = zoom * Double(deviceScale)
        originX = ((min(max(cx, -limit), limit) - half.x) * pixelsPerUnit).rounded() / pixelsPerUnit + 0
        originY = ((min(max(cy, -limit), limit) - half.y) * pixelsPerUnit).rounded() / pixelsPerUnit + 0
    }

    private static func finite(_ value: Double) -> Double { value.isFinite ? value : 0 }

    /// `zoom` within 5 %–6400 % (NaN: 100 %).
    static func clamped(zoom: Double) -> Double {
        zoom.isNaN ? 1 : min(max(zoom, minimumZoom), maximumZoom)
    }
}
