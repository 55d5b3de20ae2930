import CCairo
import CairoKit
import Foundation
import Glibc

/// PDFs made in the tests: with Cairo's PDF surface (text, figures, links, pages of several
/// sizes), or written by hand as bytes (what Cairo does not write: /Rotate, hostile values).
enum PdfMaker {
    /// A page Cairo draws: its size in points and what goes on it.
    struct Page {
        var width: Double
        var height: Double
        var draw: (OpaquePointer) -> Void = { _ in }
    }

    /// A PDF of `pages` made with Cairo's PDF surface, in memory.
    static func cairo(_ pages: [Page]) -> [UInt8] {
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
            cairo_save(context)
            page.draw(context)
            cairo_restore(context)
            cairo_show_page(context)
        }
        cairo_destroy(context)
        cairo_surface_finish(surface)
        cairo_surface_destroy(surface)
        return sink.bytes
    }

    /// Draws `text` with its baseline's left end at (`x`, `y`), in DejaVu Sans (the test
    /// packages' font) at `size` points.
    static func text(_ text: String, x: Double, y: Double, size: Double = 24, on context: OpaquePointer) {
        cairo_select_font_face(context, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(context, size)
        cairo_set_source_rgb(context, 0, 0, 0)
        cairo_move_to(context, x, y)
        cairo_show_text(context, text)
    }

    /// A filled rectangle in pure blue.
    static func blueBox(x: Double, y: Double, width: Double, height: Double, on context: OpaquePointer) {
        cairo_set_source_rgb(context, 0, 0, 1)
        cairo_rectangle(context, x, y, width, height)
        cairo_fill(context)
    }

    /// A link over the rectangle, made with Cairo's tags: `attributes` as Cairo takes them
    /// ("uri='https://…'", "page=2").
    static func link(_ attributes: String, x: Double, y: Double, width: Double, height: Double, on context: OpaquePointer) {
        cairo_tag_begin(context, CAIRO_TAG_LINK, attributes)
        cairo_set_source_rgb(context, 0, 0.5, 0)
        cairo_rectangle(context, x, y, width, height)
        cairo_fill(context)
        cairo_tag_end(context, CAIRO_TAG_LINK)
    }

    /// A PDF written by hand: one page per entry, each with its media box and page
    /// dictionary entries (`extra`, "/Rotate 90"), and `content` (a content stream) on each;
    /// `count` overrides the page tree's /Count (a lie, for hostile tests).
    static func handWritten(
        pages: [(mediaBox: String, extra: String)], content: String = "0 0 1 rg 10 10 50 20 re f", count: Int? = nil
    ) -> [UInt8] {
        var objects: [String] = ["<< /Type /Catalog /Pages 2 0 R >>"]
        let kids = pages.indices.map { "\(4 + $0) 0 R" }.joined(separator: " ")
        objects.append("<< /Type /Pages /Kids [\(kids)] /Count \(count ?? pages.count) >>")
        objects.append("<< /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream")
        for page in pages {
            objects.append("<< /Type /Page /Parent 2 0 R /MediaBox \(page.mediaBox) \(page.extra) /Contents 3 0 R >>")
        }
        return assemble(objects)
    }

    /// A PDF file of `objects` (numbered from 1; the first the catalog) with its
    /// cross-reference table and trailer.
    static func assemble(_ objects: [String]) -> [UInt8] {
        var out = Array("%PDF-1.4\n".utf8)
        var offsets: [Int] = []
        for (number, object) in objects.enumerated() {
            offsets.append(out.count)
            out += Array("\(number + 1) 0 obj\n\(object)\nendobj\n".utf8)
        }
        let table = out.count
        out += Array("xref\n0 \(objects.count + 1)\n0000000000 65535 f \n".utf8)
        for offset in offsets { out += Array(String(format: "%010d 00000 n \n", offset).utf8) }
        out += Array("trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(table)\n%%EOF\n".utf8)
        return out
    }
}

/// An image surface of `width`×`height` pixels (ARGB32) a test renders onto and reads back.
final class PixelCanvas {
    let surface: OpaquePointer
    let context: CairoContext
    let width: Int, height: Int

    init(width: Int, height: Int) {
        (self.width, self.height) = (width, height)
        surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        context = CairoContext(cairo_create(surface)!)
    }

    deinit {
        cairo_destroy(context.pointer)
        cairo_surface_destroy(surface)
    }

    /// The pixel at (`x`, `y`) as (red, green, blue, alpha), 0…255 (premultiplied).
    func pixel(x: Int, y: Int) -> (red: Int, green: Int, blue: Int, alpha: Int) {
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        let word = (data + y * stride + x * 4).withMemoryRebound(to: UInt32.self, capacity: 1) { $0.pointee }
        return (Int(word >> 16 & 0xff), Int(word >> 8 & 0xff), Int(word & 0xff), Int(word >> 24))
    }

    /// How many pixels in the rectangle are dark (each channel under 100, opaque).
    func darkPixels(x: Int, y: Int, width: Int, height: Int) -> Int {
        var count = 0
        for row in y..<(y + height) {
            for column in x..<(x + width) {
                let p = pixel(x: column, y: row)
                if p.alpha == 255 && p.red < 100 && p.green < 100 && p.blue < 100 { count += 1 }
            }
        }
        return count
    }
}

/// A fresh folder under the system's temporary folder (mkdtemp), removed with what is in it
/// when the test is done with it.
final class TemporaryFolder {
    let path: String

    init() {
        var template = Array((NSTemporaryDirectory() + "/pdfkit-test.XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        precondition(made != nil, "mkdtemp failed")
        path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// The path of `name` inside the folder.
    func file(_ name: String) -> String { path + "/" + name }
}
