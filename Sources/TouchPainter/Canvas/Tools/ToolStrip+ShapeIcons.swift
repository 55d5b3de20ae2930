import CairoKit
import GtkKit

/// The shape tools' icons: the icon theme has none, so each is drawn in the theme's colour,
/// 16 px square, as symbolic icons are.
extension ToolStrip {
    /// A drawn icon for the shape tool `tool`.
    func shapeIcon(for tool: ToolKind) -> Widget {
        let icon = DrawingArea()
        shapeIcons.append(icon)
        icon.setSizeRequest(width: 16, height: 16)
        icon.onDraw { [weak icon] cr in
            guard let icon else { return }
            let color = icon.foregroundColor
            cr.setSource(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha)
            cr.setLineWidth(1.5)
            Self.drawShape(tool, on: cr)
        }
        return icon
    }

    private static func drawShape(_ tool: ToolKind, on cr: CairoContext) {
        switch tool {
        case .line:
            cr.move(toX: 2.5, y: 13.5)
            cr.line(toX: 13.5, y: 2.5)
        case .rectangle:
            cr.rectangle(x: 2.25, y: 3.75, width: 11.5, height: 8.5)
        case .ellipse:
            cr.save()
            cr.translate(x: 8, y: 8)
            cr.scale(x: 1, y: 0.75)
            cr.arc(centerX: 0, centerY: 0, radius: 6, from: 0, to: 2 * .pi)
            cr.restore()
        case .arrow:
            cr.move(toX: 2.5, y: 13.5)
            cr.line(toX: 13, y: 3)
            cr.move(toX: 7.5, y: 3)
            cr.line(toX: 13, y: 3)
            cr.line(toX: 13, y: 8.5)
        default:
            return
        }
        cr.stroke()
    }
}
