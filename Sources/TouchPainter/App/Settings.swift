import GtkKit
import ScribbleKit

/// The user's preferences, as kept in a GLib key file:
///
///     [Canvas]
///     kind=paper
///     [Palette]
///     recent=#e01b24;#000000
///     [Export]
///     folder=/home/ada/Pictures
///     [Eraser]
///     size=16
///     mode=part
///
/// A value the app could not have written means the default, with a warning; a key that is
/// absent means the default, quietly (an older file, or one the user trimmed).
struct Settings: Equatable, Sendable {
    /// The key file group of the canvas preferences.
    static let canvasGroup = "Canvas"
    /// The key of the canvas kind: `plain`, `paper` or `cloth`.
    static let canvasKindKey = "kind"

    /// What new canvases show under the marks.
    var canvasKind = CanvasKind.plain
    /// The key file group of the palette's preferences.
    static let paletteGroup = "Palette"
    /// The key of the recent colours: `#rrggbb` values separated by `;`, newest first.
    static let recentColorsKey = "recent"
    /// The most recent colours kept.
    static let recentColorLimit = 8
    /// The colours the user picked last, newest first.
    var recentColors: [Color] = []

    /// The key file group of the export preferences.
    static let exportGroup = "Export"
    /// The key of the folder exported to last: an absolute path.
    static let exportFolderKey = "folder"
    /// Where the last export went, for Export… to start there; `nil` before the first.
    var exportFolder: String?

    /// The key file group of the eraser's options.
    static let eraserGroup = "Eraser"
    /// The key of the eraser's diameter: whole pixels, 2–100.
    static let eraserSizeKey = "size"
    /// The key of the eraser's mode: `part` or `whole`.
    static let eraserModeKey = "mode"
    /// The eraser's size and mode.
    var eraser = EraserOptions()

    /// The defaults.
    init() {}

    /// The settings in `keyFile`; `warn` hears of each value that is not one the app writes.
    init(reading keyFile: KeyFile, path: String, warn: (String) -> Void) {
        if let kind = keyFile.string(group: Self.canvasGroup, key: Self.canvasKindKey) {
            if let known = CanvasKind(rawValue: kind) {
                canvasKind = known
            } else {
                warn("\(path): unknown canvas kind “\(kind)”; using \(canvasKind.rawValue)")
            }
        }
        if let recent = keyFile.string(group: Self.paletteGroup, key: Self.recentColorsKey) {
            let colors = recent.split(separator: ";").map { Color(hex: String($0)) }
            if colors.contains(nil) { warn("\(path): a recent colour is not #rrggbb; skipping it") }
            recentColors = Array(colors.compactMap { $0 }.prefix(Self.recentColorLimit))
        }
        if let folder = keyFile.string(group: Self.exportGroup, key: Self.exportFolderKey) {
            if folder.hasPrefix("/") {
                exportFolder = folder
            } else {
                warn("\(path): the export folder “\(folder)” is not an absolute path; ignoring it")
            }
        }
        readEraser(from: keyFile, path: path, warn: warn)
    }

    /// The eraser's options in `keyFile`, as `init(reading:path:warn:)` reads the others.
    private mutating func readEraser(from keyFile: KeyFile, path: String, warn: (String) -> Void) {
        if let size = keyFile.string(group: Self.eraserGroup, key: Self.eraserSizeKey) {
            if let diameter = Int(size), EraserOptions.diameters.contains(Float(diameter)) {
                eraser.diameter = Float(diameter)
            } else {
                warn("\(path): the eraser size “\(size)” is not a whole number of pixels from 2 to 100; using \(Int(eraser.diameter))")
            }
        }
        if let mode = keyFile.string(group: Self.eraserGroup, key: Self.eraserModeKey) {
            if let known = EraserOptions.Mode(rawValue: mode) {
                eraser.mode = known
            } else {
                warn("\(path): unknown eraser mode “\(mode)”; using \(eraser.mode.rawValue)")
            }
        }
    }

    /// Puts the settings into `keyFile`, leaving its other groups, keys and comments alone.
    func write(into keyFile: KeyFile) {
        keyFile.set(canvasKind.rawValue, group: Self.canvasGroup, key: Self.canvasKindKey)
        keyFile.set(recentColors.map(\.hex).joined(separator: ";"), group: Self.paletteGroup, key: Self.recentColorsKey)
        if let exportFolder { keyFile.set(exportFolder, group: Self.exportGroup, key: Self.exportFolderKey) }
        keyFile.set(String(Int(eraser.diameter)), group: Self.eraserGroup, key: Self.eraserSizeKey)
        keyFile.set(eraser.mode.rawValue, group: Self.eraserGroup, key: Self.eraserModeKey)
    }
}
