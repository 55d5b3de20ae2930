import CGtk
import CairoKit

/// Says "working on it" while something takes a while: three quarters of a ring going round
/// once a second, in the theme's text colour.
///
/// Not a `GtkSpinner`: Adwaita draws that from an icon it ships as SVG only, and the first
/// "Opening…" loaded librsvg — 6 MB, and a few milliseconds of the main thread in the middle
/// of opening a big drawing.
public final class Spinner: DrawingArea {
    /// Diameter of the ring, in pixels: the size of a small icon.
    private static let size = 16
    /// When it started turning (GLib's monotonic clock, µs): where the ring stands.
    private var start = g_get_monotonic_time()

    /// A still spinner (nothing shows while still).
    override public init() {
        super.init()
        setSizeRequest(width: Self.size, height: Self.size)
        onDraw { [weak self] context in self?.draw(on: context) }
    }

    /// Whether it turns.
    public var isSpinning = false {
        didSet {
            guard isSpinning != oldValue else { return }
            queueDraw()
            guard isSpinning else { return }
            start = g_get_monotonic_time()
            onEachFrame { [weak self] in
                guard let self, isSpinning else { return false }
                queueDraw()
                return true
            }
        }
    }

    private func draw(on context: CairoContext) {
        guard isSpinning else { return }
        let turn = Double((g_get_monotonic_time() - start) % 1_000_000) / 1_000_000 * 2 * Double.pi
        let color = foregroundColor
        context.setSource(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha)
        context.setLineWidth(2)
        context.setLineCap(.round)
        let (width, height) = allocatedSize // in the middle of what the box gives it
        let radius = Double(Self.size) / 2 - 2
        context.arc(centerX: Double(width) / 2, centerY: Double(height) / 2, radius: radius, from: turn, to: turn + 1.5 * Double.pi)
        context.stroke()
    }
}
