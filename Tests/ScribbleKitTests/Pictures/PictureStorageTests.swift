import CCairo
import Foundation
import Testing
@testable import ScribbleKit

/// Pictures kept as they came (issue 54): the original bytes once per scribble, however many
/// times the picture is shown, in a file of format version 7, and in the journal once.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct PictureStorageTests {
    let folder = TemporaryDirectory()

    /// A PNG of noise (so it does not compress), `side` pixels square.
    private func noisyPNG(side: Int, seed: UInt64 = 7) -> [UInt8] {
        var state = seed
        return PictureFixture.png(width: side, height: side) { context in
            for y in 0..<side {
                for x in 0..<side {
                    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                    let v = Double(state >> 40 & 0xFF) / 255
                    cairo_set_source_rgb(context, v, 1 - v, Double(state >> 48 & 0xFF) / 255)
                    cairo_rectangle(context, Double(x), Double(y), 1, 1)
                    cairo_fill(context)
                }
            }
        }
    }

    /// The format version a file's header says.
    private func versionOf(_ bytes: [UInt8]) throws -> Int {
        try bytes.withUnsafeBytes { raw in try ScribbleFormat.version(of: raw) }
    }

    @Test func aPictureShownTenTimesIsStoredOnceAndTheFileGrowsByItsSizeAlone() throws {
        let bytes = noisyPNG(side: 200)
        #expect(bytes.count > 80_000)
        let empty = Scribble()
        empty.add(Dot(location: Point(x: 5, y: 5), color: .black, size: 4))
        try ScribbleManager.save(empty, toPath: folder.file("empty.scribble"))
        let base = try FileSystem.readFile(folder.file("empty.scribble")).count

        let once = Scribble()
        once.add(Dot(location: Point(x: 5, y: 5), color: .black, size: 4))
        let imported = try PictureImport(bytes: bytes)
        once.add(imported.placed(in: Rect(x: 0, y: 0, width: 800, height: 600)))
        try ScribbleManager.save(once, toPath: folder.file("once.scribble"))
        let onceGrowth = try FileSystem.readFile(folder.file("once.scribble")).count - base
        #expect(Double(onceGrowth) <= 1.05 * Double(bytes.count), "\(onceGrowth) bytes for a picture of \(bytes.count)")

        // Ten pastes, each read anew (ten objects holding equal bytes): stored once.
        let ten = Scribble()
        ten.add(Dot(location: Point(x: 5, y: 5), color: .black, size: 4))
        for index in 0..<10 {
            ten.add(try PictureImport(bytes: bytes).placed(in: Rect(x: 0, y: 0, width: 800, height: 600), at: Point(x: Float(index * 30), y: 300)))
        }
        #expect(ten.contents.count == 1)
        try ScribbleManager.save(ten, toPath: folder.file("ten.scribble"))
        let tenGrowth = try FileSystem.readFile(folder.file("ten.scribble")).count - base
        #expect(Double(tenGrowth) <= 1.05 * Double(bytes.count) + 4096, "\(tenGrowth) bytes for ten of \(bytes.count)")

        // Read back: ten pictures sharing one content, the bytes exactly as they came.
        let opened = try ScribbleManager.loadScribble(path: folder.file("ten.scribble"))
        let pictures = opened.marks.compactMap { $0 as? Picture }
        #expect(pictures.count == 10 && Set(pictures.map { ObjectIdentifier($0.content) }).count == 1)
        #expect(pictures.first?.content.bytes == bytes)
    }

    @Test func aFileWithAPictureIsVersion7AndOneWithoutStaysOlder() throws {
        let scribble = Scribble()
        scribble.add(Dot(location: Point(x: 5, y: 5), color: .black, size: 4))
        try ScribbleManager.save(scribble, toPath: folder.file("plain.scribble"))
        let plain = try FileSystem.readFile(folder.file("plain.scribble"))
        #expect(try versionOf(plain) < 7)
        scribble.add(Picture(content: MarkKindSample.pictureContent, width: 120, height: 80, at: Point(x: 10, y: 10)))
        let bytes = ScribbleEncoder.encode(scribble.makeMemento(), root: scribble.root)
        #expect(try versionOf(bytes) == 7)
        try Data(bytes).write(to: URL(fileURLWithPath: folder.file("v7.scribble")))
        let opened = try ScribbleManager.loadScribble(path: folder.file("v7.scribble"))
        #expect(opened.marks.count == 2 && opened.marks[1] is Picture)
    }

    @Test func aTurnedAndScaledPictureSavesAndOpensExactly() throws {
        let picture = Picture(content: MarkKindSample.pictureContent, width: 120, height: 80, at: Point(x: 10, y: 10))
        let turned = picture.transformed(by: AffineTransform.rotation(0.7, about: Point(x: 50, y: 40)).then(.scale(sx: 1.5, sy: 0.5, about: .zero)))
        let scribble = Scribble()
        scribble.add(turned)
        try ScribbleManager.save(scribble, toPath: folder.file("turned.scribble"))
        let opened = try ScribbleManager.loadScribble(path: folder.file("turned.scribble"))
        #expect(opened.marks.count == 1 && marksEqual(opened.marks[0], turned))
        #expect(opened.marks[0].bounds == turned.bounds)
    }

    @Test func aFileWhosePictureShowsContentItDoesNotHoldIsRefused() throws {
        let scribble = Scribble()
        scribble.add(Picture(content: MarkKindSample.pictureContent, width: 120, height: 80, at: Point(x: 10, y: 10)))
        var bytes = ScribbleEncoder.encode(scribble.makeMemento(), root: scribble.root)
        // Change one byte of the stored picture: its SHA-256 no longer matches.
        let digest = MarkKindSample.pictureContent.digest.bytes
        let at = try #require(bytes.indices.first { bytes[$0..<min($0 + 32, bytes.count)].elementsEqual(digest) })
        bytes[at + 40] ^= 0xFF
        #expect(throws: ScribbleFormatError.self) { try ScribbleFormat.decode(bytes) }
    }

    @Test func theJournalWritesAPicturesBytesOnceAndRestoresItAfterACrash() throws {
        let bytes = noisyPNG(side: 160, seed: 11)
        let clock = TestClock()
        let live = Document.timed(in: folder, clock)
        let journal = Journal(path: folder.file("session.journal"))
        live.startJournal(journal)
        let picture = try PictureImport(bytes: bytes).placed(in: Rect(x: 0, y: 0, width: 800, height: 600))
        live.execute(DrawScribbleCommand(scribble: live.scribble, mark: picture))
        live.markFinished(picture)
        for step in 0..<5 {
            clock.advance(10)
            live.execute(ReplaceMarksCommand(scribble: live.scribble, marks: live.scribble.marks, edit: .move(dx: Float(step), dy: 1)))
        }
        live.execute(
            ReplaceMarksCommand(
                scribble: live.scribble, marks: live.scribble.marks, edit: .transform(.rotation(0.3, about: Point(x: 400, y: 300)))))
        journal.flush()
        let size = try FileSystem.readFile(journal.path).count
        #expect(size < bytes.count + 4096, "the journal holds \(size) bytes for a picture of \(bytes.count)")
        let restored = Document(manager: live.manager, hop: { _ in })
        restored.restore(try JournalRecovery.read(journal.path, manager: live.manager))
        try #require(restored.scribble.marks.count == 1)
        #expect(marksEqual(restored.scribble.marks[0], live.scribble.marks[0]))
        #expect((restored.scribble.marks[0] as? Picture)?.content.bytes == bytes)
        journal.remove()
    }
}
