import GtkKit
import PdfKit
import ScribbleKit

/// The Mediator between the views, and a Singleton (book chapters 11 and 7): every view
/// change goes through `requestViewChange(to:)`, so view controllers never reference each other.
/// It owns the document and the canvas controller, and makes the palette and gallery
/// controllers when first asked; it hands each what it needs through its initialiser.
@MainActor
final class CoordinatingController: Navigator, GalleryObserver {
    /// The one coordinator of the app, over the user's gallery (the entry point uses it).
    /// Made at the entry point, before the main loop runs, which is when it reads the
    /// preferences file (see `SettingsStore`).
    static let shared = CoordinatingController(
        document: Document(
            manager: ScribbleManager(directory: ScribbleManager.defaultDirectory()),
            hop: { MainLoop.perform($0) }),
        settings: SettingsStore(path: SettingsStore.defaultPath()))

    /// The user's scribble and its history, save state and storage.
    let document: Document
    /// The preferences.
    let settings: SettingsStore
    /// The canvas, the start view, of the kind the preferences say.
    private(set) lazy var canvasViewController = CanvasViewController(
        document: document, settings: settings, dialogs: self, navigator: self, instrumentation: instrumentation,
        generator: .generator(for: settings.canvasKind))
    /// Export, Copy and Print of the drawing on the canvas.
    private(set) lazy var exportController = ExportController(
        document: document, settings: settings, dialogs: self, canvasKind: { [weak self] in self?.canvasViewController.canvasKind ?? .plain })
    /// The controller whose page is on screen.
    private(set) var activeViewController: ViewController?
    private var paletteViewController: PaletteViewController?
    private var thumbnailViewController: ThumbnailViewController?
    /// The Preferences window, made when first shown.
    private(set) var preferencesWindowController: PreferencesWindowController?
    /// The replay's page: each replay loads the drawing as it is then.
    private(set) lazy var replayViewController: ReplayViewController = {
        let replay = ReplayViewController()
        replay.onExportVideo = { [weak self] job in
            guard let self else { return }
            videoExportController.export(job, name: document.displayName, input: document.manager.path(of: document.origin))
        }
        return replay
    }()
    /// The player's Export Video….
    private(set) lazy var videoExportController = VideoExportController(settings: settings, dialogs: self)
    /// What shows pages and asks questions: the main window (a recorder in tests).
    private(set) weak var presenter: ViewPresenter?
    /// The company the app is branded for, if any (set at launch, before any view is made).
    var branding: BrandingFactory = GnomeBrandingFactory()
    /// Who watches the app's timing, if anyone (set in `main`, before any view is made).
    var instrumentation: Instrumentation?

    /// A coordinator over `document`, with `settings` (by default, in memory only). Private:
    /// the app can make no coordinator but `shared` (book chapter 7).
    private init(document: Document, settings: SettingsStore = SettingsStore(path: nil)) {
        self.document = document
        self.settings = settings
        document.manager.canvasKind = settings.canvasKind // the thumbnails show it
    }

    #if DEBUG
        /// A coordinator of its own over `document` (a temporary gallery), for tests: only
        /// debug builds, which `swift test` makes, have it; the app as shipped cannot.
        static func makeForTesting(document: Document, settings: SettingsStore = SettingsStore(path: nil)) -> CoordinatingController {
            CoordinatingController(document: document, settings: settings)
        }
    #endif

    /// The Facade to the gallery's files.
    var scribbleManager: ScribbleManager { document.manager }

    /// Watches the open drawing's file for versions saved elsewhere (`+Sync`).
    var documentWatcher: DocumentWatcher?

    /// Connects the coordinator to what shows pages (the main window) and shows the canvas.
    func attach(presenter: ViewPresenter) {
        self.presenter = presenter
        activeViewController = nil
        show(canvasViewController)
        watchDocument()
    }

    /// Switches view to `destination`. The palette is a pane beside the canvas, not a page:
    /// `.palette` opens it — or closes it when it is open, so the Palette button and Ctrl+K
    /// toggle it — and `.canvas` (Done) closes it (from another page, goes back to the canvas).
    func requestViewChange(to destination: Destination) {
        switch destination {
        case .palette:
            if isPaletteOpen { closePalette() } else { openPalette() }
        case .gallery:
            instrumentation?.galleryRequested()
            closePalette()
            show(gallery())
        case .canvas:
            closePalette()
            show(canvasViewController)
        case .replay:
            guard !canvasViewController.refusesWhileOpening() else { return } // a replay of half the drawing
            closePalette()
            let replay = replayViewController
            replay.load(document, background: canvasViewController.canvasKind, view: document.scribble.view)
            show(replay)
        }
    }

