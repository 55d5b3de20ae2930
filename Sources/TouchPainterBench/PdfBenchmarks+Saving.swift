import Foundation
import Glibc

extension PdfBenchmarks {
    /// The pages (from 1) annotated before the save: ten, spread through the PDF.
    static let annotatedPages = Array(stride(from: 1, through: PdfStampBenchmarks.pageCount, by: PdfStampBenchmarks.pageCount / 10))

    /// Saving after annotating 10 pages of the opened PDF (its first save, which writes the
    /// PDF into the scribble, and a save after one more stroke), then `touchpainter export` of
    /// the saved scribble to PDF, checked with poppler's tools: the same page count, and a
    /// page without ink with the original's text (the pages were not re-rendered).
    static func addSavingAndExport(_ pdf: String, into report: Report, folder: String, app: String, environment: [String: String]) throws {
        var first: [Double] = [], again: [Double] = []
        var saved = ""
        for launch in 0..<launches {
            let gallery = folder + "/pdf-save-\(launch)"
            try? FileManager.default.removeItem(atPath: gallery)
            var environment = environment
            environment["TOUCHPAINTER_DATA_DIR"] = gallery
            let times = try savesAfterAnnotating(pdf, app: app, gallery: gallery, environment: environment)
            first.append(times.first)
            again.append(times.again)
            saved = times.path
        }
        report.add("pdf_save_ms@2400p", samples: first, "ms", limit: 250)
        report.add("pdf_save_again_ms@2400p", samples: again, "ms", limit: 250)

        let output = folder + "/pdf-export.pdf"
        let runs = (0..<launches).map { _ in ExportBenchmarks.exportRun(app, [saved, output]) }
        report.add("pdf_export_ms@2400p", samples: runs.map(\.milliseconds), "ms", limit: 5000)
        report.add("pdf_export_peak_rss_mb@2400p", median(runs.map(\.peakMegabytes)), "MB")
        report.add("pdf_export_pages_wrong@2400p", Double(try pagesWrong(exported: output, original: pdf)), "pages", limit: 0)
    }

    /// One launch on `pdf`: Go to Page and a pen stroke on each of `annotatedPages`, Ctrl+S
    /// (its first save, into `gallery`), one stroke more and Ctrl+S again; milliseconds from
    /// each Ctrl+S reaching the X server to its file in place (the save's rename), and that file.
    static func savesAfterAnnotating(
        _ pdf: String, app: String, gallery: String, environment: [String: String]
    ) throws -> (first: Double, again: Double, path: String) {
        let child = try ChildProcess(app, arguments: [pdf], environment: environment)
        defer { child.stop() }
        _ = try windowShown(child)
        try child.waitUntilIdle(within: 60)
        let watch = try ScreenWatch(x: region.x, y: region.y, width: region.width, height: region.height)
        func stroke() throws {
            let drag = try PointerDrag(around: inkPoint, radius: 40, count: 60).begin(rate: PointerDrag.latencyRate)
            drag.readLines(for: 10) { _ in }
            try child.waitUntilIdle(within: 30)
        }
        for page in annotatedPages {
            try PointerDrag.xdotool(goToPage(page, pause: 0.2))
            try stroke()
        }
        let firstSent = try watch.send("key ctrl+s")
        let (path, firstDone) = try waitForSave(in: gallery, replacing: nil)
        try child.waitUntilIdle(within: 30)
        try stroke()
        let againSent = try watch.send("key ctrl+s")
        let (_, againDone) = try waitForSave(in: gallery, replacing: try inode(of: path))
        try child.waitUntilIdle(within: 30)
        return (Double(firstDone - firstSent) / 1e6, Double(againDone - againSent) / 1e6, path)
    }

    /// Waits (up to 30 s, looking every half millisecond) for a `.scribble` in `gallery` whose
    /// inode is not `replacing` — a save renames its new file into place — and returns its
    /// path and when it was seen (CLOCK_MONOTONIC ns).
    static func waitForSave(in gallery: String, replacing old: ino_t?) throws -> (String, UInt64) {
        let deadline = monotonicNanoseconds() + 30_000_000_000
        while monotonicNanoseconds() < deadline {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: gallery)) ?? []
            for name in names where name.hasSuffix(".scribble") {
                let path = gallery + "/" + name
                if let node = try? inode(of: path), node != old { return (path, monotonicNanoseconds()) }
            }
            usleep(500)
        }
        throw ChildProcess.Failure(description: "no save appeared in \(gallery)")
    }

    static func inode(of path: String) throws -> ino_t {
        var info = stat()
        guard stat(path, &info) == 0 else { throw ChildProcess.Failure(description: "cannot stat \(path)") }
        return info.st_ino
    }

    /// How many checks of the export fail: its page count (pdfinfo) against the original's,
    /// and the text (pdftotext) of ten pages without ink against the original's.
    static func pagesWrong(exported: String, original: String) throws -> Int {
        guard let pdfinfo = ChildProcess.executable(named: "pdfinfo"), let pdftotext = ChildProcess.executable(named: "pdftotext") else {
            note("pdf_export_pages_wrong skipped: no pdfinfo or pdftotext (poppler-utils)")
            return 0
        }
        func pageCount(_ path: String) throws -> Int? {
            try ChildProcess.run(pdfinfo, arguments: [path], timeout: 60)
                .first { $0.hasPrefix("Pages:") }
                .flatMap { Int($0.dropFirst(6).trimmingCharacters(in: .whitespaces)) }
        }
        func text(_ path: String, page: Int) throws -> [String] {
            try ChildProcess.run(pdftotext, arguments: ["-f", String(page), "-l", String(page), path, "-"], timeout: 60)
        }
        var wrong = try pageCount(exported) == PdfStampBenchmarks.pageCount ? 0 : 1
        for page in annotatedPages.map({ $0 + 1 }) where try text(exported, page: page) != text(original, page: page) {
            wrong += 1
        }
        return wrong
    }
}
