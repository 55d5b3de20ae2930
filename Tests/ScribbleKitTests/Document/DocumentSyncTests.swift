import Foundation
import Testing
@testable import ScribbleKit

/// The open drawing when its file changes underneath it: its saves never replace another
/// version, a reload is one undo step, and a file deleted elsewhere leaves unsaved work.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct DocumentSyncTests {
    let folder = TemporaryDirectory()
    let cache = TemporaryDirectory()
    let hop = ManualHop()
    let document: Document

    init() {
        document = Document(manager: ScribbleManager(directory: folder.path, thumbnails: ThumbnailCache(root: cache.path)), hop: hop.hop)
    }

    private func draw(atX x: Float) {
        let dot = Dot(location: Point(x: x, y: 10), color: .black, size: 6)
        document.execute(DrawScribbleCommand(scribble: document.scribble, mark: dot))
        document.markFinished(dot)
    }

    private func save() {
        document.save(canvasWidth: 20, canvasHeight: 20)
        Document.saving.sync {}
        hop.drain()
    }

    private var xs: [Float] { document.scribble.marks.map(\.location.x) }

    @Test func aSaveOverAVersionSavedElsewhereKeepsBothAndSaysSo() throws {
        draw(atX: 1)
        save()
        guard case .gallery(let id) = document.origin else { Issue.record("not saved to the gallery"); return }
        let path = document.manager.scribblePath(id)
        #expect(document.basis == FileIdentity.of(path))
        // Another computer's version arrives through the synced folder.
        var theirs = Scribble.withDot(atX: 50).makeMemento()
        theirs.title = document.scribble.title
        try ScribbleManager.save(theirs, toPath: path)
        var told: (copy: String, other: String)?
        document.onConflict = { told = ($0, $1) }
        draw(atX: 2)
        save()
        let (copy, other) = try #require(told)
        #expect(other == "Scribble 1" && copy.hasPrefix("Scribble 1 (conflict, "))
        #expect(document.origin != .gallery(id: id) && document.scribble.title == copy)
        #expect(!document.hasUnsavedWork)
        #expect(try ScribbleManager.loadScribble(path: path).marks.map(\.location.x) == [50])
        // From now on the drawing lives in its copy: the next save replaces that, quietly.
        told = nil
        draw(atX: 3)
        save()
        #expect(told == nil)
        #expect(folder.names().filter { $0.hasSuffix(".scribble") }.count == 2)
    }

    @Test func aReloadTakesTheOtherVersionAndUndoBringsBackThisOne() throws {
        draw(atX: 1)
        save()
        draw(atX: 2) // unsaved work
        let path = try #require(document.manager.path(of: document.origin))
        try ScribbleManager.save(Scribble.withDot(atX: 50), toPath: path)
        let (memento, identity) = try ScribbleManager.loadVersion(path: path)
        document.reload(Scribble(adopting: memento), basis: identity)
        #expect(xs == [50])
        #expect(!document.hasUnsavedWork && document.basis == identity)
        document.undo()
        #expect(xs == [1, 2])
        #expect(document.hasUnsavedWork)
        document.redo()
        #expect(xs == [50])
    }

    @Test func aFileDeletedElsewhereLeavesTheDrawingAsUnsavedWork() throws {
        draw(atX: 1)
        save()
        let path = try #require(document.manager.path(of: document.origin))
        unlink(path)
        var origins: [DocumentOrigin] = []
        document.onOriginChange = { origins.append($0) }
        #expect(document.fileWasDeleted())
        #expect(origins == [.new] && document.basis == nil)
        #expect(document.hasUnsavedWork && xs == [1])
        #expect(!document.fileWasDeleted()) // nothing kept anywhere now
    }
}
