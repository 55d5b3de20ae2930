import CCairo
import Foundation
import Testing
@testable import ScribbleKit

/// Pictures read and drawn (issue 54): their sizes and EXIF orientation, the levels of
/// detail they are drawn from, and what hostile pictures give — a clear message or a
/// bounded, reduced picture, never a crash, a hang or unbounded memory.
@Suite(.timeLimit(.minutes(1)))
struct PictureDecodingTests {
    let folder = TemporaryDirectory()

    /// Whether the pixel at (`x`, `y`) is near `color` (within `tolerance` a channel).
    private func pixel(_ surface: ImageSurface, _ x: Int, _ y: Int, near color: (Int, Int, Int), within tolerance: Int = 40) -> Bool {
        let p = surface.pixel(x: x, y: y)
        return abs(Int(p.r) - color.0) <= tolerance && abs(Int(p.g) - color.1) <= tolerance && abs(Int(p.b) - color.2) <= tolerance
    }

    @Test func aPNGsSizeIsReadAndItsPixelsDrawn() throws {
        let imported = try PictureImport(bytes: PictureFixture.halvesPNG(width: 80, height: 40))
        #expect(imported.width == 80 && imported.height == 40)
        let picture = imported.placed(in: Rect(x: 0, y: 0, width: 200, height: 200), at: Point(x: 50, y: 30))
        #expect(picture.bounds == Rect(x: 10, y: 10, width: 80, height: 40))
        let surface = ImageSurface(width: 100, height: 60)
        surface.render(picture)
        #expect(pixel(surface, 20, 30, near: (255, 0, 0), within: 2) && pixel(surface, 80, 30, near: (0, 0, 255), within: 2))
    }

    @Test func aPictureLargerThanTheViewIsFittedIntoIt() throws {
        let imported = try PictureImport(bytes: PictureFixture.solidPNG(width: 400, height: 100, color: .black))
        let picture = imported.placed(in: Rect(x: 0, y: 0, width: 200, height: 300))
        #expect(picture.bounds == Rect(x: 0, y: 125, width: 200, height: 50))
    }

    @Test(arguments: [(UInt16(1), false), (6, true), (8, true), (3, false)])
    func aJPEGsExifOrientationIsHonoured(orientation: UInt16, turnsAQuarter: Bool) throws {
        let jpeg = PictureFixture.withOrientation(
            orientation, try PictureFixture.jpeg(fromPNG: PictureFixture.halvesPNG(width: 80, height: 40), in: folder))
        let imported = try PictureImport(bytes: jpeg)
        #expect((imported.width, imported.height) == (turnsAQuarter ? (40, 80) : (80, 40)))
        let picture = Picture(content: imported.content, width: imported.width, height: imported.height, at: .zero)
        let surface = ImageSurface(width: Int(imported.width), height: Int(imported.height))
        surface.render(picture)
        let red = (255, 0, 0), blue = (0, 0, 255)
        switch orientation {
        case 6: // turned a quarter clockwise to be upright: the left (red) half is on top
            #expect(pixel(surface, 20, 10, near: red) && pixel(surface, 20, 70, near: blue))
        case 8: // a quarter anticlockwise: the left half at the bottom
            #expect(pixel(surface, 20, 70, near: red) && pixel(surface, 20, 10, near: blue))
        case 3: // half a turn: the left half on the right
            #expect(pixel(surface, 70, 20, near: red) && pixel(surface, 10, 20, near: blue))
        default:
            #expect(pixel(surface, 10, 20, near: red) && pixel(surface, 70, 20, near: blue))
        }
    }

