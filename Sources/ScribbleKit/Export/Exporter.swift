import CCairo

/// Exports a drawing to PNG, SVG or PDF (SPEC §8): the Bridge between what an export is —
/// the page, the scale, the background, the marks drawn by `MarkRenderer` — and the Cairo
/// surface kind that makes each format (`ExportSurface`). Runs on any thread, with no display.
///
/// The page runs from the canvas' origin to the drawing's right and bottom edges plus a
/// 16-pixel margin: the canvas a drawing was made on starts at (0, 0), and files do not keep
/// its size, so this is the smallest canvas that shows the whole drawing as it was drawn.
public struct Exporter: Sendable {
    /// The margin right of and below the drawing, in canvas pixels.
    public static let margin: Float = 16
    /// The page of an empty drawing.
    public static let emptyPage: Float = 64

    private let snapshot: RenderSnapshot
    /// The page in canvas pixels.
    public let pageWidth: Double
    /// The page in canvas pixels.
    public let pageHeight: Double

    /// Prepares to export `memento`'s drawing (a deep copy, so any thread may use it).
    public init(memento: ScribbleMemento) {
        snapshot = RenderSnapshot(of: memento.root)
        let bounds = memento.root.bounds
        pageWidth = Double(bounds.isNull ? Self.emptyPage : max(1, bounds.maxX + Self.margin))
        pageHeight = Double(bounds.isNull ? Self.emptyPage : max(1, bounds.maxY + Self.margin))
    }

    /// Output units per canvas pixel for `options`.
    public func scale(for options: ExportOptions) -> Double {
        options.width.map { Double($0) / pageWidth } ?? options.scale
    }

    /// The exported file's bytes.
    /// - Throws: `ExportError` for an output too large, or a Cairo failure.
    /// - Complexity: O(n) in the drawing's marks and vertices.
    public func export(_ format: ExportFormat, options: ExportOptions = ExportOptions()) throws(ExportError) -> [UInt8] {
        let scale = scale(for: options)
        let width = Int((pageWidth * scale).rounded(.up)), height = Int((pageHeight * scale).rounded(.up))
        guard scale > 0, scale.isFinite, width >= 1, height >= 1,
              width <= ExportOptions.maximumSide, height <= ExportOptions.maximumSide else {
            throw .tooLarge(width: width, height: height)
        }
        let background: Color? = options.transparent && format != .pdf ? nil : options.background
        // The texture made for the nearest whole device scale at or above the output's.
        let texture = background == nil ? nil : options.canvas.texture(scale: min(4, max(1, Int(scale.rounded(.up)))))
        let surface: ExportSurface = switch format {
        case .png: PNGExportSurface()
        case .svg: VectorExportSurface(kind: .svg)
        case .pdf: VectorExportSurface(kind: .pdf)
        }
        return try surface.render(snapshot, width: width, height: height, scale: scale, background: background,
                                  texture: texture)
    }

    /// Draws the page onto `cr` (a printer's) fitted into `width`×`height` and centred, every
    /// mark as a vector path, leaving out what later opaque strokes cover, as a PDF does.
    public func draw(on cr: OpaquePointer, fitting width: Double, height: Double) {
        let scale = min(width / pageWidth, height / pageHeight)
        let (x, y) = ((width - pageWidth * scale) / 2, (height - pageHeight * scale) / 2)
        let occlusion = VectorExportSurface.occlusion(of: snapshot, width: Int(width.rounded(.up)),
                                                      height: Int(height.rounded(.up)), scale: scale, origin: (x, y))
        cairo_save(cr)
        cairo_translate(cr, x, y)
        cairo_scale(cr, scale, scale)
        MarkRenderer(context: cr, occlusion: occlusion).render(snapshot)
        cairo_restore(cr)
    }

    /// Exports and writes the file atomically.
    public func write(_ format: ExportFormat, options: ExportOptions = ExportOptions(), to path: String) throws {
        try AtomicFile.write(try export(format, options: options), to: path)
    }
}

/// Why an export failed.
public enum ExportError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The output would be larger than `ExportOptions.maximumSide` (or empty).
    case tooLarge(width: Int, height: Int)
    /// Cairo could not make the file.
    case cairo(String)

    public var description: String {
        switch self {
        case .tooLarge(let width, let height):
            "the output would be \(width)×\(height); each side must be 1 to \(ExportOptions.maximumSide)"
        case .cairo(let why): "Cairo could not write it: \(why)"
        }
    }
}
