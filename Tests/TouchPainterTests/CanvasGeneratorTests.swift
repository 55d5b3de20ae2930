import CGtk
import Foundation
@testable import GtkKit
import ScribbleKit
import Testing
@testable import TouchPainter

/// Canvas kinds (book chapter 4): each generator's factory method makes its kind,
/// canvases of a kind share one texture, and loading another kind through a generator keeps
/// the drawing, the history and the stroke in progress.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(1)))
struct CanvasGeneratorTests {
    /// A coordinator of its own, over a temporary gallery, keeping its preferences in a
    /// temporary folder (`folder + "/config/touchpainter/settings.ini"`).
    let fixture = CoordinatorFixture(keepingSettings: true)
    var folder: String { fixture.folder }
    var coordinator: CoordinatingController { fixture.coordinator }

    private func pointer(_ kind: PointerEvent.Kind, _ x: Double, _ y: Double) -> PointerEvent {
        PointerEvent(
            kind: kind, x: x, y: y, button: kind == .motion ? 0 : 1, pressure: nil,
            isPrimaryDown: kind == .motion, isDoubleClick: false, modifiers: [], time: 0)
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
        // The parallel hierarchy of products (book fig. 4-2): a type of canvas per kind.
        #expect(type(of: CanvasViewGenerator().canvasView()) == CanvasView.self)
        #expect(PaperCanvasViewGenerator().canvasView() is PaperCanvasView)
        #expect(ClothCanvasViewGenerator().canvasView() is ClothCanvasView)
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
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let canvas = coordinator.canvasViewController
        let scribble = canvas.document.scribble
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
        #expect(canvas.engine.session.scribble === scribble && canvas.document.scribble === scribble)
        #expect(scribble.marks.count == 2)
        let stroke = try #require(scribble.marks.last as? Stroke)
        #expect(
            stroke.elements.compactMap { if case .vertex(let p) = $0 { p } else { nil } }
                == [Point(x: 10, y: 50), Point(x: 40, y: 50), Point(x: 70, y: 50), Point(x: 100, y: 50)])
        // The row beside the tool bar holds the tool bar and the new view's drawing area, nothing else.
        let children = gtk_container_get_children(UnsafeMutableRawPointer(canvas.canvasRow.widget).assumingMemoryBound(to: GtkContainer.self))
        defer { g_list_free(children) }
        #expect(g_list_length(children) == 2)
        #expect(g_list_first(children)?.pointee.data == UnsafeMutableRawPointer(canvas.toolStrip.view.widget))
        #expect(g_list_last(children)?.pointee.data == UnsafeMutableRawPointer(canvas.canvasView.drawingArea.widget))

        canvas.undo()
        #expect(scribble.marks.count == 1)
        canvas.loadCanvasView(with: ClothCanvasViewGenerator())
        canvas.redo()
        #expect(scribble.marks.count == 2 && canvas.canvasKind == .cloth)
        #expect(canvas.document.state.canUndo)
    }

    @Test func choosingAKindInThePaletteLoadsItAndSavesIt() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let canvas = coordinator.canvasViewController
        let chooser = coordinator.palette().canvasChooser
        #expect(chooser.selected == .plain && canvas.canvasKind == .plain)
        func click(_ kind: CanvasKind) {
            gtk_button_clicked(UnsafeMutableRawPointer(chooser.button(for: kind).widget).assumingMemoryBound(to: GtkButton.self))
        }

        click(.paper)
        #expect(canvas.canvasKind == .paper && chooser.selected == .paper)
        coordinator.settings.waitForSaves()
        #expect(SettingsStore(path: folder + "/config/touchpainter/settings.ini").canvasKind == .paper)

        chooser.selected = .cloth // set by code, as when the palette is made: not a choice
        #expect(canvas.canvasKind == .paper)
        click(.plain)
        #expect(canvas.canvasKind == .plain && chooser.selected == .plain)
        coordinator.settings.waitForSaves()
        #expect(SettingsStore(path: folder + "/config/touchpainter/settings.ini").canvasKind == .plain)
    }

    @Test func aNewCanvasIsOfTheKindThePreferencesSay() throws {
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/config/touchpainter/settings.ini"
        try FileManager.default.createDirectory(atPath: folder + "/config/touchpainter", withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: path, contents: Data("[Canvas]\nkind=cloth\n".utf8)))
        let other = CoordinatingController.makeForTesting(
            document: Document(manager: ScribbleManager(directory: folder + "/gallery"), hop: { MainLoop.perform($0) }),
            settings: SettingsStore(path: path))
        #expect(other.canvasViewController.canvasKind == .cloth)
        #expect(other.palette().canvasChooser.selected == .cloth)
    }
}
