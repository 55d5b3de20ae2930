import Dispatch
import Foundation
import Glibc
import Synchronization
import Testing
@testable import ScribbleKit

/// A gallery shared with other computers and instances: a save replaces only the version it
/// saw, and otherwise keeps both; files still arriving are not listed until whole; a sync
/// tool's conflict copies are told apart.
@Suite(.timeLimit(.minutes(1))) struct SharedFolderTests {
    let folder = TemporaryDirectory()
    let cache = TemporaryDirectory()
    var manager: ScribbleManager { ScribbleManager(directory: folder.path, thumbnails: ThumbnailCache(root: cache.path)) }

    /// The x of the first mark in the file at `path`.
    private func firstX(_ path: String) throws -> Float? {
        try ScribbleManager.loadScribble(path: path).root.child(at: 0)?.location.x
    }

    @Test func theIdentityChangesWithEveryNewVersionAndNotWithoutOne() throws {
        let path = folder.file("a.scribble")
        try ScribbleManager.save(Scribble.withDot(atX: 1), toPath: path)
        let first = try #require(FileIdentity.of(path))
        #expect(FileIdentity.of(path) == first)
        // Replaced by a rename (what every sync tool's last step is).
        try ScribbleManager.save(Scribble.withDot(atX: 2), toPath: path)
        let second = try #require(FileIdentity.of(path))
        #expect(second != first)
        // Rewritten in place, same size, and the time put back (Syncthing copies the other
        // computer's time): the checksum still tells.
        let bytes = Array(ScribbleManager.withDot(atX: 3, title: nil))
        let time = try #require(FileSystem.modificationTime(path))
        folder.write(bytes, to: "a.scribble")
        FileSystem.setModificationTime(path, to: time)
        #expect(FileIdentity.of(path) != second)
        #expect(FileIdentity.of(folder.file("missing.scribble")) == nil)
    }

    @Test func aSaveReplacesTheVersionItSawAndKeepsBothWhenAnotherArrived() throws {
        let manager = manager
        let first = try manager.save(
            Scribble.withDot(atX: 1).makeMemento(), to: .new, over: nil, canvasWidth: 10, canvasHeight: 10)
        let entry = try #require(first.entry)
        #expect(first.conflictsWith == nil)
        // Our next save, over the version we wrote: replaces it.
        let second = try manager.save(
            Scribble.withDot(atX: 2).makeMemento(), to: .gallery(id: entry.id), over: first.identity, canvasWidth: 10, canvasHeight: 10)
        #expect(second.entry?.id == entry.id && second.conflictsWith == nil)
        #expect(try firstX(entry.scribblePath) == 2)
        // Another computer's version arrives; a save over the version we saw keeps both.
        var theirs = Scribble.withDot(atX: 3).makeMemento()
        theirs.title = "Picnic"
        try ScribbleManager.save(theirs, toPath: entry.scribblePath)
        var mine = Scribble.withDot(atX: 4).makeMemento()
        mine.title = "Picnic"
        let third = try manager.save(mine, to: .gallery(id: entry.id), over: second.identity, canvasWidth: 10, canvasHeight: 10)
        let copy = try #require(third.entry)
        #expect(copy.id != entry.id)
        #expect(third.conflictsWith == "Picnic")
        #expect(copy.title.hasPrefix("Picnic (conflict, "))
        #expect(try firstX(entry.scribblePath) == 3) // theirs, untouched
        #expect(try firstX(copy.scribblePath) == 4) // mine, beside it
        usleep(UInt32(ScribbleManager.settleTime * 1e6)) // theirs is listed once it has settled
        #expect(try manager.entries().count == 2)
    }

    @Test func aFileOutsideTheGalleryIsNotOverwrittenEither() throws {
        let manager = manager
        let path = folder.file("outside.scribble")
        try ScribbleManager.save(Scribble.withDot(atX: 1), toPath: path)
        let (_, seen) = try ScribbleManager.loadVersion(path: path)
        try ScribbleManager.save(Scribble.withDot(atX: 2), toPath: path) // someone else
        let saved = try manager.save(
            Scribble.withDot(atX: 3).makeMemento(), to: .file(path: path), over: seen, canvasWidth: 10, canvasHeight: 10)
        #expect(try firstX(path) == 2)
        #expect(try firstX(try #require(saved.entry).scribblePath) == 3)
        #expect(saved.conflictsWith == "outside")
    }

    @Test func aFileDeletedElsewhereIsSavedAgainInItsPlace() throws {
        let manager = manager
        let first = try manager.save(
            Scribble.withDot(atX: 1).makeMemento(), to: .new, over: nil, canvasWidth: 10, canvasHeight: 10)
        let entry = try #require(first.entry)
        try FileSystem.remove(entry.scribblePath)
        let again = try manager.save(
            Scribble.withDot(atX: 2).makeMemento(), to: .gallery(id: entry.id), over: first.identity, canvasWidth: 10, canvasHeight: 10)
        #expect(again.entry?.id == entry.id && again.conflictsWith == nil)
        #expect(try firstX(entry.scribblePath) == 2)
    }

    /// Two instances saving the same scribble at once, again and again: every version
    /// written is either in place or a conflict copy — none is ever lost.
    @Test func concurrentSavesOfOneScribbleNeverLoseAVersion() throws {
        let directory = TemporaryDirectory.inMemory()
        let thumbnails = ThumbnailCache(root: cache.path)
        let one = ScribbleManager(directory: directory.path, thumbnails: thumbnails)
        let two = ScribbleManager(directory: directory.path, thumbnails: thumbnails)
        let start = try one.save(Scribble.withDot(atX: 0).makeMemento(), to: .new, over: nil, canvasWidth: 4, canvasHeight: 4)
        let id = try #require(start.entry?.id)
        let rounds = 40
        let conflicts = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 2) { side in
            let manager = side == 0 ? one : two
            var basis: FileIdentity? = start.identity
            var origin = DocumentOrigin.gallery(id: id)
            for round in 1...rounds {
                let x = Float(side * 1000 + round)
                let saved = try! manager.save(
                    Scribble.withDot(atX: x).makeMemento(), to: origin, over: basis, canvasWidth: 4, canvasHeight: 4)
                if saved.conflictsWith != nil { conflicts.withLock { $0 += 1 } }
                basis = saved.identity
                origin = saved.entry.map { .gallery(id: $0.id) } ?? origin
            }
        }
        // Each side's last version survives, wherever it went; and every conflict made a copy.
        let files = directory.names().filter { $0.hasSuffix(".scribble") }
        let xs = Set(try files.map { try #require(try firstX(directory.file($0))) })
        #expect(xs.contains(Float(rounds)) && xs.contains(Float(1000 + rounds)))
        #expect(files.count == 1 + conflicts.withLock { $0 })
        #expect(directory.names().allSatisfy { !AtomicFile.isTemporaryName($0) })
    }

    @Test func aVersionThatCannotBeSwappedBackIsKeptUnderAVisibleName() {
        #expect(AtomicFile.keptName(beside: "/g/a.b/x.scribble") == "/g/a.b/x (other version).scribble")
        #expect(AtomicFile.keptName(beside: "/g/a.b/settings") == "/g/a.b/settings (other version)")
    }

    @Test func conflictTitlesNameTheVersionAndTheMinute() throws {
        var parts = tm()
        parts.tm_year = 2026 - 1900
        parts.tm_mon = 10
        parts.tm_mday = 27
        parts.tm_hour = 9
        parts.tm_min = 5
        parts.tm_isdst = -1
        let date = Date(timeIntervalSince1970: Double(mktime(&parts)))
        #expect(ScribbleManager.conflictTitle(for: "Sketch", at: date) == "Sketch (conflict, 2026-11-27 09:05)")
    }

    @Test(arguments: [
        ("a1b2.sync-conflict-20261127-210512-ABCDEFG", true),
        ("Sketch (conflicted copy 2026-11-27 210512)", true),
        ("Sketch (Ann's conflicted copy 2026-11-27)", true),
        ("sync-conflict notes", false),
        ("5f0c5b1e-0000-4000-8000-000000000001", false),
    ])
    func syncToolsConflictCopiesAreToldApart(id: String, isCopy: Bool) {
        let entry = ScribbleEntry(id: id, title: "t", savedAt: Date(), scribblePath: "/x", thumbnailPath: "/y")
        #expect(entry.isConflictCopy == isCopy)
    }

    @Test func aFileStillArrivingIsListedOnlyOnceWhole() throws {
        let manager = manager
        let own = try manager.save(Scribble.withDot(atX: 1), canvasWidth: 10, canvasHeight: 10)
        // Its own save lists at once.
        var listing = try manager.listing()
        #expect(listing.entries.map(\.id) == [own.id])
        #expect(listing.listAgainAfter == nil)
        // Another writer's whole file: left out until it has been still for a moment.
        let whole = ScribbleManager.withDot(atX: 2, title: "Arrived")
        folder.write(whole, to: "arrived.scribble")
        // Half of one, written in place: left out while it may still be growing.
        folder.write(Array(whole.prefix(whole.count / 2)), to: "growing.scribble")
        listing = try manager.listing()
        #expect(listing.entries.map(\.id) == [own.id])
        let wait = try #require(listing.listAgainAfter)
        #expect(wait > 0 && wait <= ScribbleManager.settleTime)
        usleep(UInt32((ScribbleManager.settleTime + 0.05) * 1e6))
        listing = try manager.listing()
        #expect(Set(listing.entries.map(\.id)) == [own.id, "arrived"])
        #expect(listing.listAgainAfter != nil) // the broken one is given its grace
        // A file that stays broken is damage, not an arrival: shown (as damaged) in the end.
        usleep(UInt32(ScribbleManager.arrivalGrace * 1e6))
        listing = try manager.listing()
        #expect(Set(listing.entries.map(\.id)) == [own.id, "arrived", "growing"])
        #expect(listing.listAgainAfter == nil)
    }

    @Test func twoInstancesSavingTemplatesAtOnceNeverOverwriteOneAnother() throws {
        let one = manager, two = manager
        DispatchQueue.concurrentPerform(iterations: 2) { side in
            for index in 0..<25 {
                let dot = Dot(location: Point(x: Float(side * 100 + index), y: 1), color: .black, size: 2)
                _ = try! (side == 0 ? one : two).saveTemplate(Scribble.templateMemento(of: [dot]))
            }
        }
        let xs = one.templates().compactMap { Scribble.drawing(of: $0.memento).child(at: 0)?.location.x }
        #expect(Set(xs).count == 50)
    }

    @Test func aRenameDoesNotReplaceAVersionThatArrivedMeanwhile() throws {
        let manager = manager
        let entry = try manager.save(Scribble.withDot(atX: 1), canvasWidth: 10, canvasHeight: 10)
        let renamed = try manager.rename(id: entry.id, to: "Picnic")
        #expect(renamed.previous != renamed.identity)
        #expect(FileIdentity.of(entry.scribblePath) == renamed.identity)
        #expect(try manager.listing().entries.map(\.title) == ["Picnic"]) // its own rename lists at once
    }
}

extension ScribbleManager {
    /// The bytes of a scribble file holding one dot at `x`.
    static func withDot(atX x: Float, title: String?) -> [UInt8] {
        var memento = Scribble.withDot(atX: x).makeMemento()
        memento.title = title
        return memento.data
    }
}
