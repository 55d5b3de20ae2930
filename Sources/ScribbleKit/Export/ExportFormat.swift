/// The file types a drawing exports to: images, each made on its own kind of Cairo surface,
/// and Xournal++ notebooks.
public enum ExportFormat: String, CaseIterable, Sendable {
    /// A raster image (Cairo image surface, PNG-encoded).
    case png
    /// Scalable vector graphics: every mark a path (Cairo SVG surface).
    case svg
    /// A one-page PDF: every mark a path (Cairo PDF surface).
    case pdf
    /// A Xournal++ notebook of one page (`XoppWriter`).
    case xopp

    /// What a file of this type is called in a file chooser ("PNG image").
    public var typeName: String {
        self == .xopp ? tr("Xournal++ notebook") : tr("%1$s image", rawValue.uppercased())
    }

    /// The format a file name's extension names (case-insensitive), or `nil`.
    public init?(path: String) {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        self.init(rawValue: path[path.index(after: dot)...].lowercased())
    }
}

/// How a drawing is exported.
public struct ExportOptions: Sendable {
    /// Output units per canvas pixel (1×, 2×…); ignored when `width` is set.
    public var scale: Double
    /// The output's width in pixels (PNG) or points (SVG, PDF); the height follows.
    public var width: Int?
    /// No background: marks on transparency (PNG and SVG only; a PDF page is white).
    public var transparent: Bool
    /// The colour under the marks when not transparent.
    public var background: Color
    /// The canvas under the marks when not transparent: paper and cloth put their texture there.
    public var canvas: CanvasKind

    /// Options: `scale` 1, white plain background.
    public init(
        scale: Double = 1, width: Int? = nil, transparent: Bool = false, background: Color = .white,
        canvas: CanvasKind = .plain
    ) {
        (self.scale, self.width, self.transparent, self.background) = (scale, width, transparent, background)
        self.canvas = canvas
    }

    /// The largest PNG side accepted, in pixels: a 2× export of a 4K-wide drawing fits.
    public static let maximumSide = 16_384
    /// The largest SVG or PDF side, in points: Cairo keeps coordinates in 24.8 fixed point,
    /// so larger pages would not draw. No drawing reaches it (`MarkLimits`) at scale 8.
    public static let maximumVectorSide = 8_000_000

    /// The largest side `format` takes: vector pages have no raster limit.
    public static func maximumSide(for format: ExportFormat) -> Int {
        format == .png ? maximumSide : maximumVectorSide
    }
}
