import GtkKit
import ScribbleKit

/// The app's identity on the desktop, and what its About and Keyboard Shortcuts windows say.
enum AppInfo {
    /// The reverse-DNS application id; also the desktop file's and icon's name.
    static let applicationID = "io.github.touchpainter.TouchPainter"
    /// The themed icon name (installed by `make install`).
    static let iconName = applicationID
    /// The icon itself, compiled in, for when it is not installed.
    static let icon = PackageResources.app_icon_svg
    /// The version, as `--version` and About show it.
    static let version = "0.3.0"
    /// The project's home page.
    static let website = "https://github.com/touchpainter/TouchPainter"

    /// The About window's content.
    static let about = AboutDialog.Content(
        name: "TouchPainter", version: version, iconName: iconName, logo: icon,
        comments: tr("Scribble with the mouse, a pen or a finger, and keep your scribbles in a gallery."),
        website: website, copyright: tr("© 2026 the TouchPainter authors"), authors: [tr("The TouchPainter authors")])

    /// The shortcuts window's title.
    static let shortcutsTitle = tr("Keyboard shortcuts")
    /// Every keyboard shortcut, grouped as the shortcuts window (Ctrl+?) lists them.
    static let shortcuts: [ShortcutsWindow.Group] = [
        .init(tr("Drawing"), [
            .init("<Primary>z", tr("Undo")),
            .init("<Primary><Shift>z <Primary>y", tr("Redo")),
            .init("<Primary>n Delete", tr("New scribble"), tr("Delete too, when nothing is selected")),
            .init("<Primary>k", tr("Colour and width")),
            ZoomAction.zoomShortcut,
            ZoomAction.fitShortcut,
        ]),
        .init(tr("Tools"), [
            .init("p", tr("Pen")),
            .init("e", tr("Eraser")),
            .init("s", tr("Select"), tr("Shift+click adds or removes a mark")),
            .init("Delete BackSpace", tr("Delete the selection")),
            .init("Left Right Up Down", tr("Move the selection"), tr("With Shift: ten pixels at a time")),
            .init("t", tr("Keep the selection as a template")),
            .init("Escape", tr("Clear the selection, or stop stamping")),
        ]),
        .init(tr("Scribbles"), [
            .init("<Primary>s", tr("Save")),
            .init("<Primary>o", tr("Open the gallery")),
            .init("<Primary>e", tr("Export to PNG, SVG or PDF")),
            .init("<Primary>c", tr("Copy the drawing as an image")),
            .init("<Primary>p", tr("Print")),
        ]),
        .init(tr("Gallery"), [
            .init("F2", tr("Rename the selected scribble")),
            .init("Delete", tr("Delete the selected scribble")),
            .init("Escape", tr("Back to the canvas")),
        ]),
        .init(tr("Application"), [
            .init("F10", tr("Main menu")),
            .init("<Primary>question", tr("Keyboard shortcuts")),
            .init("<Primary>q", tr("Quit")),
        ]),
    ]
}
