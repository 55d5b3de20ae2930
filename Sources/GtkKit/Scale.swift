import CGtk

/// A `GtkScale`: a horizontal slider over a numeric range.
///
/// Quirk worked around: a `GtkRange` takes every scroll event over it and turns the wheel
/// into value changes, so a page of sliders in a `GtkScrolledWindow` changes a colour when the
/// user only meant to scroll the page past it. Each slider stops the "scroll-event" emission
/// before GtkRange's own handler runs and reports the event unhandled, so GTK passes it on
/// to the parents: the scrolled window scrolls, the value stays. Keys, clicks and dragging
/// still move it.
public final class Scale: Widget {
    /// True while a pointer button pressed on the slider is held (a drag may be under way).
    public private(set) var isPointerHeld = false
    private var releaseHandlers: [@MainActor (Scale) -> Void] = []

    /// Makes a slider from `minimum` to `maximum` moving in `step`s.
    public init(minimum: Double, maximum: Double, step: Double) {
        super.init(
            sinking: UnsafeMutableRawPointer(
                gtk_scale_new_with_range(GTK_ORIENTATION_HORIZONTAL, minimum, maximum, step)))
        gtk_scale_set_digits(scale, 0)
        gtk_scale_set_value_pos(scale, GTK_POS_RIGHT)
        let instance = pointer
        connectEvent("scroll-event") { _ in
            g_signal_stop_emission_by_name(instance, "scroll-event") // GtkRange's handler never sees it
            return false // unhandled: GTK offers it to the scrolled window above
        }
        // Both unhandled, so GtkRange's own press and release handling goes on.
        connectEvent("button-press-event") { [weak self] _ in
            self?.pointerPressed()
            return false
        }
        connectEvent("button-release-event") { [weak self] _ in
            self?.pointerReleased()
            return false
        }
    }

    /// A pointer button went down on the slider (internal: tests press without a display).
    func pointerPressed() {
        isPointerHeld = true
    }

    /// The button went up: the release handlers run once GTK has handled the release too
    /// (GtkRange may set a last value then).
    func pointerReleased() {
        guard isPointerHeld else { return }
        isPointerHeld = false
        MainLoop.perform { [weak self] in
            guard let self else { return }
            self.releaseHandlers.forEach { $0(self) }
        }
    }

    /// The `GtkScale *`.
    var scale: UnsafeMutablePointer<GtkScale> { cast(pointer) }
    /// The same object as a `GtkRange *`, where the value lives.
    var range: UnsafeMutablePointer<GtkRange> { cast(pointer) }

    /// The current value; setting it moves the knob and emits "value-changed".
    public var value: Double {
        get { gtk_range_get_value(range) }
        set { gtk_range_set_value(range, newValue) }
    }

    /// Sets the values the slider runs between (the value is brought within them).
    public func setRange(minimum: Double, maximum: Double) {
        gtk_range_set_range(range, minimum, maximum)
    }

    /// Whether the value is written beside the slider (it is, at first).
    public var drawsValue: Bool {
        get { gtk_scale_get_draw_value(scale) != 0 }
        set { gtk_scale_set_draw_value(scale, newValue ? 1 : 0) }
    }

    /// Called on every value change, while dragging too.
    public func onValueChanged(_ handler: @escaping @MainActor (Scale) -> Void) {
        connect("value-changed") { [weak self] in
            if let self { handler(self) }
        }
    }

    /// Called once the pointer button pressed on the slider is released, after GTK handled
    /// the release: the end of a drag (or of a click on the trough).
    public func onPointerReleased(_ handler: @escaping @MainActor (Scale) -> Void) {
        releaseHandlers.append(handler)
    }
}
