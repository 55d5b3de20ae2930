import CGtk
import Glibc

extension Widget {
    /// Makes the widget take files dragged onto it from a file manager (a `text/uri-list`
    /// drop): `handler` gets the local paths dropped, in order (links to anything but a local
    /// file are left out), and returns whether it took them.
    public func acceptFileDrops(_ handler: @escaping @MainActor ([String]) -> Bool) {
        acceptFileDrops { paths, _, _ in handler(paths) }
    }

    /// `acceptFileDrops(_:)`, with where the drop was, in the widget's coordinates.
    public func acceptFileDrops(_ handler: @escaping @MainActor ([String], Double, Double) -> Bool) {
        acceptDrops(pictureTypes: []) { drop, x, y in
            guard case .files(let paths) = drop else { return false }
            return handler(paths, x, y)
        }
    }

    /// Makes the widget take files dragged onto it (`text/uri-list`) and pictures dragged as
    /// data — a browser's image offers `image/png` or `image/jpeg` — of `pictureTypes`, which
    /// are asked for first, in order: `handler` gets what was dropped and where (the widget's
    /// coordinates), and returns whether it took it.
    public func acceptDrops(pictureTypes: [String], _ handler: @escaping @MainActor (Drop, Double, Double) -> Bool) {
        let names = pictureTypes + ["text/uri-list"]
        let strings = names.map { strdup($0) }
        defer { strings.forEach { free($0) } }
        var entries = strings.map { GtkTargetEntry(target: $0, flags: 0, info: 0) }
        gtk_drag_dest_set(widget, GTK_DEST_DEFAULT_ALL, &entries, Int32(entries.count), GDK_ACTION_COPY)
        connect("drag-data-received", trampoline: unsafeBitCast(dropTrampoline, to: GCallback.self), handler: handler)
    }
}

/// What was dropped on a widget (`Widget.acceptDrops`).
public enum Drop: Sendable {
    /// Local files, in order (links to anything but a local file are left out).
    case files([String])
    /// A picture's bytes, of the MIME type given.
    case picture(bytes: [UInt8], type: String)
}

/// `void drag_data_received(GtkWidget *, GdkDragContext *, gint x, gint y, GtkSelectionData *,
/// guint info, guint time, gpointer user_data)`.
private let dropTrampoline:
    @convention(c) (
        UnsafeMutableRawPointer?, OpaquePointer?, Int32, Int32, OpaquePointer?, UInt32,
        UInt32, UnsafeMutableRawPointer?
    ) -> Void = { _, context, x, y, selection, _, time, data in
        nonisolated(unsafe) let (context, selection, data) = (context, selection, data)
        MainActor.assumeIsolated {
            var paths: [String] = []
            if let uris = gtk_selection_data_get_uris(selection) {
                var index = 0
                while let uri = uris[index] {
                    if let path = g_filename_from_uri(uri, nil, nil) {
                        paths.append(String(cString: path))
                        g_free(path)
                    }
                    index += 1
                }
                g_strfreev(uris)
            }
            var drop: Drop? = paths.isEmpty ? nil : .files(paths)
            if drop == nil, let bytes = gtk_selection_data_get_data(selection), case let length = gtk_selection_data_get_length(selection),
                length > 0, let name = gdk_atom_name(gtk_selection_data_get_data_type(selection))
            {
                let type = String(cString: name)
                g_free(name)
                if type.hasPrefix("image/") { drop = .picture(bytes: Array(UnsafeBufferPointer(start: bytes, count: Int(length))), type: type) }
            }
            let handler = SignalHandlerBox<@MainActor (Drop, Double, Double) -> Bool>.from(data)?.handler
            let taken = drop.map { handler?($0, Double(x), Double(y)) ?? false } ?? false
            gtk_drag_finish(context, taken ? 1 : 0, 0, time)
        }
    }

extension Widget {
    /// The point (`x`, `y`) of this widget's coordinates in `other`'s, or `nil` when the two
    /// are not in one window (or either is not realised).
    public func translate(x: Double, y: Double, to other: Widget) -> (x: Double, y: Double)? {
        var ox: Int32 = 0, oy: Int32 = 0
        guard gtk_widget_translate_coordinates(widget, other.widget, Int32(x), Int32(y), &ox, &oy) != 0 else { return nil }
        return (Double(ox), Double(oy))
    }
}
