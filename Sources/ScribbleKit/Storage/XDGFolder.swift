import Glibc

/// The XDG Base Directory folders the app keeps its files in, worked out in one place: the
/// variable when it holds an absolute path (the specification calls a relative one invalid),
/// else its default under the home folder.
public enum XDGFolder: String, Sendable {
    case data = "XDG_DATA_HOME"
    case config = "XDG_CONFIG_HOME"
    case state = "XDG_STATE_HOME"
    case cache = "XDG_CACHE_HOME"

    /// The folder for `environment`.
    public func path(environment: [String: String]) -> String {
        if let value = environment[rawValue], value.hasPrefix("/") { return value }
        return Self.home(environment: environment) + "/" + fallback
    }

    /// `$HOME`, else the user's home folder in the password database. (Not Foundation's
    /// `NSHomeDirectory`: it would link the ICU libraries into the self-contained binary.)
    public static func home(environment: [String: String]) -> String {
        if let home = environment["HOME"], !home.isEmpty { return home }
        guard let entry = getpwuid(geteuid()), let directory = entry.pointee.pw_dir else { return "/" }
        return String(cString: directory)
    }

    /// The default under the home folder.
    private var fallback: String {
        switch self {
        case .data: ".local/share"
        case .config: ".config"
        case .state: ".local/state"
        case .cache: ".cache"
        }
    }
}
