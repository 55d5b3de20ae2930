import Dispatch
import GtkKit
import ScribbleKit

/// The Mediator between the views, and a Singleton (book chapters 11 and 7): every view
/// change goes through `requestViewChange`, so view controllers never reference each other.
/// It owns the canvas controller and makes the palette and gallery controllers when first asked.
final class CoordinatingController {
    /// The one coordinator.
    static let shared = CoordinatingController()

    /// The Facade to the gallery's files, shared by the canvas and the gallery.
    private(set) lazy var scribbleManager = ScribbleManager(directory: ScribbleManager.defaultDirectory())
    /// The canvas, the start view; made on first use, once GTK is initialised.
    private(set) lazy var canvasViewController = CanvasViewController(manager: scribbleManager)
    /// The controller whose page is on screen.
    private(set) var activeViewController: ViewController?
    private var paletteViewController: PaletteViewController?
    private var thumbnailViewController: ThumbnailViewController?
    private weak var presenter: ViewPresenter?

    private init() {}

    /// Connects the coordinator to what shows pages (the main window) and shows the canvas.
    func attach(presenter: ViewPresenter) {
        self.presenter = presenter
        activeViewController = nil
        show(canvasViewController)
    }

    /// The window dialogs belong to.
    var window: ApplicationWindow? { presenter?.dialogParent }

    /// Switches view according to a button's tag; an unknown tag goes back to the canvas.
    func requestViewChange(tag: Int) {
        switch ButtonTag(rawValue: tag) {
        case .openPalette:
            show(palette())
        case .openGallery:
            TimingReport.galleryRequested()
            show(gallery())
        case .done, nil:
            show(canvasViewController)
        }
    }

    /// The palette controller, made the first time it is needed.
    func palette() -> PaletteViewController {
        if let paletteViewController { return paletteViewController }
        let controller = PaletteViewController(style: canvasViewController.strokeStyle)
        paletteViewController = controller
        return controller
    }

    /// The gallery controller, made the first time it is needed.
    func gallery() -> ThumbnailViewController {
        if let thumbnailViewController { return thumbnailViewController }
        let controller = ThumbnailViewController(manager: scribbleManager)
        thumbnailViewController = controller
        return controller
    }

    /// Opens a gallery entry on the canvas (after asking about unsaved changes) and shows
    /// the canvas; if the entry cannot be read, says why and leaves everything as it was.
    /// The file is decoded off the main thread, so a big scribble does not stall input.
    func openScribble(_ entry: ScribbleEntry) {
        let canvas = canvasViewController
        guard canvas.confirmDiscardingChanges() else { return }
        let manager = scribbleManager
        Self.loading.async {
            let result = Result { try manager.loadScribble(id: entry.id) }
            MainLoop.perform { [weak self] in
                switch result {
                case .success(let scribble):
                    canvas.open(scribble, from: .gallery(id: entry.id))
                    self?.show(canvas)
                case .failure(let error):
                    MessageDialog.showError(parent: self?.window, text: "Could not open “\(entry.title)”",
                                            detail: "\(error) The other scribbles are not affected.")
                }
            }
        }
    }

    /// Where files are decoded, one at a time, off the GTK main thread.
    static let loading = DispatchQueue(label: "touchpainter.loading", qos: .userInitiated)

    /// A gallery entry was deleted; the canvas forgets it if it came from there.
    func scribbleWasDeleted(_ entry: ScribbleEntry) {
        canvasViewController.entryWasDeleted(entry.id)
    }

    /// Handles the Delete key: clears the canvas, or deletes the selected gallery tile.
    func deleteRequested() {
        if activeViewController === canvasViewController {
            canvasViewController.clear()
        } else if let gallery = thumbnailViewController, activeViewController === gallery {
            gallery.deleteSelected()
        }
    }

    /// A controller's title changed; the window shows it if that controller is on screen.
    func titleDidChange(for controller: ViewController) {
        guard controller === activeViewController else { return }
        presenter?.updateTitle(controller.title)
    }

    private func show(_ controller: ViewController) {
        guard controller !== activeViewController else { return }
        controller.viewWillAppear()
        activeViewController = controller
        presenter?.present(controller)
    }
}
