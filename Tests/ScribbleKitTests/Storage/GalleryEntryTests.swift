import CCairo
import Foundation
import Testing
@testable import ScribbleKit

/// What the gallery needs of its files without decoding drawings: whether an entry reads,
/// renaming, a thumbnail's size from its header, and refusing what is not a regular file.
@Suite(.timeLimit(.minutes(1)))
struct GalleryEntryTests {
    let folder = TemporaryDirectory()

    private func savedEntry(_ manager: ScribbleManager) throws -> ScribbleEntry {
        let scribble = Scribble()
        let stroke = Stroke(color: .black, size: 3)
        stroke.append(contentsOf: (0..<100).map { Point(x: Float($0), y: Float($0 % 7)) })
        scribble.add(stroke)
        return try manager.save(scribble, canvasWidth: 120, canvasHeight: 90)
    }

    @Test func anEntryIsIntactUntilAnyByteOfItChanges() throws {
        let manager = ScribbleManager(directory: folder.file("gallery"))
        let entry = try savedEntry(manager)
        #expect(ScribbleManager.isIntact(path: entry.scribblePath))
        var bytes = try #require(FileManager.default.contents(atPath: entry.scribblePath))
        bytes[bytes.count / 2] ^= 0x01 // inside the drawing: the header still reads
        try bytes.write(to: URL(fileURLWithPath: entry.scribblePath))
        #expect(!ScribbleManager.isIntact(path: entry.scribblePath))
        #expect(!ScribbleManager.isIntact(path: folder.file("missing.scribble")))
    }

    @Test func renamingRewritesTheTitleAndKeepsTheDrawing() throws {
        let manager = ScribbleManager(directory: folder.file("gallery"))
        let entry = try savedEntry(manager)
        let renamed = try manager.rename(id: entry.id, to: "Picnic").entry
        #expect(renamed.title == "Picnic")
        #expect(try manager.entries().map(\.title) == ["Picnic"])
        let reopened = try manager.loadScribble(id: entry.id)
        #expect(reopened.title == "Picnic")
        #expect(reopened.root.count == 1)
        #expect(throws: StorageError.self) { try manager.rename(id: entry.id, to: "bad\u{0}name") }
        #expect(throws: StorageError.self) { try manager.rename(id: entry.id, to: "") }
    }

    @Test func renamingKeepsTheSaveTimeAndTheGalleryOrder() throws {
        let manager = ScribbleManager(directory: folder.file("gallery"))
        let older = try savedEntry(manager)
        let newer = try savedEntry(manager)
        // Saved an hour apart, as far as the files say.
        let hourAgo = timespec(tv_sec: time(nil) - 3600, tv_nsec: 0)
        #expect(FileSystem.setModificationTime(older.scribblePath, to: hourAgo))
        let before = try manager.entries()
        #expect(before.map(\.id) == [newer.id, older.id])
        let renamed = try manager.rename(id: older.id, to: "Picnic").entry
        #expect(renamed.savedAt == before[1].savedAt)
        let after = try manager.entries()
        #expect(after.map(\.id) == [newer.id, older.id])
        #expect(after[1].savedAt == before[1].savedAt)
        #expect(FileSystem.modificationTime(older.scribblePath)?.tv_sec == hourAgo.tv_sec)
    }

    @Test func aThumbnailsSizeComesFromItsHeader() throws {
        let path = folder.file("wide.png")
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 300, 7)
        cairo_surface_write_to_png(surface, path)
        cairo_surface_destroy(surface)
        let size = try PNGHeader.size(ofFileAt: path)
        #expect(size.width == 300 && size.height == 7)
        #expect(PNGHeader.size(of: Array("not a png at all, not at all".utf8)) == nil)
    }

    @Test func aPNGDeclaringHugeDimensionsIsRefusedBeforeDecoding() throws {
        let path = folder.file("bomb.png")
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 16, 16)
        cairo_surface_write_to_png(surface, path)
        cairo_surface_destroy(surface)
        var bytes = try #require(FileManager.default.contents(atPath: path))
        // Declare 20000×20000 in the IHDR chunk (its CRC no longer matches, but the header
        // check must refuse it before libpng would even look).
        for (offset, value) in [(16, 20000), (20, 20000)] {
            for index in 0..<4 { bytes[offset + index] = UInt8(truncatingIfNeeded: value >> (24 - 8 * index)) }
        }
        try bytes.write(to: URL(fileURLWithPath: path))
        #expect(CairoImage(pngAt: path) == nil)
    }

    @Test(.timeLimit(.minutes(1))) func aFIFOIsRefusedWithoutBlocking() throws {
        let path = folder.file("pipe.scribble")
        #expect(mkfifo(path, 0o600) == 0)
        #expect(throws: StorageError.self) { try ScribbleManager.loadScribble(path: path) }
        #expect(!ScribbleManager.isIntact(path: path))
    }
}

