import CCairo
import CairoKit

/// Exports a drawing to PNG, SVG or PDF (book chapter 9): the Bridge between what an export is —
/// the page, the scale, the background, the marks drawn by `MarkRenderer` — and the Cairo
/// surface kind that makes each format (`ExportSurface`). Runs on any thread, with no display.
///
/// The page is the drawing's bounds plus a 16-pixel margin on every side, wherever on the
/// endless canvas they lie, on whole canvas pixels, so that the page's pixels are
/// the canvas' and the texture lies as it did on the canvas.
public struct Exporter: Sendable {
    /// The margin around the drawing, in canvas pixels.
    public static let margin: Float = 16
    /// The page of an empty drawing.
    public static let emptyPage: Float = 64

    private let snapshot: RenderSnapshot
    /// The drawing itself, for the formats that keep marks rather than paint.
    private let memento: ScribbleMemento
    /// The canvas point at the page's top-left corner.
    public let pageX: Double, pageY: Double
    /// The page in canvas pixels.
    public let pageWidth: Double
    /// The page in canvas pixels.
    public let pageHeight: Double

    /// Prepares to export `memento`'s drawing (a deep copy, so any thread may use it).
    public init(memento: ScribbleMemento) {
        snapshot = RenderSnapshot(of: memento.root)
        self.memento = memento
        let bounds = memento.root.bounds
        guard !bounds.isNull else {
            (pageX, pageY, pageWidth, pageHeight) = (0, 0, Double(Self.emptyPage), Double(Self.emptyPage))
            return
        }
        let page = bounds.outset(by: Self.margin).integral
        (pageX, pageY) = (Double(page.minX), Double(page.minY))
        (pageWidth, pageHeight) = (Double(max(1, page.width)), Double(max(1, page.height)))
    }

    /// Output units per canvas pixel for `options`.
    public func scale(for options: ExportOptions) -> Double {
        options.width.map { Double($0) / pageWidth } ?? options.scale
    }

    /// The exported file's bytes.
    /// - Throws: `ExportError` for an output too large, or a Cairo failure.
    /// - Complexity: O(n) in the drawing's marks and vertices.
    public func export(_ format: ExportFormat, options: ExportOptions = ExportOptions()) throws(ExportError) -> [UInt8] {
        if format == .xopp {
            return XoppWriter.notebook(
                of: memento.root, title: memento.title,
                page: Rect(
                    minX: Float(pageX), minY: Float(pageY),
                    maxX: Float(pageX + pageWidth), maxY: Float(pageY + pageHeight)))
        } // marks, not paint: no size or background
        let scale = scale(for: options)
        let limit = Double(ExportOptions.maximumSide(for: format))
        let (exactWidth, exactHeight) = ((pageWidth * scale).rounded(.up), (pageHeight * scale).rounded(.up))
        guard scale > 0, scale.isFinite, exactWidth >= 1, exactHeight >= 1, exactWidth <= limit, exactHeight <= limit else {
            throw .tooLarge(width: Int(min(exactWidth, 1e18)), height: Int(min(exactHeight, 1e18)), limit: Int(limit))
        }
        let (width, height) = (Int(exactWidth), Int(exactHeight))
        let background: Color? = options.transparent && format != .pdf ? nil : options.background
        // The texture made for the nearest whole device scale at or above the output's.
        let texture = background == nil ? nil : options.canvas.texture(scale: min(4, max(1, Int(scale.rounded(.up)))))
        let surface: ExportSurface =
            switch format {
            case .png: PNGExportSurface()
            case .svg: VectorExportSurface(kind: .svg)
            case .pdf, .xopp: VectorExportSurface(kind: .pdf)
            }
        return try surface.render(
            snapshot, width: width, height: height, scale: scale, page: (pageX, pageY),
            background: background, texture: texture)
    }

