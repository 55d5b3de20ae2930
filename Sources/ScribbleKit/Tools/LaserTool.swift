import CCairo
import CairoKit
import Glibc

/// The laser pointer, for presenting (`Laser`, K): a drag draws bright red ink with a glow
/// that fades out on its own (`LaserTrail`: whole for half a second after the pointer
/// stops, then gone over 300 ms). The ink lives only in the tool's overlay: it never enters
/// the drawing, the history, the journal or an export, and nothing is left to undo. A
/// stylus' eraser end still erases while the laser is the tool (`ToolDispatcher` gives that
/// gesture an eraser).
@MainActor
public final class LaserTool: CanvasTool {
    /// How far the glow reaches from the line's centre, in canvas pixels.
    static let glowRadius: Float = 9
    /// The widths and opacities of the passes that draw a line, outermost first: a soft
    /// red glow, the red line, a pale hot core.
    static let passes: [(width: Double, red: Double, green: Double, blue: Double, alpha: Double)] = [
        (18, 1, 0.1, 0.1, 0.12), (11, 1, 0.1, 0.1, 0.2), (6, 1, 0.05, 0.05, 0.95), (2, 1, 0.4, 0.4, 1),
    ]

    private unowned let host: CanvasToolHost
    /// The lines on show.
    public private(set) var trail = LaserTrail()
    /// Whether the line under way is being drawn (the button is down).
    private var isDrawing = false
    /// Whether the fade is being ticked (`CanvasToolHost.animate`).
    private var isAnimating = false
    /// The clock, in milliseconds (monotonic; tests give their own).
    private let now: () -> Double

    /// A laser over `host`'s canvas, timed by `clock` (by default the monotonic clock).
    public init(host: CanvasToolHost, clock: @escaping () -> Double = LaserTool.monotonicMilliseconds) {
        self.host = host
        now = clock
    }

    public func press(at point: Point, modifiers: ToolModifiers) {
        trail.begin(at: point, time: now())
        isDrawing = true
        host.overlayNeedsDisplay(in: Rect.null.union(point).outset(by: Self.glowRadius))
        startAnimating()
    }

    public func drag(to point: Point) {
        guard isDrawing else { return }
        host.overlayNeedsDisplay(in: trail.extend(to: point, time: now()).outset(by: Self.glowRadius))
    }

    public func release(at point: Point) {
        drag(to: point)
        isDrawing = false
    }

    /// Another tool was chosen, or the drawing changed under it: the ink goes at once.
    public func finishGesture() {
        isDrawing = false
        host.overlayNeedsDisplay(in: trail.clear().outset(by: Self.glowRadius))
    }

    public func drawOverlay(on context: CairoContext) {
        let time = now()
        let cr = context.pointer
        cairo_save(cr)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        for line in trail.lines {
            let opacity = trail.opacity(of: line, at: time)
            guard opacity > 0, let first = line.points.first else { continue }
            for pass in Self.passes {
                cairo_new_path(cr)
                cairo_move_to(cr, Double(first.x), Double(first.y))
                // A lone point is a dot: a zero-length line with round caps.
                for point in line.points.dropFirst() { cairo_line_to(cr, Double(point.x), Double(point.y)) }
                if line.points.count == 1 { cairo_line_to(cr, Double(first.x), Double(first.y)) }
                cairo_set_source_rgba(cr, pass.red, pass.green, pass.blue, pass.alpha * opacity)
                cairo_set_line_width(cr, pass.width)
                cairo_stroke(cr)
            }
        }
        cairo_restore(cr)
    }

    /// Redraws the fading lines about every frame while any is on show.
    private func startAnimating() {
        guard !isAnimating else { return }
        isAnimating = true
        host.animate { [weak self] in
            guard let self else { return false }
            let changed = self.trail.fade(at: self.now())
            if !changed.isNull { self.host.overlayNeedsDisplay(in: changed.outset(by: Self.glowRadius)) }
            self.isAnimating = !self.trail.lines.isEmpty
            return self.isAnimating
        }
    }

    /// Milliseconds on the monotonic clock.
    public nonisolated static func monotonicMilliseconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1_000_000
    }
}
