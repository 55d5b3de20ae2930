import GtkKit
import ScribbleKit

/// The gallery screen (book chapter 22): a scrolling grid of the saved scribbles' thumbnails,
/// most recently saved first (`GalleryGrid`: only the rows on screen are made). Tiles appear
/// at once with placeholders and fill in lazily. Scribble files the folder holds but the
/// gallery cannot list are counted in a line above the grid, the reasons on demand.
/// Clicking a tile asks the coordinator to open it; a tile can be deleted from its context
/// menu or with the Delete key, after confirmation.
@MainActor
final class ThumbnailViewController: ViewController {
    private let manager: ScribbleManager
    private unowned let dialogs: Dialogs
    private unowned let navigator: Navigator
    private unowned let observer: GalleryObserver
    private let instrumentation: Instrumentation?
    private let grid: GalleryGrid
    private let pages = Stack()
    private let page = Box(.vertical)
    private let unlistedNotice = UnlistedNotice()
    private let doneButton: TaggedButton
    /// The tiles on show (only the rows on screen are made).
    var thumbnailViews: [ScribbleThumbnailView] { grid.shown }
    /// Set while the gallery's folder cannot be read, to say why instead of "empty".
    private let emptyDetail = Label()
    /// Hears of changes other programs make to the folder (a sync tool, another instance).
    private let watcher: GalleryWatcher
    /// Whether the gallery is on screen: only then is it kept up to date as the folder changes.
    private var isShown = false
    /// The canvas the tiles' pictures show the scribbles on.
    private var picturesCanvas: CanvasKind?
    /// Set while a listing is asked for because files were still arriving.
    private var isListingAgainSoon = false

    /// The gallery of `manager`'s folder: `navigator` opens what is clicked, `observer` hears
    /// of renames and deletions, `dialogs` asks and tells; `branding` makes the Done button.
    init(
        manager: ScribbleManager, dialogs: Dialogs, navigator: Navigator, observer: GalleryObserver,
        branding: BrandingFactory, instrumentation: Instrumentation? = nil
    ) {
        self.manager = manager
        self.dialogs = dialogs
        self.navigator = navigator
        self.observer = observer
        self.instrumentation = instrumentation
        doneButton = DoneButton.make(branding: branding, navigator: navigator)
        grid = GalleryGrid(manager: manager, instrumentation: instrumentation)
        watcher = GalleryWatcher(manager: manager)
        grid.flowBox.accessibleName = tr("Gallery")
        grid.onActivate = { [weak self] tile in self?.open(tile) }
        grid.onSecondaryClick = { [weak self] tile in self?.showContextMenu(for: tile) }

        pages.transitionDuration = 0
        pages.addPage(grid.view, name: "grid")
        pages.addPage(emptyPage(), name: "empty")
        page.packStart(unlistedNotice.view)
        page.packStart(pages, expand: true)
        // A GtkStack ignores a switch to a page that is not shown yet, and `reload` switches
        // before the coordinator first shows this view.
        page.showAll()
        unlistedNotice.show([])
        instrumentation?.galleryPageMade(pages)
        watcher.onChange = { [weak self] in
            guard let self, self.isShown else { return }
            self.reload()
        }
    }

    var view: Widget { page }
    var destination: Destination { .gallery }
    var title: String { tr("Gallery") }
    var toolbarStart: [Widget] { [] }
    var toolbarEnd: [Widget] { [doneButton.button] }

    /// Lists the gallery afresh each time it is shown; while it is, the folder's changes
    /// show as they happen.
    func viewWillAppear() {
        isShown = true
        // Another canvas chosen since: every picture is drawn again, on it.
        if picturesCanvas != manager.canvasKind {
            grid.forgetTiles()
            picturesCanvas = manager.canvasKind
        }
        reload(fromTheTop: true)
    }

    func viewWillDisappear() { isShown = false }

    /// Rebuilds the tiles from the folder, most recently saved first. The folder is listed
    /// off the main thread (it opens every entry's header); the tiles on show stay until the
    /// listing arrives. The first screenful is then made at once and the rest in idle
    /// batches. Tiles whose entry did not change are kept, with their loaded thumbnails.
    /// - Complexity: O(n) in the entries, spread over idle callbacks; no thumbnail is read here.
    func reload(fromTheTop: Bool = false) {
        reloadGeneration += 1
        let (generation, manager) = (reloadGeneration, manager)
        WorkLanes.run(
            on: .files, { Result { () throws(StorageError) in try manager.listing() } },
            then: { [weak self] listing in
                guard let self, self.reloadGeneration == generation else { return } // a newer listing is coming
                self.show(listing, fromTheTop: fromTheTop)
            })
    }

