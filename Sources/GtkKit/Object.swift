import CGtk
import Dispatch
import Glibc

/// Reinterprets a GObject instance pointer as a pointer to one of its C struct types;
/// GObject's inheritance is struct embedding, so every class shares the same address.
@inline(__always)
func cast<T>(_ pointer: UnsafeMutableRawPointer) -> UnsafeMutablePointer<T> {
    pointer.assumingMemoryBound(to: T.self)
}

/// Base of every wrapper: owns exactly one reference to one GObject, taken in the way its
/// initialiser names, and drops it in `deinit`. GTK is single-threaded, so every wrapper is
/// isolated to the main actor: touching one from another thread is a compile error.
@MainActor
open class Object {
    /// The wrapped `GObject *`. `nonisolated(unsafe)` only so `deinit` (which Swift runs
    /// nonisolated) may read it: the value never changes after `init`.
    nonisolated(unsafe) public let pointer: UnsafeMutableRawPointer

    /// Takes ownership of a newly created object that starts with a floating reference
    /// (every `GtkWidget` but toplevel windows): sinks it, so the wrapper holds the one reference.
    public init(sinking pointer: UnsafeMutableRawPointer?) {
        _ = mainQueueMark
        self.pointer = Self.require(pointer)
        g_object_ref_sink(self.pointer)
    }

    /// Adds a reference of the wrapper's own to an object someone else owns (GTK's windows,
    /// children handed out by a container).
    public init(retaining pointer: UnsafeMutableRawPointer?) {
        _ = mainQueueMark
        self.pointer = Self.require(pointer)
        g_object_ref(self.pointer)
    }

    /// Takes over a full reference the caller already owns (a `*_new` that returns a
    /// non-floating object, such as `gtk_application_new`).
    public init(adopting pointer: UnsafeMutableRawPointer?) {
        _ = mainQueueMark
        self.pointer = Self.require(pointer)
    }

    /// GTK's constructors only return NULL when GTK itself is broken (not initialised, out
    /// of memory); there is nothing sensible to draw then, so stop with a clear message.
    private static func require(_ pointer: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer {
        guard let pointer else { fatalError("GTK returned NULL for a new \(Self.self): is GTK initialised?") }
        return pointer
    }

    /// Drops the wrapper's reference on the main thread. A wrapper is main-actor isolated,
    /// but the last Swift reference can still go away on another thread (a test runner
    /// tearing a suite down, a closure freed by a background queue); finalising a widget
    /// there would race with GTK, so the unref is then posted to the main loop instead.
    /// "On the main actor" is the main thread (where GTK calls the app) or a job of the main
    /// dispatch queue (where Swift runs main-actor code when the main thread does not, as
    /// under a test runner that called `dispatch_main`).
    deinit {
        if tp_is_process_main_thread() != 0 || DispatchQueue.getSpecific(key: mainQueueKey) != nil {
            g_object_unref(pointer)
        } else {
            g_idle_add_full(
                G_PRIORITY_DEFAULT,
                { object in
                    g_object_unref(object)
                    return 0 // G_SOURCE_REMOVE
                }, pointer, nil)
        }
    }

    /// The object as a `GObject *`.
    public var gobject: UnsafeMutablePointer<GObject> { cast(pointer) }

    /// The current reference count (for ownership tests and leak hunting).
    public var referenceCount: UInt32 { gobject.pointee.ref_count }

    /// True while the object still has its floating reference.
    public var isFloating: Bool { g_object_is_floating(pointer) != 0 }
}

/// Marks the main dispatch queue, so code can tell it runs one of its jobs.
private let mainQueueKey = DispatchSpecificKey<Bool>()

/// Set once, by the first wrapper made, on the main actor. Main-actor code runs either on
/// the process' main thread (the app, where GTK's loop runs) or, in a test runner that gave
/// its main thread up to `dispatch_main`, on whichever pooled thread drains the main queue
/// at the time. So `deinit` asks about the main queue and the process' main thread, never
/// about the thread that made some wrapper: in a test runner that pooled thread may later run
/// other work, and a widget dropped there was finalised off the main actor (a canvas'
/// gesture then tripped Swift's isolation check, SIGILL, under a heavy load).
private let mainQueueMark: Void = {
    DispatchQueue.main.setSpecific(key: mainQueueKey, value: true)
}()
