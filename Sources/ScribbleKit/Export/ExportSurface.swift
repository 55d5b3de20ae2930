import CCairo
import CairoKit
import FoundationEssentials

/// The implementor side of the export Bridge: one kind of Cairo surface, and how a drawing
/// becomes that format's bytes on it.
protocol ExportSurface {
    /// `snapshot` drawn on a `width`×`height` page at `scale` whose top-left corner is the
    /// canvas point `page`, over `background` (none: transparent), as the format's file bytes.
    func render(
        _ snapshot: RenderSnapshot, width: Int, height: Int, scale: Double, page: (x: Double, y: Double),
        background: Color?, texture: CanvasTexture?
    ) throws(ExportError) -> [UInt8]
}

extension ExportFormat {
    /// The implementor that makes the format's bytes (a notebook's page is drawn as a PDF's).
    var surface: ExportSurface {
        switch self {
        case .png: PNGExportSurface()
        case .svg: VectorExportSurface(kind: .svg)
        case .pdf, .xopp: VectorExportSurface(kind: .pdf)
        }
    }
}

/// PNG: the canvas' own fast path — tiles on every core, hidden segments left out — into an
/// ARGB image, so the pixels equal what the app shows; a band of rows at a time
/// (`bandPixels`), each encoded as it is done (`PNGBandEncoder`), so memory does not grow
/// with the image: a 16384×16384 export holds 16 MB of pixels, not 1 GiB.
struct PNGExportSurface: ExportSurface {
    /// The most pixels a band holds (16 MB of ARGB).
    static let bandPixels = 4 << 20

    func render(
        _ snapshot: RenderSnapshot, width: Int, height: Int, scale: Double, page: (x: Double, y: Double),
        background: Color?, texture: CanvasTexture?
    ) throws(ExportError) -> [UInt8] {
        let bandHeight = max(1, min(height, Self.bandPixels / width))
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(bandHeight)),
            cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS,
            let data = cairo_image_surface_get_data(surface)
        else { throw .cairo("no memory for the image") }
        defer { cairo_surface_destroy(surface) }
        let stride = Int(cairo_image_surface_get_stride(surface))
        let isOpaque = texture != nil || (background.map { $0.alpha == 255 } ?? false)
        var encoder = try PNGBandEncoder(width: width, height: height, hasAlpha: !isOpaque)
        defer { encoder.close() }
        let view = page == (0, 0) ? nil : Viewport(width: width, height: height, originX: page.x, originY: page.y)
        var top = 0
        while top < height {
            let rows = min(bandHeight, height - top)
            cairo_surface_flush(surface)
            // Rows `top…` of the whole image, rendered as they would be in it: the band's
            // buffer stands where those rows lie in an image that is never made (the
            // address is only offset from, never read below the band).
            CanvasBackdrop.renderTiles(
                snapshot, into: data.advanced(by: -top * stride), stride: stride, format: CAIRO_FORMAT_ARGB32,
                area: (0, top, width, rows), scale: scale, background: background, texture: texture, view: view)
            cairo_surface_mark_dirty(surface)
            try encoder.append(data, stride: stride, rows: rows)
            top += rows
        }
        return encoder.bytes
    }
}

/// SVG and PDF: every mark as a vector path, in drawing order, nothing culled that can show
/// (a vector file is zoomed and cropped later, so nothing visible may be missing from it).
///
/// A PDF — a file to read and print — also leaves out the segments that later opaque strokes
/// paint over, as the canvas does (`OcclusionMap`). At the page's size or zoomed in nothing
/// changes, because the map hides only a segment whose pen lies wholly inside later opaque
/// pens, and it is made finer than the page's points (zoomed out, at most the anti-aliasing
/// of a few pixels where covering strokes meet). The benchmark's million-vertex drawing
/// becomes a PDF of 3 MB instead of 10.6, written in half the time and drawn by poppler in a
/// quarter. An SVG keeps every segment: it is the file people edit, where moving a stroke
/// would uncover a gap.
///
/// Both use every core: an SVG is written in parts of the marks joined into one page
/// (`VectorExportSurface+Parts`), a PDF's occlusion map is made in bands; the files are the
/// ones a single thread writes.
struct VectorExportSurface: ExportSurface {
    enum Kind { case svg, pdf }
    let kind: Kind
    /// Occlusion map pixels per page point: twice the page's resolution hides more than once
    /// (a pen's edge is placed more closely) at a fraction of the writing saved.
    static let occlusionDensity: Float = 2
    /// The most pixels an occlusion map may have (2 MB of bits); a bigger page gets a
    /// coarser map, which hides less but stays exact.
    static let occlusionPixels: Float = 16_000_000

    func render(
        _ snapshot: RenderSnapshot, width: Int, height: Int, scale: Double, page: (x: Double, y: Double),
        background: Color?, texture: CanvasTexture?
    ) throws(ExportError) -> [UInt8] {
        let page = Page(width: width, height: height, scale: scale, origin: page, background: background, texture: texture)
        let cores = ProcessorCores.usable
        if kind == .svg, cores > 1, let svg = try Self.svgInParts(snapshot, on: page, parts: cores) { return svg }
        return try document(snapshot, marks: 0..<snapshot.children.count, on: page)
    }

    /// What a page is drawn on: its size in output units, the scale and the canvas point at
    /// its top-left corner, and what lies under the marks.
    struct Page {
        let width: Int, height: Int, scale: Double, origin: (x: Double, y: Double)
        let background: Color?, texture: CanvasTexture?
    }

