import GtkKit
import ScribbleKit

/// The app's identity on the desktop, and what its About and Keyboard Shortcuts windows say.
enum AppInfo {
    /// The reverse-DNS application id; also the desktop file's and icon's name.
    static let applicationID = "io.github.touchpainter.TouchPainter"
    /// The themed icon name (installed by `make install`).
    static let iconName = applicationID
    /// The icon itself, compiled in, for when it is not installed: the About window's logo.
    static let icon = PackageResources.app_icon_svg
    /// The window's icon when the theme has none (the app run from its build folder): the
    /// icon drawn at 128 px beforehand (`make icons`), since rendering the SVG at start-up
    /// would load librsvg, a few milliseconds and 6 MB of memory before the first frame.
    static let windowIcon = PackageResources.app_icon_128_png
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
    /// Lines (shortcuts and headings) in a column of the shortcuts window: the drawing and
    /// the tools fill the first column, the scribbles, the gallery and the application the
    /// second — one page, within 1024×768 in German too.
    static let shortcutLinesPerColumn = 16
    /// Every keyboard shortcut, grouped as the shortcuts window (Ctrl+?) lists them: the
    /// actions' (`AppAction`), then the keys the views handle themselves.
    static var shortcuts: [ShortcutsWindow.Group] {
        let all = AppAction.allCases.compactMap(\.listing) + KeyShortcut.handledByViews
        return KeyShortcut.Group.allCases.map { group in
            .init(
                group.title,
                all.filter { $0.group == group }.map {
                    .init($0.accelerators.joined(separator: " "), $0.title, $0.subtitle)
                })
        }
    }
}
