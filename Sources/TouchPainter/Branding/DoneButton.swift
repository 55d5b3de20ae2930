import GtkKit
import ScribbleKit

/// The Done button of a page (the gallery, the palette): back to the canvas, as the brand's
/// main button.
@MainActor
enum DoneButton {
    /// A Done button, tagged `.done`: when clicked, `navigator` reads its tag.
    static func make(branding: BrandingFactory, navigator: Navigator) -> TaggedButton {
        let button = branding.makeMainButton(label: tr("Done")).button
        button.accessibleName = tr("Done")
        button.tooltip = tr("Back to the canvas (Escape)")
        return TaggedButton(button, tag: .done, mediator: navigator)
    }
}
