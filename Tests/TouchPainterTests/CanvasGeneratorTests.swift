import CGtk
import Foundation
@testable import GtkKit
import ScribbleKit
import Testing
@testable import TouchPainter

/// Canvas kinds (SPEC §7, book chapter 4): each generator's factory method makes its kind,
/// canvases of a kind share one texture, and loading another kind through a generator keeps
/// the drawing, the history and the stroke in progress.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(1)))
struct CanvasGeneratorTests {
    init() {
        #expect(gtk_init_check(nil, nil) != 0, "GTK needs a display; run through `make test`")
    }

    private func pointer(_ kind: PointerEvent.Kind, _ x: Double, _ y: Double) -> PointerEvent {
        PointerEvent(kind: kind, x: x, y: y, button: kind == .motion ? 0 : 1, pressure: nil,
                     isPrimaryDown: kind == .motion, isDoubleClick: false, state: 0)
    }

    @Test func eachGeneratorMakesItsKind() {
        #expect(CanvasViewGenerator().canvasView().background == .plain)
        #expect(PaperCanvasViewGenerator().canvasView().background == .paper)
        #expect(ClothCanvasViewGenerator().canvasView().background == .cloth)
        for kind in CanvasKind.allCases {
            #expect(CanvasViewGenerator.generator(for: kind).canvasView().background == kind)
        }
        #expect(CanvasViewGenerator.generator(for: .paper) is PaperCanvasViewGenerator)
        #expect(CanvasViewGenerator.generator(for: .cloth) is ClothCanvasViewGenerator)
    }

    @Test func canvasesOfAKindShareOneTexture() throws {
        let first = PaperCanvasViewGenerator().canvasView()
        let second = PaperCanvasViewGenerator().canvasView()
        let texture = try #require(first.texture)
        #expect(second.texture === texture)
        #expect(texture.kind == .paper)
        let cloth = try #require(ClothCanvasViewGenerator().canvasView().texture)
        #expect(cloth !== texture && cloth.kind == .cloth)
        #expect(CanvasViewGenerator().canvasView().texture == nil)
    }

    @Test func switchingKeepsTheDrawingTheHistoryAndTheStrokeInProgress() throws {
        let canvas = CanvasViewController(manager: ScribbleManager(directory: NSTemporaryDirectory() + UUID().uuidString))
        let scribble = canvas.scribble
        canvas.handle(pointer(.press, 10, 10))
        canvas.handle(pointer(.motion, 50, 10))
        canvas.handle(pointer(.release, 90, 10))
        canvas.handle(pointer(.press, 10, 50))
        canvas.handle(pointer(.motion, 40, 50))
        let oldView = canvas.canvasView

        canvas.loadCanvasView(with: PaperCanvasViewGenerator()) // mid-stroke
        canvas.handle(pointer(.motion, 70, 50))
        canvas.handle(pointer(.release, 100, 50))

        #expect(canvas.canvasKind == .paper)
        #expect(canvas.canvasView !== oldView)
        #expect(canvas.canvasView.scribble === scribble && canvas.scribble === scribble)
        #expect(scribble.marks.count == 2)
        let stroke = try #require(scribble.marks.last as? Stroke)
        #expect(stroke.elements.compactMap { if case .vertex(let p) = $0 { p } else { nil } }
            == [Point(x: 10, y: 50), Point(x: 40, y: 50), Point(x: 70, y: 50), Point(x: 100, y: 50)])
        // The page holds the new view's drawing area and nothing else.
        let children = gtk_container_get_children(UnsafeMutableRawPointer(canvas.canvasPage.widget).assumingMemoryBound(to: GtkContainer.self))
        defer { g_list_free(children) }
        #expect(g_list_length(children) == 1)
        #expect(children?.pointee.data == UnsafeMutableRawPointer(canvas.canvasView.drawingArea.widget))

        canvas.history.undo()
        #expect(scribble.marks.count == 1)
        canvas.loadCanvasView(with: ClothCanvasViewGenerator())
        canvas.history.redo()
        #expect(scribble.marks.count == 2 && canvas.canvasKind == .cloth)
    }

    @Test func choosingAKindInThePaletteLoadsItAndSavesIt() throws {
        let folder = NSTemporaryDirectory() + "canvas-kind-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/touchpainter/settings.ini"
        let coordinator = CoordinatingController.shared
        let saved = coordinator.settings
        coordinator.settings = SettingsStore(path: path)
        defer { coordinator.settings = saved }
        let canvas = coordinator.canvasViewController
        let chooser = coordinator.palette().canvasChooser
        func click(_ kind: CanvasKind) {
            gtk_button_clicked(UnsafeMutableRawPointer(chooser.button(for: kind).widget).assumingMemoryBound(to: GtkButton.self))
        }

        click(.paper)
        #expect(canvas.canvasKind == .paper && chooser.selected == .paper)
        coordinator.settings.waitForSaves()
        #expect(SettingsStore(path: path).canvasKind == .paper)

        chooser.selected = .cloth // set by code, as when the palette is made: not a choice
        #expect(canvas.canvasKind == .paper)
        click(.plain)
        #expect(canvas.canvasKind == .plain && chooser.selected == .plain)
        coordinator.settings.waitForSaves()
        #expect(SettingsStore(path: path).canvasKind == .plain)
    }
}
