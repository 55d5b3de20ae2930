import CGtk
import Glibc
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

    /// Starts xdotool with `arguments` (real X input, on the display the tests use); returns
    /// its process id, for `waitpid`.
    static func xdotool(_ arguments: [String]) throws -> pid_t {
        var pid: pid_t = 0
        var argv = (["xdotool"] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let result = posix_spawnp(&pid, "xdotool", nil, nil, &argv, environ)
        try #require(result == 0, "xdotool could not start")
        return pid
    }
}
