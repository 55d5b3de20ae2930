import GtkKit

/// The Abstract Factory of branding (book chapter 5): makes the window's header bar (the
/// toolbar), its main view (the frame around the pages) and its main button (Done, back to
/// the canvas). The window set-up knows only these protocols — it never asks which brand it
/// has — and each concrete factory makes its own family of product types, so the products
/// of one brand always belong together. The unbranded app has a factory too, GNOME's plain
/// look (`GnomeBrandingFactory`). A new brand is one file (its factory and products) and a
/// case of `Brand`.
@MainActor
protocol BrandingFactory {
    /// Puts the brand's style into effect for the whole app (once, before the window).
    func installStyle()
    /// The header bar.
    func makeToolbar() -> Toolbar
    /// The window's content, `content`, as the brand frames it.
    func makeMainView(content: Widget) -> MainView
    /// The button that brings the user back to the canvas.
    func makeMainButton(label: String) -> MainButton
}

/// A brand's header bar.
@MainActor
protocol Toolbar {
    /// The header bar widget the window puts up.
    var headerBar: HeaderBar { get }
}

/// A brand's frame around the window's pages.
@MainActor
protocol MainView {
    /// The widget the window holds.
    var widget: Widget { get }
}

extension MainView {
    /// `content` in a frame carrying `brand`'s style class, which the brand's CSS draws.
    static func frame(_ content: Widget, styledAs brand: StyleClass) -> Widget {
        let frame = Frame()
        frame.addStyleClass(brand)
        frame.addStyleClass(.brandedMainView)
        frame.add(content)
        return frame
    }
}

/// A brand's main button.
@MainActor
protocol MainButton {
    /// The button widget.
    var button: Button { get }
}

extension MainButton {
    /// A suggested-action button labelled `label`, carrying `brand`'s style class if any.
    static func button(_ label: String, styledAs brand: StyleClass? = nil) -> Button {
        let button = Button(label: label)
        button.addStyleClass(.suggestedAction)
        if let brand { button.addStyleClass(brand) }
        return button
    }
}

extension Brand {
    /// The concrete factory of the brand.
    var factory: BrandingFactory {
        switch self {
        case .acme: AcmeBrandingFactory()
        case .sierra: SierraBrandingFactory()
        case .slate: SlateBrandingFactory()
        }
    }
}
