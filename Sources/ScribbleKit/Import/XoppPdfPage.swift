/// A Xournal++ page whose background is a page of a PDF (`<background type="pdf">`): the
/// file it names (on the first such page only), which page of it, and where the notebook's
/// page lies on the canvas.
struct XoppPdfPage {
    /// The PDF's file name as the notebook gives it, and whether it is attached to the
    /// notebook (`domain="attach"`: the file `<notebook>.<name>`) rather than a path
    /// (`domain="absolute"`); `nil` on pages after the first, which use the same PDF.
    var file: (name: String, isAttached: Bool)?
    /// The PDF's page (0 is the first; `pageno` counts from 1); negative when missing.
    var index: Int
    /// The notebook's page on the canvas, in pixels.
    var frame: Rect
}
