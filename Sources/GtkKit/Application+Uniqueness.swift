import CGtk

/// Whether a launch may hand its command line to a running instance without blocking.
///
/// GApplication's own registration asks the instance that owns the app's bus name for its
/// actions with D-Bus' default timeout of 25 s, and then fails ("Failed to register: Timeout
/// was reached") if it does not answer — a frozen first instance (SIGSTOP, a debugger) — and
/// with a raw GDBus error if the name is held by a program that is not this app. So before
/// registering, the app asks the owner itself, with a short timeout, and starts as its own
/// instance (`G_APPLICATION_NON_UNIQUE`) when nothing answers as the app would.
extension Application {
    /// Who holds the app's name on the session bus.
    public enum NameOwner: Equatable, Sendable {
        /// Nobody (or there is no session bus): this launch becomes the primary instance.
        case none
        /// A running instance that answers: the command line goes to it.
        case answeringInstance
        /// An owner that gave no answer within the timeout (frozen, or far too busy).
        case notAnswering
        /// An owner that answers, but not as a GApplication of this id does.
        case somethingElse
    }

    /// Asks the session bus who owns `id`, then asks that owner for the app's actions as
    /// GApplication's registration would, waiting at most `timeout` milliseconds for each.
    /// Blocks the calling thread for at most twice `timeout`; call it before the main loop,
    /// from any thread (GDBus is thread-safe; nothing of GTK's is touched).
    public nonisolated static func nameOwner(of id: String, timeout milliseconds: Int32) -> NameOwner {
        // The connection is kept open, never released: GDBus keeps its shared session bus
        // only while someone holds it, and GApplication's registration, a moment later on
        // the main thread, takes this same connection instead of making a new one (the
        // handshake and Hello cost 1–3 ms of every launch).
        guard let bus = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, nil) else { return .none }
        let ownerQuery = call(
            bus, destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
            interface: "org.freedesktop.DBus", method: "GetNameOwner",
            arguments: [g_variant_new_string(id)], timeout: milliseconds)
        guard case .success = ownerQuery else {
            // NameHasNoOwner: a first launch. A bus too slow to say is no one to wait for either.
            return .none
        }
        // GApplication's object path for the id: dots become slashes, dashes underscores.
        let path = "/" + String(id.map { $0 == "." ? "/" : $0 == "-" ? "_" : $0 })
        switch call(
            bus, destination: id, path: path, interface: "org.gtk.Actions", method: "DescribeAll",
            arguments: [], timeout: milliseconds)
        {
        case .success: return .answeringInstance
        case .failure(let failure): return failure.timedOut ? .notAnswering : .somethingElse
        }
    }

    /// One synchronous D-Bus call; the failure says whether it was the timeout.
    private nonisolated static func call(
        _ bus: OpaquePointer, destination: String, path: String, interface: String,
        method: String, arguments: [OpaquePointer?], timeout: Int32
    ) -> Result<Void, CallFailure> {
        var arguments = arguments
        let tuple = arguments.withUnsafeMutableBufferPointer { g_variant_new_tuple($0.baseAddress, gsize($0.count)) }
        var error: UnsafeMutablePointer<GError>?
        let reply = g_dbus_connection_call_sync(
            bus, destination, path, interface, method, tuple, nil,
            G_DBUS_CALL_FLAGS_NO_AUTO_START, gint(timeout), nil, &error)
        if let reply {
            g_variant_unref(reply)
            return .success(())
        }
        let timedOut = error.map { g_error_matches($0, g_io_error_quark(), gint(G_IO_ERROR_TIMED_OUT.rawValue)) != 0 } ?? false
        if let error { g_error_free(error) }
        return .failure(CallFailure(timedOut: timedOut))
    }

    /// Why a call failed: the timeout, or an error reply.
    private struct CallFailure: Error {
        let timedOut: Bool
    }
}
