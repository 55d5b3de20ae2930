import CCairo
import CairoKit
import Foundation
import ScribbleKit

/// Issue 54's goals for pictures, measured in process on ScribbleKit's own paths: a 12-megapixel
/// JPEG of about 3 MB (made once by ImageMagick's `convert`, which scripts/setup.sh installs)
/// pasted once and ten times (file growth), pasted and drawn (bytes to a frame showing it, as
/// the canvas' first full frame after a paste renders it), fifty such photos (each its own
/// bytes) opened and drawn, then panned and zoomed, and exported to PDF.
enum PictureBenchmarks {
    /// The view the frames are rendered for (the bench's screen).
    static let viewWidth = 1280, viewHeight = 800

    /// Runs the picture metrics.
    static func run(into report: Report, folder: String, app: String) throws {
        let photo = try makePhoto(in: folder)
        report.add("picture_photo_mb@12mp", Double(photo.count) / 1_048_576, "MB")
        try fileGrowth(of: photo, into: report, folder: folder)
        try pasteToFrame(of: photo, into: report)
        let fifty = try fiftyPhotos(from: photo, into: report, folder: folder)
        try panInApp(fifty, into: report, folder: folder, app: app)
        try pdfExport(of: photo, into: report, folder: folder)
    }

    /// The fifty photos in the release app, as a user pans them: from each wheel notch to the
    /// first changed pixels on screen (`PdfBenchmarks.panFrames`: 240 notches down through the
    /// photos at 100 %, whose full-size levels decode meanwhile, and back up), the p99. Needs
    /// the bench's display and tools (scripts/bench.sh); skipped, with a note, without them.
    private static func panInApp(_ scribble: String, into report: Report, folder: String, app: String) throws {
        guard ProcessInfo.processInfo.environment["DISPLAY"].map({ !$0.isEmpty }) ?? false,
            FileManager.default.isExecutableFile(atPath: app), ScreenWatch.isAvailable, PointerDrag.isAvailable
        else { return PdfBenchmarks.note("picture_app_pan_frame_ms_p99 skipped: no display, app or screen-watch (scripts/bench.sh)") }
        var environment = AppBenchmarks.appEnvironment(gallery: folder + "/pictures-gallery", folder: folder)
        environment["TOUCHPAINTER_BENCH_OPEN_GALLERY"] = nil
        let p99 = try PdfBenchmarks.panFrames(scribble, app: app, environment: environment)
        report.add("picture_app_pan_frame_ms_p99@50x12mp", p99, "ms", limit: 16)
    }

