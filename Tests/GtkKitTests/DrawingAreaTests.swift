import CGtk
import Dispatch
@testable import GtkKit
import Testing

/// Painting outside GTK's frame cycle (`DrawingArea.paintNow`), on the X server `make test`
/// provides.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(1)))
struct DrawingAreaTests {
    @Test func paintNowPaintsAShownAreaAtOnceClippedToTheRectangle() throws {
        GtkTestSupport.initialise()
        let area = DrawingArea()
        var clips: [[Double]] = []
        func paint() -> Bool {
            area.paintNow(x: 5, y: 6, width: 7, height: 8) { cr in
                var (x1, y1, x2, y2) = (0.0, 0.0, 0.0, 0.0)
                cairo_clip_extents(cr.pointer, &x1, &y1, &x2, &y2)
                clips.append([x1, y1, x2, y2])
            }
        }
        #expect(!paint(), "an area that is not on screen has nothing to paint")
        #expect(clips.isEmpty)

        let window = try #require(gtk_window_new(GTK_WINDOW_TOPLEVEL))
        defer { gtk_widget_destroy(window) }
        window.withMemoryRebound(to: GtkWindow.self, capacity: 1) { gtk_window_set_default_size($0, 100, 100) }
        window.withMemoryRebound(to: GtkContainer.self, capacity: 1) { gtk_container_add($0, area.widget) }
        gtk_widget_show_all(window)
        let deadline = DispatchTime.now().uptimeNanoseconds + 20_000_000_000
        while gtk_widget_get_mapped(area.widget) == 0, DispatchTime.now().uptimeNanoseconds < deadline {
            g_main_context_iteration(nil, 0)
        }
        var drawn = false
        area.onDraw { _ in drawn = true }
        while !drawn, DispatchTime.now().uptimeNanoseconds < deadline { g_main_context_iteration(nil, 0) } // its first frame
        #expect(paint(), "a shown area on X11 paints at once")
        #expect(clips == [[5, 6, 12, 14]]) // once, within the rectangle asked for
    }
}
