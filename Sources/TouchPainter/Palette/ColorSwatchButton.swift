import CCairo
import GtkKit
import ScribbleKit

/// A button showing one colour as a disc (a preset or a recent colour of the palette),
/// named for screen readers by what it picks.
@MainActor
final class ColorSwatchButton {
    /// The button.
    let button = Button(label: "")
    /// The colour it picks.
    let color: Color
    private let disc = DrawingArea()

    /// A swatch of `color` named `name`, calling `pick` when clicked.
    init(_ color: Color, name: String, pick: @escaping @MainActor (Color) -> Void) {
        self.color = color
        disc.setSizeRequest(width: 20, height: 20)
        disc.onDraw { [disc] cr in
            let (width, height) = disc.allocatedSize
            let c = color.unitComponents
            cairo_arc(cr, Double(width) / 2, Double(height) / 2, Double(min(width, height)) / 2 - 1, 0, 2 * .pi)
            cairo_set_source_rgb(cr, c.red, c.green, c.blue)
            cairo_fill_preserve(cr)
            cairo_set_source_rgba(cr, 0, 0, 0, 0.35) // so white shows on white
            cairo_set_line_width(cr, 1)
            cairo_stroke(cr)
        }
        button.setChild(disc)
        button.addStyleClass("flat")
        button.accessibleName = name
        button.tooltip = "\(name) (\(color.hex))"
        button.onClicked { _ in pick(color) }
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
