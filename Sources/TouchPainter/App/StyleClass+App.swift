import GtkKit

/// The app's own CSS classes, which its style sheets (the brands', the palette's) style.
extension StyleClass {
    /// The palette's pane.
    static let palette = StyleClass("palette")
    /// A colour swatch button.
    static let swatch = StyleClass("swatch")
    /// The line under the Hex field that says what is wrong with it.
    static let hexProblem = StyleClass("hex-problem")
    /// A brand's frame around the pages.
    static let brandedMainView = StyleClass("branded-main-view")
    /// Acme's branded widgets.
    static let acme = StyleClass("acme")
    /// Sierra's branded widgets.
    static let sierra = StyleClass("sierra")
    /// Slate's branded widgets.
    static let slate = StyleClass("slate")
}
