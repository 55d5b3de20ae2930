import GtkKit

/// One screen of the app. The coordinator shows one at a time: its `view` fills the
/// window and its toolbar items appear in the header bar.
protocol ViewController: AnyObject {
    /// The page widget.
    var view: Widget { get }
    /// The page's name in the window's stack; tests and the coordinator use it.
    var pageName: String { get }
    /// The header bar title while the page is on show.
    var title: String { get }
    /// Header bar items at the left, in order.
    var toolbarStart: [Widget] { get }
    /// Header bar items at the right, outermost first.
    var toolbarEnd: [Widget] { get }
    /// Called just before the page is shown, to refresh what it displays.
    func viewWillAppear()
}

extension ViewController {
    func viewWillAppear() {}
}

/// Puts a controller's page on screen; the main window does it for real, tests record it.
protocol ViewPresenter: AnyObject {
    /// Shows `controller`'s page and toolbar, hiding the others.
    func present(_ controller: ViewController)
    /// Shows a new title for the page on show.
    func updateTitle(_ title: String)
    /// The window that dialogs are modal to.
    var dialogParent: ApplicationWindow? { get }
}