    /// The file of `snapshot`'s mark children `marks` drawn on `page` (the background and the
    /// texture too, when `marks` starts at the first).
    func document(_ snapshot: RenderSnapshot, marks: Range<Int>, on page: Page) throws(ExportError) -> [UInt8] {
        try StreamSink.collect { sink in
            guard let surface = makeSurface(writingTo: sink, page: page) else { return CAIRO_STATUS_NO_MEMORY }
            defer { cairo_surface_destroy(surface) }
            return draw(snapshot, marks: marks, on: page, surface: surface)
        }
    }

    /// A surface of the format for `page` whose file goes to `sink` (a `StreamSink`).
    func makeSurface(writingTo sink: UnsafeMutableRawPointer, page: Page) -> OpaquePointer? {
        let (width, height) = (Double(page.width), Double(page.height))
        let surface =
            switch kind {
            case .svg: cairo_svg_surface_create_for_stream(StreamSink.write, sink, width, height)
            case .pdf: cairo_pdf_surface_create_for_stream(StreamSink.write, sink, width, height)
            }
        if let surface, kind == .svg {
            cairo_svg_surface_restrict_to_version(surface, CAIRO_SVG_VERSION_1_1)
            // Pixels, not points: a viewer shows the drawing at the size it was drawn.
            cairo_svg_surface_set_document_unit(surface, CAIRO_SVG_UNIT_PX)
        }
        return surface
    }

    /// Draws the mark children `marks` of `snapshot` on `surface` (and the background and the
    /// texture, when `marks` starts at the first), then finishes its file.
    func draw(_ snapshot: RenderSnapshot, marks: Range<Int>, on page: Page, surface: OpaquePointer) -> cairo_status_t {
        guard let cr = context(on: surface, page: page, underMarks: marks.lowerBound == 0) else { return CAIRO_STATUS_NO_MEMORY }
        return draw(snapshot, marks: marks, on: page, context: cr, surface: surface)
    }

    /// A context on `surface` whose user space is the canvas, the background and the texture
    /// painted first when `underMarks`.
    func context(on surface: OpaquePointer, page: Page, underMarks: Bool) -> OpaquePointer? {
        let cr = cairo_create(surface)
        if underMarks, let c = page.background?.unitComponents {
            cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha)
            cairo_paint(cr)
        }
        cairo_scale(cr, page.scale, page.scale)
        cairo_translate(cr, -page.origin.x, -page.origin.y)
        // The canvas' texture is a picture; the marks stay paths.
        if underMarks, let cr, let texture = page.texture { texture.paint(on: CairoContext(cr)) }
        return cr
    }

    /// Draws the mark children `marks` of `snapshot` through `context` (which it destroys),
    /// then finishes `surface`'s file.
    func draw(
        _ snapshot: RenderSnapshot, marks: Range<Int>, on page: Page, context cr: OpaquePointer, surface: OpaquePointer
    ) -> cairo_status_t {
        let occlusion =
            kind == .pdf
            ? Self.occlusion(
                of: snapshot, width: page.width, height: page.height, scale: page.scale,
                origin: (-page.origin.x * page.scale, -page.origin.y * page.scale)) : nil
        MarkRenderer(context: cr, occlusion: occlusion).render(snapshot, marks: marks)
        cairo_destroy(cr)
        cairo_surface_finish(surface)
        return cairo_surface_status(surface)
    }
}

extension VectorExportSurface {
    /// Which segments of `snapshot` later opaque strokes hide on a `width`×`height` page
    /// where the canvas' origin lies at `origin` and a canvas pixel is `scale` points.
    static func occlusion(
        of snapshot: RenderSnapshot, width: Int, height: Int, scale: Double,
        origin: (x: Double, y: Double) = (0, 0)
    ) -> OcclusionMap {
        let density = min(occlusionDensity, (occlusionPixels / (Float(width) * Float(height))).squareRoot())
        // In bands on every core (one on a machine of one: bands would only walk twice what
        // straddles them); the map is the one a single walk makes.
        let cores = ProcessorCores.usable
        return OcclusionMap(
            snapshot, scale: Float(scale) * density,
            origin: (-Float(origin.x) * density, -Float(origin.y) * density),
            width: Int((Float(width) * density).rounded(.up)),
            height: Int((Float(height) * density).rounded(.up)),
            bands: cores > 1 ? cores * CanvasBackdrop.tilesPerCore : 1)
    }
}

/// Collects what a Cairo stream writer emits.
final class StreamSink {
    private(set) var bytes: [UInt8] = []

    /// Runs `body` with a sink Cairo writes into; the bytes, or Cairo's error.
    static func collect(_ body: (UnsafeMutableRawPointer) -> cairo_status_t) throws(ExportError) -> [UInt8] {
        let sink = StreamSink()
        let status = withExtendedLifetime(sink) { body(Unmanaged.passUnretained(sink).toOpaque()) }
        guard status == CAIRO_STATUS_SUCCESS else { throw .cairo(String(cString: cairo_status_to_string(status))) }
        return sink.bytes
    }

    /// `cairo_write_func_t`.
    static let write: cairo_write_func_t = { closure, data, length in
        guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
        Unmanaged<StreamSink>.fromOpaque(closure).takeUnretainedValue().bytes
            .append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
        return CAIRO_STATUS_SUCCESS
    }
}
