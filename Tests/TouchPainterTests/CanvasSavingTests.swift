import CGtk
import Foundation
import GtkKit
import ScribbleKit
import Testing
@testable import TouchPainter

/// Saving in the background: one entry per scribble however often Save is pressed, and the
/// `•` stays while the drawing has changes the save did not include.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(1)))
struct CanvasSavingTests {
    let folder = NSTemporaryDirectory() + "canvas-saving-\(UUID().uuidString)"
    let canvas: CanvasViewController

    init() {
        #expect(gtk_init_check(nil, nil) != 0, "GTK needs a display; run through `make test`")
        canvas = CanvasViewController(manager: ScribbleManager(directory: folder))
    }

    private func stroke(at y: Float) -> Stroke {
        let stroke = Stroke(color: .black, size: 4)
        stroke.append(Point(x: 10, y: y))
        stroke.append(Point(x: 200, y: y))
        return stroke
    }

    private func draw(at y: Float) {
        canvas.history.execute(DrawScribbleCommand(scribble: canvas.scribble, mark: stroke(at: y)))
    }

    /// Lets the save queue and then the main loop finish what they have.
    private func settle() {
        CanvasViewController.saving.sync {}
        MainLoop.iterate()
    }

    private var savedFiles: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".scribble") }
    }

    @Test func saveWritesInTheBackgroundThenMarksTheDrawingSaved() {
        draw(at: 50)
        #expect(canvas.hasUnsavedWork)
        canvas.save()
        settle()
        #expect(!canvas.hasUnsavedWork)
        #expect(canvas.title == "Scribble 1")
        guard case .gallery = canvas.origin else {
            Issue.record("a saved new scribble is not a gallery entry: \(canvas.origin)")
            return
        }
        #expect(savedFiles.count == 1)
    }

    @Test func pressingSaveTwiceQuicklyMakesOneEntryWithTheLatestDrawing() throws {
        draw(at: 50)
        canvas.save()
        draw(at: 100)
        canvas.save() // while the first is being written
        settle()
        settle()
        #expect(savedFiles.count == 1)
        let saved = try ScribbleManager(directory: folder).loadScribble(at: 0)
        #expect(saved.root.count == 2)
        #expect(!canvas.hasUnsavedWork)
    }

    @Test func drawingDuringASaveKeepsTheDrawingUnsaved() {
        draw(at: 50)
        canvas.save()
        draw(at: 100) // not in the snapshot
        settle()
        #expect(canvas.hasUnsavedWork)
        #expect(canvas.title == "• Scribble 1")
    }

    @Test func quittingRightAfterSaveWaitsForItInsteadOfAsking() {
        draw(at: 50)
        canvas.save()
        // No dialog may come up here: the save in flight covers the drawing.
        #expect(canvas.confirmDiscardingChanges())
        #expect(savedFiles.count == 1)
    }
}
