import CairoKit

/// A rectangle in a Cairo context's user space (doubles, as Cairo has them).
public struct ImageRect: Equatable, Sendable {
    /// Left edge.
    public var x: Double
    /// Top edge.
    public var y: Double
    /// Width.
    public var width: Double
    /// Height.
    public var height: Double

    /// A rectangle at (x, y) of `width`×`height`.
    public init(x: Double, y: Double, width: Double, height: Double) {
        (self.x, self.y, self.width, self.height) = (x, y, width, height)
    }
}

/// Something that draws itself into a rectangle of a Cairo context (book chapter 16's
/// component): an image, or an image wrapped in filters (`ImageFilter`) that change how it
/// is drawn. Gallery tiles draw their thumbnails through such chains.
public protocol ImageComponent {
    /// Its own size, in pixels: what a filter fits into a tile keeps these proportions.
    var size: (width: Double, height: Double) { get }
    /// Draws into `rect` of `cr`.
    func draw(in rect: ImageRect, on context: CairoContext)
}
