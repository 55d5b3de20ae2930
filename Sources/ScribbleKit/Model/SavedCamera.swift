/// What a scribble was last seen at: the zoom and the canvas point at the view's
/// centre, kept in its file (format version 3) so that reopening it shows what the user last
/// saw, whatever the window's size. A scribble without one is seen as a new one is: 100 %
/// with the canvas' origin at the top-left.
public struct SavedCamera: Equatable, Sendable {
    /// View pixels per canvas pixel, within `Viewport`'s range.
    public let zoom: Double
    /// The canvas point at the view's centre, within `Viewport.maximumCentre` of the origin.
    public let centreX: Double, centreY: Double

    /// A view, or `nil` for values no viewport can have (a hostile file's: NaN, a zoom out
    /// of range, a centre past the farthest mark).
    public init?(zoom: Double, centreX: Double, centreY: Double) {
        guard zoom.isFinite, zoom >= Viewport.minimumZoom, zoom <= Viewport.maximumZoom,
            centreX.isFinite, centreY.isFinite,
            abs(centreX) <= Viewport.maximumCentre, abs(centreY) <= Viewport.maximumCentre
        else { return nil }
        (self.zoom, self.centreX, self.centreY) = (zoom, centreX, centreY)
    }

    /// What `viewport` shows; `nil` for a new scribble's view (100 % from the origin), which
    /// files do not keep, so that a drawing never zoomed saves as it did before.
    public init?(_ viewport: Viewport) {
        guard !viewport.isIdentity else { return nil }
        let centre = viewport.centre
        self.init(zoom: viewport.zoom, centreX: centre.x, centreY: centre.y)
    }
}

extension Viewport {
    /// Shows `view`: its zoom, its centre at the view's centre; `nil`, a new scribble's view.
    public mutating func show(_ view: SavedCamera?) {
        guard let view else { return fit(.null) }
        zoom(to: view.zoom)
        centre(onX: view.centreX, y: view.centreY)
    }
}
