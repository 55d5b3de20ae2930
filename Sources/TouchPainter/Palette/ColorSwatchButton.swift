import CairoKit
import GtkKit
import ScribbleKit

/// A button showing one colour as a disc (a preset or a recent colour of the palette),
/// named for screen readers by what it picks. The swatch of the current colour is marked
/// with a ring and a check mark.
@MainActor
final class ColorSwatchButton {
    /// The button.
    let button = Button(label: "")
    /// The colour it picks.
    let color: Color
    /// Whether it is the current colour's swatch (drawn with a ring and a check mark).
    var isChosen = false {
        didSet { if isChosen != oldValue { disc.queueDraw() } }
    }
    private let disc = DrawingArea()

    /// A swatch of `color` named `name`, calling `pick` when clicked.
    init(_ color: Color, name: String, pick: @escaping @MainActor (Color) -> Void) {
        self.color = color
        disc.setSizeRequest(width: 20, height: 20)
        disc.onDraw { [weak self] cr in self?.draw(on: cr) }
        button.setChild(disc)
        button.addStyleClass(.flat)
        button.addStyleClass(.swatch)
        button.accessibleName = name
        button.tooltip = "\(name) (\(color.hex))"
        button.onClicked { _ in pick(color) }
    }

    /// Whether the swatch stands for `other`: the same red, green and blue (a pick keeps the
    /// pen's opacity, so the opacity does not count).
    func matches(_ other: Color) -> Bool { color.opaque == other.opaque }

    /// The disc, framed so white shows on white; chosen, a ring in the text colour around a
    /// smaller disc and a check mark in black or white, whichever shows on the colour.
    private func draw(on cr: CairoContext) {
        let (width, height) = disc.allocatedSize
        let (cx, cy) = (Double(width) / 2, Double(height) / 2)
        let outer = Double(min(width, height)) / 2 - 1
        let c = color.unitComponents
        cr.arc(centerX: cx, centerY: cy, radius: isChosen ? outer - 3 : outer, from: 0, to: 2 * .pi)
        cr.setSource(red: c.red, green: c.green, blue: c.blue)
        cr.fillPreserve()
        cr.setSource(red: 0, green: 0, blue: 0, alpha: 0.35)
        cr.setLineWidth(1)
        cr.stroke()
        guard isChosen else { return }
        let ink = disc.foregroundColor
        cr.arc(centerX: cx, centerY: cy, radius: outer, from: 0, to: 2 * .pi)
        cr.setSource(red: ink.red, green: ink.green, blue: ink.blue, alpha: ink.alpha)
        cr.setLineWidth(2)
        cr.stroke()
        let light = 0.299 * c.red + 0.587 * c.green + 0.114 * c.blue > 0.6
        cr.setSource(red: light ? 0 : 1, green: light ? 0 : 1, blue: light ? 0 : 1)
        cr.setLineWidth(2)
        cr.setLineCap(.round)
        cr.move(toX: cx - 4, y: cy)
        cr.line(toX: cx - 1, y: cy + 3)
        cr.line(toX: cx + 4, y: cy - 3)
        cr.stroke()
    }

    /// The sixteen preset colours, with their names: GNOME's palette, plus black and white.
    static let presets: [(name: String, color: Color)] = [
        (tr("Black"), Color(red: 0, green: 0, blue: 0)), (tr("Dark grey"), Color(red: 94, green: 92, blue: 100)),
        (tr("Grey"), Color(red: 154, green: 153, blue: 150)), (tr("White"), Color(red: 255, green: 255, blue: 255)),
        (tr("Red"), Color(red: 224, green: 27, blue: 36)), (tr("Orange"), Color(red: 255, green: 120, blue: 0)),
        (tr("Yellow"), Color(red: 246, green: 211, blue: 45)), (tr("Green"), Color(red: 51, green: 209, blue: 122)),
        (tr("Dark green"), Color(red: 38, green: 162, blue: 105)), (tr("Teal"), Color(red: 33, green: 144, blue: 164)),
        (tr("Blue"), Color(red: 53, green: 132, blue: 228)), (tr("Dark blue"), Color(red: 26, green: 95, blue: 180)),
        (tr("Purple"), Color(red: 145, green: 65, blue: 172)), (tr("Pink"), Color(red: 220, green: 138, blue: 221)),
        (tr("Brown"), Color(red: 152, green: 106, blue: 68)), (tr("Dark brown"), Color(red: 99, green: 69, blue: 44)),
    ]
}
