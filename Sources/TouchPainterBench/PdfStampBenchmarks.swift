import CCairo
import Foundation
import PdfKit
import ScribbleKit

/// Exporting ink onto a big PDF's own pages (issue 53, "export of that to PDF: ≤ 5 s"):
/// PdfStamper on a 2,400-page, ~6 MB PDF of text, vector figures and links, with ink on 10
/// pages and one page of ink outside every page — the bytes-to-bytes call the export makes,
/// not counting the overlay's drawing.
enum PdfStampBenchmarks {
    /// How many pages the big PDF has.
    static let pageCount = 2_400
    /// The pages (from 0) that get ink.
    static let inkedPages = Set(stride(from: 7, to: pageCount, by: pageCount / 10))

    /// Runs the stamping metrics.
    static func run(into report: Report) throws {
        let original = bigPdf()
        report.add("pdf_stamp_original_mb@2400p", Double(original.count) / 1_048_576, "MB")
        let overlay = overlayPdf()
        var stamped: [UInt8] = []
        let times = try (0..<3).map { _ in
            let start = monotonicNanoseconds()
            stamped = try PdfStamper.stamp(
                original: original, overlay: overlay, inkedPages: Dictionary(uniqueKeysWithValues: inkedPages.map { ($0, $0) }),
                appendedPages: [pageCount])
            return Double(monotonicNanoseconds() - start) / 1e6
        }
        report.add("pdf_stamp_ms@2400p", samples: times, "ms", limit: 5000)
        report.add("pdf_stamp_output_mb@2400p", Double(stamped.count) / 1_048_576, "MB")
    }

    /// `bigPdf()` as a file in `folder`, written the first time (the PDF metrics open it in the app).
    static func bigPdfFile(in folder: String) throws -> String {
        let path = folder + "/big-\(pageCount).pdf"
        if !FileManager.default.fileExists(atPath: path) { try Data(bigPdf()).write(to: URL(fileURLWithPath: path)) }
        return path
    }

    /// A PDF of `pageCount` A4 pages made with Cairo: forty lines of words, a figure of thirty
    /// strokes and two links on each, the words and the figures different on every page.
    static func bigPdf() -> [UInt8] {
        var random = SplitMix64(seed: 53)
        let words = ["ink", "page", "stamp", "vector", "poppler", "canvas", "stroke", "export", "layer", "margin", "lecture", "slide"]
        return cairoPdf(pages: pageCount, width: 595, height: 842) { context, index in
            cairo_select_font_face(context, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
            cairo_set_font_size(context, 10)
            cairo_set_source_rgb(context, 0, 0, 0)
            for line in 0..<40 {
                let text = (0..<9).map { _ in (words.randomElement(using: &random) ?? "") + "\(Int.random(in: 0..<1000, using: &random))" }
                cairo_move_to(context, 50, 60 + Double(line) * 14)
                cairo_show_text(context, "\(index + 1).\(line) " + text.joined(separator: " "))
            }
            cairo_set_line_width(context, 1.5)
            cairo_set_source_rgb(context, 0.1, 0.3, 0.8)
            cairo_move_to(context, 100, 700)
            for _ in 0..<30 { cairo_line_to(context, .random(in: 60...530, using: &random), .random(in: 640...810, using: &random)) }
            cairo_stroke(context)
            let targets = ["uri='https://example.org/page/\(index + 1)'", "page=\(Int.random(in: 1...pageCount, using: &random))"]
            for (slot, target) in targets.enumerated() {
                cairo_tag_begin(context, CAIRO_TAG_LINK, target)
                cairo_rectangle(context, 50 + Double(slot) * 200, 790, 150, 20)
                cairo_fill(context)
                cairo_tag_end(context, CAIRO_TAG_LINK)
            }
        }
    }

    /// The ink, page for page: `pageCount` A4 pages, a few strokes on those in `inkedPages`,
    /// then one page for ink outside every page.
    static func overlayPdf() -> [UInt8] {
        var random = SplitMix64(seed: 7)
        return cairoPdf(pages: pageCount + 1, width: 595, height: 842) { context, index in
            guard index == pageCount || inkedPages.contains(index) else { return }
            cairo_set_source_rgb(context, 0.8, 0, 0)
            cairo_set_line_width(context, 2)
            cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
            for _ in 0..<20 {
                cairo_move_to(context, .random(in: 0...595, using: &random), .random(in: 0...842, using: &random))
                for _ in 0..<50 { cairo_rel_line_to(context, .random(in: -4...4, using: &random), .random(in: -4...4, using: &random)) }
                cairo_stroke(context)
            }
        }
    }

    /// A PDF of `pages` pages `width` × `height` points, each drawn by `draw`, in memory.
    private static func cairoPdf(pages: Int, width: Double, height: Double, draw: (OpaquePointer, Int) -> Void) -> [UInt8] {
        final class Sink { var bytes: [UInt8] = [] }
        let sink = Sink()
        let write: cairo_write_func_t = { closure, data, length in
            guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
            Unmanaged<Sink>.fromOpaque(closure).takeUnretainedValue().bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
            return CAIRO_STATUS_SUCCESS
        }
        guard let surface = cairo_pdf_surface_create_for_stream(write, Unmanaged.passUnretained(sink).toOpaque(), width, height),
            let context = cairo_create(surface)
        else { return [] }
        for index in 0..<pages {
            cairo_save(context)
            draw(context, index)
            cairo_restore(context)
            cairo_show_page(context)
        }
        cairo_destroy(context)
        cairo_surface_finish(surface)
        cairo_surface_destroy(surface)
        return sink.bytes
    }
}
