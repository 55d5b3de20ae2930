import CGtk
import Testing

/// GTK needs an X display; `make test` always provides one (Xvfb when there is none).
@MainActor
enum GtkTestSupport {
    private static var initialised = false

    /// Initialises GTK once for the whole test process.
    static func initialise() {
        guard !initialised else { return }
        initialised = gtk_init_check(nil, nil) != 0
        #expect(initialised, "GTK could not open the display; run the tests through `make test`")
    }
}
