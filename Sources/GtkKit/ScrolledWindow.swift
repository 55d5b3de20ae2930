import CGtk

/// A `GtkScrolledWindow`: scrollbars around a child larger than the view.
public final class ScrolledWindow: Container {
    /// Makes a scrolled window that scrolls vertically only.
    public init() {
        super.init(sinking: UnsafeMutableRawPointer(gtk_scrolled_window_new(nil, nil)))
        gtk_scrolled_window_set_policy(cast(pointer), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
    }

    /// Makes the view exactly `width` pixels wide, whatever its child would like. A child
    /// that cannot be that narrow scrolls sideways. (Scrolling vertically only, GTK makes the
    /// view as wide as the child's *natural* width, which a wrapping label or an entry can
    /// make far wider than a side pane should be.)
    public func fixWidth(_ width: Int) {
        gtk_scrolled_window_set_policy(cast(pointer), GTK_POLICY_AUTOMATIC, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_min_content_width(cast(pointer), gint(width))
        gtk_scrolled_window_set_propagate_natural_width(cast(pointer), 0)
    }

    /// Lets the content be wider than the view without a horizontal scroll bar, and never
    /// makes the view as wide as the content's minimum: a grid that picks its columns from the
    /// view's width must not hold the window at the width of its last choice.
    public func letContentOverflowSideways() {
        gtk_scrolled_window_set_policy(cast(pointer), GTK_POLICY_EXTERNAL, GTK_POLICY_AUTOMATIC)
    }

    /// Shows the child at its natural size when there is room, and clips it when there is
    /// not, so that it never holds its window wider: no scroll bars, no minimum width (a
    /// header bar item that must not stop the window shrinking to a phone's 360 px).
    public func clipSideways() {
        gtk_scrolled_window_set_policy(cast(pointer), GTK_POLICY_EXTERNAL, GTK_POLICY_NEVER)
        gtk_scrolled_window_set_propagate_natural_width(cast(pointer), 1)
        gtk_scrolled_window_set_propagate_natural_height(cast(pointer), 1)
    }

    private var verticalAdjustment: UnsafeMutablePointer<GtkAdjustment>? {
        gtk_scrolled_window_get_vadjustment(cast(pointer))
    }

    /// How far the view is scrolled down, in pixels; setting it scrolls (clamped to the content).
    public var verticalOffset: Double {
        get { verticalAdjustment.map { gtk_adjustment_get_value($0) } ?? 0 }
        set { verticalAdjustment.map { gtk_adjustment_set_value($0, newValue) } }
    }

    /// The height of the part of the content on show, in pixels (0 before the first layout).
    public var visibleHeight: Double { verticalAdjustment.map { gtk_adjustment_get_page_size($0) } ?? 0 }

    /// Called when the view scrolls, or its content or page size changes (the vertical
    /// adjustment's "value-changed" and "changed"): a view that makes only the widgets on
    /// show (a gallery of ten thousand) updates them here.
    public func onScroll(_ handler: @escaping @MainActor () -> Void) {
        guard let adjustment = verticalAdjustment else { return }
        let wrapper = Adjustment(retaining: UnsafeMutableRawPointer(adjustment))
        wrapper.connect("value-changed", handler: handler)
        wrapper.connect("changed", handler: handler)
        adjustments.append(wrapper)
    }

    /// The adjustments whose signals this window's handlers listen to.
    private var adjustments: [Adjustment] = []
}

/// A `GtkAdjustment`, held only to connect to its signals.
final class Adjustment: Object {}
