import CGtk

/// The GTK application: one running instance per user session (GApplication's D-Bus
/// uniqueness), its actions and their keyboard accelerators.
///
/// A second launch does not open a second window: GApplication hands its command line to
/// the instance already running — `activate` with no files (bring the window forward), or
/// `open` with the files named — and the second process exits.
public final class Application: Object {
    /// Registers nothing yet; `run` does, on the session bus. An app that is not `unique`
    /// neither registers its id nor looks for a running instance: it runs on its own
    /// (`G_APPLICATION_NON_UNIQUE`, see `nameOwner(of:timeout:)`).
    public init(id: String, unique: Bool = true) {
        let flags = GApplicationFlags(rawValue: G_APPLICATION_HANDLES_OPEN.rawValue | (unique ? 0 : G_APPLICATION_NON_UNIQUE.rawValue))
        super.init(adopting: UnsafeMutableRawPointer(gtk_application_new(id, flags)))
        addActivationTokenAction()
    }

    var application: UnsafeMutablePointer<GApplication> { cast(pointer) }

    /// The launcher's activation token for the window the next `activate` or `open` presents
    /// (`Application+ActivationToken`).
    var activationToken: String?

    /// Called in the primary instance when the app is launched without files (also when a
    /// second launch asks the running one to show itself).
    public func onActivate(_ handler: @escaping @MainActor () -> Void) {
        connect("activate") { [weak self] in
            self?.handOverActivationToken()
            handler()
        }
    }

    /// Called in the primary instance with the absolute paths of files to open, from its own
    /// command line or from a later launch's.
    public func onOpen(_ handler: @escaping @MainActor ([String]) -> Void) {
        let opened: @MainActor ([String]) -> Void = { [weak self] paths in
            self?.handOverActivationToken()
            handler(paths)
        }
        connect("open", trampoline: unsafeBitCast(openTrampoline, to: GCallback.self), handler: opened)
    }

    /// Runs the app until its last window closes; returns the exit status. `files` are
    /// opened as if named on the command line (relative paths against the working folder).
    /// `activationToken` (a launcher's, `takeActivationToken()`) lets the window come forward
    /// on Wayland, this launch's or the running instance's.
    public func run(opening files: [String] = [], activationToken: String? = nil) -> Int32 {
        if let activationToken { use(activationToken: activationToken) }
        var cStrings = ([CommandLine.arguments.first ?? "touchpainter"] + files).map { strdup($0) }
        defer { cStrings.forEach { free($0) } }
        return cStrings.withUnsafeMutableBufferPointer { buffer in
            g_application_run(application, gint(buffer.count), buffer.baseAddress)
        }
    }

    /// Adds `app.<name>`, run by `handler`, with keyboard accelerators in GTK's syntax
    /// (`<Primary>z`).
    @discardableResult
    public func addAction(_ name: String, accelerators: [String] = [], handler: @escaping @MainActor () -> Void) -> Action {
        let action = Action(name: name, handler: handler)
        g_action_map_add_action(OpaquePointer(pointer), OpaquePointer(action.pointer))
        setAccelerators(accelerators, for: "app.\(name)")
        return action
    }

    /// Replaces the accelerators of a detailed action name (`app.undo`).
    private func setAccelerators(_ accelerators: [String], for actionName: String) {
        var cStrings = accelerators.map { strdup($0) } + [nil]
        defer { cStrings.forEach { free($0) } }
        cStrings.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress?.withMemoryRebound(to: UnsafePointer<gchar>?.self, capacity: buffer.count) {
                gtk_application_set_accels_for_action(cast(pointer), actionName, $0)
            }
        }
    }
}

/// `void open(GApplication *, GFile **files, gint n_files, gchar *hint, gpointer)`.
private let openTrampoline:
    @convention(c) (
        UnsafeMutableRawPointer?, UnsafeMutablePointer<OpaquePointer?>?, gint,
        UnsafeMutablePointer<gchar>?, UnsafeMutableRawPointer?
    ) -> Void = { _, files, count, _, data in
        var paths: [String] = []
        for index in 0..<Int(max(count, 0)) {
            guard let file = files?[index] else { continue }
            // A file GIO cannot give a local path for (a URI of another scheme) is passed as its URI.
            if let path = g_file_get_path(file) {
                paths.append(String(cString: path))
                g_free(path)
            } else if let uri = g_file_get_uri(file) {
                paths.append(String(cString: uri))
                g_free(uri)
            }
        }
        nonisolated(unsafe) let data = data // see `SignalHandlerBox`: GTK calls handlers on the main thread
        MainActor.assumeIsolated {
            SignalHandlerBox<@MainActor ([String]) -> Void>.from(data)?.handler(paths)
        }
    }

/// A named action with no parameter (`GSimpleAction`), for menus and accelerators.
public final class Action: Object {
    /// Makes `name`, run by `handler` when activated.
    public init(name: String, handler: @escaping @MainActor () -> Void) {
        super.init(adopting: UnsafeMutableRawPointer(g_simple_action_new(name, nil)))
        connect("activate", handler: handler)
    }

    /// Whether the action can be activated; menus and accelerators follow it.
    public var isEnabled: Bool {
        get { g_action_get_enabled(OpaquePointer(pointer)) != 0 }
        set { g_simple_action_set_enabled(OpaquePointer(pointer), newValue ? 1 : 0) }
    }
}
