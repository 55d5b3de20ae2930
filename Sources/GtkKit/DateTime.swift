import CGtk
import FoundationEssentials
import Glibc

/// Dates shown to the user, in their locale, through GLib (`g_date_time_format`): month and
/// day names and the clock follow `LC_TIME` as in every GNOME app, without Foundation's
/// `DateFormatter`, which would link the ICU libraries (some 40 MB) into the binary.
public enum DateTime {
    /// `date` in the local time zone, written with `format` (strftime's conversions, as
    /// GLib takes them: `%e %b %Y at %H:%M`). Translate the format with the text around it.
    public static func format(_ date: Date, _ format: String) -> String {
        guard let time = g_date_time_new_from_unix_local(gint64(date.timeIntervalSince1970.rounded(.down))) else { return "" }
        defer { g_date_time_unref(time) }
        guard let text = g_date_time_format(time, format) else { return "" }
        defer { g_free(text) }
        // `%e` pads a one-digit day with a space.
        return String(String(cString: text).drop { $0 == " " })
    }
}
