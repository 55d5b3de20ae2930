import CCairo
import CairoKit
import Foundation
import Testing
@testable import ScribbleKit

/// What every kind of mark must do, run on each kind in `MarkKindSample.all`: a file, the
/// journal and the history give it back exactly; every export, print, the thumbnail and the
/// time-lapse show it; it is hit where its
/// ink is and not beside it; its bounds hold all its ink and move as an edit moves it; the
/// replay shows it from its moment; and a Xournal++ notebook keeps it where the kind maps to one.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct MarkKindConformanceTests {
    let folder = TemporaryDirectory()

    /// A scribble holding `mark` alone.
    private func scribble(of mark: Mark) -> Scribble {
        let scribble = Scribble()
        scribble.add(mark)
        return scribble
    }

    /// A document over a gallery in the test's folder, keeping time on `clock`.
    private func document(_ clock: TestClock) -> Document { .timed(in: folder, clock) }

    /// Whether `outer` holds all of `inner`.
    private func covers(_ outer: Rect, _ inner: Rect) -> Bool {
        outer.minX <= inner.minX && outer.minY <= inner.minY && outer.maxX >= inner.maxX && outer.maxY >= inner.maxY
    }

    /// Whether every edge of `a` lies within `tolerance` of `b`'s.
    private func near(_ a: Rect, _ b: Rect, within tolerance: Float) -> Bool {
        abs(a.minX - b.minX) <= tolerance && abs(a.minY - b.minY) <= tolerance && abs(a.maxX - b.maxX) <= tolerance
            && abs(a.maxY - b.maxY) <= tolerance
    }

    /// Whether the pixel at (`x`, `y`) is `color` within `tolerance` levels a channel.
    private func pixel(_ surface: ImageSurface, _ x: Int, _ y: Int, is color: Color, within tolerance: Int) -> Bool {
        let p = surface.pixel(x: x, y: y)
        return abs(Int(p.r) - Int(color.red)) <= tolerance && abs(Int(p.g) - Int(color.green)) <= tolerance
            && abs(Int(p.b) - Int(color.blue)) <= tolerance
    }

    @Test(arguments: MarkKindSample.all)
    func aSavedFileOpensWithTheMarkAsItWasDrawn(kind: MarkKindSample) throws {
        let clock = TestClock()
        let document = document(clock)
        let drawn = kind.draw(document, clock)
        let path = folder.file("\(kind.name).scribble")
        try ScribbleManager.save(document.scribble, toPath: path)
        let opened = try ScribbleManager.loadScribble(path: path)
        try #require(opened.marks.count == 1)
        #expect(marksEqual(opened.marks[0], drawn) && marksEqual(drawn, kind.make()))
        #expect(opened.marks[0].bounds == drawn.bounds)
        #expect(timesOf(opened.marks[0]) == timesOf(drawn)) // when it was drawn, too
    }

    @Test(arguments: MarkKindSample.all)
    func theJournalRecoversTheMarkDrawnEditedUndoneAndRedone(kind: MarkKindSample) throws {
        let clock = TestClock()
        let live = document(clock)
        let journal = Journal(path: folder.file("session.journal"))
        live.startJournal(journal)
        let drawn = kind.draw(live, clock)
        live.execute(ReplaceMarksCommand(scribble: live.scribble, marks: [drawn], edit: .move(dx: 7, dy: 3)))
        live.undo()
        live.redo()
        let turn = AffineTransform.rotation(0.5, about: kind.onInk)
        live.execute(ReplaceMarksCommand(scribble: live.scribble, marks: live.scribble.marks, edit: .transform(turn)))
        live.execute(ReplaceMarksCommand(scribble: live.scribble, marks: live.scribble.marks, edit: .restyle(color: .black, size: nil)))
        journal.flush()
        let restored = Document(manager: live.manager, hop: { _ in })
        restored.restore(try JournalRecovery.read(journal.path, manager: live.manager))
        try #require(restored.scribble.marks.count == 1)
        #expect(marksEqual(restored.scribble.marks[0], live.scribble.marks[0]))
        journal.remove()
    }

    @Test(arguments: MarkKindSample.all)
    func drawingTheMarkIsOneStepUndoneAndRedoneExactly(kind: MarkKindSample) throws {
        let clock = TestClock()
        let document = document(clock)
        let recorder = ChangeRecorder()
        document.scribble.addObserver(recorder)
        let mark = kind.draw(document, clock)
        #expect(document.scribble.marks.count == 1 && document.scribble.marks.first === mark)
        #expect(document.history.undoCount == 1)
        let drawing = recorder.changes.dropFirst().reduce(Rect.null) { $0.union($1.dirty) }
        #expect(covers(drawing, mark.bounds), "the changes told the canvas of all the mark's area")
        document.undo()
        #expect(document.scribble.marks.isEmpty && document.history.undoCount == 0)
        let removal = try #require(recorder.changes.last)
        #expect(recorder.kinds.last == "removed" && covers(removal.dirty, mark.bounds))
        document.redo()
        #expect(document.scribble.marks.first === mark && marksEqual(mark, kind.make()))
        let back = try #require(recorder.changes.last)
        #expect(recorder.kinds.last == "added" && covers(back.dirty, mark.bounds))
    }

    @Test(arguments: MarkKindSample.all, ExportFormat.allCases.filter { $0 != .xopp })
    func everyExportShowsTheMarksInkOnItsPage(kind: MarkKindSample, format: ExportFormat) throws {
        let mark = kind.make()
        let exporter = Exporter(memento: scribble(of: mark).makeMemento())
        let page = Rect(
            x: Float(exporter.pageX), y: Float(exporter.pageY), width: Float(exporter.pageWidth), height: Float(exporter.pageHeight))
        #expect(covers(page, mark.bounds))
        let file = folder.file("export.\(format.rawValue)"), png = folder.file("seen.png")
        try exporter.write(format, to: file)
        #expect((try FileSystem.readFile(file)).count > 100)
        // What a reader of the format sees: the PNG itself, librsvg's rendering of the SVG,
        // poppler's of the PDF (at 72 dpi, a point a pixel, as the page was made).
        switch format {
        case .png: try FileManager.default.copyItem(atPath: file, toPath: png)
        case .svg: try runTool("/usr/bin/rsvg-convert", ["-o", png, file])
        case .pdf: try runTool("/usr/bin/pdftoppm", ["-png", "-r", "72", "-singlefile", file, folder.file("seen")])
        default: Issue.record("\(format): say here how a reader of it sees the page")
        }
        let seen = try #require(ImageSurface(png: png))
        var (x, y) = (Int(kind.onInk.x - page.minX), Int(kind.onInk.y - page.minY))
        if format == .pdf, let pdfPage = mark as? Page {
            // A PDF's page exports as the original page, not drawn again (`Exporter+Pages`):
            // its own size, a point a pixel at 72 dpi.
            let points: Float = 72.0 / 96
            (x, y) = (Int((kind.onInk.x - pdfPage.frame.minX) * points), Int((kind.onInk.y - pdfPage.frame.minY) * points))
        }
        #expect(pixel(seen, x, y, is: kind.ink, within: 24), "\(seen.pixel(x: x, y: y)) at the ink")
        #expect(pixel(seen, 1, 1, is: .white, within: 0), "the page's corner, in its margin, is blank")
    }

    /// The other pictures a drawing leaves the app as, each seen as its reader sees it.
    enum OtherPicture: CaseIterable {
        /// Print… (the print implementor, onto a PDF sheet the page's size, seen by poppler).
        case print
        /// The desktop's thumbnail (`touchpainter thumbnail`).
        case thumbnail
        /// The time-lapse's last frame.
        case timelapse
    }

    @Test(arguments: MarkKindSample.all, OtherPicture.allCases)
    func printTheThumbnailAndTheTimelapseShowTheMarksInk(kind: MarkKindSample, picture: OtherPicture) throws {
        let clock = TestClock()
        let document = document(clock)
        _ = kind.draw(document, clock)
        let memento = document.scribble.makeMemento()
        let exporter = Exporter(memento: memento)
        let page = Point(x: Float(exporter.pageX), y: Float(exporter.pageY))
        // The picture, and where the page's corner and one canvas pixel lie on it.
        let seen: ImageSurface, corner: Point, scale: Float
        switch picture {
        case .print:
            let pdf = folder.file("printed.pdf")
            let sheet = cairo_pdf_surface_create(pdf, exporter.pageWidth, exporter.pageHeight)
            let context = try #require(cairo_create(sheet))
            exporter.print(on: CairoContext(context), fitting: exporter.pageWidth, height: exporter.pageHeight)
            cairo_destroy(context)
            cairo_surface_finish(sheet)
            cairo_surface_destroy(sheet)
            try runTool("/usr/bin/pdftoppm", ["-png", "-r", "72", "-singlefile", pdf, folder.file("printed")])
            (seen, corner, scale) = (try #require(ImageSurface(png: folder.file("printed.png"))), page, 1)
        case .thumbnail:
            try ScribbleManager.save(memento, toPath: folder.file("thumbnailed.scribble"))
            try Thumbnailer.thumbnail(of: folder.file("thumbnailed.scribble"), to: folder.file("thumbnail.png"), size: 256)
            let image = try #require(ImageSurface(png: folder.file("thumbnail.png")))
            (seen, corner, scale) = (image, page, Float(Double(image.width) / exporter.pageWidth))
        case .timelapse:
            let timeline = ReplayTimeline(document.scribble)
            let schedule = TimelapseSchedule(pace: ReplayPace(timeline, skippingIdle: false), speed: 1)
            let renderer = try TimelapseRenderer(timeline: timeline, schedule: schedule)
            let frame = renderer.render(frame: schedule.frameCount - 1)
            let image = ImageSurface(width: renderer.width, height: renderer.height)
            let stride = Int(cairo_image_surface_get_stride(image.surface))
            let data = try #require(cairo_image_surface_get_data(image.surface))
            for row in 0..<renderer.height { // RGB24 rows into the ARGB32 surface, made opaque
                for column in 0..<renderer.width {
                    let word = frame.load(fromByteOffset: (row * renderer.width + column) * 4, as: UInt32.self) | 0xFF00_0000
                    UnsafeMutableRawPointer(data).storeBytes(of: word, toByteOffset: row * stride + column * 4, as: UInt32.self)
                }
            }
            cairo_surface_mark_dirty(image.surface)
            let area = document.scribble.root.bounds.outset(by: Exporter.margin).integral
            (seen, corner, scale) = (image, Point(x: area.minX, y: area.minY), Float(renderer.scale))
        }
        let x = Int((kind.onInk.x - corner.x) * scale), y = Int((kind.onInk.y - corner.y) * scale)
        #expect(pixel(seen, x, y, is: kind.ink, within: 24), "\(seen.pixel(x: x, y: y)) at the ink")
        #expect(pixel(seen, 1, 1, is: .white, within: 0), "the corner, in the margin, is blank")
    }

    @Test(arguments: MarkKindSample.all)
    func aPointOnTheInkHitsTheMarkAndPointsBesideItMiss(kind: MarkKindSample) {
        let mark = kind.make()
        let scribble = scribble(of: mark)
        if kind.isPaper { // the paper's rule: nothing hits it, on its ink or anywhere on it
            #expect(mark.isLocked && scribble.topmostMark(at: kind.onInk) == nil)
            #expect(scribble.marks(touchedAlongSegmentFrom: Point(x: -50, y: kind.onInk.y), to: Point(x: 400, y: kind.onInk.y), radius: 8).isEmpty)
            #expect(!mark.isHit(at: kind.onInk, radius: 4) && mark.erased(by: EraserStep(from: kind.onInk, to: kind.onInk, radius: 30)) == nil)
            return
        }
        #expect(scribble.topmostMark(at: kind.onInk)?.mark === mark)
        let bounds = mark.bounds, beyond = Scribble.hitSlop + 2
        for far in [
            Point(x: bounds.maxX + beyond, y: kind.onInk.y), Point(x: kind.onInk.x, y: bounds.minY - beyond),
            Point(x: bounds.minX - 300, y: bounds.maxY + 300),
        ] {
            #expect(scribble.topmostMark(at: far) == nil, "\(far)")
        }
        // The eraser's test: a path across the ink touches the mark; one below it does not.
        #expect(mark.isHit(alongSegmentFrom: Point(x: bounds.minX - 20, y: kind.onInk.y), to: Point(x: bounds.maxX + 20, y: kind.onInk.y), radius: 1))
        #expect(
            !mark.isHit(
                alongSegmentFrom: Point(x: bounds.minX - 20, y: bounds.maxY + beyond), to: Point(x: bounds.maxX + 20, y: bounds.maxY + beyond),
                radius: 1))
    }

    @Test(arguments: MarkKindSample.all)
    func theBoundsHoldEveryPixelTheRendererInks(kind: MarkKindSample) {
        let mark = kind.make()
        let surface = ImageSurface(width: 200, height: 120)
        #expect(covers(Rect(x: 0, y: 0, width: 200, height: 120), mark.bounds))
        surface.render(mark)
        let bounds = mark.bounds.outset(by: 1) // an anti-aliased edge pixel may lie across the line
        var inked = 0, outside: [(Int, Int)] = []
        for y in 0..<surface.height {
            for x in 0..<surface.width where !surface.pixel(x: x, y: y, is: .white) {
                inked += 1
                if Float(x + 1) <= bounds.minX || Float(x) >= bounds.maxX || Float(y + 1) <= bounds.minY || Float(y) >= bounds.maxY {
                    outside.append((x, y))
                }
            }
        }
        #expect(inked > 50 && outside.isEmpty, "\(inked) pixels inked, outside the bounds: \(outside.prefix(8))")
        #expect(pixel(surface, Int(kind.onInk.x), Int(kind.onInk.y), is: kind.ink, within: 8))
    }

    @Test(arguments: MarkKindSample.all)
    func movingAndScalingMoveTheBoundsAsTheEditSaysAndUndoPutsTheMarkBack(kind: MarkKindSample) throws {
        let clock = TestClock()
        let document = document(clock)
        let mark = kind.draw(document, clock)
        let before = mark.bounds, grid = 2 / MarkLimits.gridScale
        document.execute(ReplaceMarksCommand(scribble: document.scribble, marks: [mark], edit: .move(dx: 30, dy: -12)))
        let moved = try #require(document.scribble.marks.first)
        #expect(moved !== mark && mark.bounds == before, "an edited copy; the original untouched")
        if kind.isPaper { // the paper's rule: an edit leaves it where it was laid, at its size
            #expect(moved.bounds == before && marksEqual(moved, mark))
            document.execute(ReplaceMarksCommand(scribble: document.scribble, marks: [moved], edit: .transform(.scale(sx: 2, sy: 2, about: .zero))))
            document.execute(ReplaceMarksCommand(scribble: document.scribble, marks: document.scribble.marks, edit: .restyle(color: .black, size: 9)))
            let edited = try #require(document.scribble.marks.first)
            #expect(edited.bounds == before && marksEqual(edited, mark) && edited.color == nil)
            document.undo()
            document.undo()
            document.undo()
            #expect(document.scribble.marks.first === mark && document.scribble.marks.count == 1)
            return
        }
        #expect(
            near(moved.bounds, Rect(minX: before.minX + 30, minY: before.minY - 12, maxX: before.maxX + 30, maxY: before.maxY - 12), within: grid))
        #expect(document.scribble.topmostMark(at: Point(x: kind.onInk.x + 30, y: kind.onInk.y - 12))?.mark === moved)
        let centre = Point(x: (moved.bounds.minX + moved.bounds.maxX) / 2, y: (moved.bounds.minY + moved.bounds.maxY) / 2)
        document.execute(ReplaceMarksCommand(scribble: document.scribble, marks: [moved], edit: .transform(.scale(sx: 2, sy: 2, about: centre))))
        let scaled = try #require(document.scribble.marks.first)
        let doubled = Rect(
            minX: centre.x - moved.bounds.width, minY: centre.y - moved.bounds.height,
            maxX: centre.x + moved.bounds.width, maxY: centre.y + moved.bounds.height)
        #expect(near(scaled.bounds, doubled, within: 2 * grid), "\(scaled.bounds) for \(doubled)")
        document.undo()
        #expect(document.scribble.marks.first === moved)
        document.undo()
        #expect(document.scribble.marks.first === mark && mark.bounds == before)
        document.redo()
        document.redo()
        #expect(document.scribble.marks.first === scaled && document.scribble.marks.count == 1)
    }

    @Test(arguments: MarkKindSample.all)
    func theReplayShowsTheMarkFromTheMomentItWasDrawn(kind: MarkKindSample) throws {
        let clock = TestClock()
        let document = document(clock)
        clock.advance(100)
        let earlier = Dot(location: Point(x: 180, y: 110), color: .black, size: 4)
        document.execute(DrawScribbleCommand(scribble: document.scribble, mark: earlier))
        document.markFinished(earlier)
        clock.advance(1000)
        let mark = kind.draw(document, clock)
        if kind.isPaper { // the paper's rule: untimed, so there from the replay's start, under the ink
            #expect(mark.startTime == nil && mark.endTime == nil)
            let player = ReplayPlayer(ReplayTimeline(document.scribble))
            player.seek(to: 0)
            #expect(player.scribble.marks.count == 1 && player.scribble.marks.first.map { marksEqual($0, mark) } == true)
            player.seek(to: document.scribble.historyEnd)
            #expect(player.scribble.marks.count == 2 && player.scribble.marks.contains { marksEqual($0, mark) })
            return
        }
        let start = try #require(mark.startTime), end = try #require(mark.endTime)
        #expect(start > (earlier.startTime ?? .max))
        let player = ReplayPlayer(ReplayTimeline(document.scribble))
        player.seek(to: start - 1)
        #expect(player.scribble.marks.count == 1 && player.scribble.marks.first.map { marksEqual($0, earlier) } == true)
        player.seek(to: end)
        try #require(player.scribble.marks.count == 2)
        #expect(marksEqual(player.scribble.marks[1], mark))
        player.seek(to: start - 1)
        player.advance(to: end) // played on, frame by frame
        try #require(player.scribble.marks.count == 2)
        #expect(marksEqual(player.scribble.marks[1], mark))
    }

    @Test(arguments: MarkKindSample.all.filter(\.mapsToXopp))
    func aXournalNotebookKeepsTheMarksInkAndPlace(kind: MarkKindSample) throws {
        let mark = kind.make()
        let exporter = Exporter(memento: scribble(of: mark).makeMemento())
        let path = folder.file("mark.xopp")
        try exporter.write(.xopp, to: path)
        let notebook = try XoppImporter.read(path)
        // The page's outline and background come first, one locked group; then the page's marks.
        let marks = notebook.scribble.marks.dropFirst()
        try #require(marks.count == 1)
        let imported = try #require(marks.first)
        // The page's corner is the notebook's origin.
        let (dx, dy) = (-Float(exporter.pageX), -Float(exporter.pageY))
        if let color = imported.color {
            #expect(color == kind.ink)
        } else { // a kind that paints its own colours (a picture): its ink where it was
            let seen = ImageSurface(width: 200, height: 120)
            seen.draw { context in
                cairo_translate(context, Double(-dx), Double(-dy))
                MarkRenderer(context: context).render(imported)
            }
            #expect(pixel(seen, Int(kind.onInk.x), Int(kind.onInk.y), is: kind.ink, within: 8))
        }
        let expected = Rect(minX: mark.bounds.minX + dx, minY: mark.bounds.minY + dy, maxX: mark.bounds.maxX + dx, maxY: mark.bounds.maxY + dy)
        #expect(near(imported.bounds, expected, within: 0.5), "\(imported.bounds) for \(expected)")
        #expect(notebook.scribble.topmostMark(at: Point(x: kind.onInk.x + dx, y: kind.onInk.y + dy))?.mark === imported)
    }
}
