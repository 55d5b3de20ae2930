import CCairo

/// GNU gettext, the translation catalogues GTK apps use (`po/*.po` compiled to `.mo` files
/// under `share/locale/<language>/LC_MESSAGES/<domain>.mo`).
public enum Gettext {
    /// Makes `domain` the program's, its catalogues read from `folder` (else the system's
    /// `/usr/share/locale`), as UTF-8.
    public static func use(domain: String, catalogues folder: String?) {
        if let folder { bindtextdomain(domain, folder) }
        bind_textdomain_codeset(domain, "UTF-8")
        textdomain(domain)
    }

    /// GTK's own translation of `message` ("_Cancel", "_Close"…): the words every GTK
    /// dialog uses, so GtkKit's buttons match the rest of the desktop.
    static func gtk(_ message: String) -> String {
        // Untranslated, dgettext hands back the pointer it was given, valid only in this closure.
        message.withCString { original in
            guard let found = dgettext("gtk30", original), UnsafePointer(found) != original else { return message }
            return String(cString: found)
        }
    }
}
