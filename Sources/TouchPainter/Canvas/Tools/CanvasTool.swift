import GtkKit
import ScribbleKit

/// The Strategy for pointer input on the canvas (SPEC §7, "Tools"): the canvas controller
/// hands every press, drag and release to the current tool and knows no tool's rules. A
/// tool changes the drawing only through the document's commands, so everything it does
/// can be undone.
@MainActor
protocol CanvasTool: AnyObject {
    /// The pointer's look over the canvas while the tool is chosen (a CSS cursor name).
    var cursorName: String { get }
    /// The primary button went down at `point`.
    func press(at point: Point, modifiers: KeyModifiers)
    /// The pointer moved to `point` with the primary button down.
    func drag(to point: Point)
    /// The primary button came up at `point`.
    func release(at point: Point)
    /// The pointer moved to `point` with no button down; `nil` when it left the canvas.
    func hover(at point: Point?)
    /// Ends the gesture under way now, keeping what it did as one undo step (another tool is
    /// chosen, Undo is pressed, another scribble opens).
    func finishGesture()
    /// Draws what belongs to the tool above the drawing (an outline, a preview), in the
    /// canvas' coordinates; never into the backdrop.
    func drawOverlay(on cr: OpaquePointer)
}

extension CanvasTool {
    var cursorName: String { "crosshair" }
    func hover(at point: Point?) {}
    func finishGesture() {}
    func drawOverlay(on cr: OpaquePointer) {}
}

/// What a tool works on: the canvas controller gives each tool the document, the pen, the
/// selection and a way to ask for its overlay to be drawn again.
@MainActor
protocol CanvasToolHost: AnyObject {
    /// The user's scribble and its history.
    var document: Document { get }
    /// The pen new marks are drawn with.
    var strokeStyle: StrokeStyle { get }
    /// The marks the select tool picked.
    var selection: Selection { get }
    /// The stylus' pressure (0…1) of the event being handled; `nil` for a mouse or a finger.
    var pressure: Float? { get }
    /// The eraser's size and mode, as the options popover and the settings have them.
    var eraserOptions: EraserOptions { get }
    /// Asks for `rect` of the overlay (canvas coordinates) to be drawn again.
    func overlayNeedsDisplay(in rect: Rect)
}

/// The tools a user picks from the tool bar (stamping is entered from a template instead).
enum ToolKind: CaseIterable {
    case pen, eraser, select

    /// The accessible name and tool bar label (SPEC §7).
    var name: String {
        switch self {
        case .pen: tr("Pen")
        case .eraser: tr("Eraser")
        case .select: tr("Select")
        }
    }

    /// The single key that picks the tool (on the canvas page, unless an entry has the focus).
    var key: String {
        switch self {
        case .pen: "p"
        case .eraser: "e"
        case .select: "s"
        }
    }

    /// The tooltip, naming the key.
    var tooltip: String {
        switch self {
        case .pen: tr("Pen: draw (P)")
        case .eraser: tr("Eraser: drag over marks to rub them out (E)")
        case .select: tr("Select: click a mark to select it, drag to move it (S)")
        }
    }
}
