import GtkKit
import ScribbleKit

/// The tools a user picks from the tool bar (stamping is entered from a template instead).
enum ToolKind: CaseIterable {
    case pen, eraser, select, laser

    /// The accessible name and tool bar label.
    var name: String {
        switch self {
        case .pen: tr("Pen")
        case .eraser: tr("Eraser")
        case .select: tr("Select")
        case .laser: tr("Laser")
        }
    }

    /// The single key that picks the tool (on the canvas page, unless an entry has the focus).
    var key: Key {
        switch self {
        case .pen: .character("p")
        case .eraser: .character("e")
        case .select: .character("s")
        case .laser: .character("k")
        }
    }

    /// The tooltip, naming the key.
    var tooltip: String {
        switch self {
        case .pen: tr("Pen: draw (P)")
        case .eraser: tr("Eraser: drag over marks to rub them out (E)")
        case .select: tr("Select: click a mark to select it, drag to move it (S)")
        case .laser: tr("Laser: point with ink that fades, for presenting (K)")
        }
    }
}
