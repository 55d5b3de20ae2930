import CairoKit

/// The Strategy for pointer input on the canvas (book chapter 19): the canvas engine
/// (`CanvasEngine`, through its `ToolDispatcher`) hands every press, drag and release to the current tool and knows no tool's rules. A
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
    /// The pointer moved to `point` with the primary button down and `modifiers` held now
    /// (a shape tool constrains while Shift is held); by default the same as `drag(to:)`.
    func drag(to point: Point, modifiers: ToolModifiers)
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
    public func drag(to point: Point, modifiers: ToolModifiers) { drag(to: point) }
    public func hover(at point: Point?) {}
    public func finishGesture() {}
    public func drawOverlay(on context: CairoContext) {}
}

/// The modifier keys a tool heeds, held at a press (the toolkit's own set, translated).
public struct ToolModifiers: OptionSet, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// Shift: the select tool adds or removes a mark; shapes and handles are constrained.
    public static let shift = ToolModifiers(rawValue: 1)
    /// Ctrl: a shape is drawn from its centre.
    public static let control = ToolModifiers(rawValue: 2)
    /// Alt: the lasso selects every mark it touches, not only those wholly inside.
    public static let alt = ToolModifiers(rawValue: 4)
}

/// What a tool works on: the canvas engine (`CanvasEngine`) gives each tool the document, the
/// pen, the selection and a way to ask for its overlay to be drawn again; tests give hosts of
/// their own.
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
    /// How long one pixel of the view is on the canvas (1 at 100 %): handles keep their size
    /// on screen at any zoom.
    var viewPixel: Float { get }
    /// The canvas area in view (`Rect.null` when not known).
    var visibleRect: Rect { get }
    /// Runs `body` once after `milliseconds`, unless the returned token is cancelled first
    /// (the pen's hold before shape recognition).
    func schedule(afterMilliseconds milliseconds: UInt32, _ body: @escaping @MainActor () -> Void) -> ScheduledWork
    /// How much the pen smooths the pointer's path (the preference).
    var smoothing: Smoothing { get }
    /// Calls `tick` about every frame until it returns false (an overlay that animates: the
    /// laser's fading ink).
    func animate(_ tick: @escaping @MainActor () -> Bool)
    /// The canvas the document is on, where the select tool lifts a big selection for a drag;
    /// `nil` with none on show (a test's host).
    var canvasSession: CanvasSession? { get }
}

/// Work `CanvasToolHost.schedule` will do later; `cancel()` drops it.
@MainActor
public final class ScheduledWork {
    /// Whether it was cancelled.
    public private(set) var isCancelled = false
    private let onCancel: () -> Void

    /// Work that `onCancel` removes from wherever it waits.
    public init(onCancel: @escaping () -> Void = {}) {
        self.onCancel = onCancel
    }

    /// Drops the work if it has not run yet.
    public func cancel() {
        guard !isCancelled else { return }
        isCancelled = true
        onCancel()
    }
}

extension CanvasToolHost {
    public var viewPixel: Float { 1 }
    public var visibleRect: Rect { .null }
    /// Without a clock to wait on (a test's host), nothing is ever run.
    public func schedule(afterMilliseconds milliseconds: UInt32, _ body: @escaping @MainActor () -> Void) -> ScheduledWork {
        ScheduledWork()
    }
    public var smoothing: Smoothing { .off }
    public func animate(_ tick: @escaping @MainActor () -> Bool) {}
    public var canvasSession: CanvasSession? { nil }
}
