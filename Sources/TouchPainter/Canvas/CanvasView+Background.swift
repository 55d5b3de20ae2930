import ScribbleKit

/// What lies beneath the marks: white, or a texture every canvas of the kind shares.
extension CanvasView {
    /// The shared texture this canvas paints at its current scale (`nil` when plain): the
    /// Flyweight, one per kind and scale for the whole process.
    var texture: CanvasTexture? { background.texture(scale: drawingArea.scaleFactor) }

    /// Starts making this canvas' texture on a background thread, so that the first frame,
    /// on the main thread, finds it made (or waits for less). Before the widget is on
    /// screen, its scale factor is the primary monitor's, which is where it will show.
    func prepareTexture() {
        CanvasTextureCache.shared.prepare(background, scale: drawingArea.scaleFactor)
    }
}
