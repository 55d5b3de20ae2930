import ArgumentParser
import Foundation

/// `touchpainter [FILE]`: the command line the desktop file and a terminal use.
struct TouchPainterCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "touchpainter",
        abstract: "Scribble with the mouse or a pen, and keep your scribbles in a gallery.",
        discussion: """
        Keyboard: Ctrl+Z undo, Ctrl+Shift+Z or Ctrl+Y redo, Ctrl+N or Delete clear the canvas, \
        Escape back to the canvas, Ctrl+Q quit.
        """
    )

    @Argument(help: "A scribble file to open at launch.")
    var file: String?

    func run() throws {
        if let file {
            FileHandle.standardError.write(Data("touchpainter: cannot open \(file): opening scribble files is not supported yet\n".utf8))
        }
        let app = TouchPainterApp()
        let status = app.run()
        if status != 0 { throw ExitCode(status) }
    }
}

TouchPainterCommand.main()
