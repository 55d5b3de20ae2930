import GtkKit

/// The controllers talk to the user through the coordinator as their `Dialogs`, which passes
/// each question and notice on to the presenter attached (the main window): they are made
/// before it is, and see nothing else of the coordinator. With no presenter (before the
/// window is up), a question has no answer and a notice goes nowhere.
extension CoordinatingController: Dialogs {
    func ask(_ text: String, detail: String, choices: [MessageDialog.Choice], defaultChoice: Int) -> Int? {
        presenter?.ask(text, detail: detail, choices: choices, defaultChoice: defaultChoice)
    }

    func showError(_ text: String, detail: String) {
        presenter?.showError(text, detail: detail)
    }

    var dialogParent: ApplicationWindow? { presenter?.dialogParent }

    func notify(_ message: String, actionLabel: String?, action: (@MainActor () -> Void)?) {
        presenter?.notify(message, actionLabel: actionLabel, action: action)
    }

    func showProgress(_ message: String) {
        presenter?.showProgress(message)
    }

    func endProgress() {
        presenter?.endProgress()
    }

    func askText(_ title: String, text: String, initial: String, accept: String, kind: TextQuestion) -> String? {
        presenter?.askText(title, text: text, initial: initial, accept: accept, kind: kind)
    }
}
