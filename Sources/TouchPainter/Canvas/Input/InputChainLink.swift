import GtkKit
import ScribbleKit

/// One link of the canvas' input chain (book chapter 17, the Chain of Responsibility): it
/// takes a pointer event and returns true, or returns false to pass it to the next link.
/// `InputChain` holds the links in order, so a new way of handling input is one type
/// and one line there, and no link knows which others exist.
@MainActor
protocol InputChainLink: AnyObject {
    /// Handles `input`, returning true, or returns false to leave it to the next link.
    func handle(_ input: InputChainEvent) -> Bool
}

/// A pointer event on its way along the chain: as GDK gave it and as the tools see it, with
/// what the links act on.
@MainActor
struct InputChainEvent {
    /// The event as GDK gave it, in view pixels.
    let pointer: PointerEvent
    /// The same event in canvas coordinates, for the tools.
    let tool: ToolEvent
    /// The canvas under the pointer.
    let canvasView: CanvasView
    /// The input preferences as they are now (read at each event, so a change in the
    /// Preferences window applies to the next one).
    let preferences: InputPreferences
    /// The eraser's size and mode, as the settings have them now.
    let eraserOptions: EraserOptions
    /// Moves the camera.
    let move: (CameraMove) -> Void
}
