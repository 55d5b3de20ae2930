import GtkKit

/// The Mediator between the views, and a Singleton (book chapters 11 and 7): every view
/// change goes through `requestViewChange`, so view controllers never reference each other.
/// It owns the canvas controller and makes the palette and gallery controllers when first asked.
final class CoordinatingController {
    /// The one coordinator.
    static let shared = CoordinatingController()

    /// The canvas, the start view; made on first use, once GTK is initialised.
    private(set) lazy var canvasViewController = CanvasViewController()
    /// The controller whose page is on screen.
    private(set) var activeViewController: ViewController?
    private var paletteViewController: PaletteViewController?
    private weak var presenter: ViewPresenter?

    private init() {}

    /// Connects the coordinator to what shows pages (the main window) and shows the canvas.
    func attach(presenter: ViewPresenter) {
        self.presenter = presenter
        show(canvasViewController)
    }

    /// Switches view according to a button's tag; an unknown tag goes back to the canvas.
    func requestViewChange(tag: Int) {
        switch ButtonTag(rawValue: tag) {
        case .openPalette:
            show(palette())
        case .openGallery, .done, nil:
            // The gallery arrives with saving; until then its button stays insensitive,
            // and any stray request returns to the canvas.
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

    private func show(_ controller: ViewController) {
        guard controller !== activeViewController else { return }
        controller.viewWillAppear()
        activeViewController = controller
        presenter?.present(controller)
    }
}
