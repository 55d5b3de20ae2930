import ScribbleKit

/// One save: a snapshot of the drawing taken on the main thread, written on the save queue.
/// Only `run` happens off the main thread, and it touches only the memento (a deep copy)
/// and the files, through the `ScribbleManager` facade.
final class SaveJob: @unchecked Sendable {
    /// The scribble saved, to recognise it on completion (never touched off the main thread).
    let scribble: Scribble
    /// Where it goes.
    let origin: DocumentOrigin
    /// The canvas' change count when the snapshot was taken.
    let changeCount: Int
    private let memento: ScribbleMemento
    private let canvasWidth: Int
    private let canvasHeight: Int
    /// The gallery entry written (`nil` for a command-line file), or why it failed; set by `run`.
    private(set) var outcome: Result<ScribbleEntry?, StorageError>?
    /// Set once the canvas has taken the outcome in.
    var isFinished = false

    /// Snapshots `scribble` now. - Complexity: O(n) in the drawing (a deep copy).
    init(scribble: Scribble, origin: DocumentOrigin, changeCount: Int, canvasWidth: Int, canvasHeight: Int) {
        self.scribble = scribble
        self.origin = origin
        self.changeCount = changeCount
        memento = scribble.makeMemento()
        self.canvasWidth = max(canvasWidth, 1)
        self.canvasHeight = max(canvasHeight, 1)
    }

    /// Encodes and writes the snapshot (and for the gallery, renders its thumbnail).
    func run(with manager: ScribbleManager) {
        outcome = Result { () throws(StorageError) -> ScribbleEntry? in
            switch origin {
            case .file(let path):
                try ScribbleManager.save(memento, toPath: path)
                return nil
            case .new:
                return try manager.save(memento, canvasWidth: canvasWidth, canvasHeight: canvasHeight)
            case .gallery(let id):
                return try manager.save(memento, id: id, canvasWidth: canvasWidth, canvasHeight: canvasHeight)
            }
        }
    }
}
