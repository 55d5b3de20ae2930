import CCairo
import Foundation
import Testing

/// poppler's and QPDF's command-line tools (poppler-utils, qpdf: `scripts/setup.sh test`),
/// which check what the stamper writes as a user's viewer and other programs would read it.
enum PdfTool {
    /// Runs `/usr/bin/<tool>` with `arguments`: its exit status and what it printed.
    static func run(_ tool: String, _ arguments: [String]) throws -> (status: Int32, output: Data) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/" + tool)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    /// What `tool` printed, requiring it to succeed (qpdf's 3: done, with warnings — Cairo 1.16
    /// writes tagged PDFs with a cross-reference entry QPDF repairs).
    static func output(_ tool: String, _ arguments: [String]) throws -> Data {
        let (status, output) = try run(tool, arguments)
        try #require(status == 0 || (tool == "qpdf" && status == 3), "\(tool) \(arguments) ended with \(status)")
        return output
    }

    /// The password arguments of poppler's tools for `password` (none when nil).
    private static func popplerPassword(_ password: String?) -> [String] { password.map { ["-upw", $0] } ?? [] }

    /// `pdftotext`'s text of page `page` (from 1).
    static func text(_ path: String, page: Int, password: String? = nil) throws -> String {
        let arguments = popplerPassword(password) + ["-f", "\(page)", "-l", "\(page)", path, "-"]
        return String(decoding: try output("pdftotext", arguments), as: UTF8.self)
    }

    /// `pdfinfo -url`'s list of the links of every page.
    static func links(_ path: String) throws -> String {
        String(decoding: try output("pdfinfo", ["-url", path]), as: UTF8.self)
    }

    /// `pdfinfo`'s lines for each page of `pages` (from 1): "Page    2 size: … pts" and "… rot: 90".
    static func pageLines(_ path: String, pages: ClosedRange<Int>) throws -> [String] {
        let text = String(decoding: try output("pdfinfo", ["-f", "\(pages.lowerBound)", "-l", "\(pages.upperBound)", path]), as: UTF8.self)
        return text.split(separator: "\n").map(String.init).filter { $0.hasPrefix("Page ") && !$0.hasPrefix("Pages:") }
    }

    /// How many pages `pdfinfo` counts.
    static func pageCount(_ path: String, password: String? = nil) throws -> Int {
        let text = String(decoding: try output("pdfinfo", popplerPassword(password) + [path]), as: UTF8.self)
        let line = text.split(separator: "\n").first { $0.hasPrefix("Pages:") } ?? ""
        return Int(line.dropFirst("Pages:".count).trimmingCharacters(in: .whitespaces)) ?? -1
    }

    /// Page `page` (from 1) as `pdftoppm` draws it at 72 dpi (a point a pixel), as shown: its
    /// crop box, turned by its /Rotate.
    static func image(_ path: String, page: Int, password: String? = nil) throws -> PixelCanvas {
        let png = path + ".page\(page)"
        let arguments = ["-r", "72", "-cropbox", "-png", "-singlefile", "-f", "\(page)", "-l", "\(page)", path, png]
        _ = try output("pdftoppm", popplerPassword(password) + arguments)
        defer { unlink(png + ".png") }
        let surface = try #require(cairo_image_surface_create_from_png(png + ".png"))
        defer { cairo_surface_destroy(surface) }
        try #require(cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS)
        let canvas = PixelCanvas(width: Int(cairo_image_surface_get_width(surface)), height: Int(cairo_image_surface_get_height(surface)))
        cairo_set_source_surface(canvas.context.pointer, surface, 0, 0)
        cairo_paint(canvas.context.pointer)
        return canvas
    }

    /// The raw bytes (as stored, still compressed) of each content stream of page `page`
    /// (from 1), as QPDF finds them.
    static func contentStreams(_ path: String, page: Int) throws -> [Data] {
        let pages = String(decoding: try output("qpdf", ["--show-pages", path]), as: UTF8.self).split(separator: "\n")
        let start = try #require(pages.firstIndex { $0.hasPrefix("page \(page):") })
        var streams: [Data] = []
        for line in pages[(start + 1)...].dropFirst() { // after "  content:"
            guard line.hasPrefix("    "), let number = line.split(separator: " ").first else { break }
            streams.append(try output("qpdf", ["--show-object=\(number)", "--raw-stream-data", path]))
        }
        return streams
    }

    /// QPDF's own account of an object (its dictionary, unparsed), for object `number`.
    static func object(_ path: String, _ number: String) throws -> String {
        String(decoding: try output("qpdf", ["--show-object=\(number)", path]), as: UTF8.self)
    }

    /// The object number of page `page` (from 1), as QPDF numbers it.
    static func pageObject(_ path: String, page: Int) throws -> String {
        let pages = String(decoding: try output("qpdf", ["--show-pages", path]), as: UTF8.self).split(separator: "\n")
        let line = try #require(pages.first { $0.hasPrefix("page \(page):") })
        return String(line.split(separator: " ")[2])
    }
}

extension PixelCanvas {
    /// Whether the pixel is pure-ish red (the tests' ink).
    func isRed(x: Int, y: Int) -> Bool {
        let p = pixel(x: x, y: y)
        return p.red > 200 && p.green < 60 && p.blue < 60
    }

    /// The pixels of this image that differ from `other`'s (same size), outside `except`.
    func differences(from other: PixelCanvas, except: (x: Range<Int>, y: Range<Int>)? = nil) -> Int {
        guard width == other.width, height == other.height else { return width * height }
        var count = 0
        for y in 0..<height {
            for x in 0..<width where !(except.map { $0.x.contains(x) && $0.y.contains(y) } ?? false) {
                let (a, b) = (pixel(x: x, y: y), other.pixel(x: x, y: y))
                if a != b { count += 1 }
            }
        }
        return count
    }
}
