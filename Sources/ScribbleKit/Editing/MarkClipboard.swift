/// Marks on the desktop clipboard: copied as the app's own type — the scribble file format
/// (`docs/FORMAT.md`) holding them as top-level marks, so a paste into this or another
/// scribble, or another TouchPainter, gets the very marks back — beside pictures of them for
/// other apps.
public enum MarkClipboard {
    /// The MIME type of copied marks.
    public static let mimeType = "application/x-touchpainter-marks"

    /// `marks` as the clipboard holds them.
    /// - Complexity: O(the marks' vertices).
    public static func data(of marks: [Mark]) -> [UInt8] {
        ScribbleMemento(marks: marks).data
    }

    /// The marks in clipboard `data`, fresh; `nil` if it is not marks this app wrote (damaged,
    /// foreign, or from a newer TouchPainter).
    /// - Complexity: O(the length of `data`).
    public static func marks(from data: [UInt8]) -> [Mark]? {
        guard let memento = try? ScribbleMemento(data: data), memento.isComplete else { return nil }
        return Scribble(adopting: memento).marks
    }
}
