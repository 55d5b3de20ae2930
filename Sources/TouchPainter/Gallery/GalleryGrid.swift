import GtkKit
import ScribbleKit

/// The gallery's grid, virtual: however many scribbles the gallery holds, only the rows on
/// screen (and one either side) are widgets. A flow box holds those tiles; an empty box
/// above it and one below stand for the rows that are not made, so the scroll bar spans the
/// whole gallery. Scrolling moves the rows in and out. Ten thousand `FlowBoxChild`ren cost
/// hundreds of megabytes, minutes of layout and an accessible object each; this costs a
/// screenful. Tiles made lately are kept (`recentLimit`), so scrolling back shows their
/// pictures at once. The arrow, Page and Home/End keys move across the whole gallery.
@MainActor
final class GalleryGrid {
    /// The scrolling view to put on the page.
    let view = ScrolledWindow()
    /// The tiles on show, in a flow box (accessible name "Gallery").
    let flowBox = FlowBox()
    /// Told when a tile is activated (clicked, Enter).
    var onActivate: ((ScribbleThumbnailView) -> Void)?
    /// Told when a tile is right-clicked.
    var onSecondaryClick: ((ScribbleThumbnailView) -> Void)?

    private let manager: ScribbleManager
    /// Told when thumbnails load, if anyone watches the timing.
    private let instrumentation: Instrumentation?
    private let column = Box(.vertical)
    private let above = Box(.vertical), below = Box(.vertical)
    /// Every entry of the listing, in gallery order.
    private(set) var entries: [ScribbleEntry] = []
    /// The tiles in the flow box, in order; the first is entry `firstShown`'s.
    private(set) var shown: [ScribbleThumbnailView] = []
    private var firstShown = 0
    /// Tiles made lately, by entry, oldest first in `recentOrder`.
    private var recent: [ScribbleEntry: ScribbleThumbnailView] = [:]
    private var recentOrder: [ScribbleEntry] = []
    /// A tile's size in the flow box, measured from the first tile made.
    private var tileSize: (width: Int, height: Int)?
    private var columns = 1
    private var updateQueued = false

    /// Room around the grid and between tiles, in pixels.
    static let margin = 18, spacing = 12
    /// Rows made beyond those on screen, above and below.
    static let spareRows = 1
    /// Tiles kept once out of view (each holds a decoded 256-pixel picture, ~200 KB).
    static let recentLimit = 96
    /// Room kept for a vertical scroll bar that is not an overlay.
    private static let scrollBarAllowance = 16

    /// An empty grid over `manager`'s gallery.
    init(manager: ScribbleManager, instrumentation: Instrumentation? = nil) {
        self.manager = manager
        self.instrumentation = instrumentation
        column.setMargins(Self.margin)
        column.packStart(above)
        column.packStart(flowBox)
        column.packStart(below)
        flowBox.verticalAlignment = .start
        view.letContentOverflowSideways()
        view.add(column)
        view.onScroll { [weak self] in self?.update() }
        view.onResize { [weak self] _, _ in self?.queueUpdate() }
        flowBox.onChildActivated { [weak self] child in
            if let self, let tile = self.tile(for: child) { self.onActivate?(tile) }
        }
        flowBox.onSecondaryClick { [weak self] child in
            if let self, let tile = self.tile(for: child) { self.onSecondaryClick?(tile) }
        }
        flowBox.onKeyPress { [weak self] key in self?.move(by: key) ?? false }
    }

    /// Shows `entries`, from the top or where the view was; tiles of entries that did not
    /// change are kept, with their pictures.
    /// - Complexity: O(n) in the entries; only the rows on screen are made.
    func show(_ entries: [ScribbleEntry], fromTheTop: Bool) {
        self.entries = entries
        let live = Set(entries)
        for entry in recentOrder where !live.contains(entry) { recent[entry]?.cancelLoading() }
        recent = recent.filter { live.contains($0.key) }
        recentOrder.removeAll { !live.contains($0) }
        if fromTheTop { view.verticalOffset = 0 }
        update()
    }

    /// Drops every tile made, pictures and all (they show the scribbles on another canvas
    /// now): the next `show` makes them afresh.
    func forgetTiles() {
        setShown([], from: firstShown)
        recent.values.forEach { $0.cancelLoading() }
        recent = [:]
        recentOrder = []
    }

    /// The tile standing for `child`, if it is one of those on show.
    func tile(for child: FlowBoxChild?) -> ScribbleThumbnailView? {
        shown.first { $0.tile === child }
    }

    /// Updates after GTK has laid the window out (a size change arrives during layout).
    private func queueUpdate() {
        guard !updateQueued else { return }
        updateQueued = true
        MainLoop.performOnceEventsAreHandled { [weak self] in
            self?.updateQueued = false
            self?.update()
        }
    }

