import CairoKit

extension CairoContext {
    /// A grey card filling `width`×`height` from the origin, its thin dark edge on the pixel
    /// grid: what a swatch or a preview is drawn on, so white and translucent ink stay visible.
    func paintCard(width: Double, height: Double, shade: Double, edgeAlpha: Double) {
        rectangle(x: 0.5, y: 0.5, width: width - 1, height: height - 1)
        setSource(red: shade, green: shade, blue: shade)
        fillPreserve()
        setSource(red: 0, green: 0, blue: 0, alpha: edgeAlpha)
        setLineWidth(1)
        stroke()
    }
}
