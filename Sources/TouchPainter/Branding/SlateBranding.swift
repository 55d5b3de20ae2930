import GtkKit

/// Slate: a high-contrast brand — black and white, thick rules, no gradients and no logo
/// (its name says it) — for projectors and bright rooms. One file, as every brand is.
struct SlateBrandingFactory: BrandingFactory {
    func installStyle() {
        StyleSheet.install(
            """
            headerbar.slate { background-image: none; background-color: #000000; color: #ffffff; border-bottom: 4px solid #ffd500; }
            headerbar.slate .title, headerbar.slate .subtitle { color: #ffffff; opacity: 1; font-weight: bold; }
            headerbar.slate button:not(.suggested-action) { background-image: none; background-color: #000000; color: #ffffff; border: 2px solid #ffffff; box-shadow: none; text-shadow: none; -gtk-icon-shadow: none; }
            headerbar.slate button:not(.suggested-action):hover { background-color: #333333; }
            headerbar.slate button:not(.suggested-action):checked { background-color: #ffd500; color: #000000; }
            headerbar.slate button:disabled { color: #9a9a9a; border-color: #9a9a9a; }
            frame.slate.branded-main-view > border { border: 4px solid #000000; }
            button.slate.suggested-action { background-image: none; background-color: #ffd500; border: 2px solid #000000; color: #000000; font-weight: bold; }
            """)
    }

    func makeToolbar() -> Toolbar { SlateToolbar() }
    func makeMainView(content: Widget) -> MainView { SlateMainView(content: content) }
    func makeMainButton(label: String) -> MainButton { SlateMainButton(label: label) }
}

/// Slate's header bar: white on black, the company's name and no logo.
struct SlateToolbar: Toolbar {
    let headerBar = HeaderBar()

    init() {
        headerBar.addStyleClass(.slate)
        headerBar.subtitle = "Slate"
    }
}

/// Slate's pages: a black frame all round.
struct SlateMainView: MainView {
    let widget: Widget

    init(content: Widget) {
        widget = Self.frame(content, styledAs: .slate)
    }
}

/// Slate's Done: black on yellow.
struct SlateMainButton: MainButton {
    let button: Button

    init(label: String) {
        button = Self.button(label, styledAs: .slate)
    }
}