    /// Makes the rows on screen (and the spare ones) the flow box's children and sizes the
    /// boxes standing for the rest.
    /// - Complexity: O(tiles on screen).
    private func update() {
        guard !isFocusing else { return }
        guard !entries.isEmpty else { return setShown([], from: 0) }
        guard let tileSize = tileSize ?? measureTile() else { return }
        let width = view.allocatedSize.width - 2 * Self.margin - Self.scrollBarAllowance
        columns = max(1, (width + Self.spacing) / (tileSize.width + Self.spacing))
        flowBox.setColumns(columns)
        let pitch = Double(tileSize.height + Self.spacing)
        let rows = (entries.count + columns - 1) / columns
        let top = view.verticalOffset - Double(Self.margin), page = max(view.visibleHeight, pitch)
        let firstRow = min(rows - 1, max(0, Int(top / pitch) - Self.spareRows))
        let lastRow = min(rows - 1, max(firstRow, Int((top + page) / pitch) + Self.spareRows))
        above.setSizeRequest(width: -1, height: firstRow * Int(pitch))
        below.setSizeRequest(width: -1, height: (rows - 1 - lastRow) * Int(pitch))
        let range = (firstRow * columns)..<min(entries.count, (lastRow + 1) * columns)
        setShown(range.map { tile(for: entries[$0]) }, from: range.lowerBound)
    }

    /// The first tile's size, once it is in the flow box (where the theme's padding applies).
    private func measureTile() -> (width: Int, height: Int)? {
        guard let entry = entries.first else { return nil }
        setShown([tile(for: entry)], from: 0)
        let size = flowBox.naturalSizeOfChildren
        guard size.width > 0, size.height > 0 else { return nil }
        tileSize = size
        return size
    }

    /// Puts `tiles` in the flow box in this order, removing and adding only what changed, so
    /// a tile that stays keeps its focus and picture.
    private func setShown(_ tiles: [ScribbleThumbnailView], from first: Int) {
        let wanted = Set(tiles.map(ObjectIdentifier.init))
        for tile in shown where !wanted.contains(ObjectIdentifier(tile)) { flowBox.remove(tile.tile) }
        let kept = Set(shown.map(ObjectIdentifier.init)).intersection(wanted)
        for (position, tile) in tiles.enumerated() where !kept.contains(ObjectIdentifier(tile)) {
            flowBox.insert(tile.tile, at: position)
            tile.tile.showAll()
        }
        shown = tiles
        firstShown = first
        forgetOldTiles()
    }

    /// The tile of `entry`: a recent one, or a new one.
    private func tile(for entry: ScribbleEntry) -> ScribbleThumbnailView {
        if let tile = recent[entry] { return tile }
        let tile = ScribbleThumbnailView(entry: entry, manager: manager, instrumentation: instrumentation)
        recent[entry] = tile
        recentOrder.append(entry)
        return tile
    }

    /// Drops the oldest tiles out of view beyond `recentLimit`, and their loads not started.
    private func forgetOldTiles() {
        let onShow = Set(shown.map(\.entry))
        var index = 0
        while recent.count > Self.recentLimit + shown.count, index < recentOrder.count {
            let entry = recentOrder[index]
            guard !onShow.contains(entry) else { index += 1; continue }
            recent.removeValue(forKey: entry)?.cancelLoading()
            recentOrder.remove(at: index)
        }
    }

    // MARK: Keys

    /// Moves the focus for an arrow, Page or Home/End key across the whole gallery, scrolling
    /// the row it lands on into view. Other keys go on to GTK.
    private func move(by key: KeyEvent) -> Bool {
        guard key.modifiers.isEmpty, let child = flowBox.currentChild,
            let focused = shown.firstIndex(where: { $0.tile === child })
        else { return false }
        let current = firstShown + focused
        let rowsPerPage = max(1, Int(view.visibleHeight) / ((tileSize?.height ?? 1) + Self.spacing))
        let target: Int
        switch key.key {
        case .left: target = current - 1
        case .right: target = current + 1
        case .up: target = current - columns
        case .down: target = current + columns
        case .pageUp: target = current - columns * rowsPerPage
        case .pageDown: target = current + columns * rowsPerPage
        case .home: target = 0
        case .end: target = entries.count - 1
        default: return false
        }
        focus(max(0, min(entries.count - 1, target)))
        return true
    }

    /// Scrolls entry `index`'s row into view and gives its tile the focus.
    private func focus(_ index: Int) {
        guard let tileSize else { return }
        let pitch = Double(tileSize.height + Self.spacing)
        let rowTop = Double(Self.margin) + Double(index / columns) * pitch
        if rowTop < view.verticalOffset {
            view.verticalOffset = rowTop - Double(Self.margin)
        } else if rowTop + Double(tileSize.height) > view.verticalOffset + view.visibleHeight {
            view.verticalOffset = rowTop + Double(tileSize.height + Self.margin) - view.visibleHeight
        }
        update()
        let position = index - firstShown
        guard shown.indices.contains(position) else { return }
        // GTK scrolls a container to a child given the focus, by the child's allocation —
        // stale for a tile made just now (it has none yet), so to the top. The scroll is
        // undone and the rows stay, or the tile getting the focus would be taken away.
        let offset = view.verticalOffset
        isFocusing = true
        flowBox.selectAndFocus(shown[position].tile)
        view.verticalOffset = offset
        isFocusing = false
    }

    /// Set while a tile is given the focus: scrolls GTK makes then are not followed.
    private var isFocusing = false
}
