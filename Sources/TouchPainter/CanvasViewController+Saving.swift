import Dispatch
import GtkKit
import ScribbleKit

/// Saving without stalling the canvas: the drawing is snapshotted on the main thread (a deep
/// copy, ~15 ms for a million vertices), and encoding, the thumbnail (~0.5 s for a million
/// vertices) and the atomic writes run on a serial queue. Drawing goes on meanwhile; the
/// title loses its `•` only if nothing changed since the snapshot.
extension CanvasViewController {
    /// Saves run here, one after another, so two saves of a new scribble never make two entries.
    static let saving = DispatchQueue(label: "touchpainter.saving", qos: .userInitiated)

    /// Saves to where the scribble came from (a new gallery entry if it is new), in the
    /// background. Pressed again while a save is being written, it saves once more after it.
    func save() {
        guard runningSave == nil else {
            saveAgain = true
            return
        }
        let job = makeSaveJob()
        runningSave = job
        let manager = manager
        Self.saving.async {
            job.run(with: manager)
            MainLoop.perform { [weak self] in self?.finish(job) }
        }
    }

    /// Saves now and waits (the unsaved-changes prompt's Save: the user waits for it anyway).
    /// Returns whether the drawing is saved.
    func saveAndWait() -> Bool {
        finishSaveInProgress()
        let job = makeSaveJob()
        Self.saving.sync { job.run(with: manager) }
        return finish(job)
    }

    /// Waits for a save being written and takes its outcome in at once.
    func finishSaveInProgress() {
        guard let job = runningSave else { return }
        Self.saving.sync {}
        finish(job)
    }

    private func makeSaveJob() -> SaveJob {
        let (width, height) = canvasView.drawingArea.allocatedSize
        return SaveJob(scribble: scribble, origin: origin, changeCount: changeCount,
                       canvasWidth: width, canvasHeight: height)
    }

    /// Takes a finished job's outcome in: where the scribble now lives, its title, and
    /// whether it is still unsaved; or shows why saving failed. Returns whether it saved.
    @discardableResult
    private func finish(_ job: SaveJob) -> Bool {
        guard !job.isFinished, let outcome = job.outcome else { return false }
        job.isFinished = true
        if runningSave === job { runningSave = nil }
        defer {
            if saveAgain, runningSave == nil {
                saveAgain = false
                save()
            }
        }
        switch outcome {
        case .success(let entry):
            // Another scribble may be on show by now: the saved one's files are right, but
            // the canvas' state is about the other one.
            guard job.scribble === scribble else { return true }
            // Clear (a new scribble) may have come in meanwhile: only then do the title and
            // the entry still belong to what is on show.
            if let entry, origin == job.origin {
                scribble.title = entry.title
                origin = .gallery(id: entry.id)
            }
            if changeCount == job.changeCount { isDirty = false } else { CoordinatingController.shared.titleDidChange(for: self) }
            return true
        case .failure(let error):
            MessageDialog.showError(parent: CoordinatingController.shared.window,
                                    text: "Could not save “\(job.scribble.title ?? "Untitled")”",
                                    detail: "\(error) Your drawing is still here; try saving again.")
            return false
        }
    }
}
