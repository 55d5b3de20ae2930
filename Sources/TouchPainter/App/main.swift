import ArgumentParser
import FoundationEssentials
import Glibc
import ScribbleKit

/// `touchpainter [FILE]` and `touchpainter export IN OUT`: the command line the desktop file,
/// a terminal and scripts use. Launching is the default subcommand, so a FILE needs no word
/// before it.
struct TouchPainterCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "touchpainter",
        abstract: "Scribble with the mouse or a pen, and keep your scribbles in a gallery.",
        usage: """
            touchpainter [<file>] [--brand <brand>]
              touchpainter export <input> <output> [--scale <scale>] [--width <width>] [--transparent]
              touchpainter export <input> <output.webm|apng> [--speed <n>] [--keep-idle] [--width <width>]
              touchpainter thumbnail <input> <output> [--size <size>]
            """,
        discussion: """
            With a <file>, opens that scribble (in the running TouchPainter, if there is one). \
            --brand acme|sierra (or TOUCHPAINTER_BRAND) brands the window. \
            'touchpainter help open' and 'touchpainter help export' tell more.
            """,
        version: AppInfo.version,
        subcommands: [LaunchCommand.self, ExportCommand.self, ThumbnailCommand.self],
        defaultSubcommand: LaunchCommand.self
    )
}

/// `touchpainter [FILE] [--brand NAME]`: starts the app, or hands FILE to the running one.
struct LaunchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Start TouchPainter (the default), opening FILE if given.",
        discussion: """
            Keyboard: Ctrl+Z undo, Ctrl+Shift+Z or Ctrl+Y redo, Ctrl+N or Delete clear the canvas, \
            Ctrl+S save, Ctrl+O open the gallery, Ctrl+K colour and width, F10 the menu, Ctrl+? \
            every shortcut, Escape back to the canvas, Ctrl+Q quit.

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
        try Self.launch(opening: file, brand: brand)
    }

    /// What `run` does, for a command line of the file and brand given (a bare launch calls
    /// it without parsing one).
    static func launch(opening file: String?, brand: String?) throws {
        // Called from `main()` on the main thread, where GTK must run.
        let chosen: Brand?
        do {
            chosen = try Brand.named(brand ?? ProcessInfo.processInfo.environment["TOUCHPAINTER_BRAND"])
        } catch {
            StandardError.write("touchpainter: \(error)")
            throw ExitCode(2) // a usage error
        }
        let status = MainActor.assumeIsolated {
            // Timing lines for the benchmark, only when the environment asks for them.
            let timingReport = TimingReport(environment: ProcessInfo.processInfo.environment)
            return TouchPainterApp.run(opening: file, brand: chosen, timingReport: timingReport)
        }
        if status != 0 { throw ExitCode(status) }
    }
}

// ArgumentParser's own usage errors exit with 64 (EX_USAGE); this app's usage errors exit
// with 2, as the README and the man page say, whichever part of the command line found them.
LargeBlocks.mapApart() // before any thread allocates: a big buffer freed goes back to the system
do {
    if CommandLine.arguments.count == 1 {
        // The launch from the desktop: no command line to parse. (ArgumentParser's parse,
        // its types' metadata made on first use, took 1.3 ms of every start-up.)
        try LaunchCommand.launch(opening: nil, brand: nil)
    } else {
        var command = try TouchPainterCommand.parseAsRoot()
        try command.run()
    }
} catch {
    let code = TouchPainterCommand.exitCode(for: error)
    guard code == .validationFailure else { TouchPainterCommand.exit(withError: error) }
    StandardError.write(TouchPainterCommand.fullMessage(for: error))
    exit(2)
}
