import GtkKit

/// One screen of the app. The coordinator shows one page at a time: its `view` fills the
/// window and its toolbar items appear in the header bar. (The palette's view is shown in
/// the side pane beside the canvas page instead: `ViewPresenter.showSidePane`.)
@MainActor
protocol ViewController: AnyObject {
    /// The page widget.
    var view: Widget { get }
    /// Which page it is (its name in the window's stack is the raw value).
    var destination: Destination { get }
    /// The header bar title while the page is on show.
    var title: String { get }
    /// Header bar items at the left, in order.
    var toolbarStart: [Widget] { get }
    /// Header bar items at the right, outermost first.
    var toolbarEnd: [Widget] { get }
    /// Called just before the page is shown, to refresh what it displays.
    func viewWillAppear()
    /// Called just before another page replaces this one.
    func viewWillDisappear()
}

extension ViewController {
    func viewWillAppear() {}
    func viewWillDisappear() {}
}

/// Puts a controller's page on screen, and asks the user questions (`Dialogs`); the main
/// window does it for real, tests record it.
@MainActor
protocol ViewPresenter: Dialogs {
    /// Shows `controller`'s page and toolbar, hiding the others.
    func present(_ controller: ViewController)
    /// Shows `controller`'s view in the pane beside the page on show (the palette beside
    /// the drawing), or closes the pane when `nil`.
    func showSidePane(_ controller: ViewController?)
    /// Shows a new title for the page on show.
    func updateTitle(_ title: String)
}