    /// A 4,000 × 3,000 photo-like JPEG (a plasma fractal with noise, quality 88: about 3 MB).
    static func makePhoto(in folder: String) throws -> [UInt8] {
        let path = folder + "/photo.jpg"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/convert")
        process.arguments = [
            "-size", "4000x3000", "-seed", "54", "plasma:fractal", "-attenuate", "0.3", "+noise", "Gaussian", "-quality", "88", path,
        ]
        try process.run()
        process.waitUntilExit()
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// `photo` with a JPEG comment saying `index` after its SOI: other bytes (another
    /// SHA-256, decoded on its own), the same picture.
    static func variant(of photo: [UInt8], _ index: Int) -> [UInt8] {
        let text = Array("variant \(index)".utf8)
        let length = text.count + 2
        return [0xFF, 0xD8, 0xFF, 0xFE, UInt8(length >> 8), UInt8(length & 0xFF)] + text + photo.dropFirst(2)
    }

    /// The canvas area a view of `viewWidth` × `viewHeight` at 100 % shows.
    static var view: Rect { Rect(x: 0, y: 0, width: Float(viewWidth), height: Float(viewHeight)) }

    private static func fileGrowth(of photo: [UInt8], into report: Report, folder: String) throws {
        func saved(_ pictures: Int) throws -> Int {
            let scribble = Scribble()
            scribble.add(Dot(location: Point(x: 5, y: 5), color: .black, size: 4))
            for index in 0..<pictures {
                scribble.add(try PictureImport(bytes: photo).placed(in: view, at: Point(x: Float(100 + 20 * index), y: 300)))
            }
            let path = folder + "/growth-\(pictures).scribble"
            try ScribbleManager.save(scribble, toPath: path)
            return try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
        }
        let base = try saved(0), once = try saved(1), ten = try saved(10)
        report.add("picture_file_growth_ratio@12mp", Double(once - base) / Double(photo.count), "x", limit: 1.05)
        // The goal for ten: 1.05 × the photo + 4 kB, as a ratio to the photo.
        report.add("picture_file_growth_ten_ratio@12mp", Double(ten - base - 4096) / Double(photo.count), "x", limit: 1.05)
    }

    /// Renders a full frame of `scribble` at `zoom` centred on `centre` (what `CanvasSession`
    /// renders off the main thread): the time it took, in milliseconds.
    @discardableResult
    static func frame(of scribble: Scribble, zoom: Double, centre: Point) -> Double {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(viewWidth), Int32(viewHeight))!
        defer { cairo_surface_destroy(surface) }
        let context = cairo_create(surface)!
        defer { cairo_destroy(context) }
        let start = monotonicNanoseconds()
        // As `CanvasSession` does before a frame: the levels it draws decoded on every core.
        let (halfWidth, halfHeight) = (Float(Double(viewWidth) / zoom / 2), Float(Double(viewHeight) / zoom / 2))
        PictureLevels.shared.decodeLevels(
            of: scribble.marks,
            in: Rect(minX: centre.x - halfWidth, minY: centre.y - halfHeight, maxX: centre.x + halfWidth, maxY: centre.y + halfHeight),
            scale: zoom)
        cairo_set_source_rgb(context, 1, 1, 1)
        cairo_paint(context)
        cairo_translate(context, Double(viewWidth) / 2, Double(viewHeight) / 2)
        cairo_scale(context, zoom, zoom)
        cairo_translate(context, -Double(centre.x), -Double(centre.y))
        MarkRenderer(context: CairoContext(context)).render(scribble.root)
        cairo_surface_flush(surface)
        return Double(monotonicNanoseconds() - start) / 1e6
    }

    /// From the pasted bytes to a frame showing the photo: read and hashed, placed (fitted
    /// into the view), its level decoded and drawn. Three pastes of fresh bytes (a comment
    /// apart, so no level is cached), the median.
    private static func pasteToFrame(of photo: [UInt8], into report: Report) throws {
        let times = try (0..<3).map { index -> Double in
            let bytes = variant(of: photo, 1000 + index)
            let start = monotonicNanoseconds()
            let scribble = Scribble()
            scribble.add(try PictureImport(bytes: bytes).placed(in: view))
            frame(of: scribble, zoom: 1, centre: Point(x: Float(viewWidth) / 2, y: Float(viewHeight) / 2))
            return Double(monotonicNanoseconds() - start) / 1e6
        }
        report.add("picture_paste_visible_ms@12mp", samples: times, "ms", limit: 300)
    }

    /// Fifty photos, each its own bytes, in a grid of 10 × 5 at their natural size (40,000 ×
    /// 15,000 px): saved, then opened and drawn fitted in the view (the first frame), then
    /// panned and zoomed over (frames at 12 zooms from fitting to 100 % and 40 pans).
    /// Returns the saved scribble's path.
    private static func fiftyPhotos(from photo: [UInt8], into report: Report, folder: String) throws -> String {
        let path = folder + "/fifty.scribble"
        do {
            let scribble = Scribble()
            for index in 0..<50 {
                let imported = try PictureImport(bytes: variant(of: photo, index))
                scribble.add(
                    Picture(
                        content: imported.content, width: imported.width, height: imported.height,
                        at: Point(x: Float(index % 10) * 4000, y: Float(index / 10) * 3000)))
            }
            try ScribbleManager.save(scribble, toPath: path)
        }
        // Opened and drawn in a process of its own, so its peak memory is the opening's alone.
        let output = try ChildProcess.run(ChildProcess.ownExecutable, arguments: ["--open-pictures", path], timeout: 300)
        for line in output {
            let fields = line.split(separator: " ")
            guard fields.count == 3, fields[0].hasPrefix("picture_"), let value = Double(fields[1]) else { continue }
            let limits = [
                "picture_open_first_frame_ms@50x12mp": 1000.0, "picture_pan_zoom_frame_p99_ms@50x12mp": 16,
                "picture_peak_memory_mb@50x12mp": 350,
            ]
            report.add(String(fields[0]), value, String(fields[2]), limit: limits[String(fields[0])])
        }
        return path
    }

