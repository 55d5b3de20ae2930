import Dispatch
import Synchronization

/// Saving without stalling the canvas: the drawing is snapshotted on the main thread (a deep
/// copy, ~15 ms for a million vertices), and encoding, the thumbnail (~0.5 s for a million
/// vertices) and the atomic writes run on a serial queue. Drawing goes on meanwhile; the
/// title loses its `•` only if nothing changed since the snapshot.
extension Document {
    /// Saves run here, one after another, so two saves of a new scribble never make two entries.
    static let saving = DispatchQueue(label: "touchpainter.saving", qos: .userInitiated)

    /// Saves to where the drawing came from (a new gallery entry if it is new), in the
    /// background; the thumbnail shows the canvas area `canvasWidth`×`canvasHeight`. Asked
    /// again while a save is being written, it saves once more after it.
    public func save(canvasWidth: Int, canvasHeight: Int) {
        guard !isOpening else { return } // half a drawing is never saved
        guard runningSave == nil else {
            saveAgain = true
            return
        }
        let ticket = makeTicket(canvasWidth: canvasWidth, canvasHeight: canvasHeight)
        runningSave = ticket
        let (request, outcome, manager, hop, id) = (ticket.request, ticket.outcome, manager, hop, ObjectIdentifier(ticket))
        Self.saving.async {
            outcome.set(request.run(with: manager))
            hop { [weak self] in self?.finishSave(ticket: id) }
        }
    }

    /// Save As: from now on the drawing is kept in the file at `path` and named after it, and
    /// it is saved there now, in the background (the gallery entry it came from, if any, stays
    /// as it was saved).
    public func saveAs(path: String, canvasWidth: Int, canvasHeight: Int) {
        guard !isOpening else { return }
        finishSaveInProgress()
        origin = .file(path: path)
        basis = nil // the file chooser asked before replacing a file there
        let name = (path.split(separator: "/").last.map(String.init) ?? path)
        scribble.title = name.hasSuffix(".scribble") ? String(name.dropLast(".scribble".count)) : name
        publish()
        save(canvasWidth: canvasWidth, canvasHeight: canvasHeight)
    }

    /// Saves now and waits (the unsaved-changes prompt's Save: the user waits for it anyway).
    /// Returns whether the drawing is saved.
    public func saveAndWait(canvasWidth: Int, canvasHeight: Int) -> Bool {
        guard !isOpening else { return false }
        finishSaveInProgress()
        let ticket = makeTicket(canvasWidth: canvasWidth, canvasHeight: canvasHeight)
        let (request, manager) = (ticket.request, manager)
        let result = Self.saving.sync { request.run(with: manager) }
        ticket.outcome.set(result)
        return finish(ticket)
    }

    /// Waits for a save being written and takes its outcome in at once (before quitting, or
    /// asking about unsaved changes that the save may already cover).
    public func finishSaveInProgress() {
        guard let ticket = runningSave else { return }
        Self.saving.sync {}
        finish(ticket)
    }

    /// Whether a save is being written.
    public var isSaving: Bool { runningSave != nil }

    private func makeTicket(canvasWidth: Int, canvasHeight: Int) -> SaveTicket {
        SaveTicket(
            scribble: scribble, origin: origin, changeCount: changeCount,
            request: SaveRequest(
                memento: scribble.makeMemento(withHistory: true), origin: origin, basis: basis,
                canvasWidth: max(canvasWidth, 1), canvasHeight: max(canvasHeight, 1)))
    }

    /// The background save `id` is written: take its outcome in, unless that already happened.
    private func finishSave(ticket id: ObjectIdentifier) {
        guard let ticket = runningSave, ObjectIdentifier(ticket) == id else { return }
        finish(ticket)
    }

