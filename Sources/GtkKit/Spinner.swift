import CGtk

/// A `GtkSpinner`: says "working on it" while something takes a while.
public final class Spinner: Widget {
    /// A still spinner.
    public init() {
        super.init(sinking: UnsafeMutableRawPointer(gtk_spinner_new()))
    }

    /// Whether it turns.
    public var isSpinning = false {
        didSet { isSpinning ? gtk_spinner_start(cast(pointer)) : gtk_spinner_stop(cast(pointer)) }
    }
}
