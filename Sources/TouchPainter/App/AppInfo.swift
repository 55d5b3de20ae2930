import GtkKit

/// The app's identity on the desktop, and what its About and Keyboard Shortcuts windows say.
enum AppInfo {
    /// The reverse-DNS application id; also the desktop file's and icon's name.
    static let applicationID = "io.github.touchpainter.TouchPainter"
    /// The themed icon name (installed by `make install`).
    static let iconName = applicationID
    /// The version, as `--version` and About show it.
    static let version = "0.3.0"
    /// The project's home page.
    static let website = "https://github.com/touchpainter/TouchPainter"

    /// The About window's content.
    static let about = AboutDialog.Content(
        name: "TouchPainter", version: version, iconName: iconName,
        comments: "Scribble with the mouse, a pen or a finger, and keep your scribbles in a gallery.",
        website: website, copyright: "© 2026 the TouchPainter authors", authors: ["The TouchPainter authors"])

    /// Every keyboard shortcut, grouped as the shortcuts window (Ctrl+?) lists them.
    static let shortcuts: [ShortcutsWindow.Group] = [
        .init("Drawing", [
            .init("<Primary>z", "Undo"),
            .init("<Primary><Shift>z <Primary>y", "Redo"),
            .init("<Primary>n Delete", "Delete the drawing and start a new scribble (Delete: when nothing is selected)"),
            .init("<Primary>k", "Colour and width"),
        ]),
        .init("Tools (on the canvas)", [
            .init("p", "Pen"),
            .init("e", "Eraser"),
            .init("s", "Select (Shift+click adds or removes a mark)"),
            .init("Delete BackSpace", "Delete the selection"),
            .init("Left Right Up Down", "Move the selection (with Shift: by ten pixels)"),
            .init("t", "Keep the selection as a template"),
            .init("Escape", "Clear the selection, or stop stamping"),
        ]),
        .init("Scribbles", [
            .init("<Primary>s", "Save"),
            .init("<Primary>o", "Open the gallery"),
            .init("<Primary>e", "Export to PNG, SVG or PDF"),
            .init("<Primary>c", "Copy the drawing as an image"),
            .init("<Primary>p", "Print"),
            .init("F2", "Rename the selected scribble (in the gallery)"),
            .init("Delete", "Delete the selected scribble (in the gallery)"),
            .init("Escape", "Back to the canvas"),
        ]),
        .init("Application", [
            .init("F10", "Main menu"),
            .init("<Primary>question", "Keyboard shortcuts"),
            .init("<Primary>q", "Quit"),
        ]),
    ]
}
