import CCairo
import Glibc

/// Recycled paper: a warm off-white sheet with soft cloudy formation, fine grain, fibres
/// lying every way and a few specks of ink and colour from the paper it was made of. Kept
/// light and low in contrast, so marks of any colour read on it as they do on white.
extension CanvasTexture {
    /// The sheet's colour, before formation and grain.
    static let paperColor: (red: Float, green: Float, blue: Float) = (247, 243, 233)

    /// Draws the paper on `canvas`; the same tile every time (the random numbers are seeded).
    static func drawPaper(on canvas: TextureTile) {
        var random = SplitMix64(seed: 0x7061_7065_72) // "paper"
        drawFormation(on: canvas)
        addGrain(to: canvas)
        drawFibres(on: canvas, using: &random)
        drawSpecks(on: canvas, using: &random)
    }

    /// Formation: pulp settles unevenly, leaving soft lighter and darker clouds, and a
    /// slight shift between warmer and greyer patches.
    private static func drawFormation(on canvas: TextureTile) {
        let tile = canvas.size
        let clouds = TextureNoise(seed: 11), warmth = TextureNoise(seed: 12)
        // The largest clouds are the faintest, so the tile's repeat leaves no landmarks.
        let octaves: [(cell: Int, weight: Float)] = [(128, 0.2), (64, 0.28), (32, 0.24), (16, 0.16), (8, 0.12)]
        canvas.fillSmoothly(texels: tile / 4) { x, y in
            let light = (clouds.layered(x, y, tile: tile, octaves: octaves) - 0.5) * 20
            let warm = (warmth.smooth(x / 32, y / 32, period: tile / 32) - 0.5) * 4
            return (paperColor.red + light + warm, paperColor.green + light, paperColor.blue + light * 1.1 - warm)
        }
    }

    /// Grain: a little white noise on every device pixel, so the sheet is crisp at any scale.
    private static func addGrain(to canvas: TextureTile) {
        let noise = TextureNoise(seed: 13)
        let side = canvas.devicePixels
        canvas.withPixels { pixels, rowLength in
            for y in 0..<side {
                for x in 0..<side {
                    // -3…+3 levels, the same on every channel.
                    let grain = Int32(noise.bits(x, y) % 7) - 3
                    let index = y * rowLength + x
                    let p = pixels[index]
                    pixels[index] = shade(p >> 16, grain) << 16 | shade(p >> 8, grain) << 8 | shade(p, grain)
                }
            }
        }
    }

    /// The channel in the low byte of `channel`, moved by `amount`, clamped to 0…255.
    private static func shade(_ channel: UInt32, _ amount: Int32) -> UInt32 {
        UInt32(max(0, min(255, Int32(channel & 0xFF) + amount)))
    }

    /// How one batch of fibres or specks looks: all of a batch go to Cairo as one path,
    /// which costs far less than a path each.
    private struct Look {
        let red, green, blue, alpha, width: Double
    }

    /// A fibre's Bézier curve: start, two control points, end (widget pixels).
    private struct Curve {
        let xs: [Double], ys: [Double]
    }