    @Test func theLevelDrawnFollowsTheScaleFromFivePercentTo6400() {
        let picture = Picture(content: MarkKindSample.pictureContent, width: 4000, height: 3000, at: .zero)
        #expect(picture.finestShift == 0 && picture.coarsestShift == 11)
        #expect(picture.shift(forDevicePixelsPerPixel: 1) == 0)
        #expect(picture.shift(forDevicePixelsPerPixel: 64) == 0) // 6400 %: the finest, scaled up
        #expect(picture.shift(forDevicePixelsPerPixel: 0.05) == 4) // 5 %: 1/16, scaled down by 0.8
        #expect(picture.shift(forDevicePixelsPerPixel: 0.5) == 1 && picture.shift(forDevicePixelsPerPixel: 0.49) == 1)
        #expect(picture.shift(forDevicePixelsPerPixel: 0.26) == 1 && picture.shift(forDevicePixelsPerPixel: 0.25) == 2)
        #expect(picture.levelSize(shift: 4) == (250, 188))
        // A 200-megapixel photo is drawn from levels of at most 16 megapixels: a reduced picture.
        let huge = Picture(content: MarkKindSample.pictureContent, width: 16_000, height: 12_500, at: .zero)
        #expect(huge.finestShift == 2 && huge.levelSize(shift: 2) == (4000, 3125))
        // An SVG is drawn from levels up to 64 times its size, none over 16 megapixels.
        let svg = Picture(
            content: StoredContent(kind: .picture, bytes: Array(#"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>"#.utf8)),
            width: 100, height: 50, at: .zero)
        #expect(svg.isSVG && svg.finestShift == -5 && svg.shift(forDevicePixelsPerPixel: 8) == -3)
        #expect(svg.shift(forDevicePixelsPerPixel: 64) == -5 && svg.levelSize(shift: -5) == (3200, 1600))
    }

    @Test func aPhotoIsSharpAt6400PercentAndDrawnFromAReducedLevelAt5() throws {
        let imported = try PictureImport(bytes: PictureFixture.halvesPNG(width: 64, height: 64))
        let picture = imported.placed(in: .null, at: Point(x: 32, y: 32))
        // 6400 %: one picture pixel is 64 device pixels; the edge between the halves stays a
        // hard edge (nearest), no blended column.
        let zoomed = ImageSurface(width: 128, height: 16)
        zoomed.draw { context in
            cairo_scale(context, 64, 64)
            cairo_translate(context, -31, -10)
            MarkRenderer(context: context).render(picture)
        }
        #expect(pixel(zoomed, 63, 8, near: (255, 0, 0), within: 0) && pixel(zoomed, 64, 8, near: (0, 0, 255), within: 0))
        // 5 %: the level of 1/16 (4 × 4 pixels) is the one decoded and drawn.
        let small = ImageSurface(width: 8, height: 8)
        small.draw { context in
            cairo_scale(context, 0.05, 0.05)
            MarkRenderer(context: context).render(picture)
        }
        #expect(PictureLevels.shared.cached(picture.content, shift: 4)?.width == 4)
    }

    @Test func theMainThreadNeverDecodesItDrawsABoxAndAsksForTheLevel() throws {
        let imported = try PictureImport(bytes: PictureFixture.solidPNG(width: 50, height: 50, color: Color(red: 200, green: 20, blue: 20)))
        let picture = imported.placed(in: .null, at: Point(x: 25, y: 25))
        #expect(PictureLevels.shared.cached(picture.content, shift: 0) == nil)
        let first = ImageSurface(width: 50, height: 50)
        first.draw { MarkRenderer(context: $0, occlusion: nil, pages: .cached(PageTileCache())).render(picture) }
        #expect(pixel(first, 25, 25, near: (219, 219, 219), within: 2), "a neutral box while it is decoded")
        PictureLevels.shared.waitForQueue()
        #expect(PictureLevels.shared.cached(picture.content, shift: 0) != nil)
        let second = ImageSurface(width: 50, height: 50)
        second.draw { MarkRenderer(context: $0, occlusion: nil, pages: .cached(PageTileCache())).render(picture) }
        #expect(pixel(second, 25, 25, near: (200, 20, 20), within: 2))
    }

    @Test func levelsAreKeptUnderTheBudgetLeastRecentlyUsedFirst() throws {
        let levels = PictureLevels(budget: 300 * 300 * 4)
        let pictures = try (0..<3).map { index in
            let bytes = PictureFixture.solidPNG(width: 200, height: 200, color: Color(red: UInt8(index * 50), green: 0, blue: 0))
            return try PictureImport(bytes: bytes).placed(in: .null)
        }
        for picture in pictures { _ = levels.decoded(picture, shift: 0) }
        // 200 × 200 × 4 bytes each: two fit in the budget, so the first went.
        #expect(levels.heldBytes <= levels.budget && levels.heldCount == 2)
        #expect(levels.cached(pictures[0].content, shift: 0) == nil && levels.cached(pictures[2].content, shift: 0) != nil)
        // Drawing the first again brings it back and lets the least recently used go.
        _ = levels.cached(pictures[2].content, shift: 0)
        _ = levels.decoded(pictures[0], shift: 0)
        #expect(levels.cached(pictures[1].content, shift: 0) == nil && levels.cached(pictures[2].content, shift: 0) != nil)
    }

    @Test func theLevelsAFrameWillDrawAreDecodedAheadOnEveryCore() throws {
        let levels = PictureLevels(budget: 64 << 20)
        let pictures: [Mark] = try (0..<4).map { index in
            let bytes = PictureFixture.solidPNG(width: 256, height: 128, color: Color(red: UInt8(40 * index), green: 9, blue: 9))
            return try PictureImport(bytes: bytes).placed(in: .null, at: Point(x: Float(300 * index), y: 0))
        }
        // At a quarter, the level of 1/4; the last picture lies outside what is visible.
        levels.decodeLevels(of: pictures, in: Rect(x: -200, y: -100, width: 700, height: 200), scale: 0.25)
        for (index, mark) in pictures.enumerated() {
            let picture = try #require(mark as? Picture)
            #expect((levels.cached(picture.content, shift: 2)?.width == 64) == (index < 3), "picture \(index)")
        }
    }

    // MARK: Formats and hostile pictures

    @Test func aGIFsFirstFrameAndA16BitPNGAndACMYKJPEGAreRead() throws {
        for (arguments, name) in [
            (["-size", "40x30", "xc:red"], "red.gif"), (["-size", "40x30", "xc:red", "-depth", "16"], "png48:red16.png"),
            (["-size", "40x30", "xc:red", "-colorspace", "CMYK"], "cmyk.jpg"),
        ] {
            let bytes = try PictureFixture.convert(arguments + [name], in: folder)
            let imported = try PictureImport(bytes: bytes)
            #expect(imported.width == 40 && imported.height == 30, "\(name)")
            let surface = ImageSurface(width: 40, height: 30)
            surface.render(imported.placed(in: .null, at: Point(x: 20, y: 15)))
            #expect(pixel(surface, 20, 15, near: (255, 0, 0), within: 48), "\(name): \(surface.pixel(x: 20, y: 15))")
        }
    }

    @Test func aPNGDeclaring100000By100000PixelsIsRefusedAtOnce() {
        // A PNG signature and an IHDR saying 100,000 × 100,000, then a few bytes of nothing.
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8)
        bytes += [0x00, 0x01, 0x86, 0xA0, 0x00, 0x01, 0x86, 0xA0, 8, 6, 0, 0, 0, 0, 0, 0, 0] + [UInt8](repeating: 0, count: 64)
        let start = Date()
        #expect(throws: PictureError.self) { try PictureImport(bytes: bytes) }
        do {
            _ = try PictureImport(bytes: bytes)
        } catch {
            #expect(error.isTooLarge && error.message.contains("100000 × 100000") && !error.message.contains("\n"), "\(error.message)")
        }
        // Decoding it anyway is refused as well, before gdk-pixbuf allocates anything.
        #expect(throws: PictureError.self) { try PictureDecoder.decode(bytes, shift: 4) }
        #expect(Date().timeIntervalSince(start) < 1)
    }

    @Test func aTruncatedJPEGGivesWhatCouldBeReadOrAClearMessage() throws {
        let jpeg = try PictureFixture.convert(["-size", "200x100", "plasma:", "-quality", "90", "plasma.jpg"], in: folder)
        for cut in [jpeg.count / 2, 400, 40, 3] {
            let bytes = Array(jpeg.prefix(cut))
            do {
                let imported = try PictureImport(bytes: bytes)
                #expect(imported.width == 200 && imported.height == 100)
                let surface = ImageSurface(width: 200, height: 100)
                surface.render(imported.placed(in: .null, at: Point(x: 100, y: 50))) // whatever was read, no crash
            } catch {
                #expect(!error.message.isEmpty && !error.message.contains("\n"))
            }
        }
    }

    @Test func anSVGIsKeptAsVectorsAndItsExternalReferencesAreNeverRead() throws {
        let red = folder.file("red.png")
        try Data(PictureFixture.solidPNG(width: 10, height: 10, color: Color(red: 255, green: 0, blue: 0))).write(to: URL(fileURLWithPath: red))
        let svg = """
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="100" height="50">
            <rect x="0" y="0" width="50" height="50" fill="#0000ff"/>
            <image x="50" y="0" width="50" height="50" xlink:href="file://\(red)"/>
            <image x="50" y="0" width="50" height="50" href="\(red)"/>
            </svg>
            """
        let imported = try PictureImport(bytes: Array(svg.utf8))
        #expect(imported.width == 100 && imported.height == 50)
        let picture = imported.placed(in: .null, at: Point(x: 50, y: 25))
        let surface = ImageSurface(width: 100, height: 50)
        surface.render(picture)
        #expect(pixel(surface, 25, 25, near: (0, 0, 255), within: 2))
        #expect(!pixel(surface, 75, 25, near: (255, 0, 0), within: 60), "the referenced file was read: \(surface.pixel(x: 75, y: 25))")
    }

    @Test func anSVGThatDeclaresEntitiesIsRefused() {
        let laughs = """
            <?xml version="1.0"?>
            <!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]>
            <svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text>&c;</text></svg>
            """
        #expect(throws: PictureError.self) { try PictureImport(bytes: Array(laughs.utf8)) }
    }

    @Test func bytesThatAreNoPictureSaySo() {
        for bytes in [Array("hello, world".utf8), [UInt8](repeating: 0, count: 100), Array("BM not really a bitmap".utf8)] {
            do {
                _ = try PictureImport(bytes: bytes)
                Issue.record("\(bytes.prefix(8)) read as a picture")
            } catch {
                #expect(error.message == "not a PNG, JPEG, GIF, WebP or SVG picture")
            }
        }
    }
}
