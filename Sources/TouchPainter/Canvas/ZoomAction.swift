import GtkKit
import ScribbleKit

/// The zoom commands of the canvas (SPEC §10): the app's actions, their shortcuts, and the
/// items of the header bar's Zoom menu, which names each shortcut beside it.
enum ZoomAction: CaseIterable {
    case zoomIn, zoomOut, actualSize, fitDrawing

    /// The application action's name (`app.<name>`).
    var actionName: String {
        switch self {
        case .zoomIn: "zoom-in"
        case .zoomOut: "zoom-out"
        case .actualSize: "zoom-100"
        case .fitDrawing: "zoom-fit"
        }
    }

    /// The accelerators, the first one shown in the menu: Ctrl+plus, and Ctrl+= (the same
    /// key without Shift on most layouts), and the keypad's.
    var accelerators: [String] {
        switch self {
        case .zoomIn: ["<Primary>plus", "<Primary>equal", "<Primary>KP_Add"]
        case .zoomOut: ["<Primary>minus", "<Primary>KP_Subtract"]
        case .actualSize: ["<Primary>1", "<Primary>KP_1"]
        case .fitDrawing: ["<Primary>0", "<Primary>KP_0"]
        }
    }

    /// The menu item's label.
    var label: String {
        switch self {
        case .zoomIn: tr("Zoom _In")
        case .zoomOut: tr("Zoom _Out")
        case .actualSize: tr("_100 %")
        case .fitDrawing: tr("_Fit Drawing")
        }
    }

    /// What the shortcuts window says it does.
    var summary: String {
        switch self {
        case .zoomIn: tr("Zoom in")
        case .zoomOut: tr("Zoom out")
        case .actualSize: tr("Show at 100 %")
        case .fitDrawing: tr("Fit the drawing in the window")
        }
    }

    /// The item of the Zoom menu.
    var menuItem: MenuButton.Item {
        MenuButton.Item(label, action: "app." + actionName, accelerator: accelerators[0])
    }

    /// The line of the shortcuts window.
    var shortcut: ShortcutsWindow.Shortcut {
        ShortcutsWindow.Shortcut(accelerators.prefix(self == .zoomIn ? 2 : 1).joined(separator: " "), summary)
    }

    /// The zoom button's text for `viewport`: its zoom in whole percent.
    static func label(for viewport: Viewport) -> String {
        "\(viewport.percent) %"
    }
}
