import GtkKit
import ScribbleKit

/// Sierra Corporation's branding: mountain blue, its logo beside the window's controls.
struct SierraBrandingFactory: BrandingFactory {
    func installStyle() {
        StyleSheet.install(
            """
            headerbar.sierra { background-image: linear-gradient(to bottom, #e8f1fc, #cfe1f7); border-bottom: 2px solid #1a5fb4; }
            headerbar.sierra .subtitle { color: #144b8f; opacity: 1; }
            frame.sierra.branded-main-view > border { border: none; border-bottom: 4px solid #1a5fb4; }
            button.sierra.suggested-action { background-image: none; background-color: #1a5fb4; border-color: #144b8f; color: white; }
            """)
    }

    func makeToolbar() -> Toolbar { SierraToolbar() }
    func makeMainView(content: Widget) -> MainView { SierraMainView(content: content) }
    func makeMainButton(label: String) -> MainButton { SierraMainButton(label: label) }
}

/// Sierra's header bar: the company under the title, the logo at the end.
struct SierraToolbar: Toolbar {
    let headerBar = HeaderBar()

    init() {
        headerBar.addStyleClass(.sierra)
        headerBar.subtitle = "Sierra Corporation"
        let logo = Image(imageData: PackageResources.sierra_logo_svg, size: 24)
        logo.accessibleName = tr("%1$s logo", "Sierra Corporation")
        headerBar.packEnd(logo)
    }
}

/// Sierra's pages: a blue rule along the bottom.
struct SierraMainView: MainView {
    let widget: Widget

    init(content: Widget) {
        widget = Self.frame(content, styledAs: .sierra)
    }
}

/// Sierra's Done: blue.
struct SierraMainButton: MainButton {
    let button: Button

    init(label: String) {
        button = Self.button(label, styledAs: .sierra)
    }
}
