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

    /// The item of the Zoom menu.
    var menuItem: MenuButton.Item {
        MenuButton.Item(label, action: "app." + actionName, accelerator: accelerators[0])
    }

    /// The shortcuts window's line for zooming in and out (two lines for four keys, so the
    /// window keeps to two columns and fits a 1024×768 screen).
    static var zoomShortcut: ShortcutsWindow.Shortcut {
        ShortcutsWindow.Shortcut("<Primary>plus <Primary>minus", tr("Zoom in or out"),
                                 tr("Ctrl+wheel: about the pointer"))
    }

    /// The shortcuts window's line for fitting the drawing and showing it at 100 %.
    static var fitShortcut: ShortcutsWindow.Shortcut {
        ShortcutsWindow.Shortcut("<Primary>0 <Primary>1", tr("Fit the drawing, or 100 %"))
    }

    /// The zoom button's text for `viewport`: its zoom in whole percent.
    static func label(for viewport: Viewport) -> String {
        "\(viewport.percent) %"
    }
}
