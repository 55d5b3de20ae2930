import CCairo
import CairoKit
import Foundation
import Glibc
import Testing
@testable import ScribbleKit

/// Issue 39: the freedesktop thumbnail cache — names, text chunks — and what the gallery
/// does with the thumbnails older versions wrote beside scribbles: its own are moved out
/// once, a user's PNG is never touched or read as a thumbnail. And the scribble files a
/// listing cannot show are reported, not dropped.
@Suite(.timeLimit(.minutes(1))) struct ThumbnailCacheTests {
    private func drawing() -> Scribble {
        let scribble = Scribble()
        let stroke = Stroke(color: .black, size: 40)
        stroke.append(contentsOf: [Point(x: 0, y: 150), Point(x: 400, y: 150)])
        scribble.add(stroke)
        return scribble
    }

    @Test func md5MatchesRFC1321() {
        #expect(MD5.hexDigest([]) == "d41d8cd98f00b204e9800998ecf8427e")
        #expect(MD5.hexDigest(Array("The quick brown fox jumps over the lazy dog".utf8)) == "9e107d9d372bb6826bd81d3542a419d6")
        #expect(MD5.hexDigest(Array(String(repeating: "1234567890", count: 8).utf8)) == "57edf4a22be3c955ac49da2e2107b67a")
    }

    @Test func namesFollowTheStandard() {
        // The standard's own example.
        #expect(MD5.hexDigest(Array("file:///home/jens/photos/me.png".utf8)) == "c6ee772d9e49320e97ec29a7eb5b1697")
        let cache = ThumbnailCache(root: "/c/thumbnails")
        #expect(cache.path(for: "/home/jens/photos/me.png", size: .normal) == "/c/thumbnails/normal/c6ee772d9e49320e97ec29a7eb5b1697.png")
        // Escaped as GLib's g_filename_to_uri escapes a path.
        #expect(
            ThumbnailCache.uri(forPath: "/tmp/a b/ç#%?;[x]~!$&'()*+,=:@.scribble")
                == "file:///tmp/a%20b/%C3%A7%23%25%3F%3B%5Bx%5D~!$&'()*+,=:@.scribble")
        #expect(ThumbnailCache.standard(environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/h"]).root == "/x/cache/thumbnails")
        #expect(ThumbnailCache.standard(environment: ["XDG_CACHE_HOME": "rel", "HOME": "/h"]).root == "/h/.cache/thumbnails")
    }

    @Test func textChunksAreAddedReadAndKeepThePNGValid() throws {
        let png = try #require(ScribbleManager.thumbnailPNG(of: drawing().makeMemento(), canvasWidth: 400, canvasHeight: 300))
        #expect(PNGText.texts(in: png).isEmpty) // Cairo writes none
        let tagged = try #require(PNGText.inserting([("Thumb::URI", "file:///a.scribble"), ("Thumb::MTime", "42")], into: png))
        #expect(PNGText.texts(in: tagged) == ["Thumb::URI": "file:///a.scribble", "Thumb::MTime": "42"])
        let image = try #require(CairoImage(png: tagged))
        #expect(image.width == 256 && image.height == 192)
        #expect(PNGText.inserting([("a", "b")], into: Array("not a png".utf8)) == nil)
        // A chunk length running past the end stops the reading instead of overrunning it.
        var cut = tagged
        cut[33...36] = [0x7F, 0xFF, 0xFF, 0xFF]
        #expect(PNGText.texts(in: cut).isEmpty)
    }

    @Test func aThumbnailFitsTheDrawingWhereverItLies() throws {
        // Beyond the canvas of the save (left of the origin, and far out): the picture is the
        // drawing's bounds, fitted and centred, so the marks fill it instead of a speck or nothing.
        for origin in [Point(x: -2_000, y: -900), Point(x: 800_000, y: 640_000)] {
            let scribble = Scribble()
            let stroke = Stroke(color: .black, size: 20)
            stroke.append(contentsOf: [origin, Point(x: origin.x + 300, y: origin.y + 200)])
            scribble.add(stroke)
            let png = try #require(ScribbleManager.thumbnailPNG(of: scribble.makeMemento(), canvasWidth: 400, canvasHeight: 300))
            let image = try #require(CairoImage(png: png))
            let surface = image.surface
            cairo_surface_flush(surface)
            let stride = Int(cairo_image_surface_get_stride(surface))
            let data = try #require(cairo_image_surface_get_data(surface))
            var dark = 0
            for y in 0..<image.height {
                for x in 0..<image.width where data[y * stride + x * 4 + 1] < 80 { dark += 1 }
            }
            // The stroke from corner to corner of a 256×192 picture, ~14 px wide: thousands of pixels.
            #expect(dark > 2_000, "\(origin): \(dark)")
            // Within the save's canvas, the thumbnail shows that canvas from the origin, as before.
            let area = ScribbleManager.thumbnailArea(showing: Rect(x: 10, y: 10, width: 50, height: 50), canvasWidth: 400, canvasHeight: 300)
            #expect(area == Rect(x: 0, y: 0, width: 400, height: 300))
        }
    }

    @Test func theCacheIsPrivateToTheUser() throws {
        let folder = TemporaryDirectory()
        let cache = ThumbnailCache(root: folder.file("cache/thumbnails"))
        let scribble = folder.file("a.scribble")
        try ScribbleManager.save(drawing(), toPath: scribble)
        let png = try #require(ScribbleManager.thumbnailPNG(of: drawing().makeMemento(), canvasWidth: 400, canvasHeight: 300))
        try cache.store(png, for: scribble)
        var status = stat()
        #expect(stat(folder.file("cache/thumbnails/large"), &status) == 0 && status.st_mode & 0o777 == 0o700)
        #expect(stat(cache.path(for: scribble), &status) == 0 && status.st_mode & 0o777 == 0o600)
        cache.remove(for: scribble)
        #expect(!FileSystem.exists(cache.path(for: scribble)))
    }

    @Test func aUsersOwnPNGBesideAScribbleIsNeverTouchedNorShown() throws {
        let folder = TemporaryDirectory()
        let gallery = folder.file("gallery")
        let manager = ScribbleManager(directory: gallery, thumbnails: ThumbnailCache(root: folder.file("cache")))
        let entry = try manager.save(drawing(), id: "photo", canvasWidth: 400, canvasHeight: 300)
        // The user's photo: as large as the app's old thumbnails, and older than the scribble.
        let photo = try #require(ScribbleManager.thumbnailPNG(of: Scribble().makeMemento(), canvasWidth: 480, canvasHeight: 360, side: 480))
        try Data(photo).write(to: URL(fileURLWithPath: gallery + "/photo.png"))
        let scribbleTime = try #require(FileSystem.modificationTime(entry.scribblePath))
        FileSystem.setModificationTime(gallery + "/photo.png", to: timespec(tv_sec: scribbleTime.tv_sec - 3600, tv_nsec: 0))
        try FileManager.default.removeItem(atPath: entry.thumbnailPath) // so the gallery must make one

        #expect(try manager.entries().map(\.id) == ["photo"])
        guard case .image(let image) = manager.thumbnail(ofScribbleAt: entry.scribblePath) else {
            Issue.record("no thumbnail")
            return
        }
        #expect(image.width == 256) // drawn from the scribble, not the photo's 480
        #expect(try Data(contentsOf: URL(fileURLWithPath: gallery + "/photo.png")) == Data(photo))
        #expect(FileSystem.modificationTime(gallery + "/photo.png")?.tv_sec == scribbleTime.tv_sec - 3600)
        try manager.delete(id: "photo")
        #expect(FileSystem.exists(gallery + "/photo.png")) // deleting the scribble leaves the photo
    }

    @Test func theAppsOldThumbnailsAreMovedOutOfTheGalleryOnce() throws {
        let folder = TemporaryDirectory()
        let gallery = folder.file("gallery")
        let manager = ScribbleManager(directory: gallery, thumbnails: ThumbnailCache(root: folder.file("cache")))
        let entry = try manager.save(drawing(), canvasWidth: 400, canvasHeight: 300)
        // What a save of an older version left beside it: a 480×360 PNG with the scribble's time.
        let old = try #require(ScribbleManager.thumbnailPNG(of: drawing().makeMemento(), canvasWidth: 400, canvasHeight: 300, side: 480))
        let oldPath = gallery + "/" + entry.id + ".png"
        try Data(old).write(to: URL(fileURLWithPath: oldPath))
        FileSystem.setModificationTime(oldPath, to: try #require(FileSystem.modificationTime(entry.scribblePath)))
        // A link with the same look is not the app's file: it stays.
        let other = try manager.save(drawing(), canvasWidth: 400, canvasHeight: 300)
        #expect(symlink(oldPath, gallery + "/" + other.id + ".png") == 0)

        let listed = try manager.listing()
        #expect(listed.entries.count == 2 && listed.unlisted.isEmpty)
        #expect(!FileSystem.exists(oldPath))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: gallery).sorted()
                == [entry.id + ".scribble", other.id + ".png", other.id + ".scribble"].sorted())
        #expect(manager.thumbnails.freshThumbnail(for: entry.scribblePath) != nil)
    }

    @Test func scribbleFilesTheGalleryCannotShowAreReportedWithTheReason() throws {
        let folder = TemporaryDirectory()
        let manager = ScribbleManager(directory: folder.path, thumbnails: ThumbnailCache(root: NSTemporaryDirectory() + "/unused-cache"))
        try manager.save(drawing(), id: "good", canvasWidth: 400, canvasHeight: 300)
        #expect(symlink("loop.scribble", folder.file("loop.scribble")) == 0)
        #expect(symlink("nowhere.scribble", folder.file("dangling.scribble")) == 0)
        let latin1 = Array(folder.path.utf8) + Array("/caf".utf8) + [0xE9] + Array(".scribble".utf8) + [0]
        let descriptor = latin1.withUnsafeBufferPointer {
            open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_CREAT | O_WRONLY, 0o644)
        }
        #expect(descriptor >= 0)
        close(descriptor)
        let other = Array(folder.path.utf8) + Array("/note".utf8) + [0xFF] + Array(".txt".utf8) + [0] // not a scribble: not counted
        let second = other.withUnsafeBufferPointer {
            open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_CREAT | O_WRONLY, 0o644)
        }
        close(second)

        let listing = try manager.listing()
        #expect(listing.entries.map(\.id) == ["good"])
        #expect(listing.unlisted.map(\.name) == ["caf\\xE9.scribble", "dangling.scribble", "loop.scribble"])
        #expect(listing.unlisted[0].reason == "its name is not valid UTF-8 text")
        #expect(listing.unlisted[1].reason == "it is a symbolic link to a file that does not exist")
        #expect(listing.unlisted[2].reason == "it is a symbolic link that leads back to itself")
    }

    @Test func templateNumbersFromTheDiskNeverOverflow() throws {
        #expect(ScribbleManager.nextTemplateNumber(after: []) == 1)
        #expect(ScribbleManager.nextTemplateNumber(after: [1, 5]) == 6)
        #expect(ScribbleManager.nextTemplateNumber(after: [Int.max]) == 1)
        #expect(ScribbleManager.nextTemplateNumber(after: [1, 2, Int.max]) == 3)
        let folder = TemporaryDirectory()
        let manager = ScribbleManager(directory: folder.path)
        try FileSystem.makeDirectories(manager.templatesDirectory)
        try ScribbleManager.save(drawing(), toPath: manager.templatesDirectory + "/template-9223372036854775807.scribble")
        try ScribbleManager.save(drawing(), toPath: manager.templatesDirectory + "/template-99999999999999999999999.scribble")
        let kept = try manager.saveTemplate(Scribble.templateMemento(of: [Dot(location: Point(x: 1, y: 1), color: .black, size: 4)]))
        #expect(kept.id == "template-1")
    }
}

