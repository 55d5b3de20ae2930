import Foundation
import Glibc
import Testing
@testable import ScribbleKit

/// Issue 39: thumbnails live in the desktop's thumbnail cache, tagged with the
/// scribble's URI and modification time; one that does not match its scribble (stale, or
/// missing) is drawn again from the scribble when the gallery shows it; a fresh one is used
/// as it is; a damaged scribble never shows an old picture.
@Suite(.timeLimit(.minutes(1))) struct ThumbnailRefreshTests {
    private func drawing(at x: Float) -> Scribble {
        let scribble = Scribble()
        let stroke = Stroke(color: .black, size: 6)
        stroke.append(contentsOf: [Point(x: x, y: 10), Point(x: x + 100, y: 80)])
        scribble.add(stroke)
        scribble.title = "Test"
        return scribble
    }

    private func bytes(_ path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path).map { [UInt8]($0) }
    }

    /// A gallery in a folder of its own, its thumbnails in a cache of its own.
    private func gallery(in folder: TemporaryDirectory) -> ScribbleManager {
        ScribbleManager(directory: folder.file("gallery"), thumbnails: ThumbnailCache(root: folder.file("cache/thumbnails")))
    }

    private func isImage(_ thumbnail: ScribbleManager.Thumbnail) -> Bool {
        if case .image = thumbnail { return true }
        return false
    }

    @Test func aSavedThumbnailIsFreshInTheCacheAndLeftAlone() throws {
        let folder = TemporaryDirectory()
        let manager = gallery(in: folder)
        let entry = try manager.save(drawing(at: 10), canvasWidth: 400, canvasHeight: 300)
        let before = try #require(bytes(entry.thumbnailPath))
        let texts = PNGText.texts(in: before)
        #expect(texts["Thumb::URI"] == "file://" + entry.scribblePath)
        var status = stat()
        #expect(stat(entry.scribblePath, &status) == 0 && texts["Thumb::MTime"] == String(status.st_mtim.tv_sec))
        #expect(manager.thumbnails.freshThumbnail(for: entry.scribblePath) != nil)
        #expect(isImage(manager.thumbnail(ofScribbleAt: entry.scribblePath)))
        #expect(bytes(entry.thumbnailPath) == before)
    }

    @Test func aThumbnailWhoseMTimeDiffersIsDrawnAgain() throws {
        let folder = TemporaryDirectory()
        let manager = gallery(in: folder)
        let first = try manager.save(drawing(at: 10), canvasWidth: 400, canvasHeight: 300)
        let oldPicture = try #require(bytes(first.thumbnailPath))
        // The scribble changed elsewhere (a sync, a copy) a minute later; the cache did not.
        var status = stat()
        #expect(stat(first.scribblePath, &status) == 0)
        try ScribbleManager.save(drawing(at: 200), toPath: first.scribblePath)
        FileSystem.setModificationTime(first.scribblePath, to: timespec(tv_sec: status.st_mtim.tv_sec + 60, tv_nsec: 0))
        #expect(manager.thumbnails.freshThumbnail(for: first.scribblePath) == nil)

        #expect(isImage(manager.thumbnail(ofScribbleAt: first.scribblePath)))
        let redrawn = try #require(bytes(first.thumbnailPath))
        #expect(redrawn != oldPicture)
        #expect(PNGText.texts(in: redrawn)["Thumb::MTime"] == String(status.st_mtim.tv_sec + 60))
        #expect(manager.thumbnails.freshThumbnail(for: first.scribblePath) != nil)
    }

    @Test func aMissingThumbnailIsDrawnAndADamagedScribbleIsNotShown() throws {
        let folder = TemporaryDirectory()
        let manager = gallery(in: folder)
        let entry = try manager.save(drawing(at: 10), canvasWidth: 400, canvasHeight: 300)
        try FileManager.default.removeItem(atPath: entry.thumbnailPath)
        #expect(isImage(manager.thumbnail(ofScribbleAt: entry.scribblePath)))
        #expect(bytes(entry.thumbnailPath).flatMap { PNGHeader.size(of: $0) } != nil)

        var damaged = try #require(bytes(entry.scribblePath))
        damaged[damaged.count / 2] ^= 0xFF
        try Data(damaged).write(to: URL(fileURLWithPath: entry.scribblePath))
        // Whether the cached picture still looks fresh (a write within the same second) or not.
        guard case .damaged = manager.thumbnail(ofScribbleAt: entry.scribblePath) else {
            Issue.record("a damaged scribble showed a picture")
            return
        }
        try FileManager.default.removeItem(atPath: entry.thumbnailPath)
        guard case .damaged = manager.thumbnail(ofScribbleAt: entry.scribblePath) else {
            Issue.record("a damaged scribble got a new picture")
            return
        }
        #expect(bytes(entry.thumbnailPath) == nil)
    }
}
