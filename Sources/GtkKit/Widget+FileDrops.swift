import CGtk

extension Widget {
    /// Makes the widget take files dragged onto it from a file manager (a `text/uri-list`
    /// drop): `handler` gets the local paths dropped, in order (links to anything but a local
    /// file are left out), and returns whether it took them.
    public func acceptFileDrops(_ handler: @escaping @MainActor ([String]) -> Bool) {
        acceptFileDrops { paths, _, _ in handler(paths) }
    }

    /// `acceptFileDrops(_:)`, with where the drop was, in the widget's coordinates.
    public func acceptFileDrops(_ handler: @escaping @MainActor ([String], Double, Double) -> Bool) {
        var entry = GtkTargetEntry()
        "text/uri-list".withCString { target in
            entry.target = UnsafeMutablePointer(mutating: target)
            entry.flags = 0
            entry.info = 0
            gtk_drag_dest_set(widget, GTK_DEST_DEFAULT_ALL, &entry, 1, GDK_ACTION_COPY)
        }
        connect("drag-data-received", trampoline: unsafeBitCast(dropTrampoline, to: GCallback.self), handler: handler)
    }
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
            let handler = SignalHandlerBox<@MainActor ([String], Double, Double) -> Bool>.from(data)?.handler
            let taken = !paths.isEmpty && (handler?(paths, Double(x), Double(y)) ?? false)
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
