import CGtk
import Dispatch
import Glibc
@testable import GtkKit
import Testing

/// A held press' motion goes to the pointer handler straight from GDK (`DirectMotion`), and
/// through GTK whenever GTK could do something else with it: real X input (xdotool, on the X
/// server `make test` provides), since only a real press gives GDK the implicit grab it checks.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(1)))
struct DirectMotionTests {
    /// One pointer event as the handler saw it: its kind, and whether GTK was dispatching it
    /// (it has a current event only then).
    private struct Seen: Equatable {
        let kind: PointerEvent.Kind
        let throughGTK: Bool
    }

    @Test func aHeldPressMovesStraightToTheHandlerAndTheRestGoesThroughGTK() throws {
        let seen = try drag { _ in }.drop { $0.kind != .press }
        #expect(seen.first == Seen(kind: .press, throughGTK: true))
        let held = seen.dropFirst().prefix { $0.kind == .motion }
        #expect(held.count == 3, "each move with the button down reaches the handler")
        let allDirect = held.allSatisfy { !$0.throughGTK }
        #expect(allDirect, "\(seen)")
        let afterwards = seen.drop { $0.kind != .release }
        #expect(afterwards.first == Seen(kind: .release, throughGTK: true))
        let hoverThroughGTK = afterwards.dropFirst().contains(Seen(kind: .motion, throughGTK: true))
        #expect(hoverThroughGTK, "a move with no press held goes through GTK")
    }

    @Test func aGrabSendsTheHeldMotionThroughGTK() throws {
        let seen = try drag { area in gtk_grab_add(area.widget) }.drop { $0.kind != .press }
        let held = seen.dropFirst().prefix { $0.kind == .motion }
        #expect(held.count == 3)
        let allThroughGTK = held.allSatisfy { $0.throughGTK }
        #expect(allThroughGTK, "\(seen)")
    }

    /// Shows a drawing area, lets `prepare` do what it wants to it, then moves over it, presses,
    /// moves three times, releases and moves once more, and returns what its pointer handler saw.
    private func drag(prepare: (DrawingArea) -> Void) throws -> [Seen] {
        GtkTestSupport.initialise()
        let window = try #require(gtk_window_new(GTK_WINDOW_TOPLEVEL))
        defer { gtk_widget_destroy(window) }
        let area = DrawingArea()
        var seen: [Seen] = []
        area.onPointer { event in seen.append(Seen(kind: event.kind, throughGTK: gtk_get_current_event_time() != 0)) }
        window.withMemoryRebound(to: GtkWindow.self, capacity: 1) { gtk_window_set_default_size($0, 200, 200) }
        window.withMemoryRebound(to: GtkContainer.self, capacity: 1) { gtk_container_add($0, area.widget) }
        gtk_widget_show_all(window)
        let deadline = DispatchTime.now().uptimeNanoseconds + 20_000_000_000
        var drawn = false
        area.onDraw { _ in drawn = true }
        while !drawn, DispatchTime.now().uptimeNanoseconds < deadline { g_main_context_iteration(nil, 0) }
        area.disableMotionCompression() // each move its own event, as on the canvas
        prepare(area)
        defer { gtk_grab_remove(area.widget) }
        var (x, y): (gint, gint) = (0, 0)
        gdk_window_get_origin(gtk_widget_get_window(area.widget), &x, &y)
        func move(_ dx: Int, _ dy: Int) -> [String] { ["mousemove", String(Int(x) + dx), String(Int(y) + dy)] }
        let pid = try GtkTestSupport.xdotool(
            move(20, 20) + ["mousedown", "1"] + move(60, 60) + move(80, 40) + move(90, 90) + ["mouseup", "1"] + move(100, 70))
        var status: Int32 = 0
        while waitpid(pid, &status, WNOHANG) == 0, DispatchTime.now().uptimeNanoseconds < deadline { g_main_context_iteration(nil, 0) }
        // The last move's event may still be on its way from the server.
        while seen.last?.kind != .motion || !seen.contains(where: { $0.kind == .release }), DispatchTime.now().uptimeNanoseconds < deadline {
            g_main_context_iteration(nil, 0)
        }
        #expect(seen.contains { $0.kind == .release }, "the drag reached the area: \(seen)")
        return seen
    }
}
