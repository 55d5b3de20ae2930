/// What a view-changing button asks the coordinator for (the book's button tags). The
/// coordinator decides from the tag alone, so buttons never know about other views.
enum ButtonTag: Int, CaseIterable {
    /// Back to the canvas.
    case done = 0
    /// Show the palette.
    case openPalette = 1
    /// Show the gallery of saved scribbles.
    case openGallery = 2
}
