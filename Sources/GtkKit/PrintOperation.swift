import CGtk
import CairoKit

/// Printing through GTK's print dialog (`GtkPrintOperation`): one page, drawn by a closure
/// onto the printer's Cairo context (vectors stay vectors).
@MainActor
public enum PrintOperation {
    /// Shows the print dialog over `parent` and, if the user prints, calls `draw` with the
    /// page's Cairo context and its printable width and height (points). Returns an error
    /// message if printing failed.
    @discardableResult
    public static func run(
        parent: ApplicationWindow?, jobName: String,
        draw: @escaping @MainActor (CairoContext, Double, Double) -> Void
    ) -> String? {
        guard let operation = gtk_print_operation_new() else { return "GTK could not start printing" }
        let object = UnsafeMutableRawPointer(operation)
        defer { g_object_unref(object) }
        gtk_print_operation_set_n_pages(operation, 1)
        gtk_print_operation_set_job_name(operation, jobName)
        gtk_print_operation_set_use_full_page(operation, 0)
        gtk_print_operation_set_unit(operation, GTK_UNIT_POINTS)
        let box = Unmanaged.passRetained(PageDrawer(draw)).toOpaque()
        g_signal_connect_data(
            object, "draw-page", unsafeBitCast(drawPage, to: GCallback.self), box,
            { data, _ in
                if let data { Unmanaged<PageDrawer>.fromOpaque(data).release() }
            }, GConnectFlags(rawValue: 0))
        var error: UnsafeMutablePointer<GError>?
        let result = gtk_print_operation_run(operation, GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG, parent?.window, &error)
        if result == GTK_PRINT_OPERATION_RESULT_ERROR {
            defer { g_error_free(error) }
            return error.map { String(cString: $0.pointee.message) } ?? "printing failed"
        }
        return nil
    }
}

/// The page-drawing closure, owned by the signal connection.
private final class PageDrawer {
    let draw: @MainActor (CairoContext, Double, Double) -> Void
    init(_ draw: @escaping @MainActor (CairoContext, Double, Double) -> Void) { self.draw = draw }
}

/// `void draw_page(GtkPrintOperation *, GtkPrintContext *, gint page, gpointer)`.
private let drawPage: @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, gint, UnsafeMutableRawPointer?) -> Void = { _, context, _, data in
    guard let context, let data, let cr = gtk_print_context_get_cairo_context(context) else { return }
    let (width, height) = (gtk_print_context_get_width(context), gtk_print_context_get_height(context))
    nonisolated(unsafe) let (cairo, drawer) = (cr, Unmanaged<PageDrawer>.fromOpaque(data).takeUnretainedValue())
    MainActor.assumeIsolated { drawer.draw(CairoContext(cairo), width, height) } // GTK prints on the main thread
}