    /// Takes a finished save's outcome in: where the drawing now lives, its title, and
    /// whether it is still unsaved; or reports why saving failed. Returns whether it saved.
    @discardableResult
    private func finish(_ ticket: SaveTicket) -> Bool {
        guard !ticket.isFinished, let outcome = ticket.outcome.value else { return false }
        ticket.isFinished = true
        if runningSave === ticket { runningSave = nil }
        defer {
            if saveAgain, runningSave == nil {
                saveAgain = false
                save(canvasWidth: ticket.request.canvasWidth, canvasHeight: ticket.request.canvasHeight)
            }
        }
        switch outcome {
        case .success(let saved):
            let title = saved.entry?.title ?? ticket.scribble.title ?? tr("Untitled")
            if let other = saved.conflictsWith {
                onConflict?(title, other)
            } else {
                onSaved?(title)
            }
            // Another drawing may be open by now: the saved one's files are right, but the
            // document's state is about the other one.
            guard ticket.scribble === scribble else { return true }
            // Clear (a new scribble) may have come in meanwhile: only if not do the title,
            // the entry and the version on disk still belong to what is open. (A conflict
            // copy is where the drawing lives from now on.)
            if origin == ticket.origin {
                if let entry = saved.entry {
                    scribble.title = entry.title
                    origin = .gallery(id: entry.id)
                }
                basis = saved.identity
            }
            setDirty(changeCount != ticket.changeCount)
            // The journal starts again from the saved version (compaction) — or, if the drawing
            // changed while it was being saved, from a snapshot: the old journal's changes are
            // in the new save, and replaying them over it would draw them twice.
            restartJournal(supersedingOld: true)
            return true
        case .failure(let error):
            onSaveFailure?(ticket.scribble.title ?? tr("Untitled"), error)
            return false
        }
    }
}

/// One save as the main thread tracks it: which drawing, in which state, and (once the
/// queue is done) how it went.
@MainActor
final class SaveTicket {
    /// The drawing saved, to recognise it on completion.
    let scribble: Scribble
    /// Where it was going when the snapshot was taken.
    let origin: DocumentOrigin
    /// The document's change count at the snapshot.
    let changeCount: Int
    /// What the save queue writes.
    let request: SaveRequest
    /// Set on the save queue, read on the main thread.
    let outcome = SaveOutcome()
    /// Set once the document has taken the outcome in.
    var isFinished = false

    init(scribble: Scribble, origin: DocumentOrigin, changeCount: Int, request: SaveRequest) {
        self.scribble = scribble
        self.origin = origin
        self.changeCount = changeCount
        self.request = request
    }
}

/// How a save went, handed from the save queue to the main thread under a lock.
final class SaveOutcome: Sendable {
    private let result = Mutex<Result<ScribbleManager.SavedVersion, StorageError>?>(nil)

    /// The outcome, once the save queue set it.
    var value: Result<ScribbleManager.SavedVersion, StorageError>? { result.withLock { $0 } }

    /// Records the outcome.
    func set(_ outcome: Result<ScribbleManager.SavedVersion, StorageError>) { result.withLock { $0 = outcome } }
}

/// What a save writes: a snapshot of the drawing and where it goes. `Sendable`, so it
/// crosses to the save queue; it touches only the files, through the `ScribbleManager` facade.
struct SaveRequest: Sendable {
    /// A deep copy of the drawing, made on the main thread.
    let memento: ScribbleMemento
    /// Where it goes.
    let origin: DocumentOrigin
    /// The version on disk it may replace (`nil`: whatever is there).
    let basis: FileIdentity?
    /// The canvas area the thumbnail shows.
    let canvasWidth: Int
    /// The canvas area the thumbnail shows.
    let canvasHeight: Int

    /// Encodes and writes the snapshot (and for the gallery, renders its thumbnail), over
    /// `basis` only (a conflict copy otherwise); the version written, or why it failed.
    func run(with manager: ScribbleManager) -> Result<ScribbleManager.SavedVersion, StorageError> {
        Result { () throws(StorageError) in
            try manager.save(memento, to: origin, over: basis, canvasWidth: canvasWidth, canvasHeight: canvasHeight)
        }
    }
}
