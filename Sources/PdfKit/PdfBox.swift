/// A rectangle in a PDF's own units (points), from the bottom left as the PDF stores it
/// (before its /Rotate): a page's media or crop box.
struct PdfBox: Equatable {
    /// The left edge.
    var left: Double
    /// The bottom edge.
    var bottom: Double
    /// The right edge.
    var right: Double
    /// The top edge.
    var top: Double

    /// How wide it is.
    var width: Double { right - left }
    /// How high it is.
    var height: Double { top - bottom }
}
