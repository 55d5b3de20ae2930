import CGtk

/// Reinterprets a GObject instance pointer as a pointer to one of its C struct types;
/// GObject's inheritance is struct embedding, so every class shares the same address.
@inline(__always)
func cast<T>(_ pointer: UnsafeMutableRawPointer) -> UnsafeMutablePointer<T> {
    pointer.assumingMemoryBound(to: T.self)
}

/// Base of every wrapper: owns exactly one reference to one GObject, taken in the way its
/// initialiser names, and drops it in `deinit`.
open class Object {
    /// The wrapped `GObject *`.
    public let pointer: UnsafeMutableRawPointer

    /// Takes ownership of a newly created object that starts with a floating reference
    /// (every `GtkWidget` but toplevel windows): sinks it, so the wrapper holds the one reference.
    public init(sinking pointer: UnsafeMutableRawPointer?) {
        self.pointer = Self.require(pointer)
        g_object_ref_sink(self.pointer)
    }

    /// Adds a reference of the wrapper's own to an object someone else owns (GTK's windows,
    /// children handed out by a container).
    public init(retaining pointer: UnsafeMutableRawPointer?) {
        self.pointer = Self.require(pointer)
        g_object_ref(self.pointer)
    }

    /// Takes over a full reference the caller already owns (a `*_new` that returns a
    /// non-floating object, such as `gtk_application_new`).
    public init(adopting pointer: UnsafeMutableRawPointer?) {
        self.pointer = Self.require(pointer)
    }

    /// GTK's constructors only return NULL when GTK itself is broken (not initialised, out
    /// of memory); there is nothing sensible to draw then, so stop with a clear message.
    private static func require(_ pointer: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer {
        guard let pointer else { fatalError("GTK returned NULL for a new \(Self.self): is GTK initialised?") }
        return pointer
    }

    deinit {
        g_object_unref(pointer)
    }

    /// The object as a `GObject *`.
    public var gobject: UnsafeMutablePointer<GObject> { cast(pointer) }

    /// The current reference count (for ownership tests and leak hunting).
    public var referenceCount: UInt32 { gobject.pointee.ref_count }

    /// True while the object still has its floating reference.
    public var isFloating: Bool { g_object_is_floating(pointer) != 0 }
}
