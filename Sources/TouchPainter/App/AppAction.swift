import GtkKit
import ScribbleKit

/// Every application action (`app.<name>`), with its accelerators and how the Keyboard
/// Shortcuts window lists it: the one table that `TouchPainterApp.installActions` adds to
/// the application, the primary menu names, and `AppInfo.shortcuts` lists. Keys the canvas
/// and the gallery handle themselves (P, E, S, the arrows…) are `KeyShortcut`s.
enum AppAction: String, CaseIterable {
    // In the order the shortcuts window lists them, group by group.
    case undo, redo
    case newScribble = "new-scribble"
    case palette
    case zoomIn = "zoom-in"
    case zoomOut = "zoom-out"
    case zoom100 = "zoom-100"
    case zoomFit = "zoom-fit"
    case fitPage = "zoom-fit-page"
    case fitWidth = "zoom-fit-width"
    case goToPage = "go-to-page"
    case find
    case save
    case openGallery = "open-gallery"
    case importNotebook = "import"
    case insertPicture = "insert-picture"
    case export, copy, print, replay
    case rename, delete
    case menu, shortcuts, preferences, quit
    case openFile = "open-file"
    case saveAs = "save-as"
    case about

    /// The action's name in the application's action group.
    var name: String { rawValue }
    /// The name menus and accelerators use: `app.<name>`.
    var detailedName: String { "app." + rawValue }

    /// The keys that run it (GTK's accelerator syntax).
    var accelerators: [String] {
        switch self {
        case .undo: ["<Primary>z"]
        case .redo: ["<Primary><Shift>z", "<Primary>y"]
        case .newScribble: ["<Primary>n"]
        case .palette: ["<Primary>k"]
        // Ctrl+plus, and Ctrl+= (the same key without Shift on most layouts), and the keypad's.
        case .zoomIn: ["<Primary>plus", "<Primary>equal", "<Primary>KP_Add"]
        case .zoomOut: ["<Primary>minus", "<Primary>KP_Subtract"]
        case .zoom100: ["<Primary>1", "<Primary>KP_1"]
        case .zoomFit: ["<Primary>0", "<Primary>KP_0"]
        case .fitPage, .fitWidth: []
        case .goToPage: ["<Primary>g"]
        case .find: ["<Primary>f"]
        case .save: ["<Primary>s"]
        case .openGallery: ["<Primary>o"]
        case .importNotebook: ["<Primary>i"]
        case .insertPicture: ["<Primary><Shift>i"]
        case .export: ["<Primary>e"]
        case .copy: ["<Primary>c"]
        case .print: ["<Primary>p"]
        case .replay: ["<Primary>r"]
        case .rename: ["F2"]
        case .delete: ["Delete"]
        case .menu: ["F10"]
        case .shortcuts: ["<Primary>question"]
        case .preferences: ["<Primary>comma"]
        case .quit: ["<Primary>q"]
        case .openFile: ["<Primary><Shift>o"]
        case .saveAs: ["<Primary><Shift>s"]
        case .about: []
        }
    }

