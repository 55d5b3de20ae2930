import CairoKit
import FoundationEssentials
import Glibc
import GtkKit
import ScribbleKit

/// The Templates list in its popover: a search field, a page of at most `pageSize` tiles,
/// and Previous / Next when the templates fill more than a page. A tile shows its template's
/// preview, drawn in the background when the tile is first drawn, and is named
/// "Template N". However many templates there are (ten thousand open at once), the popover
/// holds one page of tiles: GDK cannot make a surface tall enough for fifteen hundred.
/// A click (or Enter) on a tile starts stamping it; its context menu or the Delete key
/// deletes it.
@MainActor
final class TemplatesView {
    /// The popover's content.
    let view = Box(.vertical, spacing: 8)
    /// Told when a tile is chosen.
    var onChoose: ((TemplateLibrary.Entry) -> Void)?
    /// Told when a tile is to be deleted.
    var onDelete: ((TemplateLibrary.Entry) -> Void)?
    /// Gives a template's preview if drawn (it is then drawn and `previewDidLoad` called).
    var preview: ((TemplateLibrary.Entry, Int, Int) -> CairoImage?)?
    private let grid = FlowBox()
    private let emptyLabel = Label()
    private let search = Entry()
    private let pager = Box(.horizontal, spacing: 6)
    private let previous = Button(iconName: "go-previous-symbolic")
    private let next = Button(iconName: "go-next-symbolic")
    private let pageLabel = Label()
    private var tiles: [(child: FlowBoxChild, image: DrawingArea, entry: TemplateLibrary.Entry)] = []
    /// Every template, and those the search matches.
    private var all: [TemplateLibrary.Entry] = []
    private var matching: [TemplateLibrary.Entry] = []
    /// The index in `matching` of the first tile on show.
    private var pageStart = 0
    /// Tile size in pixels.
    static let tileSize = (width: 80, height: 60)
    /// The most tiles on show at once: four rows of three.
    static let pageSize = 12

    /// An empty list.
    init() {
        view.setMargins(10)
        let heading = Label()
        heading.text = tr("Templates")
        heading.addStyleClass(.heading)
        heading.horizontalAlignment = .start
        emptyLabel.text = tr("No templates yet.\nSelect marks, then press Keep as Template.")
        emptyLabel.addStyleClass(.dimLabel)
        search.placeholder = tr("Search templates")
        search.accessibleName = tr("Search templates")
        search.onChange { [weak self] _ in self?.filter() }
        grid.maxChildrenPerLine = 3
        grid.onChildActivated { [weak self] child in
            guard let entry = self?.entry(for: child) else { return }
            self?.onChoose?(entry)
        }
        grid.onSecondaryClick { [weak self] child in
            guard let self, let entry = self.entry(for: child) else { return }
            let menu = Menu()
            menu.addItem(tr("_Delete Template"), accessibleName: tr("Delete %1$s", entry.name)) { [weak self] in self?.onDelete?(entry) }
            menu.popUpAtPointer()
        }
        grid.onKeyPress { [weak self] key in
            guard let self, key.key == .delete,
                let child = self.grid.currentChild, let entry = self.entry(for: child)
            else { return false }
            self.onDelete?(entry)
            return true
        }
        previous.accessibleName = tr("Previous templates")
        next.accessibleName = tr("Next templates")
        previous.onClicked { [weak self] _ in self?.turn(by: -1) }
        next.onClicked { [weak self] _ in self?.turn(by: 1) }
        pageLabel.setExpand(horizontal: true, vertical: false)
        pageLabel.addStyleClass(.dimLabel)
        pager.packStart(previous)
        pager.packStart(pageLabel, expand: true)
        pager.packStart(next)
        view.packStart(heading)
        view.packStart(search)
        view.packStart(emptyLabel)
        view.packStart(grid)
        view.packStart(pager)
    }

    /// Shows `entries` (all the templates), keeping the search and, as far as it can, the page.
    /// - Complexity: O(n) in the entries; at most `pageSize` tiles are made.
    func show(_ entries: [TemplateLibrary.Entry]) {
        all = entries
        filter(keepingPage: true)
    }

    /// The preview of `entry` is ready: its tile, if on show, draws it.
    func previewDidLoad(_ entry: TemplateLibrary.Entry) {
        tiles.first { $0.entry == entry }?.image.queueDraw()
    }

    /// Narrows the list to the templates whose name holds the search text.
    private func filter(keepingPage: Bool = false) {
        let text = search.text.trimmed.lowercased()
        matching = text.isEmpty ? all : all.filter { $0.name.lowercased().contains(text) }
        if !keepingPage { pageStart = 0 }
        pageStart = min(pageStart, max(0, (matching.count - 1) / Self.pageSize * Self.pageSize))
        showPage()
    }

    private func turn(by pages: Int) {
        pageStart = max(0, min(pageStart + pages * Self.pageSize, (matching.count - 1) / Self.pageSize * Self.pageSize))
        showPage()
    }

    /// Replaces the tiles on show with the page from `pageStart`.
    private func showPage() {
        tiles.forEach { grid.remove($0.child) }
        let page = matching[min(pageStart, matching.count)..<min(pageStart + Self.pageSize, matching.count)]
        tiles = page.map(tile)
        tiles.forEach { grid.append($0.child) }
        emptyLabel.text =
            all.isEmpty
            ? tr("No templates yet.\nSelect marks, then press Keep as Template.")
            : tr("No template matches “%1$s”.", search.text)
        emptyLabel.isVisible = matching.isEmpty
        search.isVisible = !all.isEmpty
        // Their parts shown first: `showAll` shows the widget itself too.
        grid.showAll()
        grid.isVisible = !matching.isEmpty
        pager.showAll()
        pager.isVisible = matching.count > Self.pageSize
        pageLabel.text = tr("%1$s–%2$s of %3$s", pageStart + 1, pageStart + page.count, matching.count)
        previous.isSensitive = pageStart > 0
        next.isSensitive = pageStart + Self.pageSize < matching.count
    }

    private func entry(for child: FlowBoxChild) -> TemplateLibrary.Entry? {
        tiles.first { $0.child === child }?.entry
    }

    private func tile(for entry: TemplateLibrary.Entry) -> (child: FlowBoxChild, image: DrawingArea, entry: TemplateLibrary.Entry) {
        let child = FlowBoxChild()
        child.accessibleName = entry.name
        child.tooltip = tr("%1$s: click to stamp it on the canvas (Esc stops)", entry.name)
        let column = Box(.vertical, spacing: 2)
        let image = DrawingArea()
        image.setSizeRequest(width: Self.tileSize.width, height: Self.tileSize.height)
        image.onDraw { [weak self, weak image] cr in
            let scale = image?.scaleFactor ?? 1
            Self.drawCard(self?.preview?(entry, Self.tileSize.width * scale, Self.tileSize.height * scale), on: cr)
        }
        let label = Label()
        label.text = entry.name
        label.addStyleClass(.dimLabel)
        column.packStart(image)
        column.packStart(label)
        child.add(column)
        return (child, image, entry)
    }

    /// A white card, and on it the preview (drawn at the device's scale) once there is one.
    private static func drawCard(_ preview: CairoImage?, on cr: CairoContext) {
        let (width, height) = (Double(tileSize.width), Double(tileSize.height))
        cr.paintCard(width: width, height: height, shade: 1, edgeAlpha: 0.15)
        guard let preview else { return }
        preview.draw(in: ImageRect(x: 0, y: 0, width: width, height: height), on: cr)
    }
}
