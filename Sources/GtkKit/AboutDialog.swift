import CGtk

/// GTK's standard About window (`GtkAboutDialog`): name, version, logo, licence, website and
/// credits, modal to the app's window and destroyed when closed.
@MainActor
public enum AboutDialog {
    /// What the About window says.
    public struct Content: Sendable {
        /// The program's name.
        public var name: String
        /// Its version.
        public var version: String
        /// The themed icon shown as the logo.
        public var iconName: String
        /// The logo's image (SVG), shown when the icon theme has no `iconName` (the app is
        /// run from its build folder, not installed).
        public var logo: [UInt8]
        /// One line on what it is.
        public var comments: String
        /// The project's web page.
        public var website: String
        /// The copyright line.
        public var copyright: String
        /// Who wrote it.
        public var authors: [String]

        /// The content of an About window.
        public init(
            name: String, version: String, iconName: String, logo: [UInt8], comments: String, website: String,
            copyright: String, authors: [String]
        ) {
            (self.name, self.version, self.iconName, self.logo, self.comments) = (name, version, iconName, logo, comments)
            (self.website, self.copyright, self.authors) = (website, copyright, authors)
        }
    }

    /// Shows the About window for `content` over `parent`, with the MIT licence.
    public static func show(_ content: Content, parent: ApplicationWindow?) {
        guard let widget = gtk_about_dialog_new() else { return }
        let dialog: UnsafeMutablePointer<GtkAboutDialog> = cast(UnsafeMutableRawPointer(widget))
        gtk_about_dialog_set_program_name(dialog, content.name)
        gtk_about_dialog_set_version(dialog, content.version)
        if gtk_icon_theme_has_icon(gtk_icon_theme_get_default(), content.iconName) != 0 {
            gtk_about_dialog_set_logo_icon_name(dialog, content.iconName)
        } else if let pixbuf = Image.pixbuf(imageData: content.logo, size: 128) {
            gtk_about_dialog_set_logo(dialog, pixbuf)
            g_object_unref(UnsafeMutableRawPointer(pixbuf))
        }
        gtk_about_dialog_set_comments(dialog, content.comments)
        gtk_about_dialog_set_website(dialog, content.website)
        gtk_about_dialog_set_copyright(dialog, content.copyright)
        gtk_about_dialog_set_license_type(dialog, GTK_LICENSE_MIT_X11)
        var authors = content.authors.map { strdup($0) } + [nil]
        defer { authors.forEach { free($0) } }
        authors.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress?.withMemoryRebound(to: UnsafePointer<gchar>?.self, capacity: buffer.count) {
                gtk_about_dialog_set_authors(dialog, $0)
            }
        }
        let window: UnsafeMutablePointer<GtkWindow> = cast(UnsafeMutableRawPointer(widget))
        if let parent { gtk_window_set_transient_for(window, parent.window) }
        gtk_window_set_modal(window, 1)
        // Closing (the response) destroys the window; GTK owns it until then.
        g_signal_connect_data(
            widget, "response", unsafeBitCast(destroyOnResponse, to: GCallback.self), nil, nil,
            GConnectFlags(rawValue: 0))
        gtk_window_present(window)
    }
}

/// `void response(GtkDialog *, gint, gpointer)`: any response closes the About window.
private let destroyOnResponse: @convention(c) (UnsafeMutablePointer<GtkWidget>?, gint, UnsafeMutableRawPointer?) -> Void = { dialog, _, _ in
    if let dialog { gtk_widget_destroy(dialog) }
}