/// A thumbnail is a picture of the scribble on its canvas: on paper, the paper shows around
/// the marks, and one drawn for another canvas is drawn again.
@Suite(.timeLimit(.minutes(1))) struct CanvasThumbnailTests {
    /// How many of the picture's pixels, every 4th of every 4th row, are not pure white.
    private func tintedPixels(_ image: CairoImage) -> Int {
        let surface = ImageSurface(width: Int(image.size.width), height: Int(image.size.height))
        surface.draw { cr in image.draw(in: ImageRect(x: 0, y: 0, width: image.size.width, height: image.size.height), on: CairoContext(cr)) }
        var tinted = 0
        for y in stride(from: 0, to: Int(image.size.height), by: 4) {
            for x in stride(from: 0, to: Int(image.size.width), by: 4) {
                let pixel = surface.pixel(x: x, y: y)
                if min(pixel.r, pixel.g, pixel.b) < 250 { tinted += 1 }
            }
        }
        return tinted
    }

    @Test func aThumbnailShowsItsCanvasAndIsDrawnAgainForAnother() throws {
        let folder = TemporaryDirectory()
        let manager = ScribbleManager(directory: folder.file("gallery"), thumbnails: ThumbnailCache(root: folder.file("cache")))
        manager.canvasKind = .paper
        let entry = try manager.save(Scribble.withDot(atX: 50), canvasWidth: 400, canvasHeight: 300)
        guard case .image(let paper) = manager.thumbnail(ofScribbleAt: entry.scribblePath) else {
            Issue.record("no thumbnail")
            return
        }
        let dotOnly = paper.size.width * paper.size.height / 16 / 100 // the dot covers far less than 1 %
        #expect(Double(tintedPixels(paper)) > dotOnly * 50) // the paper's grain, nearly everywhere
        #expect(manager.thumbnails.freshThumbnail(for: entry.scribblePath, canvas: .paper) != nil)
        #expect(manager.thumbnails.freshThumbnail(for: entry.scribblePath, canvas: .plain) == nil)
        // The user picks plain: the cached picture is of paper, so it is drawn again, white.
        manager.canvasKind = .plain
        guard case .image(let plain) = manager.thumbnail(ofScribbleAt: entry.scribblePath) else {
            Issue.record("no thumbnail")
            return
        }
        #expect(Double(tintedPixels(plain)) < dotOnly * 2)
        #expect(manager.thumbnails.freshThumbnail(for: entry.scribblePath, canvas: .plain) != nil)
    }
}
