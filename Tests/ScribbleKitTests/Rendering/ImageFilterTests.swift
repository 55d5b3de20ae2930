import CairoKit
import CCairo
import Testing
@testable import ScribbleKit

/// The Decorator: filters wrap an image and each other in any order, and what they draw
/// shows it. Pixel checks on a Cairo image surface; no display needed.
@Suite(.timeLimit(.minutes(1)))
struct ImageFilterTests {
    /// A 40×20 image filled with pure red.
    private func redImage() -> CairoImage {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 40, 20)!
        let cr = cairo_create(surface)
        cairo_set_source_rgb(cr, 1, 0, 0)
        cairo_paint(cr)
        cairo_destroy(cr)
        return CairoImage(adopting: surface)
    }

    /// Draws `component` at its own size onto a white 200×200 canvas; returns a pixel reader.
    private func render(_ component: ImageComponent) -> (Int, Int) -> (red: Int, green: Int, blue: Int) {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, 200, 200)!
        let cr = cairo_create(surface)
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_paint(cr)
        component.draw(in: ImageRect(x: 0, y: 0, width: component.size.width, height: component.size.height), on: CairoContext(cr!))
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        let pixels = (0..<(stride * 200)).map { data[$0] }
        cairo_surface_destroy(surface)
        return { x, y in
            let offset = y * stride + x * 4
            return (Int(pixels[offset + 2]), Int(pixels[offset + 1]), Int(pixels[offset]))
        }
    }

    @Test func theTransformFilterFitsAndCentresTheImage() {
        let pixel = render(ImageTransformFilter(fitting: redImage(), into: ImageRect(x: 0, y: 0, width: 200, height: 200)))
        // 40×20 fitted into 200×200: scale 5, so 200×100, centred from y = 50 to 150.
        #expect(pixel(100, 100) == (255, 0, 0))
        #expect(pixel(5, 52) == (255, 0, 0))
        #expect(pixel(100, 40) == (255, 255, 255))
        #expect(pixel(100, 160) == (255, 255, 255))
    }

    @Test func theShadowFilterDarkensBelowAndRightOfTheImage() {
        let translation = cairo_matrix_t(xx: 1, yx: 0, xy: 0, yy: 1, x0: 50, y0: 50)
        let plain = render(ImageTransformFilter(redImage(), matrix: translation))
        let shadowed = render(ImageTransformFilter(ImageShadowFilter(redImage(), offset: 4, radius: 4), matrix: translation))
        #expect(plain(92, 72) == (255, 255, 255)) // beside the image: nothing without a shadow
        let shade = shadowed(92, 72) // just past its bottom-right corner
        #expect(shade.red < 250 && shade.red == shade.green && shade.green == shade.blue) // grey, darker
        #expect(shadowed(48, 48) == (255, 255, 255)) // the shadow falls down and right only
        #expect(shadowed(70, 60) == (255, 0, 0)) // the image stays on top
    }

    @Test func theOrderOfFiltersMatters() {
        let box = ImageRect(x: 0, y: 0, width: 200, height: 200)
        // Shadow inside the transform: it is scaled with the image (offset 4 × scale 5 = 20 px).
        let shadowThenFit = render(ImageTransformFilter(fitting: ImageShadowFilter(redImage(), offset: 4, radius: 1), into: box))
        // Shadow outside the transform: drawn at its own size around the unscaled rectangle.
        let fitThenShadow = render(ImageShadowFilter(ImageTransformFilter(fitting: redImage(), into: box), offset: 4, radius: 1))
        #expect(shadowThenFit(100, 160) != (255, 255, 255)) // the big shadow under the fitted image
        #expect(fitThenShadow(100, 160) == (255, 255, 255))
        #expect(shadowThenFit(100, 160) != fitThenShadow(100, 160))
    }
}
