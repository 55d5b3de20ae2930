import GtkKit

/// "Working on it" for work that may take a while (opening a big scribble, exporting): a
/// notification with a spinner, put up only if the work is still going after `delay`
/// milliseconds, so quick work shows nothing, and taken down when it ends.
@MainActor
final class ProgressNotice {
    private weak var dialogs: Dialogs?
    private var isOver = false
    private var isShown = false
    private let message: String

    /// Shows `message` on `dialogs` once `delay` ms have passed, unless `end` came first.
    init(_ message: String, dialogs: Dialogs?, delay: UInt32 = 300) {
        self.dialogs = dialogs
        self.message = message
        MainLoop.after(milliseconds: delay) { [weak self] in
            guard let self, !self.isOver else { return }
            self.showNow()
        }
    }

    /// Shows the notification now, without waiting for the delay: the work is sure to take a
    /// while (the rest of a big scribble is being read).
    func showNow() {
        guard !isOver, !isShown else { return }
        isShown = true
        dialogs?.showProgress(message)
    }

    /// The work is over: the notification goes, if it came up (or any progress shown in its
    /// place meanwhile, as a refusal that says the work is still going).
    func end() {
        guard !isOver else { return }
        isOver = true
        if isShown { dialogs?.endProgress() }
    }
}
