import ScribbleKit

/// The rest of a drawing opened in two steps, on its way to the canvas: it is put on once it
/// is read and the first part's frame is on screen — whichever comes last — so the first
/// screen is never held up by the rest (a full frame of everything would replace the first
/// one before it showed).
@MainActor
final class PendingRest {
    private var firstFrameShown = false
    private var read: Result<ScribbleMemento, ScribbleFormatError>?
    private let then: @MainActor (Result<ScribbleMemento, ScribbleFormatError>) -> Void

    /// Calls `then` with the rest once it is read and the first frame shown.
    init(then: @escaping @MainActor (Result<ScribbleMemento, ScribbleFormatError>) -> Void) {
        self.then = then
    }

    /// The first part's frame is on screen.
    func firstFrameWasShown() {
        firstFrameShown = true
        finishIfReady()
    }

    /// The rest was read (or failed to).
    func restWasRead(_ result: Result<ScribbleMemento, ScribbleFormatError>) {
        read = result
        finishIfReady()
    }

    private func finishIfReady() {
        guard firstFrameShown, let read else { return }
        self.read = nil
        then(read)
    }
}
