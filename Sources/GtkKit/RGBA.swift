import CGtk

/// GDK's colour parser (`gdk_rgba_parse`, the syntax of GTK's CSS): colour names such as
/// `teal` or `rebeccapurple`, `rgb(…)`, `rgba(…)`, `#rgb`, `#rrggbb`. GDK 3 does not read
/// `#rrggbbaa` (GTK 4 does), so apps parse that form themselves.
public enum RGBA {
    /// The colour `text` names, each component from 0 to 1; `nil` if GDK cannot read it.
    /// A pure function of the text, safe on any thread.
    public static func parse(_ text: String) -> (red: Double, green: Double, blue: Double, alpha: Double)? {
        var color = GdkRGBA()
        guard gdk_rgba_parse(&color, text) != 0 else { return nil }
        return (color.red, color.green, color.blue, color.alpha)
    }
}
