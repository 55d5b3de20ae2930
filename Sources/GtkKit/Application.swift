import CGtk

/// A `GtkApplication`: the app's identity on the desktop (its reverse-DNS id), its main
/// loop, and its actions with keyboard accelerators.
public final class Application: Object {
    /// Makes the application. `NON_UNIQUE`: each launch is its own process with its own
    /// window, so a second `touchpainter FILE` never hands its file to a stranger's window.
    public init(id: String) {
        super.init(adopting: UnsafeMutableRawPointer(gtk_application_new(id, G_APPLICATION_NON_UNIQUE)))
    }

    /// The `GApplication *`.
    var application: UnsafeMutablePointer<GApplication> { cast(pointer) }

    /// Called once when the application starts and should show its window.
    public func onActivate(_ handler: @escaping () -> Void) {
        connect("activate", handler: handler)
    }

    /// Runs the main loop until the last window closes or `quit` is called; returns the exit status.
    public func run() -> Int32 {
        g_application_run(application, 0, nil)
    }

    /// Ends the main loop.
    public func quit() { g_application_quit(application) }

    /// Adds an application action `app.NAME`, bound to `accelerators` (GTK accelerator
    /// syntax, e.g. "<Primary>z"). Returns it so its enabled state can follow the model.
    @discardableResult
    public func addAction(_ name: String, accelerators: [String] = [], handler: @escaping () -> Void) -> Action {
        let action = Action(name: name, handler: handler)
        g_action_map_add_action(OpaquePointer(pointer), OpaquePointer(action.pointer))
        setAccelerators(accelerators, for: "app.\(name)")
        return action
    }

    /// Binds keyboard accelerators to a detailed action name.
    public func setAccelerators(_ accelerators: [String], for actionName: String) {
        var cStrings = accelerators.map { strdup($0) } + [nil]
        defer { cStrings.forEach { free($0) } }
        cStrings.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress?.withMemoryRebound(to: UnsafePointer<gchar>?.self, capacity: buffer.count) {
                gtk_application_set_accels_for_action(cast(pointer), actionName, $0)
            }
        }
    }
}

/// A `GSimpleAction`: a named command the keyboard and menus can trigger.
public final class Action: Object {
    /// Makes an action without a parameter.
    public init(name: String, handler: @escaping () -> Void) {
        super.init(adopting: UnsafeMutableRawPointer(g_simple_action_new(name, nil)))
        connect("activate", handler: handler)
    }

    /// Whether the action can run; a disabled action's accelerators do nothing.
    public var isEnabled: Bool {
        get { g_action_get_enabled(OpaquePointer(pointer)) != 0 }
        set { g_simple_action_set_enabled(OpaquePointer(pointer), newValue ? 1 : 0) }
    }
}
