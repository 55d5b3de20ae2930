import CCairo
import CairoKit

/// The box around a selection, with eight scale handles on its corners and sides and a
/// rotate handle above it (below it when above is out of view). Sizes are in view pixels (`viewPixel` canvas units each), so the
/// handles look and grab the same at any zoom.
public struct SelectionBox: Sendable {
    /// A handle the pointer can grab.
    public enum Handle: Sendable, Equatable, CaseIterable {
        case topLeft, top, topRight, right, bottomRight, bottom, bottomLeft, left, rotate

        /// Which side of the box the handle is on, −1, 0 or 1 in x and y (0, −1 for rotate).
        var side: (x: Float, y: Float) {
            switch self {
            case .topLeft: (-1, -1)
            case .top: (0, -1)
            case .topRight: (1, -1)
            case .right: (1, 0)
            case .bottomRight: (1, 1)
            case .bottom: (0, 1)
            case .bottomLeft: (-1, 1)
            case .left: (-1, 0)
            case .rotate: (0, -1)
            }
        }
    }

    /// The box, canvas coordinates.
    public let rect: Rect
    /// Canvas units a view pixel.
    public let viewPixel: Float
    /// Whether the rotate handle hangs below the box: above it would be out of view.
    let isRotateHandleBelow: Bool

    /// The box around marks whose bounds are `bounds`, a few view pixels out; `visible` is the
    /// canvas area in view, if known.
    public init(around bounds: Rect, viewPixel: Float, visible: Rect = .null) {
        rect = bounds.outset(by: Self.margin * viewPixel)
        self.viewPixel = viewPixel
        let reach = (Self.rotateReach + Self.handleSize) * viewPixel
        isRotateHandleBelow = !visible.isNull && rect.minY - reach < visible.minY && rect.maxY + reach <= visible.maxY
    }

    /// How far outside the marks the box is drawn, view pixels.
    static let margin: Float = 4
    /// A handle's side, view pixels.
    static let handleSize: Float = 9
    /// How far above the box the rotate handle is, view pixels.
    static let rotateReach: Float = 26

    /// The middle of the box: what scaling and rotation keep in place.
    public var center: Point { Point(x: (rect.minX + rect.maxX) / 2, y: (rect.minY + rect.maxY) / 2) }

    /// Where `handle` is drawn.
    public func position(of handle: Handle) -> Point {
        guard handle == .rotate else {
            let side = handle.side, c = center
            return Point(x: c.x + side.x * rect.width / 2, y: c.y + side.y * rect.height / 2)
        }
        return isRotateHandleBelow
            ? Point(x: center.x, y: rect.maxY + Self.rotateReach * viewPixel)
            : Point(x: center.x, y: rect.minY - Self.rotateReach * viewPixel)
    }

    /// The handle under `point`, if any: the nearest, where a thin box's handles overlap.
    public func handle(at point: Point) -> Handle? {
        guard !rect.isNull else { return nil }
        let reach = (Self.handleSize / 2 + 2) * viewPixel
        return Handle.allCases.filter { handle in
            let spot = position(of: handle)
            return abs(spot.x - point.x) <= reach && abs(spot.y - point.y) <= reach
        }.min { position(of: $0).distance(to: point) < position(of: $1).distance(to: point) }
    }

    /// The area the box and its handles cover when drawn through `transform`.
    public func area(through transform: AffineTransform = .identity) -> Rect {
        // The rotate handle's reach above and below the box, wherever it hangs.
        let reach = Self.rotateReach * viewPixel
        let knobs = [Point(x: center.x, y: rect.minY - reach), Point(x: center.x, y: rect.maxY + reach)]
        let corners = [Handle.topLeft, .topRight, .bottomRight, .bottomLeft].map { position(of: $0) } + knobs
        return corners.map(transform.apply).reduce(Rect.null) { $0.union($1) }.outset(by: (Self.handleSize + 4) * viewPixel)
    }

    /// Draws the box, its handles and the rotate handle's stem, moved by `transform` (a drag
    /// under way): dark on light, so it shows on any colour.
    func draw(on context: CairoContext, through transform: AffineTransform = .identity) {
        let cr = context.pointer
        let pixel = Double(viewPixel)
        let corners = [Handle.topLeft, .topRight, .bottomRight, .bottomLeft].map { transform.apply(position(of: $0)) }
        cairo_new_path(cr)
        for (index, corner) in corners.enumerated() {
            if index == 0 {
                cairo_move_to(cr, Double(corner.x), Double(corner.y))
            } else {
                cairo_line_to(cr, Double(corner.x), Double(corner.y))
            }
        }
        cairo_close_path(cr)
        let stemFoot = transform.apply(position(of: isRotateHandleBelow ? .bottom : .top))
        let knob = transform.apply(position(of: .rotate))
        cairo_move_to(cr, Double(stemFoot.x), Double(stemFoot.y))
        cairo_line_to(cr, Double(knob.x), Double(knob.y))
        Self.strokeOutline(cr, pixel: pixel)
        let half = Double(Self.handleSize) / 2 * pixel
        for handle in Handle.allCases {
            let spot = transform.apply(position(of: handle))
            if handle == .rotate {
                cairo_new_sub_path(cr)
                cairo_arc(cr, Double(spot.x), Double(spot.y), half, 0, 2 * .pi)
            } else {
                cairo_rectangle(cr, Double(spot.x) - half, Double(spot.y) - half, 2 * half, 2 * half)
            }
        }
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_fill_preserve(cr)
        cairo_set_source_rgb(cr, 0.1, 0.35, 0.85)
        cairo_stroke(cr)
    }

    /// Strokes the current path as the selection's outlines are drawn, a view pixel wide: white
    /// beneath, blue dashes over it, so it shows on any ink.
    static func strokeOutline(_ cr: OpaquePointer, pixel: Double) {
        cairo_set_line_width(cr, pixel)
        cairo_set_source_rgba(cr, 1, 1, 1, 0.9)
        cairo_stroke_preserve(cr)
        var dashes: [Double] = [4 * pixel, 3 * pixel]
        cairo_set_dash(cr, &dashes, 2, 0)
        cairo_set_source_rgb(cr, 0.1, 0.35, 0.85)
        cairo_stroke(cr)
        cairo_set_dash(cr, nil, 0, 0)
    }
}
