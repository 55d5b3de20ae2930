import CCairo
import PdfKit

extension Exporter {
    /// A PDF of a drawing on a PDF's pages (issue 53): the original pages as they were — not
    /// drawn again, so their text, links and sizes stay — with the ink laid on top as vector
    /// paths (`PdfStamper`, QPDF); pages without ink unchanged; the ink on no page on one
    /// more page at the end. `nil` for a drawing without pages (see `PagePlan`).
    /// - Throws: `ExportError` when Cairo cannot draw the ink, or the stamp fails.
    func exportOntoPages() throws(ExportError) -> [UInt8]? {
        guard let plan = pagePlan else { return nil }
        let overlay = try StreamSink.collect { sink in
            guard let surface = cairo_pdf_surface_create_for_stream(StreamSink.write, sink, 1, 1) else {
                return CAIRO_STATUS_NO_MEMORY
            }
            defer { cairo_surface_destroy(surface) }
            for position in plan.inked { drawInk(on: surface, within: plan.frames[position], plan: plan) }
            if !plan.outside.isNull { drawInk(on: surface, within: plan.outside.outset(by: Self.margin).integral, plan: plan) }
            cairo_surface_finish(surface)
            return cairo_surface_status(surface)
        }
        var inkedPages: [Int: Int] = [:]
        for (overlayPage, position) in plan.inked.enumerated() where inkedPages[plan.pageIndices[position]] == nil {
            inkedPages[plan.pageIndices[position]] = overlayPage
        }
        do {
            return try PdfStamper.stamp(
                original: plan.content.bytes, password: plan.content.password, overlay: overlay, inkedPages: inkedPages,
                appendedPages: plan.outside.isNull ? [] : [plan.inked.count])
        } catch {
            throw .cairo(error.description)
        }
    }

    /// What an export to `path` as `format` of a drawing on a PDF's pages does that the user
    /// should hear of (`pagesNote`, `attachedPdfNote(for:)`); `nil` otherwise.
    public func pagesNote(for format: ExportFormat, path: String) -> String? {
        switch format {
        case .pdf: pagesNote
        case .xopp: attachedPdfNote(for: path)
        default: nil
        }
    }

    /// What a PDF export onto the drawing's pages does that the user should hear of: ink on
    /// no page went onto a page of its own at the end. `nil` otherwise.
    public var pagesNote: String? {
        guard let plan = pagePlan, !plan.outside.isNull else { return nil }
        return tr("Ink outside the PDF's pages is on an extra page at the end.")
    }

    /// One page of the overlay: the drawing's ink within `area` (canvas pixels), at a point a
    /// 96/72 of a pixel, as the page shows it.
    private func drawInk(on surface: OpaquePointer, within area: Rect, plan: PagePlan) {
        let points = 72.0 / 96
        cairo_pdf_surface_set_size(surface, Double(area.width) * points, Double(area.height) * points)
        guard let cr = cairo_create(surface) else { return }
        cairo_scale(cr, points, points)
        cairo_translate(cr, -Double(area.minX), -Double(area.minY))
        cairo_rectangle(cr, Double(area.minX), Double(area.minY), Double(area.width), Double(area.height))
        cairo_clip(cr)
        MarkRenderer(context: cr, occlusion: nil).render(snapshot, marks: plan.ink)
        cairo_destroy(cr)
        cairo_surface_show_page(surface)
    }
}
