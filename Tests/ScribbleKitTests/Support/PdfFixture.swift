import CCairo
import Foundation
import Testing
@testable import ScribbleKit

/// PDFs for the page tests, made in memory with Cairo's PDF surface (each page a size in
/// points and a filled box), or turned (/Rotate) and encrypted by `qpdf`, which
/// scripts/setup.sh installs.
enum PdfFixture {
    /// A page: its size in points, and a box filled with `color` at `box` (points), if any.
    struct Page {
        var width: Double
        var height: Double
        var box: (x: Double, y: Double, width: Double, height: Double)?
        var color = Color(red: 0, green: 0, blue: 255)
        /// How many times the box is filled, each a hair further right: a page slow to render.
        var fills = 1
    }

    /// A PDF of `pages`.
    static func pdf(_ pages: [Page]) -> [UInt8] {
        final class Sink { var bytes: [UInt8] = [] }
        let sink = Sink()
        let write: cairo_write_func_t = { closure, data, length in
            let sink = Unmanaged<Sink>.fromOpaque(closure!).takeUnretainedValue()
            sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
            return CAIRO_STATUS_SUCCESS
        }
        let first = pages.first ?? Page(width: 100, height: 100)
        let surface = cairo_pdf_surface_create_for_stream(write, Unmanaged.passUnretained(sink).toOpaque(), first.width, first.height)!
        let context = cairo_create(surface)!
        for page in pages {
            cairo_pdf_surface_set_size(surface, page.width, page.height)
            if let box = page.box {
                let c = page.color.unitComponents
                cairo_set_source_rgb(context, c.red, c.green, c.blue)
                for fill in 0..<page.fills {
                    cairo_rectangle(context, box.x + Double(fill) / 1000, box.y, box.width, box.height)
                    cairo_fill(context)
                }
            }
            cairo_show_page(context)
        }
        cairo_destroy(context)
        cairo_surface_finish(surface)
        cairo_surface_destroy(surface)
        return sink.bytes
    }

    /// `pdf` passed through `qpdf` with `arguments` (e.g. `--rotate=+90:1`), in `folder`.
    static func qpdf(_ pdf: [UInt8], _ arguments: [String], in folder: TemporaryDirectory) throws -> [UInt8] {
        folder.write(pdf, to: "in.pdf")
        try runTool("/usr/bin/qpdf", arguments + ["--", folder.file("in.pdf"), folder.file("out.pdf")])
        return try #require(folder.read("out.pdf"))
    }

    /// The one-page PDF of the page sample (`MarkKindSample.page`): 96 × 72 pt with a red box
    /// at (30, 15)–(60, 45) pt, made once.
    static let sample = pdf([Page(width: 96, height: 72, box: (30, 15, 30, 30), color: Color(red: 220, green: 20, blue: 30))])
}

extension [UInt8] {
    /// How many times `needle` occurs in these bytes (a PDF in a file or a journal).
    func occurrences(of needle: [UInt8]) -> Int {
        guard !needle.isEmpty, needle.count <= count else { return 0 }
        return (0...(count - needle.count)).filter { start in
            self[start] == needle[0] && self[start..<(start + needle.count)].elementsEqual(needle)
        }.count
    }
}
