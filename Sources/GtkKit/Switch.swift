import CGtk

/// A `GtkSwitch`: on or off, applied at once (GNOME's preference rows use it for a yes/no).
public final class Switch: Widget {
    /// Makes a switch, off.
    public init() {
        super.init(sinking: UnsafeMutableRawPointer(gtk_switch_new()))
    }

    private var toggle: UnsafeMutablePointer<GtkSwitch> { cast(pointer) }

    /// Whether it is on; setting it tells `onToggled`.
    public var isActive: Bool {
        get { gtk_switch_get_active(toggle) != 0 }
        set { gtk_switch_set_active(toggle, newValue ? 1 : 0) }
    }

    /// Called whenever it turns on or off (by the user or by code).
    public func onToggled(_ handler: @escaping @MainActor (Switch) -> Void) {
        connect("notify::active") { [weak self] in
            if let self { handler(self) }
        }
    }
}
