import CGtk

/// The Wayland activation token a launcher gives the program it starts, used so the window it
/// is for comes forward.
///
/// On Wayland a compositor brings a window forward only with an xdg-activation token (focus
/// stealing prevention). Launchers pass it as `XDG_ACTIVATION_TOKEN` (sway's `exec`, KDE
/// Plasma, GLib since 2.76). GTK 3 reads only the older `DESKTOP_STARTUP_ID`, and reads it in a
/// library constructor, before `main`; and before each `activate` or `open` it sets GDK's
/// token to the one in that call's platform data, which then has none. So the app carries
/// the token itself, and hands it to GDK inside `activate` or `open`, just before the window
/// is presented:
/// - as the one instance, its own launcher's token;
/// - as a second launch, it sends its token to the running instance ahead of its command
///   line, as the app action `activation-token`.
extension Application {
    /// The action that carries a token to the running instance.
    static let activationTokenAction = "activation-token"

    /// `XDG_ACTIVATION_TOKEN`, taken out of the environment (it is for this launch only, not
    /// for the programs it starts); `nil` when there is none.
    public static func takeActivationToken() -> String? {
        defer { g_unsetenv("XDG_ACTIVATION_TOKEN") }
        guard let token = g_getenv("XDG_ACTIVATION_TOKEN").map({ String(cString: $0) }), !token.isEmpty else { return nil }
        return token
    }

    /// Adds the action through which a second launch hands its token over.
    func addActivationTokenAction() {
        let type = g_variant_type_new("s")
        defer { g_variant_type_free(type) }
        let action = Object(adopting: UnsafeMutableRawPointer(g_simple_action_new(Self.activationTokenAction, type)))
        let handler: @MainActor (String) -> Void = { [weak self] token in self?.activationToken = token }
        _ = action.connect("activate", trampoline: unsafeBitCast(tokenTrampoline, to: GCallback.self), handler: handler)
        g_action_map_add_action(OpaquePointer(pointer), OpaquePointer(action.pointer))
    }

    /// Registers the app before `run` does, so that `token` goes where it belongs: kept for
    /// this instance's first `activate` or `open`, or sent ahead of the command line to the
    /// running instance.
    func use(activationToken token: String) {
        guard g_application_register(application, nil, nil) != 0 else { return }
        if g_application_get_is_remote(application) != 0 {
            g_action_group_activate_action(OpaquePointer(pointer), Self.activationTokenAction, g_variant_new_string(token))
        } else {
            activationToken = token
        }
    }

    /// Gives GDK the token kept for this `activate` or `open` (on Wayland; elsewhere it goes
    /// unused), once.
    func handOverActivationToken() {
        guard let token = activationToken else { return }
        activationToken = nil
        _ = tp_use_activation_token(token)
    }
}

/// `void activate(GSimpleAction *, GVariant *parameter, gpointer)`.
private let tokenTrampoline: @convention(c) (OpaquePointer?, OpaquePointer?, UnsafeMutableRawPointer?) -> Void = { _, parameter, data in
    guard let parameter, let text = g_variant_get_string(parameter, nil) else { return }
    let token = String(cString: text)
    nonisolated(unsafe) let data = data // see `SignalHandlerBox`: GTK calls handlers on the main thread
    MainActor.assumeIsolated {
        SignalHandlerBox<@MainActor (String) -> Void>.from(data)?.handler(token)
    }
}
