/// Delete and Ctrl+N (book chapter 20's clear, plus a desktop expectation): wipe the canvas
/// and start a new scribble, so the next Save makes a new gallery entry instead of
/// overwriting the one the marks came from. Undo brings back the marks and where they were
/// saved, so nothing is lost either way.
@MainActor
final class StartNewScribbleCommand {
    private let clear: ClearScribbleCommand
    private weak var document: Document?
    private let previousOrigin: DocumentOrigin
    private let previousBasis: FileIdentity?
    private let previousTitle: String?

    /// Remembers where the document's marks were saved, to restore it on undo.
    init(document: Document) {
        self.document = document
        clear = ClearScribbleCommand(scribble: document.scribble)
        previousOrigin = document.origin
        previousBasis = document.basis
        previousTitle = document.scribble.title
    }
}

/// Isolated to the main actor, like the document it changes; journaled as a clear.
extension StartNewScribbleCommand: @MainActor Command, @MainActor JournaledCommand {
    var journalRecord: JournalRecord { .clear }

    func execute() {
        clear.execute()
        document?.origin = .new
        document?.scribble.title = nil
        document?.publish()
    }

    func undo() {
        document?.origin = previousOrigin
        document?.basis = previousBasis
        document?.scribble.title = previousTitle
        clear.undo()
        document?.publish()
    }
}
