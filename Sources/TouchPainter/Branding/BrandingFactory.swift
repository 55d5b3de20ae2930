import GtkKit
import ScribbleKit

/// The Abstract Factory of branding (book chapter 5): makes the branded main view (the
/// window's content frame), main button (Done, back to the canvas) and toolbar (the header
/// bar). The window set-up knows only this class and GtkKit's widget types; each concrete
/// factory gives its company's name, logo and colours, so the products of one factory always
/// belong together.
@MainActor
class BrandingFactory {
    /// The company's name, shown under the title and to screen readers.
    let companyName: String
    /// The style class every product carries; the brand's CSS keys on it.
    let styleClass: StyleClass
    /// The company's logo (SVG), compiled into the app.
    private let logo: [UInt8]
    /// The brand's colours, as CSS for its style class.
    private let css: String

    /// A factory for one brand (the concrete factories call this).
    init(companyName: String, styleClass: StyleClass, logo: [UInt8], css: String) {
        self.companyName = companyName
        self.styleClass = styleClass
        self.logo = logo
        self.css = css
    }

    /// The concrete factory for `brand`, or `nil` for none (plain GTK).
    static func factory(for brand: Brand?) -> BrandingFactory? {
        switch brand {
        case .acme: AcmeBrandingFactory()
        case .sierra: SierraBrandingFactory()
        case nil: nil
        }
    }

    /// Puts the brand's colours into effect for the whole app (once, before the window).
    func installStyle() {
        StyleSheet.install(css)
    }

    /// The header bar: the company's logo at its start and its name under the title.
    func makeToolbar() -> HeaderBar {
        let bar = HeaderBar()
        bar.addStyleClass(styleClass)
        bar.subtitle = companyName
        let image = Image(imageData: logo, size: 24)
        image.accessibleName = tr("%1$s logo", companyName)
        bar.packStart(image)
        return bar
    }

    /// The window's content: `content` in a frame of the brand's colour.
    func makeMainView(content: Widget) -> Widget {
        let frame = Frame()
        frame.addStyleClass(styleClass)
        frame.addStyleClass(.brandedMainView)
        frame.add(content)
        return frame
    }

    /// The button that brings the user back to the canvas, in the brand's colour.
    func makeMainButton(label: String) -> Button {
        let button = Button(label: label)
        button.addStyleClass(.suggestedAction)
        button.addStyleClass(styleClass)
        return button
    }
}

/// Acme Corporation's branding: warm orange on a light header bar.
final class AcmeBrandingFactory: BrandingFactory {
    init() {
        super.init(
            companyName: "Acme Corporation", styleClass: .acme, logo: PackageResources.acme_logo_svg,
            css: """
                headerbar.acme { background-image: linear-gradient(to bottom, #fff3e6, #ffe2c2); border-bottom: 2px solid #c64600; }
                headerbar.acme .subtitle { color: #9c3700; opacity: 1; }
                frame.acme.branded-main-view > border { border: none; border-bottom: 4px solid #c64600; }
                button.acme.suggested-action { background-image: none; background-color: #c64600; border-color: #9c3700; color: white; }
                """)
    }
}

/// Sierra Corporation's branding: mountain blue, a darker header bar.
final class SierraBrandingFactory: BrandingFactory {
    init() {
        super.init(
            companyName: "Sierra Corporation", styleClass: .sierra, logo: PackageResources.sierra_logo_svg,
            css: """
                headerbar.sierra { background-image: linear-gradient(to bottom, #e8f1fc, #cfe1f7); border-bottom: 2px solid #1a5fb4; }
                headerbar.sierra .subtitle { color: #144b8f; opacity: 1; }
                frame.sierra.branded-main-view > border { border: none; border-bottom: 4px solid #1a5fb4; }
                button.sierra.suggested-action { background-image: none; background-color: #1a5fb4; border-color: #144b8f; color: white; }
                """)
    }
}
