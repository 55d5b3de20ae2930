import GtkKit

/// One screen of the app. The coordinator shows one page at a time: its `view` fills the
/// window and its toolbar items appear in the header bar. (The palette's view is shown in
/// the side pane beside the canvas page instead: `ViewPresenter.showSidePane`.)
@MainActor
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
    /// Called just before another page replaces this one.
    func viewWillDisappear()
}

extension ViewController {
    func viewWillAppear() {}
    func viewWillDisappear() {}
}

/// Puts a controller's page on screen and asks the user questions; the main window does it
/// for real, tests record it (and answer questions without a modal loop that could hang).
@MainActor
protocol ViewPresenter: AnyObject {
    /// Shows `controller`'s page and toolbar, hiding the others.
    func present(_ controller: ViewController)
    /// Shows `controller`'s view in the pane beside the page on show (the palette beside
    /// the drawing), or closes the pane when `nil`.
    func showSidePane(_ controller: ViewController?)
    /// Shows a new title for the page on show.
    func updateTitle(_ title: String)
    /// Asks a question with `choices` (button labels with mnemonics); the index chosen, or
    /// `nil` when the dialog was closed.
    func ask(_ text: String, detail: String, choices: [MessageDialog.Choice], defaultChoice: Int) -> Int?
    /// Tells the user something went wrong.
    func showError(_ text: String, detail: String)
    /// The window dialogs of their own (file chooser, printing) sit on; `nil` in tests.
    var dialogParent: ApplicationWindow? { get }
    /// Asks for a name, proposing `initial`; the name, or `nil` if cancelled.
    func askName(_ text: String, initial: String, accept: String) -> String?
}
