import CCairo
import Dispatch
import Glibc
import GtkKit
import ScribbleKit

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
        /// The thumbnail is fine but the scribble file behind it no longer reads.
        case damaged
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
    /// Whatever it shows — placeholder, thumbnail or broken tile — is drawn through the same
    /// Decorator chain: fitted and centred by a transform filter, on a soft shadow, a card.
    func draw(on cr: OpaquePointer, width: Int, height: Int) {
        if case .notLoaded = state { startLoading() }
        let card = ImageRect(x: Self.margin, y: Self.margin, width: Double(width) - 2 * Self.margin - 3,
                             height: Double(height) - 2 * Self.margin - 3)
        let picture: ImageComponent
        switch state {
        case .notLoaded, .loading:
            picture = placeholders.image(width: Int(card.width), height: Int(card.height))
        case .loaded(let image):
            picture = OnWhite(image)
        case .broken, .damaged:
            picture = BrokenImage(width: card.width, height: card.height)
        }
        let (naturalWidth, naturalHeight) = picture.size
        ImageTransformFilter(fitting: ImageShadowFilter(picture, offset: 2, radius: 4), into: card)
            .draw(in: ImageRect(x: 0, y: 0, width: naturalWidth, height: naturalHeight), on: cr)
    }

    /// Room around the card for its shadow.
    static let margin = 4.0

    private func startLoading() {
        guard let path else { return }
        state = .loading
        TimingReport.thumbnailLoadStarted()
        let isIntact = isIntact
        Self.queue.async { [weak self] in
            Self.decoding.wait()
            let intact = isIntact()
            let image = intact ? CairoImage(pngAt: path) : nil
            Self.decoding.signal()
            MainLoop.perform {
                defer { TimingReport.thumbnailLoadFinished() }
                guard let self else { return }
                self.state = image.map(State.loaded) ?? (intact ? .broken : .damaged)
                self.onLoad?()
            }
        }
    }

    /// How many thumbnails decode at once: one per core, so a gallery of big pictures
    /// cannot hold more decoded images in memory than that.
    private nonisolated static let decoding = DispatchSemaphore(value: max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))))
}

/// A thumbnail on a white card (a PNG may have transparent parts).
private struct OnWhite: ImageComponent {
    let image: CairoImage
    init(_ image: CairoImage) { self.image = image }
    var size: (width: Double, height: Double) { image.size }

    func draw(in rect: ImageRect, on cr: OpaquePointer) {
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
        cairo_fill(cr)
        image.draw(in: rect, on: cr)
    }
}

/// The "broken image" tile: grey, a solid border and the theme's missing-image icon.
@MainActor
private struct BrokenImage: ImageComponent {
    let width: Double
    let height: Double
    nonisolated var size: (width: Double, height: Double) { (width, height) }

    nonisolated func draw(in rect: ImageRect, on cr: OpaquePointer) {
        cairo_set_source_rgb(cr, 0.93, 0.93, 0.93)
        cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
        cairo_fill_preserve(cr)
        cairo_set_source_rgb(cr, 0.6, 0.6, 0.6)
        cairo_set_line_width(cr, 2)
        cairo_stroke(cr)
        let size = 48.0
        nonisolated(unsafe) let cr = cr // used at once, on this thread
        MainActor.assumeIsolated { // tiles draw in GTK's draw handler, on the main thread
            _ = Gtk.paintIcon(named: "image-missing", size: Int(size), on: cr,
                              x: rect.x + (rect.width - size) / 2, y: rect.y + (rect.height - size) / 2)
        }
    }
}
