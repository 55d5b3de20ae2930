import CGtk

/// GTK's native file chooser (`GtkFileChooserNative`: the desktop's own dialog through the
/// portal when there is one): to open a file, or to save one with file-type filters and
/// option choices.
@MainActor
public enum FileChooser {
    /// A file type the user can pick: its name and glob pattern (`*.png`).
    public struct Filter: Sendable {
        /// The name shown ("PNG image").
        public let name: String
        /// The pattern matched ("*.png").
        public let pattern: String
        /// A filter named `name` for `pattern`.
        public init(_ name: String, pattern: String) { (self.name, self.pattern) = (name, pattern) }
    }

    /// An option shown in the dialog: a labelled set of values, one chosen.
    public struct Choice: Sendable {
        /// The choice's id.
        public let id: String
        /// Its label.
        public let label: String
        /// (id, label) of each value; the first is the default.
        public let options: [(id: String, label: String)]
        /// A choice `id` labelled `label` among `options`.
        public init(_ id: String, label: String, options: [(id: String, label: String)]) {
            (self.id, self.label, self.options) = (id, label, options)
        }
    }

    /// What the user chose.
    public struct Answer: Sendable {
        /// The file to write.
        public let path: String
        /// The index of the filter selected when the user accepted.
        public let filter: Int?
        /// The value chosen for each choice, by id.
        public let choices: [String: String]
    }

    /// Asks where to save, proposing `suggestedName` in `folder` (`nil`: GTK's choice, the
    /// working folder), with `accept` on the button that agrees; `nil` when cancelled.
    public static func save(parent: ApplicationWindow?, title: String, accept: String, suggestedName: String,
                            folder: String? = nil, filters: [Filter], choices: [Choice] = []) -> Answer? {
        guard let chooser = gtk_file_chooser_native_new(title, parent?.window, GTK_FILE_CHOOSER_ACTION_SAVE, accept,
                                                        Gettext.gtk("_Cancel"))
        else { return nil }
        let object = UnsafeMutableRawPointer(chooser)
        defer { g_object_unref(object) }
        let fileChooser = OpaquePointer(object) // GtkFileChooser is an interface: an opaque type here
        gtk_file_chooser_set_do_overwrite_confirmation(fileChooser, 1)
        if let folder { gtk_file_chooser_set_current_folder(fileChooser, folder) }
        gtk_file_chooser_set_current_name(fileChooser, suggestedName)
        let made = add(filters, to: fileChooser)
        for choice in choices {
            var ids = choice.options.map { strdup($0.id) } + [nil]
            var labels = choice.options.map { strdup($0.label) } + [nil]
            defer { (ids + labels).forEach { free($0) } }
            ids.withUnsafeMutableBufferPointer { idBuffer in
                labels.withUnsafeMutableBufferPointer { labelBuffer in
                    idBuffer.baseAddress?.withMemoryRebound(to: UnsafePointer<gchar>?.self, capacity: idBuffer.count) { idPointer in
                        labelBuffer.baseAddress?.withMemoryRebound(to: UnsafePointer<gchar>?.self, capacity: labelBuffer.count) { labelPointer in
                            gtk_file_chooser_add_choice(fileChooser, choice.id, choice.label, idPointer, labelPointer)
                        }
                    }
                }
            }
            if let first = choice.options.first { gtk_file_chooser_set_choice(fileChooser, choice.id, first.id) }
        }
        guard gtk_native_dialog_run(cast(object)) == GTK_RESPONSE_ACCEPT.rawValue,
              let file = gtk_file_chooser_get_filename(fileChooser) else { return nil }
        defer { g_free(file) }
        let selected = gtk_file_chooser_get_filter(fileChooser)
        var values: [String: String] = [:]
        for choice in choices {
            if let value = gtk_file_chooser_get_choice(fileChooser, choice.id) { values[choice.id] = String(cString: value) }
        }
        return Answer(path: String(cString: file), filter: made.firstIndex { $0 == selected }, choices: values)
    }

    /// Asks which file to open, among `filters`, starting in `folder` (`nil`: GTK's choice);
    /// the file's path, or `nil` when cancelled.
    public static func open(parent: ApplicationWindow?, title: String, accept: String, folder: String? = nil,
                            filters: [Filter]) -> String? {
        guard let chooser = gtk_file_chooser_native_new(title, parent?.window, GTK_FILE_CHOOSER_ACTION_OPEN, accept,
                                                        Gettext.gtk("_Cancel"))
        else { return nil }
        let object = UnsafeMutableRawPointer(chooser)
        defer { g_object_unref(object) }
        let fileChooser = OpaquePointer(object)
        if let folder { gtk_file_chooser_set_current_folder(fileChooser, folder) }
        add(filters, to: fileChooser)
        guard gtk_native_dialog_run(cast(object)) == GTK_RESPONSE_ACCEPT.rawValue,
              let file = gtk_file_chooser_get_filename(fileChooser) else { return nil }
        defer { g_free(file) }
        return String(cString: file)
    }

    /// Adds `filters` to `chooser`, in order; returns GTK's filters, to tell which was chosen.
    @discardableResult
    private static func add(_ filters: [Filter], to chooser: OpaquePointer) -> [OpaquePointer] {
        filters.compactMap { filter in
            guard let gtkFilter = gtk_file_filter_new() else { return nil }
            gtk_file_filter_set_name(gtkFilter, filter.name)
            gtk_file_filter_add_pattern(gtkFilter, filter.pattern)
            gtk_file_chooser_add_filter(chooser, gtkFilter)
            return gtkFilter
        }
    }

    /// The user's pictures folder as the desktop names it (`XDG_PICTURES_DIR` in
    /// `user-dirs.dirs`), if it has one. Safe from any thread.
    public nonisolated static var picturesFolder: String? {
        g_get_user_special_dir(G_USER_DIRECTORY_PICTURES).map { String(cString: $0) }
    }
}
