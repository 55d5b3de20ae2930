import CGtk
import Foundation
@testable import GtkKit
import ScribbleKit
import Testing
@testable import TouchPainter

/// The Mediator and the Observer on the canvas (book chapters 11 and 12): a toolbar click
/// is decided by the coordinator from the tag the button carries, and the canvas engine —
/// not the controller, not the view — observes the scribble; the view applies what it returns.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(1)))
struct CanvasMediatorTests {
    let fixture = CoordinatorFixture(keepingSettings: true)
    var coordinator: CoordinatingController { fixture.coordinator }

    private func click(_ tagged: TaggedButton?) {
        guard let tagged else {
            Issue.record("no such button")
            return
        }
        gtk_button_clicked(UnsafeMutableRawPointer(tagged.button.widget).assumingMemoryBound(to: GtkButton.self))
    }

    private func draw() {
        let stroke = Stroke(color: .black, size: 3)
        stroke.append(Point(x: 10, y: 10))
        stroke.append(Point(x: 60, y: 30))
        coordinator.document.execute(DrawScribbleCommand(scribble: coordinator.document.scribble, mark: stroke))
    }

    @Test func theToolbarCarriesTheBooksTags() {
        let buttons = coordinator.canvasViewController.toolbar.buttons
        #expect(buttons[.undo]?.tag.rawValue == 4 && buttons[.redo]?.tag.rawValue == 5)
        #expect(buttons[.openPalette]?.tag.rawValue == 1 && buttons[.openThumbnails]?.tag.rawValue == 2)
        #expect(Set(buttons.keys) == Set(CanvasToolbar.tags))
        #expect(buttons.allSatisfy { $0.key == $0.value.tag })
    }

    /// What a click does follows the tag the coordinator reads, whichever button carries it.
    @Test func theCoordinatorDecidesByTheClickedButtonsTag() {
        let document = coordinator.document
        let buttons = coordinator.canvasViewController.toolbar.buttons
        draw()
        click(buttons[.undo])
        #expect(document.scribble.isEmpty)
        click(buttons[.redo])
        #expect(document.scribble.marks.count == 1)
        buttons[.save]?.tag = .undo // the Save button, tagged 4, now undoes
        click(buttons[.save])
        #expect(document.scribble.isEmpty && document.state.canRedo)
        buttons[.save]?.tag = .save
        buttons[.openThumbnails]?.tag = .redo
        click(buttons[.openThumbnails])
        #expect(document.scribble.marks.count == 1)
        #expect(coordinator.activeViewController === coordinator.canvasViewController) // no gallery
        buttons[.openThumbnails]?.tag = .openThumbnails
        click(buttons[.openThumbnails])
        #expect(coordinator.activeViewController is ThumbnailViewController)
    }

    /// A canvas view that counts the updates it applies.
    final class CountingCanvasView: CanvasView {
        var updates: [CanvasUpdate] = []
        /// Those that ask for something.
        var nonEmpty: [CanvasUpdate] { updates.filter { !$0.isEmpty } }
        override func apply(_ update: CanvasUpdate) {
            updates.append(update)
            super.apply(update)
        }
    }

    final class CountingGenerator: CanvasViewGenerator {
        override func canvasView(engine: CanvasEngine) -> CanvasView { CountingCanvasView(engine: engine) }
    }

    /// The canvas, on a counting view given a size (the test's window is never laid out).
    private func countingCanvas() throws -> (CanvasViewController, CountingCanvasView) {
        let canvas = coordinator.canvasViewController
        canvas.loadCanvasView(with: CountingGenerator())
        let view = try #require(canvas.canvasView as? CountingCanvasView)
        view.apply(canvas.engine.resize(to: CanvasViewSize(width: 200, height: 150, scale: 1)))
        view.updates = []
        return (canvas, view)
    }

    /// The engine, not the controller or its view, observes the scribble (book chapter 12):
    /// each change reaches the view as one update, and a scribble replaced no longer does.
    @Test func theEngineObservesTheScribbleAndItsUpdatesReachTheView() throws {
        let (canvas, view) = try countingCanvas()
        #expect(!(canvas as AnyObject is ScribbleObserver) && !(view as AnyObject is ScribbleObserver))
        draw()
        #expect(view.nonEmpty.count == 1 && view.nonEmpty.last?.redraw.isEmpty == false)
        canvas.undo()
        #expect(view.nonEmpty.count == 2)
        // A scribble opened in its place is observed instead; the old one no longer reaches the view.
        let old = coordinator.document.scribble
        coordinator.document.open(Scribble(), from: .new)
        #expect(canvas.engine.session.scribble === coordinator.document.scribble)
        let told = view.nonEmpty.count
        old.add(Stroke())
        #expect(view.nonEmpty.count == told)
        draw()
        #expect(view.nonEmpty.count == told + 1)
    }

    /// No relay: a motion goes down the input chain into the engine once, and what the view
    /// must do comes back as one value — one `apply` a motion, nothing pushed up beside it.
    @Test func aMotionGoesDownOnceAndOneUpdateComesBack() throws {
        let (canvas, view) = try countingCanvas()
        var pushed = 0
        let push = canvas.engine.onUpdate
        canvas.engine.onUpdate = { update in
            pushed += 1
            push?(update)
        }
        func event(_ kind: PointerEvent.Kind, _ x: Double) -> PointerEvent {
            PointerEvent(
                kind: kind, x: x, y: 40, button: kind == .motion ? 0 : 1, pressure: nil, isPrimaryDown: kind == .motion,
                isDoubleClick: false, modifiers: [], time: 0, source: .mouse, touchSequence: nil, heldButtons: [])
        }
        canvas.handle(event(.press, 10))
        canvas.handle(event(.motion, 20)) // starts the stroke
        view.updates = []
        for step in 1...5 {
            _ = canvas.engine.takeLiveArea() // the live paint the last motion asked for, as the view's idle does it
            canvas.handle(event(.motion, 20 + Double(step) * 10))
            #expect(view.updates.count == step, "one update applied per motion")
        }
        // The segment, painted live.
        #expect(view.updates.allSatisfy { $0.paintLive != nil && $0.redraw.isEmpty && !$0.redrawsAll }, "\(view.updates)")
        #expect(pushed == 0) // nothing climbed up through the callback
        canvas.handle(event(.release, 70))
        #expect(coordinator.document.scribble.marks.count == 1)
    }

    /// The canvas view controller keeps at most 6 stored properties: GTK wiring, dialogs and
    /// navigation; the drawing, the tools and the selection are the engine's.
    @Test func theCanvasControllerKeepsAtMostSixStoredProperties() {
        let stored = Mirror(reflecting: coordinator.canvasViewController).children.compactMap(\.label)
        #expect(stored.count <= 6, "\(stored)")
    }

    /// The canvas view keeps at most 4: its widget, the engine, and what it tells others.
    @Test func theCanvasViewKeepsAtMostFourStoredProperties() {
        let stored = Mirror(reflecting: coordinator.canvasViewController.canvasView).children.compactMap(\.label)
        #expect(stored.count <= 4, "\(stored)")
    }
}
