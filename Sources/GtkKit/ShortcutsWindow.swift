import CGtk

/// GTK's keyboard shortcuts window (`GtkShortcutsWindow`), built from a list of groups of
/// shortcuts. GTK makes it from GtkBuilder XML only, so the XML is written here from Swift
/// values, every text escaped.
@MainActor
public enum ShortcutsWindow {
    /// One shortcut: GTK's accelerator syntax (`<Primary>z`, several separated by spaces),
    /// what it does, and a qualification in smaller type under it — so that the title stays
    /// short: the window is as wide as its longest line, and must fit a small screen.
    public struct Shortcut: Sendable {
        /// The accelerators, e.g. `<Primary><Shift>z <Primary>y`.
        public let accelerator: String
        /// What it does.
        public let title: String
        /// When or how, under the title; empty for none.
        public let subtitle: String

        /// A shortcut `accelerator` that does `title`, qualified by `subtitle`.
        public init(_ accelerator: String, _ title: String, _ subtitle: String = "") {
            self.accelerator = accelerator
            self.title = title
            self.subtitle = subtitle
        }
    }

    /// A titled group of shortcuts.
    public struct Group: Sendable {
        /// The group's heading.
        public let title: String
        /// Its shortcuts, in order.
        public let shortcuts: [Shortcut]

        /// A group titled `title`.
        public init(_ title: String, _ shortcuts: [Shortcut]) {
            self.title = title
            self.shortcuts = shortcuts
        }
    }

    /// Shows a shortcuts window titled `title` (what window lists and switchers show; GTK
    /// leaves it unset) listing `groups` over `parent`; GTK destroys it when closed. GTK fills
    /// a column with groups up to `linesPerColumn` lines (a shortcut or a heading each), then
    /// starts the next, two columns a page.
    public static func show(_ groups: [Group], title: String, parent: ApplicationWindow?, linesPerColumn: Int = 15) {
        let builder = gtk_builder_new()
        defer { g_object_unref(builder) }
        guard gtk_builder_add_from_string(builder, xml(groups, linesPerColumn: linesPerColumn), gsize.max, nil) != 0,
            let object = gtk_builder_get_object(builder, "shortcuts")
        else { return }
        let window: UnsafeMutablePointer<GtkWindow> = cast(UnsafeMutableRawPointer(object))
        gtk_window_set_title(window, title)
        if let parent { gtk_window_set_transient_for(window, parent.window) }
        gtk_window_set_modal(window, 1)
        gtk_widget_show_all(cast(UnsafeMutableRawPointer(object)))
        gtk_window_present(window)
    }

    /// The GtkBuilder description of the window.
    static func xml(_ groups: [Group], linesPerColumn: Int = 15) -> String {
        let body = groups.map { group in
            let shortcuts = group.shortcuts.map { shortcut in
                let subtitle =
                    shortcut.subtitle.isEmpty
                    ? "" : "<property name=\"subtitle\">\(escaped(shortcut.subtitle))</property>"
                return """
                    <child><object class="GtkShortcutsShortcut">
                      <property name="visible">1</property>
                      <property name="accelerator">\(escaped(shortcut.accelerator))</property>
                      <property name="title">\(escaped(shortcut.title))</property>
                      \(subtitle)
                    </object></child>
                    """
            }.joined()
            return """
                <child><object class="GtkShortcutsGroup">
                  <property name="visible">1</property>
                  <property name="title">\(escaped(group.title))</property>
                  \(shortcuts)
                </object></child>
                """
        }.joined()
        return """
            <interface>
              <object class="GtkShortcutsWindow" id="shortcuts">
                <property name="modal">1</property>
                <child><object class="GtkShortcutsSection">
                  <property name="visible">1</property>
                  <property name="section-name">shortcuts</property>
                  <property name="max-height">\(linesPerColumn)</property>
                  \(body)
                </object></child>
              </object>
            </interface>
            """
    }

    private static func escaped(_ text: String) -> String {
        text.replacingAll("&", with: "&amp;").replacingAll("<", with: "&lt;").replacingAll(">", with: "&gt;")
            .replacingAll("\"", with: "&quot;")
    }
}

extension String {
    /// Every occurrence of `target` replaced (without Foundation).
    func replacingAll(_ target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
