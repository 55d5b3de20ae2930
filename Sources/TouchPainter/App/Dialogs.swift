import GtkKit
import ScribbleKit

/// What a controller may ask of the user or tell them: questions, errors, brief notices and
/// progress, and the window a dialog of its own sits on. The main window does it for real
/// (`MainWindowController`, through the coordinator until one is attached); tests record it
/// and answer questions without a modal loop that could hang.
@MainActor
protocol Dialogs: AnyObject, Sendable {
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
    /// Asks for a line of text (a `kind`: a name, a page number, a password) in a dialog
    /// titled `title`, proposing `initial`; the text (never empty), or `nil` if cancelled.
    func askText(_ title: String, text: String, initial: String, accept: String, kind: TextQuestion) -> String?
}

/// What a one-line question asks for: how its entry shows what is typed, and what it says
/// when the answer is empty.
enum TextQuestion: Sendable {
    case name, pageNumber, password
}

extension Dialogs {
    /// Asks for a PDF's password: the first time saying `why` (what it is for), after a wrong
    /// one that it was not right for `name`. The password, or `nil` if cancelled.
    func askPdfPassword(for name: String, why: String, wrong: Bool, accept: String) -> String? {
        askText(
            tr("Password"), text: wrong ? tr("That password is not right for “%1$s”. Try again:", name) : why,
            initial: "", accept: accept, kind: .password)
    }

    /// Asks for a name in a dialog titled `title`, proposing `initial`; the name (never
    /// empty), or `nil` if cancelled.
    func askName(_ title: String, text: String, initial: String, accept: String) -> String? {
        askText(title, text: text, initial: initial, accept: accept, kind: .name)
    }

    /// Tells the user briefly that something worked.
    func notify(_ message: String) { notify(message, actionLabel: nil, action: nil) }
}
