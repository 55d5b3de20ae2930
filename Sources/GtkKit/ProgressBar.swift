import CGtk

/// A `GtkProgressBar`: how far a long piece of work (a video export) has gone.
public final class ProgressBar: Widget {
    /// An empty bar.
    public init() {
        super.init(sinking: UnsafeMutableRawPointer(gtk_progress_bar_new()))
    }

    private var bar: UnsafeMutablePointer<GtkProgressBar> { cast(pointer) }

    /// How much is done, from 0 to 1.
    public var fraction: Double {
        get { gtk_progress_bar_get_fraction(bar) }
        set { gtk_progress_bar_set_fraction(bar, min(max(newValue, 0), 1)) }
    }

    /// The text on the bar ("12 %"), shown when set; `nil` shows none.
    public var text: String? {
        get { gtk_progress_bar_get_text(bar).map { String(cString: $0) } }
        set {
            gtk_progress_bar_set_text(bar, newValue)
            gtk_progress_bar_set_show_text(bar, newValue == nil ? 0 : 1)
        }
    }
}
