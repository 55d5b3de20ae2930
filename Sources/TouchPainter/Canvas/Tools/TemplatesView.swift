import CCairo
import GtkKit
import ScribbleKit

/// The Templates list in its popover: a tile per template, drawn by `MarkRenderer` scaled to
/// fit, named "Template N". A click (or Enter) on a tile starts stamping it; its context menu
/// or the Delete key deletes it.
@MainActor
final class TemplatesView {
    /// The popover's content.
    let view = Box(.vertical, spacing: 8)
    /// Told when a tile is chosen.
    var onChoose: ((TemplateLibrary.Item) -> Void)?
    /// Told when a tile is to be deleted.
    var onDelete: ((TemplateLibrary.Item) -> Void)?
    private let grid = FlowBox()
    private let emptyLabel = Label()
    private var tiles: [(child: FlowBoxChild, item: TemplateLibrary.Item)] = []
    /// Tile size in pixels.
    static let tileSize = (width: 80, height: 60)

    /// An empty list.
    init() {
        view.setMargins(10)
        let heading = Label()
        heading.text = tr("Templates")
        heading.addStyleClass("heading")
        heading.horizontalAlignment = .start
        emptyLabel.text = tr("No templates yet.\nSelect marks, then press Keep as Template.")
        emptyLabel.addStyleClass("dim-label")
        grid.maxChildrenPerLine = 3
        grid.onChildActivated { [weak self] child in
            guard let item = self?.item(for: child) else { return }
            self?.onChoose?(item)
        }
        grid.onSecondaryClick { [weak self] child in
            guard let self, let item = self.item(for: child) else { return }
            let menu = Menu()
            menu.addItem(tr("_Delete Template"), accessibleName: tr("Delete %1$s", item.name)) { [weak self] in self?.onDelete?(item) }
            menu.popUpAtPointer()
        }
        grid.onKeyPress { [weak self] key in
            guard let self, key.name == "Delete" || key.name == "KP_Delete",
                  let child = self.grid.currentChild, let item = self.item(for: child) else { return false }
            self.onDelete?(item)
            return true
        }
        view.packStart(heading)
        view.packStart(emptyLabel)
        view.packStart(grid)
    }

    /// Shows `items`, replacing the tiles on show.
    func show(_ items: [TemplateLibrary.Item]) {
        tiles.forEach { grid.remove($0.child) }
        tiles = items.map { item in (tile(for: item), item) }
        tiles.forEach { grid.append($0.child) }
        emptyLabel.isVisible = items.isEmpty
        grid.isVisible = !items.isEmpty
        grid.showAll()
    }

    private func item(for child: FlowBoxChild) -> TemplateLibrary.Item? {
        tiles.first { $0.child === child }?.item
    }

    private func tile(for item: TemplateLibrary.Item) -> FlowBoxChild {
        let child = FlowBoxChild()
        child.accessibleName = item.name
        child.tooltip = tr("%1$s: click to stamp it on the canvas (Esc stops)", item.name)
        let column = Box(.vertical, spacing: 2)
        let image = DrawingArea()
        image.setSizeRequest(width: Self.tileSize.width, height: Self.tileSize.height)
        let mark = item.mark
        image.onDraw { cr in Self.draw(mark, on: cr) }
        let label = Label()
        label.text = item.name
        label.addStyleClass("dim-label")
        column.packStart(image)
        column.packStart(label)
        child.add(column)
        return child
    }

    /// The mark scaled (never enlarged past twice its size) and centred on a white card.
    private static func draw(_ mark: Mark, on cr: OpaquePointer) {
        let (width, height) = (Double(tileSize.width), Double(tileSize.height))
        cairo_rectangle(cr, 0.5, 0.5, width - 1, height - 1)
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_fill_preserve(cr)
        cairo_set_source_rgba(cr, 0, 0, 0, 0.15)
        cairo_set_line_width(cr, 1)
        cairo_stroke(cr)
        let box = mark.bounds
        guard !box.isNull, box.width > 0, box.height > 0 else { return }
        let inset = 6.0
        let scale = min((width - 2 * inset) / Double(box.width), (height - 2 * inset) / Double(box.height), 2)
        cairo_save(cr)
        cairo_translate(cr, width / 2, height / 2)
        cairo_scale(cr, scale, scale)
        cairo_translate(cr, -Double(box.minX + box.maxX) / 2, -Double(box.minY + box.maxY) / 2)
        MarkRenderer(context: cr).render(mark)
        cairo_restore(cr)
    }
}
