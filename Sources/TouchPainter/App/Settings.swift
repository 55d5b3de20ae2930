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
///     [Input]
///     smoothing=off
///     touch=draw
///     palm-rejection=true
///     stylus-button-1=eraser
///     stylus-button-2=pan
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

    /// The key file group of the input preferences (the Preferences window's).
    static let inputGroup = "Input"
    /// The key of the smoothing: `off`, `light`, `medium` or `strong`.
    static let smoothingKey = "smoothing"
    /// The key of what one finger does: `draw` or `pan-and-zoom`.
    static let touchKey = "touch"
    /// The key of palm rejection: `true` or `false`.
    static let palmRejectionKey = "palm-rejection"
    /// The keys of the stylus' barrel buttons: `eraser`, `select`, `pan` or `nothing`.
    static let stylusButtonKeys = ["stylus-button-1", "stylus-button-2"]
    /// Smoothing, touch, palm rejection and the stylus buttons.
    var input = InputPreferences()

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
        readInput(from: keyFile, path: path, warn: warn)
    }

    /// The input preferences in `keyFile`, as `init(reading:path:warn:)` reads the others.
    private mutating func readInput(from keyFile: KeyFile, path: String, warn: (String) -> Void) {
        func read<Value: RawRepresentable<String>>(_ key: String, into value: inout Value) {
            guard let text = keyFile.string(group: Self.inputGroup, key: key) else { return }
            if let known = Value(rawValue: text) {
                value = known
            } else {
                warn("\(path): unknown \(key) “\(text)”; using \(value.rawValue)")
            }
        }
        read(Self.smoothingKey, into: &input.smoothing)
        read(Self.touchKey, into: &input.touch)
        read(Self.stylusButtonKeys[0], into: &input.firstStylusButton)
        read(Self.stylusButtonKeys[1], into: &input.secondStylusButton)
        if let palm = keyFile.string(group: Self.inputGroup, key: Self.palmRejectionKey) {
            if palm == "true" || palm == "false" {
                input.palmRejection = palm == "true"
            } else {
                warn("\(path): palm-rejection is “\(palm)”, not true or false; using \(input.palmRejection)")
            }
        }
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
        keyFile.set(input.smoothing.rawValue, group: Self.inputGroup, key: Self.smoothingKey)
        keyFile.set(input.touch.rawValue, group: Self.inputGroup, key: Self.touchKey)
        keyFile.set(String(input.palmRejection), group: Self.inputGroup, key: Self.palmRejectionKey)
        keyFile.set(input.firstStylusButton.rawValue, group: Self.inputGroup, key: Self.stylusButtonKeys[0])
        keyFile.set(input.secondStylusButton.rawValue, group: Self.inputGroup, key: Self.stylusButtonKeys[1])
    }
}
