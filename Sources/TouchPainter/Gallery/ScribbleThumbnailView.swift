import CairoKit
import FoundationEssentials
import Glibc
import GtkKit
import ScribbleKit

/// One gallery tile (book chapter 22): the thumbnail, drawn through its image proxy, and
/// the scribble's name under it. The tile's accessible name is the scribble's name.
@MainActor
final class ScribbleThumbnailView {
    /// Thumbnail size in the grid.
    static let imageWidth = 240
    /// Thumbnail height in the grid.
    static let imageHeight = 180

    /// The saved scribble the tile stands for.
    let entry: ScribbleEntry
    /// The flow box child that is the tile.
    let tile = FlowBoxChild()
    private let image = DrawingArea()
    private let proxy: ThumbnailImageProxy

    /// Makes a tile showing the placeholder until its thumbnail loads: from the thumbnail
    /// cache when a fresh one is there and the scribble passes its header and checksum check
    /// (cheap for a big scribble), else drawn again from the scribble — off the main thread,
    /// and only once the tile is drawn, so only tiles on screen load.
    init(entry: ScribbleEntry, manager: ScribbleManager, instrumentation: Instrumentation? = nil) {
        self.entry = entry
        let scribblePath = entry.scribblePath
        proxy = ThumbnailImageProxy { manager.thumbnail(ofScribbleAt: scribblePath) }
        proxy.instrumentation = instrumentation
        tile.accessibleName = entry.title
        tile.tooltip = entry.title
        image.accessibleName = tr("Thumbnail of %1$s", entry.title)
        image.setSizeRequest(width: Self.imageWidth, height: Self.imageHeight)
        image.horizontalAlignment = .center
        image.onDraw { [weak self] cr in
            guard let self else { return }
            Self.draw(self.proxy, on: cr, width: Self.imageWidth, height: Self.imageHeight)
        }
        proxy.onLoad = { [weak self] in self?.thumbnailDidLoad() }

        title.text = entry.title
        // Every tile as wide as its thumbnail: a long name is cut short (the tooltip and the
        // accessible name keep it whole), so one name cannot widen every column.
        title.ellipsize(beyond: 1)
        title.setSizeRequest(width: Self.imageWidth, height: -1)
        date.ellipsize(beyond: 1)
        date.setSizeRequest(width: Self.imageWidth, height: -1)
        // Translators: GLib's date format (strftime's conversions): "22 Nov 2026 at 12:58".
        let saved = DateTime.format(entry.savedAt, tr("%e %b %Y at %H:%M"))
        date.text = tr("Saved %1$s", saved)
        date.addStyleClass(.dimLabel)
        if entry.isConflictCopy {
            // A sync tool's copy of a version it could not merge: the title inside is the
            // other version's, so the tile says which one this is.
            date.text = tr("Conflicting copy, saved %1$s", saved)
            tile.accessibleName = tr("%1$s (conflicting copy)", entry.title)
            tile.tooltip = tile.accessibleName
        }
        let column = Box(.vertical, spacing: 4)
        column.setMargins(6)
        column.packStart(image)
        column.packStart(title)
        column.packStart(date)
        tile.add(column)
    }

    private let title = Label()
    private let date = Label()

    /// Redraws, and relabels the tile if the scribble behind it turned out damaged: it is
    /// then named by its file's id, not the title inside it, so two tiles never share a name
    /// and a screen reader says what is wrong.
    /// Something that is not a file at all (a folder, a FIFO) is named by its file name and
    /// what it is ("sketches.scribble: it is a folder, not a file"), not called damaged.
    private func thumbnailDidLoad() {
        image.queueDraw()
        guard case .damaged = proxy.state else { return }
        if let problem = entry.problem {
            let name = tr("%1$s: %2$s", entry.id + ".scribble", problem)
            title.text = name
            tile.accessibleName = name
            tile.tooltip = name
            image.accessibleName = name
            return
        }
        let name = tr("Damaged scribble %1$s", String(entry.id.prefix(8)))
        title.text = name
        tile.accessibleName = name
        tile.tooltip = tr("%1$s: its file no longer reads", name)
        image.accessibleName = tr("%1$s: its file no longer reads", name)
    }

    /// Draws `picture` (the thumbnail's proxy, or any image) as a tile's picture of
    /// `width`×`height`: through the Decorators (book chapter 16), fitted and centred on the
    /// card by a transform filter, on a soft shadow.
    static func draw(_ picture: ImageComponent, on cr: CairoContext, width: Int, height: Int) {
        let card = card(width: width, height: height)
        let (naturalWidth, naturalHeight) = picture.size
        let box = ImageRect(x: margin, y: margin, width: card.width, height: card.height)
        ImageTransformFilter(fitting: ImageShadowFilter(picture, offset: 2, radius: 4), into: box)
            .draw(in: ImageRect(x: 0, y: 0, width: naturalWidth, height: naturalHeight), on: cr)
    }

    /// Room around the card for its shadow.
    nonisolated static let margin = 4.0

    /// The card's size in a tile picture of `width`×`height`: inside the room for the shadow.
    nonisolated static func card(width: Int, height: Int) -> (width: Double, height: Double) {
        (Double(width) - 2 * margin - 3, Double(height) - 2 * margin - 3)
    }

    /// Drops the thumbnail's load if it has not started: the tile went out of view.
    func cancelLoading() {
        proxy.cancel()
    }

    /// What the proxy holds now (tests and the benchmark look at it).
    var imageState: ThumbnailImageProxy.State { proxy.state }
}
