import CGtk

/// Watches a folder or a file for changes made by anyone — another program, another
/// instance, a sync tool (GIO's `GFileMonitor`, inotify on Linux). A watch starts off the
/// main thread (`start`) and its changes then arrive on the main thread as they happen;
/// reading what changed is the caller's business, off the main thread. Watching costs
/// nothing while nothing changes.
@MainActor
public final class FileMonitor: Object {
    /// What happened to a file.
    public enum Change: Sendable {
        /// It appeared, or was renamed into the folder.
        case created
        /// Its contents changed (reported at most every `rateLimit` ms while it keeps changing).
        case changed
        /// A writer closed it: the change is probably complete.
        case changesDone
        /// It went, or was renamed out of the folder.
        case deleted
        /// It was renamed within the folder; the handler gets the new path as `other`.
        case renamed
        /// Only its permissions or times changed.
        case attributes
    }

    /// The closure each change is handed to: what happened, the path, and for a rename the new path.
    public typealias Handler = @MainActor (Change, String, String?) -> Void

    /// Starts watching the folder at `path` (its direct entries; one made later, once made);
    /// `nil` if GIO cannot watch it. Call it off the
    /// main thread: GIO asks the file system what the folder lies on and inotify adds its
    /// watch by path, either of which waits as long as a hung network mount does. Changes
    /// before `init(started:handler:)` takes it go unreported, as those before the start do.
    public nonisolated static func start(folder path: String) -> Started? {
        let file = g_file_new_for_path(path)
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        return g_file_monitor_directory(file, G_FILE_MONITOR_WATCH_MOVES, nil, nil).map(Started.init)
    }

    /// Starts watching the file at `path` (also when it is replaced by a rename, as savers
    /// do), as `start(folder:)` does a folder; `nil` if it cannot be watched.
    public nonisolated static func start(file path: String) -> Started? {
        let file = g_file_new_for_path(path)
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        return g_file_monitor_file(file, G_FILE_MONITOR_WATCH_MOVES, nil, nil).map(Started.init)
    }

    /// A watch started off the main thread (`start(folder:)`, `start(file:)`), made on no
    /// thread's own main context: GIO then reports its changes in the main loop's. It holds
    /// the monitor's one reference until `init(started:handler:)` takes it.
    public struct Started: @unchecked Sendable { // handed once, from the starting thread to the main actor
        fileprivate let monitor: UnsafeMutablePointer<GFileMonitor>
    }

    /// Reports the changes `started` watches to `handler`, from now on; it stops when this goes.
    public init(started: Started, handler: @escaping Handler) {
        super.init(adopting: UnsafeMutableRawPointer(started.monitor))
        g_file_monitor_set_rate_limit(started.monitor, Self.rateLimit)
        connect("changed", trampoline: unsafeBitCast(changedTrampoline, to: GCallback.self), handler: handler)
    }

    /// How often, in ms, a file that keeps changing is reported (GIO's default is 800).
    public static let rateLimit: Int32 = 100

    /// Stops watching; no change is reported after this.
    public func cancel() {
        g_file_monitor_cancel(pointer.assumingMemoryBound(to: GFileMonitor.self))
    }

    deinit {
        g_file_monitor_cancel(pointer.assumingMemoryBound(to: GFileMonitor.self))
    }
}

/// `void changed(GFileMonitor *, GFile *file, GFile *other_file, GFileMonitorEvent, gpointer)`.
private let changedTrampoline:
    @convention(c) (
        UnsafeMutableRawPointer?, OpaquePointer?, OpaquePointer?, GFileMonitorEvent, UnsafeMutableRawPointer?
    ) -> Void = { _, file, other, event, data in
        let change: FileMonitor.Change? =
            switch event {
            case G_FILE_MONITOR_EVENT_CREATED, G_FILE_MONITOR_EVENT_MOVED_IN: .created
            case G_FILE_MONITOR_EVENT_CHANGED: .changed
            case G_FILE_MONITOR_EVENT_CHANGES_DONE_HINT: .changesDone
            case G_FILE_MONITOR_EVENT_DELETED, G_FILE_MONITOR_EVENT_MOVED_OUT: .deleted
            case G_FILE_MONITOR_EVENT_RENAMED: .renamed
            case G_FILE_MONITOR_EVENT_ATTRIBUTE_CHANGED: .attributes
            default: nil
            }
        guard let change, let changed = localPath(of: file) else { return }
        let otherPath = localPath(of: other)
        nonisolated(unsafe) let data = data
        MainActor.assumeIsolated { SignalHandlerBox<FileMonitor.Handler>.from(data)?.handler(change, changed, otherPath) }
    }

/// The local path of a `GFile`, if it has one.
private func localPath(of file: OpaquePointer?) -> String? {
    guard let file, let path = g_file_get_path(file) else { return nil }
    defer { g_free(path) }
    return String(cString: path)
}