    /// Draws the page onto `cr` (a printer's) fitted into `width`×`height` and centred, every
    /// mark as a vector path, leaving out what later opaque strokes cover, as a PDF does.
    public func draw(on context: CairoContext, fitting width: Double, height: Double) {
        let cr = context.pointer
        let scale = min(width / pageWidth, height / pageHeight)
        let (x, y) = ((width - pageWidth * scale) / 2, (height - pageHeight * scale) / 2)
        let occlusion = VectorExportSurface.occlusion(
            of: snapshot, width: Int(width.rounded(.up)),
            height: Int(height.rounded(.up)), scale: scale,
            origin: (x - pageX * scale, y - pageY * scale))
        cairo_save(cr)
        cairo_translate(cr, x, y)
        cairo_scale(cr, scale, scale)
        cairo_translate(cr, -pageX, -pageY)
        MarkRenderer(context: cr, occlusion: occlusion).render(snapshot)
        cairo_restore(cr)
    }

    /// `options` made to fit `format`'s largest side (`ExportOptions.maximumSide(for:)`):
    /// a drawing too big for it at the scale or width asked is exported at the largest scale
    /// that fits, and `note` says so ("…exported at 16384×12 px"); `nil` when nothing changed.
    /// A PNG is a raster and has a limit of 16384 px; SVG and PDF, only Cairo's coordinates.
    public func fitting(_ format: ExportFormat, options: ExportOptions) -> (options: ExportOptions, note: String?) {
        let limit = Double(ExportOptions.maximumSide(for: format))
        let asked = scale(for: options)
        guard asked.isFinite, asked > 0,
            (pageWidth * asked).rounded(.up) > limit || (pageHeight * asked).rounded(.up) > limit
        else { return (options, nil) }
        var scale = min(limit / pageWidth, limit / pageHeight)
        // Rounding up may still reach past the limit by a pixel: step down until it fits.
        while (pageWidth * scale).rounded(.up) > limit || (pageHeight * scale).rounded(.up) > limit { scale = scale.nextDown }
        var fitted = options
        fitted.width = nil
        fitted.scale = scale
        let (width, height) = (Int((pageWidth * scale).rounded(.up)), Int((pageHeight * scale).rounded(.up)))
        let note = tr(
            "The drawing is too large for a %1$s of at most %2$s px a side at the size asked; it is exported at %3$s×%4$s px.",
            format.rawValue.uppercased(), String(Int(limit)), String(width), String(height))
        return (fitted, note)
    }

    /// Exports and writes the file atomically, after checking that the output may be
    /// replaced: it is not `input` (by path or by device and inode, through links: export
    /// never writes over what it reads), and it is a regular file the user may write, or
    /// nothing yet (`AtomicFile`). The checks come first, so a refusal costs no rendering.
    public func write(
        _ format: ExportFormat, options: ExportOptions = ExportOptions(), to path: String,
        input: String? = nil
    ) throws {
        try Self.checkOutput(path, input: input)
        try AtomicFile.write(try export(format, options: options), to: path)
    }

    /// Throws unless `path` may take an export of `input` (see `write`).
    public static func checkOutput(_ path: String, input: String?) throws(StorageError) {
        if let input, FileSystem.isSameFile(input, path) {
            throw StorageError(.save, path: path, cause: tr("it is the scribble being exported"))
        }
        _ = try AtomicFile.checkedDestination(path)
    }
}

/// Why an export failed.
public enum ExportError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The output would be larger than `limit` a side (`ExportOptions.maximumSide(for:)`), or empty.
    case tooLarge(width: Int, height: Int, limit: Int)
    /// Cairo could not make the file.
    case cairo(String)

    public var description: String {
        switch self {
        case .tooLarge(let width, let height, let limit):
            tr("the output would be %1$s×%2$s; each side must be 1 to %3$s", String(width), String(height), String(limit))
        case .cairo(let why): "Cairo could not write it: \(why)"
        }
    }
}