    /// A tagged button was clicked (book chapter 11's `requestViewChangeByObject:`): its tag
    /// alone says what for.
    func requestViewChange(by sender: TaggedButton) {
        perform(sender.tag)
    }

    /// Does what a button tagged `tag` asks for — the toolbar's buttons and their shortcuts:
    /// a page, or the canvas' New, Save, Undo and Redo (book chapters 11 and 20).
    func perform(_ tag: ButtonTag) {
        let canvas = canvasViewController
        switch tag {
        case .done: requestViewChange(to: .canvas)
        case .openPalette: requestViewChange(to: .palette)
        case .openThumbnails: requestViewChange(to: .gallery)
        case .newScribble: canvas.startNewScribble()
        case .save: canvas.save()
        case .undo: canvas.undo()
        case .redo: canvas.redo()
        }
    }

    /// Whether the palette's pane is on show beside the canvas.
    private(set) var isPaletteOpen = false

    /// Shows the palette's pane beside the canvas (the canvas first, if another page is on
    /// show) with the keyboard focus in it.
    private func openPalette() {
        show(canvasViewController)
        let palette = palette()
        palette.viewWillAppear()
        isPaletteOpen = true
        presenter?.showSidePane(palette)
        palette.focusFirstControl()
    }

    /// Closes the palette's pane, if open; the focus goes back to the drawing.
    private func closePalette() {
        guard isPaletteOpen, let paletteViewController else { return }
        paletteViewController.viewWillDisappear()
        isPaletteOpen = false
        presenter?.showSidePane(nil)
        canvasViewController.canvasView.drawingArea.grabFocus()
    }

    /// The palette controller, made the first time it is needed.
    func palette() -> PaletteViewController {
        if let paletteViewController { return paletteViewController }
        let canvas = canvasViewController
        let controller = PaletteViewController(
            pen: canvas.strokeStyle, selection: canvas.selection,
            document: document, navigator: self, branding: branding)
        controller.canvasChooser.selected = canvasViewController.canvasKind
        controller.canvasChooser.onChoose = { [weak self] kind in self?.canvasKindChosen(kind) }
        controller.recentColors = settings.recentColors
        controller.showRecentColors()
        controller.onRecentColorsChange = { [weak self] colors in self?.settings.recentColors = colors }
        paletteViewController = controller
        return controller
    }

    /// The user chose a kind of canvas: the canvas loads a view of that kind at once (the
    /// drawing and its history stay), the choice is saved for the next launch, and the
    /// gallery's thumbnails show the scribbles on it.
    func canvasKindChosen(_ kind: CanvasKind) {
        if kind != canvasViewController.canvasKind { canvasViewController.loadCanvasView(with: .generator(for: kind)) }
        settings.canvasKind = kind
        scribbleManager.canvasKind = kind
        paletteViewController?.canvasChooser.selected = kind
        preferencesWindowController?.showCanvasKind(kind)
    }

    /// Shows the Preferences window over `parent` (made the first time).
    func showPreferences(parent: ApplicationWindow?) {
        if preferencesWindowController == nil {
            let controller = PreferencesWindowController(settings: settings, canvasKind: canvasViewController.canvasKind, parent: parent)
            controller.onCanvasKindChosen = { [weak self] kind in self?.canvasKindChosen(kind) }
            preferencesWindowController = controller
        }
        preferencesWindowController?.present()
    }

    /// The gallery controller, made the first time it is needed.
    func gallery() -> ThumbnailViewController {
        if let thumbnailViewController { return thumbnailViewController }
        let controller = ThumbnailViewController(
            manager: scribbleManager, dialogs: self, navigator: self, observer: self,
            branding: branding, instrumentation: instrumentation)
        thumbnailViewController = controller
        return controller
    }

