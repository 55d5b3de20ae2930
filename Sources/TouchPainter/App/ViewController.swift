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

extension ViewPresenter {
    /// Tells the user briefly that something worked.
    func notify(_ message: String) { notify(message, actionLabel: nil, action: nil) }
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
    /// Tells the user briefly that something worked ("Template 3 kept"), in a notification
    /// that goes by itself; `actionLabel` adds a button that runs `action`.
    func notify(_ message: String, actionLabel: String?, action: (@MainActor () -> Void)?)
    /// Shows `message` with a spinner while something takes a while, until `endProgress`.
    func showProgress(_ message: String)
    /// Takes the progress notification down, if it is still up.
    func endProgress()
    /// Asks for a name in a dialog titled `title`, proposing `initial`; the name (never
    /// empty), or `nil` if cancelled.
    func askName(_ title: String, text: String, initial: String, accept: String) -> String?
}
