import GtkKit
import ScribbleKit

/// The zoom commands of the canvas: what the zoom actions (`AppAction`) ask of it, and the
/// items of the header bar's Zoom menu, which names each shortcut beside it.
enum ZoomAction: CaseIterable {
    case zoomIn, zoomOut, actualSize, fitDrawing, fitPage, fitWidth

    /// The application action that runs it (its name and keys are in that table).
    var action: AppAction {
        switch self {
        case .zoomIn: .zoomIn
        case .zoomOut: .zoomOut
        case .actualSize: .zoom100
        case .fitDrawing: .zoomFit
        case .fitPage: .fitPage
        case .fitWidth: .fitWidth
        }
    }

    /// The menu item's label.
    var label: String {
        switch self {
        case .zoomIn: tr("Zoom _In")
        case .zoomOut: tr("Zoom _Out")
        case .actualSize: tr("_100 %")
        case .fitDrawing: tr("_Fit Drawing")
        case .fitPage: tr("Fit _Page")
        case .fitWidth: tr("Fit _Width")
        }
    }

    /// The item of the Zoom menu.
    var menuItem: MenuButton.Item {
        MenuButton.Item(label, action: action.detailedName, accelerator: action.accelerators.first)
    }

    /// The zoom button's text for `viewport`: its zoom in whole percent.
    static func label(for viewport: Viewport) -> String {
        "\(viewport.percent) %"
    }
}
