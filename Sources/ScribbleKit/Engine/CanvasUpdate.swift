/// What the view must do after the canvas engine handled something (Rnote's `WidgetFlags`):
/// the one value an input event, a camera move or a tool change returns, and the value
/// background work (a full frame rendered off the main thread, a tool's timer) delivers
/// through `CanvasEngine.onUpdate`. The app's `CanvasView` applies it in one place.
///
/// Empty by default; a motion event of the pen fills in only `paintLive`, so building and
/// returning it allocates nothing.
public struct CanvasUpdate: Equatable, Sendable {
    /// Areas to redraw at the next frame, view coordinates (not yet clipped to the view).
    public var redraw: [Rect] = []
    /// Redraw the whole view at the next frame.
    public var redrawsAll = false
    /// The stroke in progress grew: after this many milliseconds (0: once the input events
    /// waiting are handled), paint `CanvasEngine.takeLiveArea()` at once, ahead of the
    /// toolkit's frame cycle.
    public var paintLive: UInt32?
    /// A new full frame of this many vertices is up (its area is in `redraw`).
    public var shownFrameVertices: Int?
    /// The pointer's look over the canvas (a CSS cursor name), when the tool changed.
    public var cursor: String?
    /// The camera moved or the view's size changed: the viewport now (the zoom button).
    public var view: Viewport?
    /// The selection changed: whether it is empty now (the Keep button).
    public var selectionIsEmpty: Bool?

    /// Nothing to do.
    public init() {}

    /// Whether there is nothing to do.
    public var isEmpty: Bool { self == CanvasUpdate() }

    /// Whether it changes what the window shows beside the canvas (the zoom, the Keep button).
    public var changesWindow: Bool { view != nil || selectionIsEmpty != nil }

    /// Adds what `other` asks for; the later value wins where both say one thing.
    public mutating func merge(_ other: CanvasUpdate) {
        redraw += other.redraw
        redrawsAll = redrawsAll || other.redrawsAll
        if let wait = other.paintLive { paintLive = min(paintLive ?? wait, wait) }
        if let vertices = other.shownFrameVertices { shownFrameVertices = vertices }
        if let cursor = other.cursor { self.cursor = cursor }
        if let view = other.view { self.view = view }
        if let empty = other.selectionIsEmpty { selectionIsEmpty = empty }
    }

    /// Adds what the session asked for.
    mutating func merge(_ request: CanvasSession.Request) {
        switch request {
        case .redraw(let rect): redraw.append(rect)
        case .redrawAll: redrawsAll = true
        case .paintLive(let wait): paintLive = min(paintLive ?? wait, wait)
        case .frameShown(let rect, let vertices):
            redraw.append(rect)
            shownFrameVertices = vertices
        }
    }
}
