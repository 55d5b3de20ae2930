import CGtk

/// A `GtkScale`: a horizontal slider over a numeric range.
public final class Scale: Widget {
    /// Makes a slider from `minimum` to `maximum` moving in `step`s.
    public init(minimum: Double, maximum: Double, step: Double) {
        super.init(sinking: UnsafeMutableRawPointer(
            gtk_scale_new_with_range(GTK_ORIENTATION_HORIZONTAL, minimum, maximum, step)))
        gtk_scale_set_digits(scale, 0)
        gtk_scale_set_value_pos(scale, GTK_POS_RIGHT)
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

    /// Called on every value change, while dragging too.
    public func onValueChanged(_ handler: @escaping @MainActor (Scale) -> Void) {
        connect("value-changed") { [weak self] in
            if let self { handler(self) }
        }
    }
}
