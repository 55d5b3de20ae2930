import CCairo
import CairoKit

/// Exports a drawing to PNG, SVG or PDF, and prints it (book chapter 8): the Bridge between
/// what an export is — the page, the scale, the background, the marks drawn by `MarkRenderer`
/// — and the Cairo surface kind that makes each format or takes the print (`ExportSurface`:
/// PNG, SVG, PDF, the print context). Runs on any thread, with no display. It sees the
/// memento only whole: the originator opens it (`Scribble.drawing(of:)`, book chapter 23).
///
/// The page is the drawing's bounds plus a 16-pixel margin on every side, wherever on the
/// endless canvas they lie, on whole canvas pixels, so that the page's pixels are
/// the canvas' and the texture lies as it did on the canvas.
public struct Exporter: Sendable {
    /// The margin around the drawing, in canvas pixels.
    public static let margin: Float = 16
    /// The page of an empty drawing.
    public static let emptyPage: Float = 64

    let snapshot: RenderSnapshot
    /// The drawing itself, for the formats that keep marks rather than paint.
    private let memento: ScribbleMemento
    /// The canvas point at the page's top-left corner.
    public let pageX: Double, pageY: Double
    /// The page in canvas pixels.
    public let pageWidth: Double
    /// The page in canvas pixels.
    public let pageHeight: Double
    /// The drawing's PDF pages, when a PDF export lays the ink onto them (`Exporter+Pages`).
    let pagePlan: PagePlan?

    /// Prepares to export `memento`'s drawing (a deep copy, so any thread may use it).
    public init(memento: ScribbleMemento) {
        let drawing = Scribble.drawing(of: memento)
        snapshot = RenderSnapshot(of: drawing)
        self.memento = memento
        pagePlan = PagePlan(drawing)
        let bounds = drawing.bounds
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
        if format == .xopp, let plan = pagePlan { // the PDF's pages, the PDF beside (`write`)
            return XoppWriter.notebook(of: Scribble.drawing(of: memento), title: memento.title, plan: plan)
        }
        if format == .xopp {
            return XoppWriter.notebook(
                of: Scribble.drawing(of: memento), title: memento.title,
                page: Rect(
                    minX: Float(pageX), minY: Float(pageY),
                    maxX: Float(pageX + pageWidth), maxY: Float(pageY + pageHeight)))
        } // marks, not paint: no size or background
        if format == .pdf, let onPages = try exportOntoPages() { return onPages } // the PDF's own pages
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
        return try format.surface.render(
            snapshot, width: width, height: height, scale: scale, page: (pageX, pageY),
            background: background, texture: texture)
    }

    /// Prints: the page onto `context` (a printer's) fitted into `width`×`height` and centred,
    /// through the print context's implementor (`PrintExportSurface`).
    public func print(on context: CairoContext, fitting width: Double, height: Double) {
        print(through: PrintExportSurface(context: context), fitting: width, height: height)
    }

    /// The page drawn by `surface` fitted into a `width`×`height` sheet and centred.
    func print(through surface: ExportSurface, fitting width: Double, height: Double) {
        let scale = min(width / pageWidth, height / pageHeight)
        let (x, y) = ((width - pageWidth * scale) / 2, (height - pageHeight * scale) / 2)
        _ = try? surface.render(
            snapshot, width: Int(width.rounded(.up)), height: Int(height.rounded(.up)), scale: scale,
            page: (pageX - x / scale, pageY - y / scale), background: nil, texture: nil)
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
    /// A notebook (`.xopp`) of a drawing on a PDF's pages names its PDF as attached: the
    /// PDF's own bytes are written first, atomically too, beside it as `<path>.bg.pdf`
    /// (`attachedPdfPath`), so a notebook never names a PDF not there.
    public func write(
        _ format: ExportFormat, options: ExportOptions = ExportOptions(), to path: String,
        input: String? = nil
    ) throws {
        try Self.checkOutput(path, input: input)
        if format == .xopp, let plan = pagePlan {
            let pdf = Self.attachedPdfPath(of: path)
            try Self.checkOutput(pdf, input: input)
            try AtomicFile.write(plan.content.bytes, to: pdf)
        }
        try AtomicFile.write(try export(format, options: options), to: path)
    }

    /// What a notebook export at `path` of a drawing on a PDF's pages tells the user: the PDF
    /// went beside it, and has to travel with it. `nil` for a drawing without pages.
    public func attachedPdfNote(for path: String) -> String? {
        guard pagePlan != nil else { return nil }
        let name = Self.attachedPdfPath(of: path).split(separator: "/").last.map(String.init) ?? path
        return tr("The PDF its pages show is written beside it as “%1$s”: keep the two together.", name)
    }

    /// Where a notebook export at `path` puts the PDF its pages show: `<path>.bg.pdf`, the
    /// file Xournal++ opens for a background `domain="attach" filename="bg.pdf"`.
    public static func attachedPdfPath(of path: String) -> String {
        path + "." + XoppWriter.attachedPdfName
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
