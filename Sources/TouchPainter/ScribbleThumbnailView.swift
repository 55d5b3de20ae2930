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

    /// Makes a tile showing the placeholder until the thumbnail at `thumbnailPath` loads.
    init(entry: ScribbleEntry, thumbnailPath: String?) {
        self.entry = entry
        let scribblePath = entry.scribblePath
        proxy = ThumbnailImageProxy(path: thumbnailPath) {
            // A full read: header, checksum and every node, as opening it would.
            (try? ScribbleManager.loadScribble(path: scribblePath)) != nil
        }
        tile.accessibleName = entry.title
        tile.tooltip = entry.title
        image.setSizeRequest(width: Self.imageWidth, height: Self.imageHeight)
        image.horizontalAlignment = .center
        image.onDraw { [weak self] cr in self?.proxy.draw(on: cr, width: Self.imageWidth, height: Self.imageHeight) }
        proxy.onLoad = { [weak self] in self?.image.queueDraw() }

        let title = Label(entry.title)
        let column = Box(.vertical, spacing: 6)
        column.setMargins(6)
        column.packStart(image)
        column.packStart(title)
        tile.add(column)
    }

    /// What the proxy holds now (tests and the benchmark look at it).
    var imageState: ThumbnailImageProxy.State { proxy.state }
}
