import GtkKit
import ScribbleKit

/// A slider that executes a command on every value change (book chapter 8): the slider
/// knows nothing of colours or widths, only that it has a command to run. It also says when
/// a change is done — at once for a key, a click or a screen reader's value; at the button's
/// release for a drag — so a whole drag can be one undo step.
@MainActor
final class CommandSlider {
    /// The command run on each change (the palette gives it the pen's or the selection's).
    var command: Command?
    /// Told when a change is done (see the type's summary).
    var onChangeFinished: (() -> Void)?
    /// The GTK slider.
    let scale: Scale
    /// True while the value is set from code, so syncing the sliders does not run commands.
    private var isSyncing = false
    /// True when the value changed during the press that is still held.
    private var changedWhileHeld = false

    /// Makes a slider over `range` whose accessible name is `name`.
    init(name: String, range: ClosedRange<Double>) {
        scale = Scale(minimum: range.lowerBound, maximum: range.upperBound, step: 1)
        scale.accessibleName = name
        scale.setExpand(horizontal: true, vertical: false)
        scale.onValueChanged { [weak self] scale in
            guard let self, !self.isSyncing else { return }
            self.command?.execute()
            if scale.isPointerHeld { self.changedWhileHeld = true } else { self.onChangeFinished?() }
        }
        scale.onPointerReleased { [weak self] _ in
            guard let self, self.changedWhileHeld else { return }
            self.changedWhileHeld = false
            self.onChangeFinished?()
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
