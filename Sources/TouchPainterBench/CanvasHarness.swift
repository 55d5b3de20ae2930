import CCairo
import ScribbleKit

/// The canvas without GTK: observes a scribble and brings a `CanvasBackdrop` up to date with
/// each change exactly as `CanvasView` does, then copies the changed area onto a
/// window-sized surface, as the draw handler does with the area GTK asks it to repaint.
final class CanvasHarness: ScribbleObserver {
    /// The canvas' size, in pixels.
    static let size = (width: 1024, height: 768)

    /// The scribble on show.
    let scribble: Scribble
    /// The canvas' offscreen image, as `CanvasView` keeps it.
    let backdrop: CanvasBackdrop
    /// What lies beneath the marks.
    let background: CanvasKind
    /// Stands in for the window: a surface of the canvas' size.
    private let window: OpaquePointer
    private let windowContext: OpaquePointer
    /// What changed since the last `present()`.
    private var dirty = Rect.null
    private var isRegistering = false

    /// Shows `scribble` on `background`: a full frame first, then observes it.
    init(_ scribble: Scribble, background: CanvasKind = .plain) {
        self.scribble = scribble
        self.background = background
        backdrop = CanvasBackdrop(rendering: scribble.root, width: Self.size.width, height: Self.size.height,
                                  scale: 1, background: background)
        window = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(Self.size.width), Int32(Self.size.height))
        windowContext = cairo_create(window)
        isRegistering = true
        scribble.addObserver(self) // its first `.reset` is the frame just rendered
        isRegistering = false
    }

    deinit {
        scribble.removeObserver(self)
        cairo_destroy(windowContext)
        cairo_surface_destroy(window)
    }

    /// What `CanvasView.scribble(_:didChange:)` does.
    func scribble(_ scribble: Scribble, didChange change: ScribbleChange) {
        guard !isRegistering else { return }
        dirty = dirty.union(backdrop.apply(change, root: scribble.root, background: background))
    }

    /// What the draw handler does for the area invalidated since the last call: copies it
    /// from the backdrop onto the window.
    func present() {
        guard !dirty.isNull else { return }
        let area = CanvasBackdrop.pixelArea(covering: dirty)
        dirty = .null
        cairo_save(windowContext)
        cairo_rectangle(windowContext, Double(area.minX), Double(area.minY), Double(area.width), Double(area.height))
        cairo_clip(windowContext)
        backdrop.paint(on: windowContext)
        cairo_restore(windowContext)
        cairo_surface_flush(window)
    }
}
