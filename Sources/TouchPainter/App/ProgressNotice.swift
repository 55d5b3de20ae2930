import GtkKit

/// "Working on it" for work that may take a while (opening a big scribble, exporting): a
/// notification with a spinner, put up only if the work is still going after `delay`
/// milliseconds, so quick work shows nothing, and taken down when it ends.
@MainActor
final class ProgressNotice {
    private weak var dialogs: Dialogs?
    private var isOver = false
    private var isShown = false

    /// Shows `message` on `dialogs` once `delay` ms have passed, unless `end` came first.
    init(_ message: String, dialogs: Dialogs?, delay: UInt32 = 300) {
        self.dialogs = dialogs
        MainLoop.after(milliseconds: delay) { [weak self] in
            guard let self, !self.isOver else { return }
            self.isShown = true
            self.dialogs?.showProgress(message)
        }
    }

    /// The work is over: the notification goes, if it came up.
    func end() {
        guard !isOver else { return }
        isOver = true
        if isShown { dialogs?.endProgress() }
    }
}
