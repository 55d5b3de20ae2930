import CCairo
import Dispatch
import GtkKit

/// The virtual proxy for a gallery thumbnail (book chapter 22). It stands in for the PNG:
/// the first time it is asked to draw it paints the shared placeholder and starts loading
/// the real image on a background queue — once; when the image arrives on the main thread,
/// `onLoad` asks the tile to redraw. A missing or broken PNG, or a scribble file that does
/// not read back (`isIntact`), turns into a broken-image tile, never an endless placeholder
/// and never the picture of a drawing that can no longer be opened.
@MainActor
final class ThumbnailImageProxy {
    /// What the proxy can show.
    enum State {
        case notLoaded
        case loading
        case loaded(CairoImage)
        case broken
    }

    /// Decoding runs here, off the GTK main thread.
    private static let queue = DispatchQueue(label: "touchpainter.thumbnails", qos: .userInitiated, attributes: .concurrent)
    private let path: String?
    /// Where the placeholder comes from (shared by every tile: the Flyweight).
    private let placeholders: ThumbnailPlaceholder
    /// Checks, on the background queue, that what the thumbnail shows can still be opened.
    private let isIntact: @Sendable () -> Bool
    /// What the proxy shows now.
    private(set) var state = State.notLoaded
    /// Called on the main thread once the load finished, either way.
    var onLoad: (() -> Void)?

    /// A proxy for the PNG at `path` (`nil`: no thumbnail file, so broken from the start),
    /// showing it only if `isIntact` says the scribble behind it still reads.
    init(path: String?, placeholders: ThumbnailPlaceholder = .shared,
         isIntact: @escaping @Sendable () -> Bool = { true }) {
        self.path = path
        self.placeholders = placeholders
        self.isIntact = isIntact
        if path == nil { state = .broken }
    }

    /// Paints what is known now into `width`×`height`, and starts the load on first use.
    func draw(on cr: OpaquePointer, width: Int, height: Int) {
        switch state {
        case .notLoaded:
            startLoading()
            placeholders.image(width: width, height: height).paint(on: cr, width: width, height: height)
        case .loading:
            placeholders.image(width: width, height: height).paint(on: cr, width: width, height: height)
        case .loaded(let image):
            cairo_set_source_rgb(cr, 1, 1, 1)
            cairo_paint(cr)
            image.paint(on: cr, width: width, height: height)
        case .broken:
            drawBroken(on: cr, width: width, height: height)
        }
    }

    private func startLoading() {
        guard let path else { return }
        state = .loading
        let isIntact = isIntact
        Self.queue.async { [weak self] in
            let image = isIntact() ? CairoImage(pngAt: path) : nil
            MainLoop.perform {
                guard let self else { return }
                self.state = image.map(State.loaded) ?? .broken
                self.onLoad?()
            }
        }
    }

    /// The "broken image" tile: grey, a solid border and the theme's missing-image icon.
    private func drawBroken(on cr: OpaquePointer, width: Int, height: Int) {
        cairo_set_source_rgb(cr, 0.93, 0.93, 0.93)
        cairo_paint(cr)
        cairo_set_source_rgb(cr, 0.6, 0.6, 0.6)
        cairo_set_line_width(cr, 2)
        cairo_rectangle(cr, 1, 1, Double(width) - 2, Double(height) - 2)
        cairo_stroke(cr)
        let size = 48
        Gtk.paintIcon(named: "image-missing", size: size, on: cr,
                      x: Double(width - size) / 2, y: Double(height - size) / 2)
    }
}
