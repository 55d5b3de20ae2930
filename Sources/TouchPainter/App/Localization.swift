import Glibc
import GtkKit
import ScribbleKit

/// Translations (SPEC §1, "Desktop integration"): every user-visible string goes through
/// GNU gettext (ScribbleKit's `tr`), in the `touchpainter` text domain, so `LANGUAGE=de touchpainter` speaks
/// German. The catalogues are `po/*.po`, compiled by `make` into `share/locale` beside the
/// binary's folder — `.build/share/locale` in the build tree, `$PREFIX/share/locale` once
/// installed. Loading a catalogue is the one file the main thread reads besides the
/// settings (gettext opens it on the first lookup, at start-up).
enum Localization {
    /// Takes the locale from the environment and binds the domain to the catalogues found
    /// beside the binary (else the system's). Call once, first thing.
    static func setUp() {
        setlocale(LC_ALL, "")
        Gettext.use(domain: textDomain, catalogues: catalogueFolder())
    }

    /// `<binary's folder>/../share/locale` if it exists: the binary as started (so the build
    /// tree's `.build/debug` symbolic link leads to `.build/share`), else as the kernel knows it.
    private static func catalogueFolder() -> String? {
        var candidates: [String] = []
        if let started = CommandLine.arguments.first, started.contains("/") { candidates.append(started) }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, Int(PATH_MAX))
        if length > 0 { candidates.append(String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)) }
        for binary in candidates {
            // `folder/..` by name: the kernel would take `..` of a symbolic link's target.
            let parts = binary.split(separator: "/", omittingEmptySubsequences: false)
            let parent = parts.count > 2 ? parts.dropLast(2).joined(separator: "/") : (parts.count == 2 ? parts[0] + "/.." : "..")
            let locale = parent + "/share/locale"
            if access(locale, F_OK) == 0 { return locale }
        }
        return nil
    }
}
