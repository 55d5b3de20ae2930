import ScribbleKit

/// What a view controller may ask of whoever switches views (the coordinator, the Mediator):
/// another page, a new title on show, a scribble or file opened on the canvas.
@MainActor
protocol Navigator: AnyObject {
    /// Switches view to `destination` (see `CoordinatingController.requestViewChange(to:)`).
    func requestViewChange(to destination: Destination)
    /// `sender` was clicked: its tag says what for (the book's `requestViewChangeByObject:`).
    func requestViewChange(by sender: TaggedButton)
    /// `controller`'s title changed; the window shows it if its page is on show.
    func titleDidChange(for controller: ViewController)
    /// Opens a gallery entry on the canvas (asking about unsaved work first).
    func openScribble(_ entry: ScribbleEntry)
    /// Opens the scribble file at `path` on the canvas (asking about unsaved work first).
    func openFile(at path: String)
}

/// Told what the gallery did to its entries, so the open scribble can follow.
@MainActor
protocol GalleryObserver: AnyObject {
    /// An entry was renamed.
    func scribbleWasRenamed(_ renamed: ScribbleManager.Renamed)
    /// `entry` was deleted from the gallery.
    func scribbleWasDeleted(_ entry: ScribbleEntry)
}