    /// Fibres: thin curved strands, most a little darker than the sheet, some lighter, a
    /// few coloured (recycled paper keeps fibres of the papers it was made of).
    private static func drawFibres(on canvas: TextureTile, using random: inout SplitMix64) {
        var darker: [Look] = [], lighter: [Look] = []
        for tone in [0.45, 0.53, 0.61] {
            for alpha in [0.09, 0.13, 0.17] {
                for width in [0.45, 0.75] { darker.append(Look(red: tone, green: tone * 0.94, blue: tone * 0.84, alpha: alpha, width: width)) }
            }
        }
        for alpha in [0.4, 0.55, 0.7] {
            for width in [0.7, 1.05, 1.4] { lighter.append(Look(red: 1, green: 1, blue: 0.99, alpha: alpha, width: width)) }
        }
        let colored = [
            Look(red: 0.35, green: 0.45, blue: 0.75, alpha: 0.2, width: 0.5),
            Look(red: 0.75, green: 0.38, blue: 0.35, alpha: 0.2, width: 0.5),
            Look(red: 0.45, green: 0.6, blue: 0.45, alpha: 0.2, width: 0.5),
        ]
        let looks = darker + lighter + colored
        var batches = [[Curve]](repeating: [], count: looks.count)
        let tile = Double(canvas.size)
        for _ in 0..<1400 {
            let pick = Double.random(in: 0..<1, using: &random)
            let look =
                pick < 0.58
                ? Int.random(in: 0..<darker.count, using: &random)
                : pick < 0.92
                    ? darker.count + Int.random(in: 0..<lighter.count, using: &random)
                    : darker.count + lighter.count + Int.random(in: 0..<colored.count, using: &random)
            let length = Double.random(in: 6...28, using: &random) * (look >= darker.count + lighter.count ? 0.6 : 1)
            let (x, y) = (Double.random(in: 0..<tile, using: &random), Double.random(in: 0..<tile, using: &random))
            let angle = Double.random(in: 0..<(2 * .pi), using: &random)
            // Two bends across the fibre, at a third and two thirds of its length.
            let bends = (
                Double.random(in: -0.3...0.3, using: &random) * length,
                Double.random(in: -0.3...0.3, using: &random) * length
            )
            let (dx, dy, nx, ny) = (cos(angle) * length, sin(angle) * length, -sin(angle), cos(angle))
            batches[look].append(
                Curve(
                    xs: [x, x + dx / 3 + nx * bends.0, x + dx * 2 / 3 + nx * bends.1, x + dx],
                    ys: [y, y + dy / 3 + ny * bends.0, y + dy * 2 / 3 + ny * bends.1, y + dy]))
        }
        let cr = canvas.context
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_set_tolerance(cr, 0.5)
        for (look, curves) in zip(looks, batches) {
            cairo_new_path(cr)
            for curve in curves {
                let (xs, ys) = (curve.xs, curve.ys)
                // The path is built in the shifted user space of each copy; it is stroked once.
                canvas.drawWrapped(
                    minX: (xs.min() ?? 0) - 1, minY: (ys.min() ?? 0) - 1,
                    maxX: (xs.max() ?? 0) + 1, maxY: (ys.max() ?? 0) + 1
                ) { cr in
                    cairo_move_to(cr, xs[0], ys[0])
                    cairo_curve_to(cr, xs[1], ys[1], xs[2], ys[2], xs[3], ys[3])
                }
            }
            cairo_set_source_rgba(cr, look.red, look.green, look.blue, look.alpha)
            cairo_set_line_width(cr, look.width)
            cairo_stroke(cr)
        }
    }

    /// Specks: tiny dark flecks and a few faint larger clumps, each batch one Cairo path.
    private static func drawSpecks(on canvas: TextureTile, using random: inout SplitMix64) {
        let tile = Double(canvas.size)
        let cr = canvas.context
        let batches = [
            (count: 20, radii: 1.0...2.2, look: Look(red: 0.4, green: 0.37, blue: 0.34, alpha: 0.07, width: 0)),
            (count: 45, radii: 0.3...0.8, look: Look(red: 0.3, green: 0.28, blue: 0.26, alpha: 0.45, width: 0)),
            (count: 45, radii: 0.3...0.8, look: Look(red: 0.42, green: 0.39, blue: 0.36, alpha: 0.3, width: 0)),
        ]
        for batch in batches {
            cairo_new_path(cr)
            for _ in 0..<batch.count {
                let radius = Double.random(in: batch.radii, using: &random)
                let (x, y) = (Double.random(in: 0..<tile, using: &random), Double.random(in: 0..<tile, using: &random))
                let stretch = Double.random(in: 0.6...1.4, using: &random)
                let angle = Double.random(in: 0..<(2 * .pi), using: &random)
                canvas.drawWrapped(minX: x - 2 * radius, minY: y - 2 * radius, maxX: x + 2 * radius, maxY: y + 2 * radius) { cr in
                    cairo_translate(cr, x, y)
                    cairo_rotate(cr, angle)
                    cairo_scale(cr, stretch, 1 / stretch)
                    cairo_new_sub_path(cr)
                    cairo_arc(cr, 0, 0, radius, 0, 2 * .pi)
                    cairo_close_path(cr)
                }
            }
            let look = batch.look
            cairo_set_source_rgba(cr, look.red, look.green, look.blue, look.alpha)
            cairo_fill(cr)
        }
    }
}
