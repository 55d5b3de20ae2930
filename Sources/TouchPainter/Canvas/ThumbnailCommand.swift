import ArgumentParser
import FoundationEssentials
import Glibc
import ScribbleKit

/// `touchpainter thumbnail IN OUT [--size N]`: the desktop's thumbnailer for scribbles (the
/// packaged `touchpainter.thumbnailer` runs it for the file manager). No display needed.
struct ThumbnailCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "thumbnail",
        abstract: "Write a PNG preview of a scribble, for file managers.",
        discussion: """
            The PNG is at most SIZE×SIZE pixels, framed to the drawing, and written into OUT in \
            place (a thumbnail service reads back the file it made). Exit status: 0 done, 1 the \
            input cannot be read or the output written (no file is left behind), 2 a usage error.
            """
    )

    @Argument(help: "The scribble file.")
    var input: String

    @Argument(help: "The PNG file to write.")
    var output: String

    @Option(parsing: .unconditional, help: "The largest side, in pixels (1–\(Thumbnailer.maximumSize)).")
    var size = "256"

    func run() throws {
        guard let side = Int(size), side > 0, side <= Thumbnailer.maximumSize else {
            StandardError.write("touchpainter: --size must be a whole number from 1 to \(Thumbnailer.maximumSize): \(size)")
            throw ExitCode(2)
        }
        do {
            try Thumbnailer.thumbnail(of: input, to: output, size: side)
        } catch {
            StandardError.write("touchpainter: cannot thumbnail \(input): \(error)")
            throw ExitCode(1)
        }
    }
}
