import ArgumentParser
import FoundationEssentials
import Glibc
import ScribbleKit

/// `touchpainter export IN.scribble|xopp|xoj OUT.png|svg|pdf|xopp|webm|apng`: the headless
/// exporter. It never starts GTK, so it runs without a display: in scripts, over SSH, in CI.
/// A .webm or .apng is a time-lapse of the drawing's history (`ExportCommand+Timelapse`).
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract:
            "Export a scribble (or a Xournal++ notebook) to PNG, SVG, PDF, a Xournal++ notebook or a time-lapse video, without a display.",
        discussion: """
            The type follows OUT's extension. The page is the drawing's bounds plus a 16-pixel \
            margin, wherever on the canvas it lies. SVG and PDF keep every mark as a vector \
            path; a .xopp notebook is one such page. A drawing on a PDF's pages exports to .pdf onto \
            the original pages, and to .xopp as a page of each PDF page, the PDF written beside it as \
            OUT.bg.pdf. A .webm (VP8, through GStreamer) or .apng (animated PNG) \
            is a time-lapse of how the drawing was drawn, 30 frames a second at --speed times its pace, idle \
            gaps longer than 2 s cut unless --keep-idle, at most 1920 px wide and high. Exit status: 0 done, 1 the input \
            cannot be read or the output written, 2 a usage error.
            """
    )

    @Argument(help: "The scribble file (or Xournal++ notebook, .xopp or .xoj) to export.")
    var input: String

    @Argument(help: "The file to write: .png, .svg, .pdf, .xopp, or a time-lapse .webm or .apng.")
    var output: String

    // `.unconditional`: a value that looks like an option ("-1") is still this option's
    // value, so it is refused for what it is rather than as a missing value.
    @Option(parsing: .unconditional, help: "Output pixels per canvas pixel (1, 2, …).")
    var scale: String?

    @Option(parsing: .unconditional, help: "The output's width in pixels; the height follows.")
    var width: String?

    @Flag(help: "No background (PNG and SVG only).")
    var transparent = false

    @Option(help: "The canvas under the marks: plain, paper or cloth.")
    var canvas = "plain"

    @Option(parsing: .unconditional, help: "A time-lapse's speed: times the pace it was drawn (1 to 1000; default 8).")
    var speed: String?

    @Flag(help: "A time-lapse keeps idle gaps longer than 2 s (they are cut to half a second by default).")
    var keepIdle = false

    /// Validates the options (usage errors exit with 2), then exports (failures exit with 1).
    func run() throws {
        if let video = TimelapseFormat(path: output) { return try exportTimelapse(video) }
        guard let format = ExportFormat(path: output) else {
            throw usage("OUT must end in .png, .svg, .pdf, .xopp, .webm or .apng: \(output)")
        }
        if speed != nil || keepIdle { throw usage("--speed and --keep-idle are for a time-lapse (.webm or .apng)") }
        var options = ExportOptions(transparent: transparent)
        if let scale {
            guard let value = Double(scale), value > 0, value <= 16 else { throw usage("--scale must be a number above 0, at most 16: \(scale)") }
            options.scale = value
        }
        if let width {
            guard let value = Int(width) else { throw usage("--width must be a whole number: \(width)") }
            guard value > 0 else { throw usage("--width must be positive: \(width)") }
            let limit = ExportOptions.maximumSide(for: format)
            guard value <= limit else { throw usage("--width must be at most \(limit) for \(format.rawValue.uppercased()): \(width)") }
            options.width = value
        }
        guard let kind = CanvasKind(rawValue: canvas) else { throw usage("--canvas must be plain, paper or cloth: \(canvas)") }
        options.canvas = kind
        if transparent && format == .pdf { throw usage("--transparent works for PNG and SVG only") }

        // Refused before the input is even read: nothing is rendered for an output that
        // may not be written, and the input is never touched.
        do {
            try Exporter.checkOutput(output, input: input)
        } catch {
            throw failure("cannot write \(output): \(error)")
        }
        let memento: ScribbleMemento
        do {
            if XoppImporter.opens(input) {
                let notebook = try XoppImporter.read(input)
                if let summary = notebook.leftOut.summary { StandardError.write("touchpainter: note: \(summary)") }
                memento = notebook.scribble.makeMemento()
            } else {
                memento = try ScribbleManager.loadMemento(path: input)
            }
        } catch {
            throw failure("cannot read \(input): \(error)")
        }
        do {
            let exporter = Exporter(memento: memento)
            let fitted = exporter.fitting(format, options: options)
            let pagesNote = exporter.pagesNote(for: format, path: output)
            for note in [fitted.note, pagesNote].compactMap({ $0 }) {
                StandardError.write("touchpainter: note: \(note)")
            }
            try exporter.write(format, options: fitted.options, to: output, input: input)
        } catch {
            throw failure("cannot write \(output): \(error)")
        }
    }

    func usage(_ message: String) -> ExitCode {
        StandardError.write("touchpainter: \(message)")
        return ExitCode(2)
    }

    func failure(_ message: String) -> ExitCode {
        StandardError.write("touchpainter: \(message)")
        return ExitCode(1)
    }
}
