import Glibc
import GtkKit
import ScribbleKit

/// Translations: every user-visible string goes through
/// GNU gettext (ScribbleKit's `tr`) in the `touchpainter` text domain, so
/// `LANGUAGE=de touchpainter` speaks German. The catalogues are `po/*.po`, compiled by `make`
/// into `.build/share/locale` and installed into `$PREFIX/share/locale`. A catalogue is,
/// with the settings, the one file the main thread reads (gettext opens it on the first
/// lookup, at start-up).
enum Localization {
    /// Takes the locale from the environment and binds the domain to the catalogues found
    /// beside the binary (else the system's). Call once, first thing.
    static func setUp() {
        setlocale(LC_ALL, "")
        Gettext.use(domain: textDomain, catalogues: catalogueFolder())
    }

    /// `share/locale` beside the binary's folder — `<prefix>/bin/..` once installed — or one
    /// level further up, as in SwiftPM's build tree (`.build/<triple>/debug`), the first
    /// that exists; the binary as started, else as the kernel knows it. Folders are taken by
    /// name: the kernel would take `..` of a symbolic link's target.
    private static func catalogueFolder() -> String? {
        var candidates: [String] = []
        if let started = CommandLine.arguments.first, started.contains("/") { candidates.append(started) }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, Int(PATH_MAX))
        if length > 0 { candidates.append(String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)) }
        for binary in candidates {
            var parts = binary.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            parts.removeLast() // the binary's name; what is left names its folder
            for _ in 0..<2 {
                guard parts.count > 1 else { break }
                parts.removeLast()
                let locale = parts.joined(separator: "/") + "/share/locale"
                if access(locale, F_OK) == 0 { return locale }
            }
        }
        return nil
    }
}