    /// Opens a gallery entry on the canvas and shows the canvas. The file is read and decoded
    /// off the main thread first (a `FileRequest`: one stuck read blocks nothing else), so a big scribble does not stall input, and an entry that
    /// cannot be read says why at once — before any question about unsaved changes, and
    /// leaving everything as it was.
    func openScribble(_ entry: ScribbleEntry) {
        let manager = scribbleManager
        let progress = ProgressNotice(tr("Opening “%1$s”…", entry.title), dialogs: self)
        FileRequest.start(
            { try manager.openVersion(id: entry.id) },
            timedOut: { [weak self] in
                progress.end()
                self?.showError(
                    tr("Could not open “%1$s”", entry.title),
                    detail: tr("Reading it took more than %1$s seconds; its disk may not be answering.", FileRequest.timeout / 1000))
            },
            completion: { [weak self] result in
                guard let self else { return }
                switch result {
                case .success(let (opening, identity)):
                    guard self.canvasViewController.confirmDiscardingChanges() else { return progress.end() }
                    self.show(opening, from: .gallery(id: entry.id), named: entry.title, basis: identity, ending: progress)
                case .failure(let error):
                    progress.end()
                    self.showError(
                        tr("Could not open “%1$s”", entry.title),
                        detail: tr("%1$s The other scribbles are not affected.", error))
                }
            })
    }

    /// Puts an opened scribble on the canvas, and ends its progress notice once it is drawn:
    /// a big drawing is rendered in the background after it is read.
    private func show(
        _ scribble: Scribble, from origin: DocumentOrigin, basis: FileIdentity? = nil, unsaved: Bool = false, ending progress: ProgressNotice
    ) {
        document.open(scribble, from: origin, basis: basis, unsaved: unsaved)
        requestViewChange(to: .canvas)
        canvasViewController.engine.whenCurrentFrameIsShown { progress.end() }
    }

    /// Puts an opened scribble on the canvas. A big one comes in two steps (`ScribbleOpening`):
    /// its first marks are shown at once, and once their frame is on screen (so that the first
    /// screen has every core) the rest is read, on every core, and put on — if this drawing is
    /// still the one on show. Until then the document is opening (`Document.isOpening`), and
    /// until the whole drawing is drawn the progress notice stays up and the canvas takes no
    /// edit (`awaitsWholeDrawing`: a user must not erase or move what is not on screen yet).
    /// If the rest cannot be read, the half shown goes and the canvas is left empty, with an
    /// error naming `name`.
    private func show(
        _ opening: ScribbleOpening, from origin: DocumentOrigin, named name: String, basis: FileIdentity, ending progress: ProgressNotice
    ) {
        let scribble = Scribble(adopting: opening.first)
        guard let rest = opening.rest else { return show(scribble, from: origin, basis: basis, ending: progress) }
        let ticket = document.openFirstPart(scribble, from: origin, basis: basis)
        requestViewChange(to: .canvas)
        let canvas = canvasViewController
        canvas.awaitsWholeDrawing = true
        progress.showNow() // a big drawing: the rest takes a while, and the canvas refuses edits meanwhile
        canvas.engine.whenCurrentFrameIsShown {
            WorkLanes.run(
                on: .opening, { Result { () throws(ScribbleFormatError) in try rest.read() } },
                then: { [weak self] read in
                    guard let self else { return }
                    switch read {
                    case .success(let memento):
                        guard self.document.finishOpening(ticket, adding: memento) else { return progress.end() }
                        canvas.engine.whenCurrentFrameIsShown { [weak self] in
                            progress.end()
                            if self?.document.scribble === scribble { canvas.awaitsWholeDrawing = false } // still this drawing
                        }
                    case .failure(let error):
                        progress.end()
                        guard self.document.abandonOpening(ticket) else { return }
                        self.showError(tr("Could not open “%1$s”", name), detail: String(describing: error))
                    }
                })
        }
    }

    /// Opens the scribble file at `path` (from a command line, this launch's or a later
    /// one's, or a drop) after asking about unsaved changes, decoding it off the main thread;
    /// says why if it cannot. A Xournal++ notebook opens as a new, unsaved scribble named
    /// after it (the notebook itself is never written), with a notice of what it held that
    /// the canvas does not show; so does a PDF, its pages laid top to bottom (`openPdf`).
    func openFile(at path: String) {
        guard canvasViewController.confirmDiscardingChanges() else { return }
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let progress = ProgressNotice(tr("Opening “%1$s”…", name), dialogs: self)
        if XoppImporter.opens(path) {
            read(path, failure: tr("Could not import “%1$s”", path), progress: progress, { try XoppImporter.read(path) }) { notebook in
                self.show(notebook.scribble, from: .new, unsaved: true, ending: progress)
                if let summary = notebook.leftOut.summary { self.canvasViewController.notify(summary) }
            }
        } else if PdfImporter.opens(path) {
            read(path, failure: tr("Could not open “%1$s”", path), progress: progress, { try PdfImporter.read(path) }) { bytes in
                self.openPdf(bytes, path: path, password: nil, progress: progress)
            }
        } else {
            read(path, failure: tr("Could not open “%1$s”", path), progress: progress, { try ScribbleManager.openVersion(path: path) }) {
                opening, identity in
                // Titled after the file if it has no title of its own.
                self.show(opening, from: .file(path: path), named: path, basis: identity, ending: progress)
            }
        }
    }

