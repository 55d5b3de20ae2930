import GtkKit
import ScribbleKit

/// The tools a user picks from the tool bar (stamping is entered from a template instead).
enum ToolKind: CaseIterable {
    case pen, eraser, select, laser
    case line, rectangle, ellipse, arrow
    case text

    /// The accessible name and tool bar label.
    var name: String {
        switch self {
        case .pen: tr("Pen")
        case .eraser: tr("Eraser")
        case .select: tr("Select")
        case .line: tr("Line")
        case .rectangle: tr("Rectangle")
        case .ellipse: tr("Ellipse")
        case .arrow: tr("Arrow")
        case .laser: tr("Laser")
        case .text: tr("Text")
        }
    }

    /// The single key that picks the tool (on the canvas page, unless an entry has the focus).
    var key: Key {
        switch self {
        case .pen: .character("p")
        case .eraser: .character("e")
        case .select: .character("s")
        case .line: .character("l")
        case .rectangle: .character("r")
        case .ellipse: .character("o")
        case .arrow: .character("a")
        case .laser: .character("k")
        case .text: .character("x")
        }
    }

    /// The tooltip, naming the key.
    var tooltip: String {
        switch self {
        case .pen: tr("Pen: draw (P)")
        case .eraser: tr("Eraser: drag over marks to rub them out (E)")
        case .select: tr("Select: click a mark, or drag a lasso around marks; drag to move, handles to scale or rotate (S)")
        case .line: tr("Line: drag to draw a straight line; Shift: 15° steps, Ctrl: from the centre (L)")
        case .rectangle: tr("Rectangle: drag to draw a rectangle; Shift: a square, Ctrl: from the centre (R)")
        case .ellipse: tr("Ellipse: drag to draw an ellipse; Shift: a circle, Ctrl: from the centre (O)")
        case .arrow: tr("Arrow: drag to draw an arrow; Shift: 15° steps, Ctrl: from the centre (A)")
        case .laser: tr("Laser: point with ink that fades, for presenting (K)")
        case .text: tr("Text: click to type, drag to set the width text wraps to; Escape ends (X)")
        }
    }

    /// The shape the tool draws, for a shape tool.
    var shape: ShapeTool.Kind? {
        switch self {
        case .pen, .eraser, .select, .laser, .text: nil
        case .line: .line
        case .rectangle: .rectangle
        case .ellipse: .ellipse
        case .arrow: .arrow
        }
    }
}