/// Colours as hex text (`#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`), for the palette's hex entry and the settings file.
@Suite(.timeLimit(.minutes(1)))
struct ColorHexTests {
    @Test func hexTextRoundTrips() {
        #expect(Color(hex: "#E01B24") == Color(red: 224, green: 27, blue: 36))
        #expect(Color(hex: " 3584e4 ") == Color(red: 53, green: 132, blue: 228))
        #expect(Color(red: 1, green: 2, blue: 255).hex == "#0102ff")
        for bad in ["", "#", "#12345", "#1234567", "#gg0000", "red", "#+12345", "f00", "bad", "#12", "#123456789"] {
            #expect(Color(hex: bad) == nil, "\(bad)")
        }
    }

    @Test func theShortAndAlphaFormsOfCSSRead() {
        #expect(Color(hex: "#f80") == Color(red: 255, green: 136, blue: 0))
        #expect(Color(hex: "#F808") == Color(red: 255, green: 136, blue: 0, alpha: 136))
        #expect(Color(hex: "#e01b2480") == Color(red: 224, green: 27, blue: 36, alpha: 128))
        #expect(Color(red: 224, green: 27, blue: 36, alpha: 128).hexWithAlpha == "#e01b2480")
        #expect(Color(red: 224, green: 27, blue: 36).hexWithAlpha == "#e01b24")
    }
}

/// Values no TouchPainter could have written are refused where they enter (issue 11): a
/// 78-byte file with a stroke 10¹² px wide once froze the window for half a minute.
@Suite(.timeLimit(.minutes(1)))
struct ValueLimitTests {
    private func error(_ payload: [UInt8]) -> ScribbleFormatError? { decodingError(CraftedFile.make(payload: payload)) }

    @Test func hugeOrNegativeWidthsAndSizesAreCorrupt() {
        for width: Float in [1e12, 1024.5, -1, 3.3e12] {
            let stroke = CraftedFile.strokeHead(children: 1) + CraftedFile.strokeHead(size: width, children: 0)
            #expect(error(stroke).map { "\($0)".contains("width is out of range") } == true, "\(width)")
            let dot = CraftedFile.strokeHead(children: 1) + CraftedFile.dot(at: Point(x: 1, y: 1), size: width)
            #expect(error(dot).map { "\($0)".contains("size is out of range") } == true, "\(width)")
        }
        #expect(error(CraftedFile.strokeHead(children: 1) + CraftedFile.strokeHead(size: 1024, children: 0)) == nil)
    }

    @Test func farAwayLocationsAreCorrupt() {
        let dot = CraftedFile.strokeHead(children: 1) + CraftedFile.dot(at: Point(x: 2e6, y: 1))
        #expect(error(dot) == .corrupt("a location is too far from the canvas"))
        let run = CraftedFile.strokeHead(children: 2) + CraftedFile.run([Point(x: 1, y: 1), Point(x: 1, y: -3e7)], declaring: 2)
        #expect(error(run) == .corrupt("a location is too far from the canvas"))
    }

    @Test func marksMadeInCodeAreClampedSoTheyAlwaysReadBack() throws {
        let scribble = Scribble()
        scribble.title = "tab\there\u{0}"
        let stroke = Stroke(color: .black, size: 1e12)
        stroke.append(contentsOf: [Point(x: 0, y: 0), Point(x: 5e9, y: -5e9)])
        scribble.add(stroke)
        let restored = try ScribbleMemento(data: scribble.makeMemento().data)
        let saved = try #require(Scribble(memento: restored).marks.first as? Stroke)
        #expect(saved.size == ScribbleFormat.maximumSize)
        #expect(saved.lastChild?.location == Point(x: 1_000_000, y: -1_000_000))
        #expect(restored.title == "tabhere") // control characters dropped
    }
}
