import GtkKit
import ScribbleKit

/// Acme Corporation's branding: warm orange on a light header bar, its logo leading.
struct AcmeBrandingFactory: BrandingFactory {
    func installStyle() {
        StyleSheet.install(
            """
            headerbar.acme { background-image: linear-gradient(to bottom, #fff3e6, #ffe2c2); border-bottom: 2px solid #c64600; }
            headerbar.acme .subtitle { color: #9c3700; opacity: 1; }
            frame.acme.branded-main-view > border { border: none; border-bottom: 4px solid #c64600; }
            button.acme.suggested-action { background-image: none; background-color: #c64600; border-color: #9c3700; color: white; }
            """)
    }

    func makeToolbar() -> Toolbar { AcmeToolbar() }
    func makeMainView(content: Widget) -> MainView { AcmeMainView(content: content) }
    func makeMainButton(label: String) -> MainButton { AcmeMainButton(label: label) }
}

/// Acme's header bar: the logo at its start, the company under the title.
struct AcmeToolbar: Toolbar {
    let headerBar = HeaderBar()

    init() {
        headerBar.addStyleClass(.acme)
        headerBar.subtitle = "Acme Corporation"
        let logo = Image(imageData: PackageResources.acme_logo_svg, size: 24)
        logo.accessibleName = tr("%1$s logo", "Acme Corporation")
        headerBar.packStart(logo)
    }
}

/// Acme's pages: an orange rule along the bottom.
struct AcmeMainView: MainView {
    let widget: Widget

    init(content: Widget) {
        widget = Self.frame(content, styledAs: .acme)
    }
}

/// Acme's Done: orange.
struct AcmeMainButton: MainButton {
    let button: Button

    init(label: String) {
        button = Self.button(label, styledAs: .acme)
    }
}
