/// How the eraser works (issue 26): how big it is and whether it takes whole marks or only
/// what its disc covers. Chosen in the Eraser options popover beside the Eraser button and
/// kept in the settings, so it is the same at the next launch.
public struct EraserOptions: Equatable, Sendable {
    /// What the eraser takes of a mark it touches.
    public enum Mode: String, CaseIterable, Sendable {
        /// Only what the disc covers: strokes are cut, their pieces stay (the default).
        case partOfMarks = "part"
        /// The whole top-level mark, as the book's eraser did.
        case wholeMarks = "whole"

        /// The radio button's label and accessible name.
        public var name: String {
            switch self {
            case .partOfMarks: tr("Part of marks")
            case .wholeMarks: tr("Whole marks")
            }
        }

        /// The radio button's tooltip.
        public var tooltip: String {
            switch self {
            case .partOfMarks: tr("Remove only what the eraser covers, cutting strokes")
            case .wholeMarks: tr("Remove every mark the eraser touches, whole")
            }
        }
    }

    /// The diameters the size slider offers, in pixels.
    public static let diameters: ClosedRange<Float> = 2...100
    /// The diameter at first: the 8 px radius the eraser always had.
    public static let defaultDiameter: Float = 16

    /// The eraser's diameter in pixels, always within `diameters` (whole pixels).
    public var diameter = defaultDiameter {
        didSet { diameter = Self.clamped(diameter) }
    }
    /// What it takes of the marks it touches.
    public var mode = Mode.partOfMarks

    /// The defaults: 16 px, part of marks.
    public init() {}

    /// The eraser's radius: the disc the reach circle shows.
    public var radius: Float { diameter / 2 }

    /// `diameter` rounded to a whole pixel and brought within `diameters` (NaN: the default).
    public static func clamped(_ diameter: Float) -> Float {
        guard !diameter.isNaN else { return defaultDiameter }
        return min(max(diameter.rounded(), diameters.lowerBound), diameters.upperBound)
    }
}
