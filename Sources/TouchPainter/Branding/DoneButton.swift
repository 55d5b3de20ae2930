import GtkKit
import ScribbleKit

/// The Done button of a page (the gallery, the palette): back to the canvas, as the brand's
/// main button.
@MainActor
enum DoneButton {
    /// A Done button that asks `navigator` for the canvas when clicked.
    static func make(branding: BrandingFactory, navigator: Navigator) -> Button {
        let button = branding.makeMainButton(label: tr("Done")).button
        button.accessibleName = tr("Done")
        button.tooltip = tr("Back to the canvas (Escape)")
        button.onClicked { [weak navigator] _ in navigator?.requestViewChange(to: .canvas) }
        return button
    }
}
