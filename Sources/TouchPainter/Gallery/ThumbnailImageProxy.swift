import CairoKit
import Dispatch
import Glibc
import GtkKit
import ScribbleKit
import Synchronization

/// The virtual proxy for a gallery thumbnail (book chapter 22). It is an `ImageComponent`, as
/// the `CairoImage` it stands in for is, so the tile wraps it in the same Decorators
/// (`ImageTransformFilter`, `ImageShadowFilter`) it would wrap a real image in. The first
/// time it is asked to draw — so only for a tile on screen — it paints the shared
/// placeholder and starts loading the real image on a background queue, once; when the image
/// arrives on the main thread, `onLoad` asks the tile to redraw, and from then on it
/// delegates to the image. A picture that cannot be
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
    /// The size it has until the picture is loaded: the placeholder's and the broken tile's.
    private let standInSize: (width: Double, height: Double)
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

    /// A proxy whose picture `load` makes, off the main thread, when it is first drawn; it is
    /// `standInSize` until then.
    init(
        placeholders: ThumbnailPlaceholder = .shared, standInSize: (width: Double, height: Double) = ThumbnailImageProxy.tileCard,
        load: (@Sendable () -> ScribbleManager.Thumbnail)?
    ) {
        self.placeholders = placeholders
        self.standInSize = standInSize
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
        self.init(placeholders: placeholders, standInSize: Self.tileCard) { () -> ScribbleManager.Thumbnail in
            guard isIntact() else { return .damaged }
            guard let image = CairoImage(pngAt: path) else { return .missing }
            return .image(image)
        }
    }

    /// Drops a load not started yet: the tile went out of view.
    func cancel() {
        cancelled.set()
    }

    /// The card a gallery tile shows its picture on: the stand-ins' size.
    static let tileCard = ScribbleThumbnailView.card(width: ScribbleThumbnailView.imageWidth, height: ScribbleThumbnailView.imageHeight)

    private func startLoading() {
        guard let load else { return }
        state = .loading
        instrumentation?.thumbnailLoadStarted()
        let (cancelled, instrumentation) = (cancelled, instrumentation)
        WorkLanes.run(
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

/// The Proxy is the component it stands for: the picture once it is loaded, until then a
/// stand-in of `standInSize` (the shared placeholder, or the broken tile).
extension ThumbnailImageProxy: @MainActor ImageComponent {
    var size: (width: Double, height: Double) {
        if case .loaded(let image) = state { return image.size }
        return standInSize
    }

    /// Draws the picture, or its stand-in, into `rect`; the first draw starts the load.
    func draw(in rect: ImageRect, on cr: CairoContext) {
        if case .notLoaded = state { startLoading() }
        switch state {
        case .notLoaded, .loading:
            placeholders.image(width: Int(rect.width), height: Int(rect.height)).draw(in: rect, on: cr)
        case .loaded(let image):
            OnWhite(image).draw(in: rect, on: cr)
        case .broken, .damaged:
            BrokenImage(width: rect.width, height: rect.height).draw(in: rect, on: cr)
        }
    }
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
