import GtkKit
import ScribbleKit

/// Crash recovery: at launch, before anything else, a journal left by a
/// TouchPainter that did not exit cleanly is offered back — Restore or Discard — and then
/// this run's own journal starts. Journals are found and read off the main thread.
extension CoordinatingController {
    /// Looks for journals to recover in `directory`, asks about the newest, then starts
    /// journaling the document into `directory`. The gallery's left-over temporary files
    /// (`ScribbleManager.removeStaleTemporaries`) are cleared on the way, off the main thread.
    func recoverThenStartJournal(in directory: String) {
        let manager = scribbleManager
        let journal = Journal(directory: directory)
        document.startJournal(journal)
        WorkLanes.run(
            on: .files,
            {
                manager.removeStaleTemporaries()
                return JournalRecovery.find(in: directory, manager: manager)
            }, then: { [weak self] findings in self?.offer(findings) })
    }

    private func offer(_ findings: JournalRecovery.Findings) {
        for (path, error) in findings.unusable {
            if case .newerVersion = error {
                showError(
                    tr("A newer TouchPainter’s unsaved work was found"),
                    detail: tr("%1$s It is left as it is, in %2$s.", error, path))
            } else {
                WorkLanes.run(on: .files) { JournalRecovery.moveAside(path) }
                showError(
                    tr("Unsaved work from an earlier session could not be recovered"),
                    detail: tr("%1$s A copy was kept as %2$s.", error, JournalRecovery.damagedCopyPath(of: path)))
            }
        }
        guard let orphan = findings.orphans.first else { return }
        let answer = ask(
            tr("Restore unsaved changes?"), detail: Self.question(about: orphan),
            choices: [.init(tr("_Discard"), style: .destructiveAction), .init(tr("_Restore"), style: .suggestedAction)],
            defaultChoice: 1)
        if answer == 1 {
            document.restore(orphan)
            requestViewChange(to: .canvas)
        } else {
            let path = orphan.path
            WorkLanes.run(on: .files) { JournalRecovery.discard(path) }
        }
    }

    /// What the recovery question says: what the changes belong to, and what went wrong,
    /// naming whether it was the journal or the saved drawing it continues.
    private static func question(about orphan: JournalRecovery.Orphan) -> String {
        let name: String
        switch orphan.origin {
        case .new: name = tr("an unsaved scribble")
        case .gallery: name = "“\(orphan.baseMemento.flatMap(\.title) ?? tr("Untitled"))”"
        case .file(let path): name = "“\(path)”"
        }
        var detail: String
        switch orphan.baseProblem {
        case nil:
            detail = tr("TouchPainter did not close properly. Changes to %1$s can be restored.", name)
        case .savedAgain:
            detail = tr(
                "TouchPainter did not close properly. The drawing these changes were made to was saved again since, so they cannot go back into it: what was drawn can be restored as a new scribble."
            )
        case .unreadable(let why):
            detail = tr(
                "TouchPainter did not close properly. The saved drawing these changes continue cannot be read (%1$s): what was drawn can be restored on an empty canvas.",
                why)
        }
        if orphan.isDamaged {
            detail +=
                " "
                + tr(
                    "Part of the journal was damaged: Restore brings back what could be read, and keeps the journal as %1$s.",
                    JournalRecovery.damagedCopyPath(of: orphan.path))
        }
        return detail
    }
}
