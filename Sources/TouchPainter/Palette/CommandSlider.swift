import GtkKit
import ScribbleKit

/// A slider that executes a command on every value change (book chapter 8): the slider
/// knows nothing of colours or widths, only that it has a command to run.
@MainActor
final class CommandSlider {
    /// The command run on each change.
    var command: Command?
    /// The GTK slider.
    let scale: Scale
    /// True while the value is set from code, so syncing the sliders does not run commands.
    private var isSyncing = false

    /// Makes a slider over `range` whose accessible name is `name`.
    init(name: String, range: ClosedRange<Double>) {
        scale = Scale(minimum: range.lowerBound, maximum: range.upperBound, step: 1)
        scale.accessibleName = name
        scale.setExpand(horizontal: true, vertical: false)
        scale.onValueChanged { [weak self] _ in
            guard let self, !self.isSyncing else { return }
            self.command?.execute()
        }
    }

    /// The slider's value.
    var value: Double { scale.value }

    /// Moves the knob without running the command (to show the model's current state).
    func sync(to value: Double) {
        isSyncing = true
        scale.value = value
        isSyncing = false
    }
}
