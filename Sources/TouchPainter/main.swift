import ArgumentParser
import Foundation

/// `touchpainter [FILE]`: the command line the desktop file and a terminal use.
struct TouchPainterCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "touchpainter",
        abstract: "Scribble with the mouse or a pen, and keep your scribbles in a gallery.",
        discussion: """
        Keyboard: Ctrl+Z undo, Ctrl+Shift+Z or Ctrl+Y redo, Ctrl+N or Delete clear the canvas, \
        Ctrl+S save, Ctrl+O open the gallery, Escape back to the canvas, Ctrl+Q quit.

        Saved scribbles live in $TOUCHPAINTER_DATA_DIR if set, else $XDG_DATA_HOME/touchpainter \
        (~/.local/share/touchpainter).
        """
    )

    @Argument(help: "A scribble file to open at launch.")
    var file: String?

    @Option(help: "Brand the app for a company: \(Brand.allCases.map(\.rawValue).joined(separator: " or ")) (or set TOUCHPAINTER_BRAND).")
    var brand: String?

    /// Starts the app (or hands `file` to the instance already running) and exits with its status.
    func run() throws {
        // ArgumentParser calls `run` from `main()` on the main thread, where GTK must run.
        let chosen: Brand?
        do {
            chosen = try Brand.named(brand ?? ProcessInfo.processInfo.environment["TOUCHPAINTER_BRAND"])
        } catch {
            FileHandle.standardError.write(Data("touchpainter: \(error)\n".utf8))
            throw ExitCode(2) // a usage error
        }
        let status = MainActor.assumeIsolated { TouchPainterApp.run(opening: file, brand: chosen) }
        if status != 0 { throw ExitCode(status) }
    }
}

TouchPainterCommand.main()
