/// Why a scribble file could not be read. Each case says what went wrong in words a user
/// can act on, so the UI shows `description` as it is and leaves the drawing untouched.
public enum ScribbleFormatError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The bytes are not a TouchPainter scribble at all (another kind of file).
    case notAScribble
    /// The file was written by a newer TouchPainter, in the given format version.
    case newerVersion(Int)
    /// The file ends before its declared contents do (a cut-short copy or download).
    case truncated
    /// The file is ours but its contents are damaged; the text says where.
    case corrupt(String)

    /// A sentence for the user.
    public var description: String {
        switch self {
        case .notAScribble:
            tr("This file is not a TouchPainter scribble.")
        case .newerVersion(let version):
            tr(
                "This scribble was saved by a newer TouchPainter (file format version %1$s); this version reads format versions up to %2$s.", version,
                ScribbleFormat.currentVersion)
        case .truncated:
            tr("This scribble file is incomplete: it ends before its contents do.")
        case .corrupt(let detail):
            tr("This scribble file is damaged (%1$s).", detail)
        }
    }
}
