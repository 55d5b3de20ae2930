/// What the window shows of a document: its title and which actions make sense. The
/// `Document` publishes it only when a value changes, so the window is not relaid out per
/// motion event (setting a GTK window title costs a header-bar relayout and an X round trip).
public struct DocumentState: Equatable, Sendable {
    /// The window's title: the scribble's name, with `• ` in front while it has unsaved
    /// changes; just the app's name for a fresh, untouched canvas.
    public var title: String
    /// Whether closing would lose work, so the app should ask first.
    public var hasUnsavedWork: Bool
    /// Whether Undo has something to undo.
    public var canUndo: Bool
    /// Whether Redo has something to redo.
    public var canRedo: Bool
    /// Why unsaved changes are not protected against a crash ("the disk is full"), while the
    /// journal cannot be written; `nil` while it works.
    public var unprotectedBecause: String? = nil
    /// Whether the drawing on show is the first part of one still being read: nothing may
    /// change or save it until it is whole (`Document.isOpening`).
    public var isOpening = false

    /// The title of a fresh canvas.
    public static let appName = "TouchPainter"
}