    /// Puts up the tiles of a listing (scrolled to the top, or where the grid was: after a
    /// rename or a delete), or says why the folder cannot be read.
    private func show(_ listing: Result<GalleryListing, StorageError>, fromTheTop: Bool) {
        let entries: [ScribbleEntry]
        switch listing {
        case .success(let listed):
            entries = listed.entries
            unlistedNotice.show(listed.unlisted)
            emptyDetail.text = tr("Draw something, then press Save (Ctrl+S).")
        case .failure(let error):
            entries = []
            unlistedNotice.show([])
            emptyDetail.text = String(describing: error)
        }
        pages.visiblePageName = entries.isEmpty ? "empty" : "grid"
        grid.show(entries, fromTheTop: fromTheTop)
        instrumentation?.galleryDidList(count: entries.count)
        if case .success(let listed) = listing, let wait = listed.listAgainAfter { listAgain(after: wait) }
    }

    /// Lists again in `seconds`, for files that were still arriving.
    private func listAgain(after seconds: Double) {
        guard !isListingAgainSoon else { return }
        isListingAgainSoon = true
        MainLoop.after(milliseconds: UInt32(max(0, seconds) * 1000) + 20) { [weak self] in
            guard let self else { return }
            self.isListingAgainSoon = false
            if self.isShown { self.reload() }
        }
    }

    /// Counts reloads, so the listing of an outdated one is dropped.
    private var reloadGeneration = 0

    /// Renames the selected (or focused) tile's scribble (F2).
    func renameSelected() {
        guard let view = grid.tile(for: grid.flowBox.currentChild) else { return }
        rename(view.entry)
    }

    /// Asks for a new name and rewrites the entry with it off the main thread.
    private func rename(_ entry: ScribbleEntry) {
        guard let name = dialogs.askName(tr("Rename Scribble"), text: tr("Rename “%1$s”", entry.title), initial: entry.title, accept: tr("_Rename")),
            name != entry.title
        else { return }
        let manager = manager
        WorkLanes.run(
            on: .files, { try manager.rename(id: entry.id, to: name) },
            failing: tr("Could not rename “%1$s”", entry.title), dialogs: dialogs,
            then: { [weak self] renamed in
                self?.observer.scribbleWasRenamed(renamed)
                self?.reload()
            })
    }

    /// Deletes the selected (or focused) tile's scribble, after asking (the Delete key).
    func deleteSelected() {
        guard let view = grid.tile(for: grid.flowBox.currentChild) else { return }
        confirmAndDelete(view.entry)
    }

    /// Opens from an idle callback: a dialog (unsaved changes, a broken file) must not start
    /// its modal loop inside the flow box's click handling, or the click never finishes.
    private func open(_ view: ScribbleThumbnailView?) {
        guard let entry = view?.entry else { return }
        MainLoop.perform { [weak self] in self?.navigator.openScribble(entry) }
    }

    private func showContextMenu(for view: ScribbleThumbnailView) {
        let menu = Menu()
        menu.addItem(tr("_Rename…"), accessibleName: tr("Rename scribble")) { [weak self] in
            self?.rename(view.entry)
        }
        menu.addItem(tr("_Delete…"), accessibleName: tr("Delete scribble")) { [weak self] in
            self?.confirmAndDelete(view.entry)
        }
        menu.popUpAtPointer()
        contextMenu = menu
    }

    /// Keeps the open context menu alive while GTK shows it.
    private var contextMenu: Menu?

    /// Asks whether to delete `entry`, then deletes it on the files lane.
    func confirmAndDelete(_ entry: ScribbleEntry) {
        let answer = dialogs.ask(
            tr("Delete “%1$s”?", entry.title),
            detail: tr("The scribble is removed from the gallery. This cannot be undone."),
            choices: [.init(tr("_Cancel")), .init(tr("_Delete"), style: .destructiveAction)], defaultChoice: 0)
        guard answer == 1 else { return }
        let manager = manager
        WorkLanes.run(
            on: .files, { try manager.delete(id: entry.id) },
            failing: tr("Could not delete “%1$s”", entry.title), dialogs: dialogs,
            then: { [weak self] in self?.observer.scribbleWasDeleted(entry) },
            after: { [weak self] in self?.reload() })
    }

    private func emptyPage() -> Widget {
        let column = Box(.vertical, spacing: 12)
        column.horizontalAlignment = .center
        column.verticalAlignment = .center
        // GNOME's empty state: a large dimmed symbolic icon, a heading, a dimmed hint.
        let icon = Image(iconName: "document-open-recent-symbolic", pixelSize: 128)
        icon.addStyleClass(.dimLabel)
        column.packStart(icon)
        let heading = Label()
        heading.setMarkup("<big><b>" + tr("No saved scribbles yet") + "</b></big>")
        column.packStart(heading)
        emptyDetail.addStyleClass(.dimLabel)
        column.packStart(emptyDetail)
        return column
    }
}
