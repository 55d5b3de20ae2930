import Foundation
import ScribbleKit

/// `touchpainter-bench [--only canvas,storage,journal,replay,export,xopp,pdf,app,idle,sync,motion,wayland,smoothing] [--app PATH] [--floor PATH]`:
/// TouchPainter's benchmark suite (README, "Performance"). Prints one JSON object a line, then
/// a table of the figures against their goals. Build it in release mode; `make bench` does,
/// builds the floor program, and starts Xvfb for the app metrics when there is no `DISPLAY`.
let usage = """
    usage: touchpainter-bench [--only canvas,render,undo,tools,texture,viewport,editing,storage,journal,replay,export,pdfstamp,pdf,pdf-open,pdf-memory,pdf-view,pdf-save,xopp,pictures,app,gallery10k,taps,stamp,idle,sync,motion,wayland,smoothing,scale,xournal-scale,open]
                              [--app PATH-TO-touchpainter]
                              [--floor PATH-TO-scribble-floor]
           touchpainter-bench --write-big-scribble PATH [STROKES] | --write-taps PATH | --write-timed-scribble PATH
                              | --write-gallery FOLDER | --write-large-gallery FOLDER | --write-big-pdf PATH
    """
var arguments = Array(CommandLine.arguments.dropFirst())
var suites: Set<String> = ["canvas", "storage", "journal", "replay", "export", "xopp", "pdf", "pictures", "app", "sync", "motion"]
let binFolder = (ChildProcess.ownExecutable as NSString).deletingLastPathComponent
var app = binFolder + "/touchpainter"
var floorProgram = binFolder + "/scribble-floor" // built there by scripts/bench.sh

while let argument = arguments.first {
    arguments.removeFirst()
    switch argument {
    case "--memory-probe" where arguments.count == 2:
        // The child side of memory_bytes_per_vertex (see StorageBenchmarks.memoryProbe).
        try StorageBenchmarks.measureMemory(warmUp: arguments[0], path: arguments[1])
        exit(0)
    case "--open-pictures" where arguments.count == 1:
        // The child side of the fifty photos' metrics (see PictureBenchmarks).
        try PictureBenchmarks.openPictures(arguments[0])
        exit(0)
    case "--write-big-scribble" where arguments.count == 1 || arguments.count == 2:
        // For trying the app by hand: `touchpainter PATH` opens the million-vertex scribble
        // (or the first STROKES strokes of the same walk: 10000 for the scale suite's 10M).
        let strokes = arguments.count == 2 ? Int(arguments[1]) ?? BigScribble.strokeCount : BigScribble.strokeCount
        try ScribbleManager.save(BigScribble.scribble(strokes: strokes), toPath: arguments[0])
        exit(0)
    case "--write-taps" where arguments.count == 1:
        // For trying the app by hand: the million one-point strokes of app_open_peak_rss_mb@1m_taps.
        try ScribbleManager.save(TapsBenchmarks.taps(), toPath: arguments[0])
        exit(0)
    case "--write-timed-scribble" where arguments.count == 1:
        // For trying the replay and the time-lapse by hand: the big scribble with the times of a hand.
        try ScribbleManager.save(ReplayBenchmarks.timedScribble(), toPath: arguments[0])
        exit(0)
    case "--write-gallery" where arguments.count == 1:
        // For trying the app by hand: TOUCHPAINTER_DATA_DIR=PATH touchpainter shows the bench's gallery.
        try AppBenchmarks.makeGallery(in: arguments[0])
        exit(0)
    case "--write-large-gallery" where arguments.count == 1:
        // For trying the app by hand: the ten thousand scribbles of the gallery@10k metrics.
        try LargeGalleryBenchmarks.makeGallery(in: arguments[0])
        exit(0)
    case "--write-templates" where arguments.count == 2:
        // For trying the app by hand: N small templates (and with N = 1, one huge one) in FOLDER/templates.
        try TemplateBenchmarks.writeTemplates(in: arguments[0], count: Int(arguments[1]) ?? 0)
        exit(0)
    case "--write-big-pdf" where arguments.count == 1:
        // For trying the app by hand: `touchpainter PATH` opens the PDF metrics' 2,400 pages.
        try Data(PdfStampBenchmarks.bigPdf()).write(to: URL(fileURLWithPath: arguments[0]))
        exit(0)
    case "--only" where !arguments.isEmpty:
        suites = Set(arguments.removeFirst().split(separator: ",").map(String.init))
    case "--app" where !arguments.isEmpty:
        app = arguments.removeFirst()
    case "--floor" where !arguments.isEmpty:
        floorProgram = arguments.removeFirst()
    default:
        print(usage)
        exit(argument == "--help" || argument == "-h" ? 0 : 2)
    }
}

