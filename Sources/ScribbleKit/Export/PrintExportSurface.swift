import CCairo
import CairoKit

/// The print context as an implementor of the export Bridge (book chapter 8): the drawing
/// goes onto the printer's Cairo context that GTK's print operation hands over, every mark as
/// a vector path, leaving out what later opaque strokes cover, as a PDF does. No bytes come
/// back: the print operation makes its own file for the printer.
struct PrintExportSurface: ExportSurface {
    /// The printer's page, in its own units, with nothing drawn on it yet.
    let context: CairoContext

    func render(
        _ snapshot: RenderSnapshot, width: Int, height: Int, scale: Double, page: (x: Double, y: Double),
        background: Color?, texture: CanvasTexture?
    ) throws(ExportError) -> [UInt8] {
        let cr = context.pointer
        let occlusion = VectorExportSurface.occlusion(
            of: snapshot, width: width, height: height, scale: scale, origin: (-page.x * scale, -page.y * scale))
        cairo_save(cr)
        if let c = background?.unitComponents {
            cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha)
            cairo_paint(cr)
        }
        cairo_scale(cr, scale, scale)
        cairo_translate(cr, -page.x, -page.y)
        texture?.paint(on: context)
        MarkRenderer(context: cr, occlusion: occlusion).render(snapshot)
        cairo_restore(cr)
        guard cairo_status(cr) == CAIRO_STATUS_SUCCESS else { throw .cairo("the printer's page could not be drawn") }
        return []
    }
}
