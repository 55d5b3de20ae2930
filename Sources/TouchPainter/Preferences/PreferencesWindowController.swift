import GtkKit
import ScribbleKit

/// The Preferences window (main menu, Ctrl+comma), in GNOME's pattern: a window of grouped
/// rows, each a label and its control, and no Apply button — a change applies at once and
/// is kept in the settings file (`SettingsStore`). The canvas reads the input preferences at
/// each event; the canvas kind goes through the coordinator, which loads the canvas and
/// keeps the palette's row of kinds in step. Every control's accessible name is its row's
/// label, so a screen reader (and the tests) find it by what the user reads.
@MainActor
final class PreferencesWindowController {
    /// The window (made once; closing hides it).
    let window: Window
    /// The controls, by what they set (tests reach them here).
    let smoothing: ComboBoxText
    let canvasKind: ComboBoxText
    let touch: ComboBoxText
    let palmRejection = Switch()
    let stylusButtons: [ComboBoxText]
    private let settings: SettingsStore
    /// Told when the user picks a canvas kind (the coordinator loads it).
    var onCanvasKindChosen: ((CanvasKind) -> Void)?
    private var isShowing = false

    /// The window over `parent`, showing `settings` and the canvas' `kind`.
    init(settings: SettingsStore, canvasKind kind: CanvasKind, parent: ApplicationWindow?) {
        self.settings = settings
        window = Window(title: tr("Preferences"), parent: parent)
        smoothing = ComboBoxText(items: Smoothing.allCases.map { ($0.rawValue, Self.title(of: $0)) })
        canvasKind = ComboBoxText(items: CanvasKind.allCases.map { ($0.rawValue, CanvasKindChooser.title(of: $0)) })
        touch = ComboBoxText(items: InputPreferences.TouchMode.allCases.map { ($0.rawValue, Self.title(of: $0)) })
        stylusButtons = (0..<2).map { _ in ComboBoxText(items: StylusButtonAction.allCases.map { ($0.rawValue, Self.title(of: $0)) }) }
        layOut()
        show(settings.input, canvasKind: kind)
        connect()
    }

    /// Shows the window, raised.
    func present() {
        window.present()
    }

    /// Shows `kind` as the canvas kind (the palette chose it) without choosing it again.
    func showCanvasKind(_ kind: CanvasKind) {
        isShowing = true
        defer { isShowing = false }
        canvasKind.activeID = kind.rawValue
    }

    private func show(_ input: InputPreferences, canvasKind kind: CanvasKind) {
        isShowing = true
        defer { isShowing = false }
        smoothing.activeID = input.smoothing.rawValue
        touch.activeID = input.touch.rawValue
        palmRejection.isActive = input.palmRejection
        stylusButtons[0].activeID = input.firstStylusButton.rawValue
        stylusButtons[1].activeID = input.secondStylusButton.rawValue
        canvasKind.activeID = kind.rawValue
    }

    /// Each control writes its preference as it changes.
    private func connect() {
        smoothing.onChanged { [weak self] combo in
            self?.change { $0.smoothing = combo.activeID.flatMap(Smoothing.init(rawValue:)) ?? $0.smoothing }
        }
        touch.onChanged { [weak self] combo in
            self?.change { $0.touch = combo.activeID.flatMap(InputPreferences.TouchMode.init(rawValue:)) ?? $0.touch }
        }
        palmRejection.onToggled { [weak self] toggle in self?.change { $0.palmRejection = toggle.isActive } }
        stylusButtons[0].onChanged { [weak self] combo in
            self?.change { $0.firstStylusButton = combo.activeID.flatMap(StylusButtonAction.init(rawValue:)) ?? $0.firstStylusButton }
        }
        stylusButtons[1].onChanged { [weak self] combo in
            self?.change { $0.secondStylusButton = combo.activeID.flatMap(StylusButtonAction.init(rawValue:)) ?? $0.secondStylusButton }
        }
        canvasKind.onChanged { [weak self] combo in
            guard let self, !self.isShowing, let kind = combo.activeID.flatMap(CanvasKind.init(rawValue:)) else { return }
            self.onCanvasKindChosen?(kind)
        }
        window.onKey { [weak self] key in
            guard key.key == .escape else { return false }
            self?.window.isVisible = false // Escape closes it, as GNOME's preference windows
            return true
        }
    }

    /// Applies `edit` to the input preferences (the store saves them), unless the window is
    /// only showing them.
    private func change(_ edit: (inout InputPreferences) -> Void) {
        guard !isShowing else { return }
        var input = settings.input
        edit(&input)
        settings.input = input
    }
}