    /// Lays the PDF `bytes` (read from `path`) out as a new, unsaved scribble, off the main
    /// thread; an encrypted one asks for its password (again, if the one typed is wrong)
    /// until it opens or the user cancels. On the opening lane, not a `FileRequest`: the bytes
    /// are read already, and laying out a long PDF is work for the processor that may take
    /// longer than a read's time limit on a busy machine (100,000 pages), not a disk that
    /// does not answer.
    private func openPdf(_ bytes: [UInt8], path: String, password: String?, progress: ProgressNotice) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        WorkLanes.run(
            on: .opening, { Result { () throws(PdfError) in try PdfImporter.open(bytes, path: path, password: password) } }
        ) { [weak self] opened in
            guard let self else { return progress.end() }
            switch opened {
            case .success(let pdf):
                self.show(pdf.scribble, from: .new, unsaved: true, ending: progress)
                if let note = pdf.note { self.canvasViewController.notify(note) }
            case .failure(let error) where error == .passwordRequired || error == .wrongPassword:
                progress.end()
                guard
                    let typed = self.askPdfPassword(
                        for: name, why: tr("“%1$s” is protected by a password. Type it to open the PDF:", name),
                        wrong: error == .wrongPassword, accept: tr("_Open"))
                else { return }
                self.openPdf(bytes, path: path, password: typed, progress: ProgressNotice(tr("Opening “%1$s”…", name), dialogs: self))
            case .failure(let error):
                progress.end()
                self.showError(tr("Could not open “%1$s”", name), detail: PdfImporter.message(for: error))
            }
        }
    }

    /// Runs `read` off the main thread (`FileRequest`), then hands its value to `opened`, or
    /// ends `progress` and says why under `failure` (a disk that does not answer included).
    private func read<Value: Sendable>(
        _ path: String, failure: String, progress: ProgressNotice,
        _ read: @escaping @Sendable () throws -> Value, opened: @escaping @MainActor (Value) -> Void
    ) {
        FileRequest.start(
            read,
            timedOut: { [weak self] in
                progress.end()
                self?.showError(
                    failure,
                    detail: tr(
                        "Reading it took more than %1$s seconds; its disk may not be answering.",
                        FileRequest.timeout / 1000))
            },
            completion: { [weak self] result in
                switch result {
                case .success(let value):
                    opened(value)
                case .failure(let error):
                    progress.end()
                    self?.showError(failure, detail: String(describing: error))
                }
            })
    }

    /// A gallery entry was deleted; if it is the open scribble, the document forgets where
    /// it was kept and the canvas says so (the drawing stays, as unsaved work).
    func scribbleWasDeleted(_ entry: ScribbleEntry) {
        guard document.entryWasDeleted(entry.id) else { return }
        canvasViewController.notify(
            tr("“%1$s” was deleted from the gallery. The drawing is still here as unsaved work: save it to keep it.", entry.title))
    }

    /// The gallery renamed entry `id`: the open scribble's title follows if it is that one.
    func scribbleWasRenamed(_ renamed: ScribbleManager.Renamed) {
        document.entryWasRenamed(renamed.entry.id, to: renamed.entry.title, from: renamed.previous, now: renamed.identity)
    }

    /// Handles F2: renames the selected gallery tile.
    func renameRequested() {
        guard let gallery = thumbnailViewController, activeViewController === gallery else { return }
        gallery.renameSelected()
    }

    /// Handles the Delete key: clears the canvas, or deletes the selected gallery tile.
    func deleteRequested() {
        if activeViewController === canvasViewController {
            canvasViewController.deleteSelectionOrDrawing()
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
        activeViewController?.viewWillDisappear()
        controller.viewWillAppear()
        activeViewController = controller
        presenter?.present(controller)
    }
}
