import CGtk
import Foundation
@testable import GtkKit
import ScribbleKit
import Testing
@testable import TouchPainter

/// The Mediator and the Observer on the canvas (book chapters 11 and 12): a toolbar click
/// is decided by the coordinator from the tag the button carries, and the canvas view
/// controller — not its view — observes the scribble and tells the view what changed.
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

    /// A canvas view that counts what its controller tells it.
    final class CountingCanvasView: CanvasView {
        var changes: [ScribbleChange.Kind] = []
        override func scribbleDidChange(_ change: ScribbleChange, of scribble: Scribble) {
            changes.append(change.kind)
            super.scribbleDidChange(change, of: scribble)
        }
    }

    final class CountingGenerator: CanvasViewGenerator {
        override func canvasView() -> CanvasView { CountingCanvasView() }
    }

    @Test func theControllerObservesTheScribbleAndTellsItsView() throws {
        let canvas = coordinator.canvasViewController
        canvas.loadCanvasView(with: CountingGenerator())
        let view = try #require(canvas.canvasView as? CountingCanvasView)
        #expect(view.changes.count == 1) // the .reset of starting to observe
        draw()
        #expect(view.changes.count == 2)
        if case .added = view.changes.last {} else { Issue.record("told \(view.changes)") }
        canvas.undo()
        #expect(view.changes.count == 3)
        // A scribble opened in its place is observed instead; the old one no longer reaches the view.
        let old = coordinator.document.scribble
        coordinator.document.open(Scribble(), from: .new)
        let told = view.changes.count
        old.add(Stroke())
        #expect(view.changes.count == told)
        draw()
        #expect(view.changes.count == told + 1)
    }

    /// The canvas view controller keeps at most 12 stored properties: its parts have types of
    /// their own (`CanvasPage`, `CanvasInputRouter`, `SelectionHighlight`, `TemplatesController`,
    /// `TitleProposal`).
    @Test func theCanvasControllerKeepsAtMostTwelveStoredProperties() {
        let stored = Mirror(reflecting: coordinator.canvasViewController).children.compactMap(\.label)
        #expect(stored.count <= 12, "\(stored)")
    }
}
