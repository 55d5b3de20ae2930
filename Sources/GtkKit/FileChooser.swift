import CGtk

/// GTK's file choosers: to open a file (the native one, `GtkFileChooserNative`: the
/// desktop's own dialog through the portal when there is one), or to save one with
/// file-type filters and option choices.
@MainActor
public enum FileChooser {
    /// A file type the user can pick: its name and glob pattern (`*.png`).
    public struct Filter: Sendable {
        /// The name shown ("PNG image").
        public let name: String
        /// The patterns matched ("*.png"); the first one's extension is the type's own.
        public let patterns: [String]
        /// The pattern whose extension a name typed without one gets.
        public var pattern: String { patterns[0] }
        /// A filter named `name` for `pattern`.
        public init(_ name: String, pattern: String) { (self.name, patterns) = (name, [pattern]) }
        /// A filter named `name` for several patterns ("*.xopp", "*.xoj").
        public init(_ name: String, patterns: [String]) { (self.name, self.patterns) = (name, patterns) }
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
    ///
    /// GTK's own dialog (`GtkFileChooserDialog`), not the native one: the native chooser
    /// hands neither the file type the user picks nor a new name across while it is open,
    /// and the name must follow the type — choosing "SVG image" turns "Untitled.png" into
    /// "Untitled.svg", so the file written is of the type chosen and the dialog's overwrite
    /// question is about that very file.
    public static func save(
        parent: ApplicationWindow?, title: String, accept: String, suggestedName: String,
        folder: String? = nil, filters: [Filter], choices: [Choice] = []
    ) -> Answer? {
        // gtk_file_chooser_dialog_new is variadic: the dialog is built through its properties.
        guard let made = g_object_new_with_properties(gtk_file_chooser_dialog_get_type(), 0, nil, nil) else { return nil }
        let dialog = Object(retaining: UnsafeMutableRawPointer(made))
        let window: UnsafeMutablePointer<GtkWindow> = cast(dialog.pointer)
        defer { gtk_widget_destroy(cast(dialog.pointer)) }
        gtk_window_set_title(window, title)
        gtk_window_set_modal(window, 1)
        if let parent { gtk_window_set_transient_for(window, parent.window) }
        gtk_dialog_add_button(cast(dialog.pointer), Gettext.gtk("_Cancel"), GTK_RESPONSE_CANCEL.rawValue)
        if let button = gtk_dialog_add_button(cast(dialog.pointer), accept, GTK_RESPONSE_ACCEPT.rawValue) {
            gtk_style_context_add_class(gtk_widget_get_style_context(button), StyleClass.suggestedAction.rawValue)
        }
        gtk_dialog_set_default_response(cast(dialog.pointer), GTK_RESPONSE_ACCEPT.rawValue)
        let fileChooser = OpaquePointer(dialog.pointer) // GtkFileChooser is an interface: an opaque type here
        gtk_file_chooser_set_action(fileChooser, GTK_FILE_CHOOSER_ACTION_SAVE)
        gtk_file_chooser_set_do_overwrite_confirmation(fileChooser, 1)
        if let folder { gtk_file_chooser_set_current_folder(fileChooser, folder) }
        gtk_file_chooser_set_current_name(fileChooser, suggestedName)
        let added = add(filters, to: fileChooser)
        if let first = added.first { gtk_file_chooser_set_filter(fileChooser, first) }
        dialog.connect("notify::filter") {
            guard let index = added.firstIndex(where: { $0 == gtk_file_chooser_get_filter(fileChooser) }),
                let typed = gtk_file_chooser_get_current_name(fileChooser)
            else { return }
            defer { g_free(typed) }
            let renamed = Self.name(String(cString: typed), withExtensionOf: filters[index], among: filters)
            gtk_file_chooser_set_current_name(fileChooser, renamed)
        }
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
        guard gtk_dialog_run(cast(dialog.pointer)) == GTK_RESPONSE_ACCEPT.rawValue,
            let file = gtk_file_chooser_get_filename(fileChooser)
        else { return nil }
        defer { g_free(file) }
        let selected = gtk_file_chooser_get_filter(fileChooser)
        var values: [String: String] = [:]
        for choice in choices {
            if let value = gtk_file_chooser_get_choice(fileChooser, choice.id) { values[choice.id] = String(cString: value) }
        }
        return Answer(path: String(cString: file), filter: added.firstIndex { $0 == selected }, choices: values)
    }

    /// Asks which file to open, among `filters`, starting in `folder` (`nil`: GTK's choice);
    /// the file's path, or `nil` when cancelled.
    public static func open(
        parent: ApplicationWindow?, title: String, accept: String, folder: String? = nil,
        filters: [Filter]
    ) -> String? {
        guard
            let chooser = gtk_file_chooser_native_new(
                title, parent?.window, GTK_FILE_CHOOSER_ACTION_OPEN, accept,
                Gettext.gtk("_Cancel"))
        else { return nil }
        let object = UnsafeMutableRawPointer(chooser)
        defer { g_object_unref(object) }
        let fileChooser = OpaquePointer(object)
        if let folder { gtk_file_chooser_set_current_folder(fileChooser, folder) }
        add(filters, to: fileChooser)
        guard gtk_native_dialog_run(cast(object)) == GTK_RESPONSE_ACCEPT.rawValue,
            let file = gtk_file_chooser_get_filename(fileChooser)
        else { return nil }
        defer { g_free(file) }
        return String(cString: file)
    }

    /// `name` with the extension of `filter`'s pattern in place of the one it has, if that one
    /// is among `filters`' (a name with another extension, or none, gets it added).
    nonisolated static func name(_ name: String, withExtensionOf filter: Filter, among filters: [Filter]) -> String {
        let wanted = String(filter.pattern.drop { $0 != "." })
        guard !wanted.isEmpty, !name.hasSuffix(wanted) else { return name }
        let known = filters.map { String($0.pattern.drop { $0 != "." }) }.filter { !$0.isEmpty }
        let stem = known.first(where: { name.hasSuffix($0) }).map { String(name.dropLast($0.count)) } ?? name
        return stem + wanted
    }

    /// Adds `filters` to `chooser`, in order; returns GTK's filters, to tell which was chosen.
    @discardableResult
    private static func add(_ filters: [Filter], to chooser: OpaquePointer) -> [OpaquePointer] {
        filters.compactMap { filter in
            guard let gtkFilter = gtk_file_filter_new() else { return nil }
            gtk_file_filter_set_name(gtkFilter, filter.name)
            for pattern in filter.patterns { gtk_file_filter_add_pattern(gtkFilter, pattern) }
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
