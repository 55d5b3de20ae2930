import CairoKit
import Dispatch
import Glibc
import GtkKit
import ScribbleKit
import Synchronization

/// The virtual proxy for a gallery thumbnail (book chapter 22). It stands in for the picture:
/// the first time it is asked to draw — so only for a tile on screen — it paints the shared
/// placeholder and starts loading the real image on a background queue, once; when the image
/// arrives on the main thread, `onLoad` asks the tile to redraw. A picture that cannot be
/// made, or a scribble file that does not read back, turns into a broken-image tile, never
/// an endless placeholder and never the picture of a drawing that can no longer be opened.
/// A tile scrolled away before its turn `cancel`s the load, so a fast scroll through ten
/// thousand tiles decodes only those that stay in view.
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

    /// Where the placeholder comes from (shared by every tile: the Flyweight).
    private let placeholders: ThumbnailPlaceholder
    /// Makes the picture, on the background queue (`nil`: there is none to load).
    private let load: (@Sendable () -> ScribbleManager.Thumbnail)?
    /// Set when the tile no longer needs its picture.
    private let cancelled = CancelFlag()
    /// What the proxy shows now.
    private(set) var state = State.notLoaded
    /// Called on the main thread once the load finished, either way.
    var onLoad: (() -> Void)?
    /// Told when the load starts and ends, if anyone watches the timing.
    var instrumentation: Instrumentation?

    /// A proxy whose picture `load` makes, off the main thread, when it is first drawn.
    init(placeholders: ThumbnailPlaceholder = .shared, load: (@Sendable () -> ScribbleManager.Thumbnail)?) {
        self.placeholders = placeholders
        self.load = load
        if load == nil { state = .broken }
    }

    /// A proxy for the PNG at `path` (`nil`: no picture, so broken from the start), showing
    /// it only if `isIntact` says the scribble behind it still reads.
    convenience init(
        path: String?, placeholders: ThumbnailPlaceholder = .shared,
        isIntact: @escaping @Sendable () -> Bool = { true }
    ) {
        guard let path else {
            self.init(placeholders: placeholders, load: nil)
            return
        }
        self.init(placeholders: placeholders) { () -> ScribbleManager.Thumbnail in
            guard isIntact() else { return .damaged }
            guard let image = CairoImage(pngAt: path) else { return .missing }
            return .image(image)
        }
    }

    /// Drops a load not started yet: the tile went out of view.
    func cancel() {
        cancelled.set()
    }

    /// Paints what is known now into `width`×`height`, and starts the load on first use.
    /// Whatever it shows — placeholder, thumbnail or broken tile — is drawn through the same
    /// Decorator chain: fitted and centred by a transform filter, on a soft shadow, a card.
    func draw(on cr: CairoContext, width: Int, height: Int) {
        if case .notLoaded = state { startLoading() }
        let card = ImageRect(
            x: Self.margin, y: Self.margin, width: Double(width) - 2 * Self.margin - 3,
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
        guard let load else { return }
        state = .loading
        instrumentation?.thumbnailLoadStarted()
        let (cancelled, instrumentation) = (cancelled, instrumentation)
        Background.run(
            on: .thumbnails,
            {
                Self.decoding.wait()
                defer { Self.decoding.signal() }
                return cancelled.isSet ? nil : load()
            },
            then: { [weak self] thumbnail in
                defer { instrumentation?.thumbnailLoadFinished() }
                guard let self, let thumbnail else { return }
                switch thumbnail {
                case .image(let image): self.state = .loaded(image)
                case .missing: self.state = .broken
                case .damaged: self.state = .damaged
                }
                self.onLoad?()
            })
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

    func draw(in rect: ImageRect, on cr: CairoContext) {
        cr.setSource(red: 1, green: 1, blue: 1)
        cr.rectangle(x: rect.x, y: rect.y, width: rect.width, height: rect.height)
        cr.fill()
        image.draw(in: rect, on: cr)
    }
}

/// The "broken image" tile: grey, a solid border and the theme's missing-image icon.
@MainActor
private struct BrokenImage: ImageComponent {
    let width: Double
    let height: Double
    nonisolated var size: (width: Double, height: Double) { (width, height) }

    nonisolated func draw(in rect: ImageRect, on cr: CairoContext) {
        cr.setSource(red: 0.93, green: 0.93, blue: 0.93)
        cr.rectangle(x: rect.x, y: rect.y, width: rect.width, height: rect.height)
        cr.fillPreserve()
        cr.setSource(red: 0.6, green: 0.6, blue: 0.6)
        cr.setLineWidth(2)
        cr.stroke()
        let size = 48.0
        nonisolated(unsafe) let cr = cr // used at once, on this thread
        MainActor.assumeIsolated { // tiles draw in GTK's draw handler, on the main thread
            _ = Gtk.paintIcon(
                named: "image-missing", size: Int(size), on: cr,
                x: rect.x + (rect.width - size) / 2, y: rect.y + (rect.height - size) / 2)
        }
    }
}

/// A flag one thread sets and others read: whether a load is still wanted.
private final class CancelFlag: Sendable {
    private let flag = Atomic<Bool>(false)
    func set() { flag.store(true, ordering: .relaxed) }
    var isSet: Bool { flag.load(ordering: .relaxed) }
}