    /// The child side of the fifty photos' metrics: opens `path`, draws its first frame
    /// fitted in the view, pans and zooms, and prints each figure as `NAME VALUE UNIT`.
    static func openPictures(_ path: String) throws {
        let memoryBefore = peakResidentMB()
        let start = monotonicNanoseconds()
        let opened = try ScribbleManager.loadScribble(path: path)
        print("picture_open_read_ms@50x12mp \(Double(monotonicNanoseconds() - start) / 1e6) ms")
        let bounds = opened.root.bounds
        let fit = min(Double(viewWidth) / Double(bounds.width), Double(viewHeight) / Double(bounds.height))
        let centre = Point(x: (bounds.minX + bounds.maxX) / 2, y: (bounds.minY + bounds.maxY) / 2)
        frame(of: opened, zoom: fit, centre: centre)
        print("picture_open_first_frame_ms@50x12mp \(Double(monotonicNanoseconds() - start) / 1e6) ms")
        // The frames a pan and a zoom render: first with their levels decoded as they are
        // needed (in the app, off the main thread, the previous frame shown scaled meanwhile),
        // then again with the levels there (what the main thread's repaints draw from).
        func panAndZoom() -> [Double] {
            var times: [Double] = []
            for step in 0..<12 { // zooming in on the first photo's corner, from fitting to 100 %
                let zoom = fit * pow(1 / fit, Double(step) / 11)
                times.append(frame(of: opened, zoom: zoom, centre: Point(x: 2000, y: 1500)))
            }
            for step in 0..<40 { // panning across the photos at 25 %
                times.append(frame(of: opened, zoom: 0.25, centre: Point(x: 2000 + Float(step) * 400, y: 4500)))
            }
            return times
        }
        let first = panAndZoom(), again = panAndZoom()
        print("picture_pan_zoom_frame_p99_ms@50x12mp \(percentile(first, 0.99)) ms")
        print("picture_pan_zoom_frame_median_ms@50x12mp \(median(first)) ms")
        print("picture_pan_zoom_frame_cached_p99_ms@50x12mp \(percentile(again, 0.99)) ms")
        print("picture_peak_memory_mb@50x12mp \(peakResidentMB()) MB")
        print("picture_peak_memory_at_start_mb@50x12mp \(memoryBefore) MB")
        print("picture_levels_held_mb@50x12mp \(Double(PictureLevels.shared.heldBytes) / 1_048_576) MB")
    }

    /// One photo exported to PDF: the PDF's size over the JPEG's.
    private static func pdfExport(of photo: [UInt8], into report: Report, folder: String) throws {
        let scribble = Scribble()
        scribble.add(try PictureImport(bytes: photo).placed(in: view))
        let path = folder + "/photo.pdf"
        try Exporter(memento: scribble.makeMemento()).write(.pdf, to: path)
        let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
        report.add("picture_pdf_export_overhead_kb@12mp", Double(size - photo.count) / 1024, "kB", limit: 64)
    }

    /// The process' peak resident memory so far, in MB (`VmHWM` in `/proc/self/status`: unlike
    /// `getrusage`'s, it starts again at an `execve`, so a child's is its own).
    static func peakResidentMB() -> Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
            let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "")
        else { return 0 }
        return kilobytes / 1024
    }
}
