import CairoKit

/// The Strategy for pointer input on the canvas (book chapter 19): the canvas controller
/// hands every press, drag and release to the current tool and knows no tool's rules. A
/// tool changes the drawing only through the document's commands, so everything it does
/// can be undone.
@MainActor
public protocol CanvasTool: AnyObject {
    /// The pointer's look over the canvas while the tool is chosen (a CSS cursor name).
    var cursorName: String { get }
    /// The primary button went down at `point`.
    func press(at point: Point, modifiers: ToolModifiers)
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
    func drawOverlay(on context: CairoContext)
}

extension CanvasTool {
    public var cursorName: String { "crosshair" }
    public func hover(at point: Point?) {}
    public func finishGesture() {}
    public func drawOverlay(on context: CairoContext) {}
}

/// The modifier keys a tool heeds, held at a press (the toolkit's own set, translated).
public struct ToolModifiers: OptionSet, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// Shift: the select tool adds or removes a mark.
    public static let shift = ToolModifiers(rawValue: 1)
}

/// What a tool works on: the canvas controller gives each tool the document, the pen, the
/// selection and a way to ask for its overlay to be drawn again.
@MainActor
public protocol CanvasToolHost: AnyObject {
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
    /// How much the pen smooths the pointer's path (the preference).
    var smoothing: Smoothing { get }
    /// Calls `tick` about every frame until it returns false (an overlay that animates: the
    /// laser's fading ink).
    func animate(_ tick: @escaping @MainActor () -> Bool)
}

extension CanvasToolHost {
    public var smoothing: Smoothing { .off }
    public func animate(_ tick: @escaping @MainActor () -> Bool) {}
}
