/// A rectangle on a page, in points from the page's top left as it is shown.
public struct PdfRect: Equatable, Sendable {
    /// The left edge.
    public var x: Double
    /// The top edge.
    public var y: Double
    /// The width.
    public var width: Double
    /// The height.
    public var height: Double

    /// A rectangle from its top left corner and size.
    public init(x: Double, y: Double, width: Double, height: Double) {
        (self.x, self.y, self.width, self.height) = (x, y, width, height)
    }

    /// Whether the point is inside (edges included).
    public func contains(x px: Double, y py: Double) -> Bool {
        px >= x && px <= x + width && py >= y && py <= y + height
    }
}

/// One page of a `PdfDocument` as the canvas lays it out: its size as shown (its rotation,
/// which the layout does not need, is `PdfDocument.rotation(ofPage:)`).
/// A value: it holds nothing of poppler's.
public struct PdfPage: Equatable, Sendable {
    /// Its index in the document, from 0.
    public let index: Int
    /// Its width as shown, in points (its /Rotate applied; scaled down to at most
    /// `PdfDocument.maximumPageSide`, see `contentScale`).
    public let width: Double
    /// Its height as shown, in points (as `width`).
    public let height: Double
    /// What its own points are multiplied by to give `width` and `height`: 1, or less for a
    /// page bigger than `PdfDocument.maximumPageSide` (rendering, text rectangles and links
    /// are scaled alike, so the page keeps its proportions).
    public let contentScale: Double
    /// False when poppler could not read the page (a damaged PDF): it is then blank, at
    /// `PdfDocument.fallbackPageSize`.
    public let isReadable: Bool
}

/// A link on a page: where it is and where it goes.
public struct PdfLink: Equatable, Sendable {
    /// Where it goes.
    public enum Target: Equatable, Sendable {
        /// A URI (a web address, a mail address).
        case uri(String)
        /// A page of the same document, from 0.
        case page(Int)
    }
    /// Where it is on its page, in points from the top left as shown.
    public let area: PdfRect
    /// Where it goes.
    public let target: Target
}
