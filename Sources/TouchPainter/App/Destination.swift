/// Where a view-changing control sends the user — the book's button tags, typed: the
/// coordinator decides from it alone, so controls never know about other views. Its raw
/// value is the page's name in the main window's stack.
enum Destination: String, CaseIterable {
    /// The canvas (Done, Escape).
    case canvas
    /// The palette's pane beside the canvas: opens it, or closes it when it is open.
    case palette
    /// The gallery of saved scribbles.
    case gallery
    /// The replay of the drawing's history.
    case replay
}
