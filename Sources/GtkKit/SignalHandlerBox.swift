import CGtk

/// Holds a Swift closure connected to a GObject signal (made and called on the main thread). GLib owns one retain of the box
/// (passed as the handler's user data) and releases it through the `GClosureNotify` when
/// the handler is disconnected or the object finalised, so no handler outlives its signal.
final class SignalHandlerBox<Handler> {
    /// The Swift closure the trampoline calls.
    let handler: Handler

    /// Boxes `handler`.
    init(_ handler: Handler) {
        self.handler = handler
    }

    /// Recovers the box from a trampoline's user data without touching its retain count.
    static func from(_ data: UnsafeMutableRawPointer?) -> SignalHandlerBox? {
        data.map { Unmanaged<SignalHandlerBox>.fromOpaque($0).takeUnretainedValue() }
    }
}

/// Releases the box GLib held for a handler; GLib calls it exactly once per connection.
private let releaseBox: GClosureNotify = { data, _ in
    guard let data else { return }
    Unmanaged<AnyObject>.fromOpaque(data).release()
}

/// A connected handler, for disconnecting it early; most handlers live as long as their object.
@MainActor
public struct SignalConnection {
    /// The handler id GLib returned.
    public let id: gulong
    /// The object the handler is connected on.
    let instance: UnsafeMutableRawPointer

    /// Disconnects the handler; GLib then releases its closure.
    public func disconnect() {
        if g_signal_handler_is_connected(instance, id) != 0 {
            g_signal_handler_disconnect(instance, id)
        }
    }
}

extension Object {
    /// Connects `trampoline` (a `@convention(c)` function with the signal's exact C
    /// signature, cast to `GCallback`) with `handler` boxed as its user data.
    @discardableResult
    func connect<Handler>(
        _ signal: String, trampoline: GCallback, swapped: Bool = false, after: Bool = false,
        handler: Handler
    ) -> SignalConnection {
        let box = Unmanaged.passRetained(SignalHandlerBox(handler) as AnyObject).toOpaque()
        let flags = GConnectFlags(rawValue: (swapped ? G_CONNECT_SWAPPED.rawValue : 0) | (after ? G_CONNECT_AFTER.rawValue : 0))
        let id = g_signal_connect_data(pointer, signal, trampoline, box, releaseBox, flags)
        return SignalConnection(id: id, instance: pointer)
    }

    /// Connects a handler that takes no arguments, for any signal that returns nothing.
    /// The connection is "swapped", so the user data comes first and the signal's own
    /// arguments, whatever their number, are ignored.
    @discardableResult
    public func connect(_ signal: String, handler: @escaping @MainActor () -> Void) -> SignalConnection {
        connect(signal, trampoline: unsafeBitCast(voidTrampoline, to: GCallback.self), swapped: true, handler: handler)
    }
}

/// `void handler(gpointer user_data, ...)`, used swapped. GTK emits signals on the main
/// thread only, so the main actor's isolation holds (and is checked) here.
private let voidTrampoline: @convention(c) (UnsafeMutableRawPointer?) -> Void = { data in
    nonisolated(unsafe) let data = data
    MainActor.assumeIsolated { SignalHandlerBox<@MainActor () -> Void>.from(data)?.handler() }
}
