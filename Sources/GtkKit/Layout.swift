import CGtk

/// Which way a box lays out its children.
public enum Orientation: Sendable {
    /// Side by side.
    case horizontal
    /// One above the other.
    case vertical

    var gtk: GtkOrientation { self == .horizontal ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL }
}

/// Where a widget sits in spare room.
public enum Alignment: Sendable {
    /// Takes all the room.
    case fill
    /// At the start (left or top).
    case start
    /// At the end (right or bottom).
    case end
    /// Centred.
    case center

    var gtk: GtkAlign {
        switch self {
        case .fill: GTK_ALIGN_FILL
        case .start: GTK_ALIGN_START
        case .end: GTK_ALIGN_END
        case .center: GTK_ALIGN_CENTER
        }
    }

    init(_ align: GtkAlign) {
        switch align {
        case GTK_ALIGN_START: self = .start
        case GTK_ALIGN_END: self = .end
        case GTK_ALIGN_CENTER: self = .center
        default: self = .fill
        }
    }
}
