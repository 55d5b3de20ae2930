import CGtk
import GtkKit
import ScribbleKit
import Testing
@testable import TouchPainter

/// Records what the coordinator asks to show, in place of the window.
final class RecordingPresenter: ViewPresenter {
    var shown: [String] = []
    var titles: [String] = []
    func present(_ controller: ViewController) { shown.append(controller.pageName) }
    func updateTitle(_ title: String) { titles.append(title) }
    var dialogParent: ApplicationWindow? { nil }
}

@MainActor
@Suite(.serialized, .timeLimit(.minutes(1)))
struct CoordinatingControllerTests {
    let presenter = RecordingPresenter()
    let coordinator = CoordinatingController.shared

    init() {
        #expect(gtk_init_check(nil, nil) != 0, "GTK needs a display; run through `make test`")
        coordinator.attach(presenter: presenter)
        coordinator.requestViewChange(tag: ButtonTag.done.rawValue)
    }

    @Test func everyTagLeadsToItsView() {
        coordinator.requestViewChange(tag: ButtonTag.openPalette.rawValue)
        #expect(coordinator.activeViewController is PaletteViewController)
        coordinator.requestViewChange(tag: ButtonTag.done.rawValue)
        #expect(coordinator.activeViewController === coordinator.canvasViewController)
        #expect(presenter.shown.suffix(2) == ["palette", "canvas"])
    }

    @Test(arguments: [-1, 3, 42, Int.max])
    func unknownTagsGoBackToTheCanvas(tag: Int) {
        coordinator.requestViewChange(tag: ButtonTag.openPalette.rawValue)
        coordinator.requestViewChange(tag: tag)
        #expect(coordinator.activeViewController === coordinator.canvasViewController)
    }

    @Test func thePaletteIsMadeOnceAndReused() {
        coordinator.requestViewChange(tag: ButtonTag.openPalette.rawValue)
        let first = coordinator.activeViewController
        coordinator.requestViewChange(tag: ButtonTag.done.rawValue)
        coordinator.requestViewChange(tag: ButtonTag.openPalette.rawValue)
        #expect(coordinator.activeViewController === first)
    }

    @Test func showingTheSameViewTwiceDoesNotPresentAgain() {
        let before = presenter.shown.count
        coordinator.requestViewChange(tag: ButtonTag.done.rawValue)
        #expect(presenter.shown.count == before)
    }

    @Test func theGalleryTagShowsTheGallery() {
        coordinator.requestViewChange(tag: ButtonTag.openGallery.rawValue)
        #expect(coordinator.activeViewController is ThumbnailViewController)
        #expect(presenter.shown.last == "gallery")
        coordinator.requestViewChange(tag: ButtonTag.done.rawValue)
        #expect(presenter.shown.last == "canvas")
    }

    @Test func theCanvasTitleFollowsUnsavedChanges() {
        let canvas = coordinator.canvasViewController
        canvas.open(Scribble(), from: .new)
        #expect(canvas.title == "TouchPainter")
        canvas.scribble.add(Dot(location: .zero, color: .black, size: 4))
        #expect(canvas.title == "• Untitled")
        #expect(presenter.titles.last == "• Untitled")
    }
}

@MainActor
@Suite(.serialized, .timeLimit(.minutes(1)))
struct PaletteAdapterTests {
    let style = StrokeStyle()
    let palette: PaletteViewController

    init() {
        #expect(gtk_init_check(nil, nil) != 0)
        palette = PaletteViewController(style: style)
    }

    @Test func movingASliderRunsTheColourCommandWithAllThreeComponents() {
        palette.viewWillAppear()
        palette.red.scale.value = 255
        palette.blue.scale.value = 128
        #expect(style.color == Color(red: 255, green: 0, blue: 128))
    }

    @Test func theWidthSliderRunsTheSizeCommand() {
        palette.viewWillAppear()
        palette.width.scale.value = 20
        #expect(style.size == 20)
    }

    @Test func openingThePaletteShowsTheCurrentPenNotDefaults() {
        style.color = Color(red: 10, green: 20, blue: 30)
        style.size = 33
        palette.viewWillAppear()
        #expect(palette.red.value == 10)
        #expect(palette.green.value == 20)
        #expect(palette.blue.value == 30)
        #expect(palette.width.value == 33)
        // Syncing the sliders must not have run commands that change the pen.
        #expect(style.color == Color(red: 10, green: 20, blue: 30))
    }
}