    /// Where the shortcuts window lists the action and what it says there; `nil` for one it
    /// does not list.
    var listing: KeyShortcut? {
        switch self {
        // One line for both, so the window keeps to two columns and fits 1024×768.
        case .undo: KeyShortcut(.drawing, accelerators, tr("Undo, redo"), tr("Redo: Ctrl+Shift+Z or Ctrl+Y"))
        case .redo: nil // listed with undo
        case .newScribble:
            KeyShortcut(
                .drawing, accelerators + AppAction.delete.accelerators, tr("New scribble"),
                tr("Delete too, when nothing is selected"))
        case .palette: KeyShortcut(.drawing, accelerators, tr("Colour and width"))
        // Two lines for the four zoom keys, so the window keeps to two columns and fits 1024×768.
        case .zoomIn:
            KeyShortcut(
                .drawing, ["<Primary>plus", "<Primary>minus"], tr("Zoom in or out"),
                tr("Ctrl+wheel: about the pointer"))
        case .zoomFit: KeyShortcut(.drawing, ["<Primary>0", "<Primary>1"], tr("Fit the drawing, or 100 %"))
        case .zoomOut, .zoom100: nil // listed with zoom-in and fit
        // In the zoom menu and on the page button, only in a drawing with pages (a PDF's).
        case .fitPage, .fitWidth, .goToPage, .find: nil
        case .save: KeyShortcut(.scribbles, accelerators, tr("Save"))
        case .openGallery: KeyShortcut(.scribbles, accelerators, tr("Open the gallery"))
        case .importNotebook: KeyShortcut(.scribbles, accelerators, tr("Import a Xournal++ notebook"))
        case .export: KeyShortcut(.scribbles, accelerators, tr("Export"), tr("PNG, SVG, PDF or Xournal++"))
        case .copy: KeyShortcut(.scribbles, accelerators, tr("Copy the selection, or the drawing"))
        case .print: KeyShortcut(.scribbles, accelerators, tr("Print"))
        // In the right-hand column, which has a line's room left (the German window too
        // stays within 1024×768); the player's own keys in the subtitle.
        case .replay: KeyShortcut(.scribbles, accelerators, tr("Replay the drawing"), tr("Space: play, pause; 0–9: jump"))
        case .rename: KeyShortcut(.gallery, accelerators, tr("Rename the selected scribble"))
        case .delete: KeyShortcut(.gallery, accelerators, tr("Delete the selected scribble"))
        case .menu: KeyShortcut(.application, accelerators, tr("Main menu"))
        case .shortcuts: KeyShortcut(.application, accelerators, tr("Keyboard shortcuts"))
        case .quit: KeyShortcut(.application, accelerators, tr("Quit"))
        // Listed in the main menu with their keys; the shortcuts window has no room left for
        // them (it must fit 1024×768, in German too).
        case .openFile, .saveAs, .about, .preferences, .insertPicture: nil
        }
    }
}

/// One line of the Keyboard Shortcuts window: the keys, what they do, and the group it is in.
struct KeyShortcut {
    /// The groups of the shortcuts window, in its order.
    enum Group: CaseIterable {
        case drawing, tools, scribbles, gallery, application

        /// The group's heading.
        var title: String {
            switch self {
            case .drawing: tr("Drawing")
            case .tools: tr("Tools")
            case .scribbles: tr("Scribbles")
            case .gallery: tr("Gallery")
            case .application: tr("Application")
            }
        }
    }

    /// The group it is listed in.
    let group: Group
    /// The keys (GTK's accelerator syntax), any of which does it.
    let accelerators: [String]
    /// What the keys do, and more about it if needed.
    let title: String, subtitle: String

    init(_ group: Group, _ accelerators: [String], _ title: String, _ subtitle: String = "") {
        (self.group, self.accelerators, self.title, self.subtitle) = (group, accelerators, title, subtitle)
    }

    /// The keys the canvas and the gallery handle themselves, not through an action.
    static let handledByViews: [KeyShortcut] = [
        KeyShortcut(.tools, ["p", "e", "s"], tr("Pen, eraser, select"), tr("Shift+click adds or removes a mark")),
        KeyShortcut(.tools, ["l", "r", "o", "a"], tr("Line, rectangle, ellipse, arrow"), tr("Shift: constrained; Ctrl: centred")),
        KeyShortcut(.tools, ["<Primary>a"], tr("Select all"), tr("Ctrl+D duplicates the selection")),
        KeyShortcut(.tools, ["Page_Up", "Page_Down"], tr("Raise or lower the selection"), tr("Home, End: to front, to back")),
        KeyShortcut(.tools, ["Delete", "BackSpace"], tr("Delete the selection"), tr("Ctrl+X cuts it, Ctrl+V pastes")),
        KeyShortcut(.tools, ["Left", "Right", "Up", "Down"], tr("Move the selection"), tr("With Shift: ten pixels at a time")),
        KeyShortcut(.tools, ["t"], tr("Keep the selection as a template")),
        KeyShortcut(.tools, ["Escape"], tr("Clear the selection, or stop stamping")),
        KeyShortcut(.gallery, ["Escape"], tr("Back to the canvas")),
    ]
}
