import CGtk
import Dispatch
import Glibc
@testable import GtkKit
import Testing

/// A menu button makes its menu only when it first opens (`MenuButton`), and every way of
/// opening it still opens it: a click (real X input through xdotool), the keyboard's
/// activation, and `toggle` (F10).
@MainActor
@Suite(.serialized, .timeLimit(.minutes(1)))
struct MenuButtonTests {
    @Test func aClickMakesTheMenuAndOpensIt() throws {
        try withShownButton { button in
            #expect(menu(of: button) == nil, "no menu before it is asked for")
            #expect(gtk_widget_get_sensitive(button.widget) != 0, "not greyed out for having no menu yet")
            var (x, y): (gint, gint) = (0, 0)
            gdk_window_get_origin(gtk_widget_get_window(button.widget), &x, &y)
            var allocation = GtkAllocation()
            gtk_widget_get_allocation(button.widget, &allocation)
            let centreX = Int(x) + Int(allocation.x) + Int(allocation.width) / 2
            let centreY = Int(y) + Int(allocation.y) + Int(allocation.height) / 2
            let pid = try GtkTestSupport.xdotool(["mousemove", String(centreX), String(centreY), "click", "1"])
            iterate { waitpid(pid, nil, WNOHANG) == 0 || !isOpen(button) }
            #expect(isOpen(button), "the click opened the menu")
            #expect(itemCount(of: button) == 4, "an item for each entry, and the line between the sections")
        }
    }

    @Test func theKeyboardsActivationMakesTheMenuAndOpensIt() throws {
        try withShownButton { button in
            gtk_widget_activate(button.widget) // what Space and Enter do on a focused button
            iterate { !isOpen(button) }
            #expect(isOpen(button))
            #expect(itemCount(of: button) == 4)
        }
    }

    @Test func toggleMakesTheMenuAndOpensIt() throws {
        try withShownButton { button in
            button.toggle()
            iterate { !isOpen(button) }
            #expect(isOpen(button))
        }
    }

    /// Shows a menu button of two sections (two entries, then one) in a window, runs `body`,
    /// and closes the menu.
    private func withShownButton(_ body: (MenuButton) throws -> Void) throws {
        GtkTestSupport.initialise()
        let window = try #require(gtk_window_new(GTK_WINDOW_TOPLEVEL))
        defer { gtk_widget_destroy(window) }
        let button = MenuButton(
            label: "Zoom",
            sections: [[.init("_One", action: "app.one"), .init("_Two", action: "app.two")], [.init("_Three", action: "app.three")]])
        window.withMemoryRebound(to: GtkContainer.self, capacity: 1) { gtk_container_add($0, button.widget) }
        gtk_widget_show_all(window)
        iterate { gtk_widget_get_mapped(button.widget) == 0 }
        try body(button)
        if let menu = menu(of: button) { menu.withMemoryRebound(to: GtkMenuShell.self, capacity: 1) { gtk_menu_shell_deactivate($0) } }
    }

    /// The button's `GtkMenu`, once made.
    private func menu(of button: MenuButton) -> UnsafeMutablePointer<GtkMenu>? {
        button.widget.withMemoryRebound(to: GtkMenuButton.self, capacity: 1) { gtk_menu_button_get_popup($0) }
    }

    private func isOpen(_ button: MenuButton) -> Bool {
        guard let menu = menu(of: button) else { return false }
        return menu.withMemoryRebound(to: GtkWidget.self, capacity: 1) { gtk_widget_get_mapped($0) } != 0
    }

    private func itemCount(of button: MenuButton) -> Int {
        guard let menu = menu(of: button) else { return 0 }
        let children = menu.withMemoryRebound(to: GtkContainer.self, capacity: 1) { gtk_container_get_children($0) }
        defer { g_list_free(children) }
        return Int(g_list_length(children))
    }

    /// Runs the main loop while `condition` holds, for at most 10 s.
    private func iterate(while condition: () -> Bool) {
        let deadline = DispatchTime.now().uptimeNanoseconds + 10_000_000_000
        while condition(), DispatchTime.now().uptimeNanoseconds < deadline { g_main_context_iteration(nil, 0) }
    }
}