let folder = FileManager.default.temporaryDirectory.appendingPathComponent("touchpainter-bench-\(getpid())").path
try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(atPath: folder) }

let report = Report()
do {
    if !suites.isDisjoint(with: ["canvas", "render", "undo", "tools", "texture", "viewport", "editing"]) {
        CanvasBenchmarks.run(into: report, only: suites)
    }
    if suites.contains("storage") { try StorageBenchmarks.run(into: report, folder: folder) }
    if suites.contains("journal") { try JournalBenchmarks.run(into: report, folder: folder) }
    if suites.contains("replay") {
        ReplayBenchmarks.run(into: report)
        try ReplayBenchmarks.runTimelapse(into: report, folder: folder, app: app)
    }
    if suites.contains("export") { try ExportBenchmarks.run(into: report, folder: folder, app: app) }
    // Ink stamped onto a 2,400-page PDF is part of `export`; `--only pdfstamp` runs it alone.
    if !suites.isDisjoint(with: ["export", "pdfstamp"]) { try PdfStampBenchmarks.run(into: report) }
    // Issue 53's goals on the real app: opening, paging, panning, zooming, saving and
    // exporting the 2,400-page PDF (`--only pdf`; about three minutes; or one part of it:
    // `pdf-open`, `pdf-memory`, `pdf-view`, `pdf-save`).
    if !suites.isDisjoint(with: PdfBenchmarks.parts.union(["pdf"])) {
        try PdfBenchmarks.run(into: report, folder: folder, app: app, suites: suites)
    }
    if suites.contains("xopp") { try XoppBenchmarks.run(into: report, folder: folder) }
    if suites.contains("pictures") { try PictureBenchmarks.run(into: report, folder: folder, app: app) }
    // The ten-thousand gallery is part of `app`; `--only gallery10k` runs it alone.
    if suites.contains("gallery10k") && !suites.contains("app") {
        try LargeGalleryBenchmarks.run(into: report, folder: folder, app: app)
    }
    // So are the drawings of a million taps and ticks; `--only taps` runs them alone.
    if suites.contains("taps") && !suites.contains("app") {
        let gallery = folder + "/gallery"
        try AppBenchmarks.makeGallery(in: gallery)
        let environment = AppBenchmarks.appEnvironment(gallery: gallery, folder: folder)
        try TapsBenchmarks.run(into: report, folder: folder, app: app, environment: environment)
    }
    // Stamping a template of a million ticks and one of a million taps: `--only stamp`.
    if suites.contains("stamp") { try TemplateStampBenchmarks.run(into: report, folder: folder, app: app) }
    // The idle app on the big scribble is part of `app`; `--only idle` runs it alone.
    if suites.contains("idle") && !suites.contains("app") {
        try AppBenchmarks.addIdleCPU(into: report, folder: folder, app: app)
    }
    // The 10M-vertex workload beside the 1M one: opt-in (`--only scale`, `make bench-scale`).
    if suites.contains("scale") { try ScaleBenchmarks.run(into: report, folder: folder, app: app) }
    // Its table beside Xournal++ is part of `scale`; `--only xournal-scale` runs it alone.
    if !suites.isDisjoint(with: ["scale", "xournal-scale"]) { try XournalScaleBenchmarks.run(into: report, folder: folder, app: app) }
    // Only the opening metrics at both sizes: `--only open`.
    if suites.contains("open") && !suites.contains("scale") { try ScaleBenchmarks.runOpen(into: report, folder: folder, app: app) }
    if suites.contains("app") { try AppBenchmarks.run(into: report, folder: folder, app: app, floor: floorProgram) }
    if suites.contains("sync") { try SyncBenchmarks.run(into: report, folder: folder, app: app) }
    if suites.contains("motion") { try MotionBenchmarks.run(into: report, folder: folder, app: app, floor: floorProgram) }
    // The Wayland drags are part of `motion`; `--only wayland` runs them beside X11's `@0` alone.
    if suites.contains("wayland") && !suites.contains("motion") {
        try MotionBenchmarks.runWaylandAlone(into: report, folder: folder, app: app, floor: floorProgram)
    }
    // So are the smoothing levels' interleaved drags; `--only smoothing` runs them alone,
    // after the levels' cost in the canvas engine (which `canvas` runs too).
    if suites.contains("smoothing") {
        if !suites.contains("canvas") { SmoothingBenchmarks.run(into: report) }
        if !suites.contains("motion") { try MotionBenchmarks.runSmoothingAlone(into: report, folder: folder, app: app) }
    }
} catch {
    FileHandle.standardError.write(Data("touchpainter-bench: \(error)\n".utf8))
}
report.printTable()
