import Foundation
import Glibc
import Testing
@testable import ScribbleKit

/// The gallery's Facade and caretaker: entries, their order, thumbnails, damage and atomicity.
@Suite(.timeLimit(.minutes(1))) struct ScribbleManagerTests {
    /// A scribble with one dot at `point`, so saved versions can be told apart.
    private func scribble(dotAt x: Float) -> Scribble { Scribble.withDot(atX: x) }

    /// The x of the first mark of `scribble`.
    private func firstX(_ scribble: Scribble) -> Float? { scribble.root.child(at: 0)?.location.x }

    @Test func missingFolderListsAsEmptyAndFirstSaveMakesIt() throws {
        let temporary = TemporaryDirectory()
        defer { withExtendedLifetime(temporary) {} } // ARC may end it early
        let cache = TemporaryDirectory()
        let manager = ScribbleManager(directory: temporary.file("deep/er/gallery"), thumbnails: ThumbnailCache(root: cache.path))
        #expect(try manager.entries().isEmpty)
        #expect(manager.count == 0)
        let entry = try manager.save(scribble(dotAt: 1), canvasWidth: 100, canvasHeight: 100)
        // The gallery holds only the scribble; its thumbnail is in the desktop's cache.
        #expect(temporary.names(in: "deep/er/gallery") == [entry.id + ".scribble"])
        #expect(entry.thumbnailPath.hasPrefix(cache.path + "/large/") && FileSystem.exists(entry.thumbnailPath))
        #expect(manager.count == 1)
        #expect(UUID(uuidString: entry.id) != nil)
    }

    @Test func newScribblesGetNumberedTitlesAndKeepThem() throws {
        let temporary = TemporaryDirectory()
        defer { withExtendedLifetime(temporary) {} } // ARC may end it early
        let manager = ScribbleManager(directory: temporary.path)
        let first = scribble(dotAt: 1)
        #expect(try manager.save(first, canvasWidth: 100, canvasHeight: 100).title == "Scribble 1")
        #expect(first.title == "Scribble 1")
        let named = scribble(dotAt: 2)
        named.title = "Scribble 7"
        try manager.save(named, canvasWidth: 100, canvasHeight: 100)
        #expect(try manager.save(scribble(dotAt: 3), canvasWidth: 100, canvasHeight: 100).title == "Scribble 8")
        #expect(Set(try manager.entries().map(\.title)) == ["Scribble 1", "Scribble 7", "Scribble 8"])
        // Titles never name files.
        #expect(temporary.names().allSatisfy { !$0.contains("Scribble") })
    }

    @Test func updatingAnEntryKeepsOneEntryWithTheNewContent() throws {
        let temporary = TemporaryDirectory()
        defer { withExtendedLifetime(temporary) {} } // ARC may end it early
        let manager = ScribbleManager(directory: temporary.path)
        let drawing = scribble(dotAt: 1)
        let entry = try manager.save(drawing, canvasWidth: 100, canvasHeight: 100)
        drawing.add(Dot(location: Point(x: 50, y: 50), color: .white, size: 3))
        let updated = try manager.save(drawing, id: entry.id, canvasWidth: 100, canvasHeight: 100)
        #expect(updated.id == entry.id && updated.title == entry.title)
        #expect(try manager.entries().count == 1)
        #expect(try manager.loadScribble(id: entry.id).root.count == 2)
    }

    @Test func entriesAreMostRecentlySavedFirst() throws {
        let temporary = TemporaryDirectory()
        defer { withExtendedLifetime(temporary) {} } // ARC may end it early
        let manager = ScribbleManager(directory: temporary.path)
        let a = try manager.save(scribble(dotAt: 1), canvasWidth: 10, canvasHeight: 10)
        let b = try manager.save(scribble(dotAt: 2), canvasWidth: 10, canvasHeight: 10)
        let c = try manager.save(scribble(dotAt: 3), canvasWidth: 10, canvasHeight: 10)
        #expect(try manager.entries().map(\.id) == [c.id, b.id, a.id])
        try manager.save(scribble(dotAt: 4), id: a.id, canvasWidth: 10, canvasHeight: 10)
        let entries = try manager.entries()
        #expect(entries.map(\.id) == [a.id, c.id, b.id])
        #expect(entries[0].savedAt > entries[1].savedAt)
    }

    @Test func loadsByIndexAndById() throws {
        let temporary = TemporaryDirectory(), cache = TemporaryDirectory()
        defer { withExtendedLifetime(temporary) {} } // ARC may end it early
        let manager = ScribbleManager(directory: temporary.path, thumbnails: ThumbnailCache(root: cache.path))
        let older = try manager.save(scribble(dotAt: 11), canvasWidth: 10, canvasHeight: 10)
        try manager.save(scribble(dotAt: 22), canvasWidth: 10, canvasHeight: 10)
        _ = try manager.entries()
        #expect(firstX(try manager.loadScribble(at: 0)) == 22)
        #expect(firstX(try manager.loadScribble(at: 1)) == 11)
        #expect(firstX(try manager.loadScribble(id: older.id)) == 11)
        #expect(try manager.loadScribble(id: older.id).title == older.title)
        #expect(throws: StorageError.self) { try manager.loadScribble(at: 2) }
        #expect {
            try manager.loadScribble(id: "../etc/passwd")
        } throws: { error in
            (error as? StorageError)?.description.hasPrefix("Could not open") == true
        }
        #expect(manager.thumbnailPath(at: 1) == older.thumbnailPath)
        #expect(manager.thumbnailPath(at: 5) == nil)
    }

    @Test func deleteRemovesTheScribbleAndItsCachedThumbnail() throws {
        let temporary = TemporaryDirectory(), cache = TemporaryDirectory()
        defer { withExtendedLifetime(temporary) {} } // ARC may end it early
        let manager = ScribbleManager(directory: temporary.path, thumbnails: ThumbnailCache(root: cache.path))
        let keep = try manager.save(scribble(dotAt: 1), canvasWidth: 10, canvasHeight: 10)
        let gone = try manager.save(scribble(dotAt: 2), canvasWidth: 10, canvasHeight: 10)
        #expect(manager.count == 2)
        try manager.delete(id: gone.id)
        #expect(manager.count == 1)
        #expect(temporary.names() == [keep.id + ".scribble"])
        #expect(FileSystem.exists(keep.thumbnailPath) && !FileSystem.exists(gone.thumbnailPath))
        #expect {
            try manager.delete(id: gone.id)
        } throws: { error in
            (error as? StorageError).map { $0.code == ENOENT && $0.action == .delete } == true
        }
    }

    @Test func thumbnailIsAPNGRenderedFromTheModel() throws {
        let temporary = TemporaryDirectory(), cache = TemporaryDirectory()
        defer { withExtendedLifetime(temporary) {} } // ARC may end it early
        let manager = ScribbleManager(directory: temporary.path, thumbnails: ThumbnailCache(root: cache.path))
        let drawing = Scribble()
        let bar = Stroke(color: .black, size: 60)
        bar.append(contentsOf: [Point(x: 0, y: 150), Point(x: 400, y: 150)])
        drawing.add(bar)
        let entry = try manager.save(drawing, canvasWidth: 400, canvasHeight: 300)

        let image = try #require(ImageSurface(png: entry.thumbnailPath))
        // The cache's large size: 256 pixels on the longer side.
        #expect(image.width == 256 && image.height == 192)
        #expect(image.brightness(x: 128, y: 96) < 30)
        #expect(image.brightness(x: 2, y: 2) > 250)
        #expect(image.brightness(x: 253, y: 189) > 250)

        let wide = try manager.save(drawing, canvasWidth: 800, canvasHeight: 200)
        let wideImage = try #require(ImageSurface(png: wide.thumbnailPath))
        #expect(wideImage.width == 256 && wideImage.height == 64)
    }

    @Test func damagedEntriesListButDoNotStopTheOthers() throws {
        let temporary = TemporaryDirectory()
        defer { withExtendedLifetime(temporary) {} } // ARC may end it early
        let manager = ScribbleManager(directory: temporary.path)
        let good = try manager.save(scribble(dotAt: 5), canvasWidth: 10, canvasHeight: 10)
        temporary.write(Array("not a scribble".utf8), to: "broken.scribble")
        var cut = try #require(temporary.read(good.id + ".scribble"))
        cut.removeLast(10)
        temporary.write(cut, to: "cut.scribble")
        temporary.write([1, 2, 3], to: ".\(good.id).scribble.Ab12Cd") // a crashed save's leftover
        // Written a while ago (files just written by another program wait until whole:
        // SharedFolderTests).
        let earlier = timespec(tv_sec: time(nil) - 60, tv_nsec: 0)
        for name in ["broken.scribble", "cut.scribble"] { FileSystem.setModificationTime(temporary.file(name), to: earlier) }

        let entries = try manager.entries()
        #expect(Set(entries.map(\.id)) == [good.id, "broken", "cut"])
        #expect(entries.first { $0.id == "broken" }?.title == ScribbleManager.unreadableTitle)
        #expect(entries.first { $0.id == "cut" }?.title == good.title)
        #expect(throws: ScribbleFormatError.notAScribble) { try manager.loadScribble(id: "broken") }
        #expect(throws: ScribbleFormatError.truncated) { try manager.loadScribble(id: "cut") }
        #expect(firstX(try manager.loadScribble(id: good.id)) == 5)
    }

    @Test func failedSaveKeepsTheOldEntryAndLeavesNoTemporaryFile() throws {
        let temporary = TemporaryDirectory()
        defer { withExtendedLifetime(temporary) {} } // ARC may end it early
        let manager = ScribbleManager(directory: temporary.path)
        let entry = try manager.save(scribble(dotAt: 1), canvasWidth: 10, canvasHeight: 10)
        let before = temporary.names()
        let bytesBefore = before.map { temporary.read($0) }
        let bigger = scribble(dotAt: 2)
        let stroke = Stroke(color: .black, size: 2)
        stroke.append(contentsOf: (0..<10_000).map { Point(x: Float($0), y: 1) })
        bigger.add(stroke)

        let fullDisk = ScribbleManager(directory: temporary.path, writeCall: failingWrite(after: 4096, with: ENOSPC))
        #expect {
            try fullDisk.save(bigger, id: entry.id, canvasWidth: 10, canvasHeight: 10)
        } throws: { error in
            (error as? StorageError)?.description.contains("the disk is full") == true
        }
        #expect(temporary.names() == before)
        // The thumbnail (small enough to be written in full) was not put in place either:
        // both files are byte for byte what they were.
        #expect(before.map { temporary.read($0) } == bytesBefore)
        let reloaded = try manager.loadScribble(id: entry.id)
        #expect(reloaded.root.count == 1 && firstX(reloaded) == 1)
    }

    @Test func savingThroughASymbolicLinkReplacesItsTargetAndKeepsTheLink() throws {
        let temporary = TemporaryDirectory()
        defer { withExtendedLifetime(temporary) {} } // ARC may end it early
        try ScribbleManager.save(scribble(dotAt: 1), toPath: temporary.file("real.scribble"))
        #expect(symlink("real.scribble", temporary.file("link.scribble")) == 0)
        try ScribbleManager.save(scribble(dotAt: 7), toPath: temporary.file("link.scribble"))
        var status = stat()
        #expect(lstat(temporary.file("link.scribble"), &status) == 0 && status.st_mode & S_IFMT == S_IFLNK)
        #expect(firstX(try ScribbleManager.loadScribble(path: temporary.file("real.scribble"))) == 7)
        #expect(temporary.names() == ["link.scribble", "real.scribble"]) // no temporary left over
    }

    @Test func folderUnderARegularFileGivesAStorageError() {
        let temporary = TemporaryDirectory()
        defer { withExtendedLifetime(temporary) {} } // ARC may end it early
        temporary.write([0], to: "file")
        let manager = ScribbleManager(directory: temporary.file("file/gallery"))
        #expect {
            try manager.save(Scribble(), canvasWidth: 10, canvasHeight: 10)
        } throws: { error in
            let error = error as? StorageError
            return error?.code == ENOTDIR && error?.description.contains("part of the path is a file, not a folder") == true
        }
        #expect(manager.count == 0)
    }

    @Test func commandLineFilesRoundTripAndAreTitledByName() throws {
        let temporary = TemporaryDirectory()
        defer { withExtendedLifetime(temporary) {} } // ARC may end it early
        let path = temporary.file("sunset.scribble")
        try ScribbleManager.save(scribble(dotAt: 42), toPath: path)
        let loaded = try ScribbleManager.loadScribble(path: path)
        #expect(firstX(loaded) == 42)
        #expect(loaded.title == "sunset")
        #expect(throws: StorageError.self) { try ScribbleManager.loadScribble(path: temporary.file("missing.scribble")) }
        #expect(throws: StorageError.self) { try ScribbleManager.loadScribble(path: temporary.path) }
    }

    @Test func defaultDirectoryFollowsTheEnvironment() {
        #expect(
            ScribbleManager.defaultDirectory(environment: ["TOUCHPAINTER_DATA_DIR": "/data/tp", "XDG_DATA_HOME": "/x", "HOME": "/home/u"])
                == "/data/tp")
        #expect(
            ScribbleManager.defaultDirectory(environment: ["XDG_DATA_HOME": "/x/share/", "HOME": "/home/u"])
                == "/x/share/touchpainter")
        #expect(
            ScribbleManager.defaultDirectory(environment: ["XDG_DATA_HOME": "relative", "HOME": "/home/u"])
                == "/home/u/.local/share/touchpainter")
        #expect(
            ScribbleManager.defaultDirectory(environment: ["TOUCHPAINTER_DATA_DIR": "", "HOME": "/home/u"])
                == "/home/u/.local/share/touchpainter")
    }
}
