import Foundation
import Testing
@testable import ScribbleKit

/// SPEC §9: a thumbnail that does not match its scribble (older, or missing) is drawn again
/// from the scribble when the gallery shows it; a current one is left alone.
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

    @Test func aSavedThumbnailIsCurrentAndLeftAlone() throws {
        let folder = TemporaryDirectory()
        let manager = ScribbleManager(directory: folder.file("gallery"))
        let entry = try manager.save(drawing(at: 10), canvasWidth: 400, canvasHeight: 300)
        let before = try #require(bytes(entry.thumbnailPath))
        #expect(ScribbleManager.prepareThumbnail(scribblePath: entry.scribblePath, thumbnailPath: entry.thumbnailPath))
        #expect(bytes(entry.thumbnailPath) == before)
    }

    @Test func aThumbnailOlderThanItsScribbleIsDrawnAgain() throws {
        let folder = TemporaryDirectory()
        let manager = ScribbleManager(directory: folder.file("gallery"))
        let first = try manager.save(drawing(at: 10), canvasWidth: 400, canvasHeight: 300)
        let oldPicture = try #require(bytes(first.thumbnailPath))
        let oldTime = try #require(FileSystem.modificationTime(first.thumbnailPath))
        let second = try manager.save(drawing(at: 200), id: first.id, canvasWidth: 400, canvasHeight: 300)
        // A crash between the save's two renames: the new scribble beside the old picture.
        try Data(oldPicture).write(to: URL(fileURLWithPath: second.thumbnailPath))
        FileSystem.setModificationTime(second.thumbnailPath, to: oldTime)

        #expect(ScribbleManager.prepareThumbnail(scribblePath: second.scribblePath, thumbnailPath: second.thumbnailPath))
        let redrawn = try #require(bytes(second.thumbnailPath))
        #expect(redrawn != oldPicture)
        #expect(PNGHeader.size(of: redrawn) != nil)
        let drawn = try #require(FileSystem.modificationTime(second.scribblePath))
        let shown = try #require(FileSystem.modificationTime(second.thumbnailPath))
        #expect(shown.tv_sec == drawn.tv_sec && shown.tv_nsec == drawn.tv_nsec)
    }

    @Test func aMissingThumbnailIsDrawnAndADamagedScribbleIsNotShown() throws {
        let folder = TemporaryDirectory()
        let manager = ScribbleManager(directory: folder.file("gallery"))
        let entry = try manager.save(drawing(at: 10), canvasWidth: 400, canvasHeight: 300)
        try FileManager.default.removeItem(atPath: entry.thumbnailPath)
        #expect(ScribbleManager.prepareThumbnail(scribblePath: entry.scribblePath, thumbnailPath: entry.thumbnailPath))
        #expect(bytes(entry.thumbnailPath).flatMap { PNGHeader.size(of: $0) } != nil)

        var damaged = try #require(bytes(entry.scribblePath))
        damaged[damaged.count / 2] ^= 0xFF
        try Data(damaged).write(to: URL(fileURLWithPath: entry.scribblePath))
        try FileManager.default.removeItem(atPath: entry.thumbnailPath)
        #expect(!ScribbleManager.prepareThumbnail(scribblePath: entry.scribblePath, thumbnailPath: entry.thumbnailPath))
        #expect(bytes(entry.thumbnailPath) == nil)
    }
}
