extension PdfStamper {
    /// The Form XObject matrix (a b c d e f: x' = a·u + c·v + e, y' = b·u + d·v + f) that
    /// draws an overlay page whose box is `overlay` onto a page whose box is `page` and whose
    /// /Rotate is `rotation`, so that the overlay is seen upright on the page as a viewer
    /// shows it: the overlay's box, scaled to the page's size as seen, then turned back by the
    /// page's rotation into the page's own units (a viewer turns the page `rotation` degrees
    /// clockwise to show it, so the ink is turned as far the other way).
    static func formMatrix(from overlay: PdfBox, onto page: PdfBox, rotation: Int) -> [Double] {
        let turned = rotation == 90 || rotation == 270
        let (shownWidth, shownHeight) = turned ? (page.height, page.width) : (page.width, page.height)
        // The overlay's units to the page's as seen (1 when the overlay has no size to scale).
        let sx = overlay.width > 0 && shownWidth > 0 ? shownWidth / overlay.width : 1
        let sy = overlay.height > 0 && shownHeight > 0 ? shownHeight / overlay.height : 1
        // (u, v) in the overlay is (s, t) = ((u - left)·sx, (v - bottom)·sy) as the page is seen,
        // from its bottom left; that point of the page as stored, under each rotation:
        let (x0, y0, w, h) = (page.left, page.bottom, page.width, page.height)
        let (ol, ob) = (overlay.left, overlay.bottom)
        switch rotation {
        case 90: // (x0 + w - t, y0 + s)
            return [0, sx, -sy, 0, x0 + w + sy * ob, y0 - sx * ol]
        case 180: // (x0 + w - s, y0 + h - t)
            return [-sx, 0, 0, -sy, x0 + w + sx * ol, y0 + h + sy * ob]
        case 270: // (x0 + t, y0 + h - s)
            return [0, -sx, sy, 0, x0 - sy * ob, y0 + h + sx * ol]
        default: // (x0 + s, y0 + t)
            return [sx, 0, 0, sy, x0 - sx * ol, y0 - sy * ob]
        }
    }
}
