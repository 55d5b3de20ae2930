import GtkKit

/// No brand: GNOME's own look, as the unbranded app has it — a plain header bar, the pages
/// unframed, Done as GTK's suggested action.
struct GnomeBrandingFactory: BrandingFactory {
    func installStyle() {}
    func makeToolbar() -> Toolbar { GnomeToolbar() }
    func makeMainView(content: Widget) -> MainView { GnomeMainView(widget: content) }
    func makeMainButton(label: String) -> MainButton { GnomeMainButton(label: label) }
}

/// A plain header bar.
struct GnomeToolbar: Toolbar {
    let headerBar = HeaderBar()
}

/// The pages as they are.
struct GnomeMainView: MainView {
    let widget: Widget
}

/// GTK's suggested action.
struct GnomeMainButton: MainButton {
    let button: Button

    init(label: String) {
        button = Self.button(label)
    }
}
