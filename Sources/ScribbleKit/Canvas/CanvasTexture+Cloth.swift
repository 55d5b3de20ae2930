import Glibc

/// Woven cloth: a plain weave of warp threads (running down) and weft threads (running
/// across), each passing over one thread and under the next, like an artist's linen
/// canvas. Each thread has its own tone and thickens and thins along its length; fine fibres
/// speckle the threads. Light and low in contrast, so marks of any colour read on it.
///
/// Every device pixel is computed from where it lies in the weave, so the threads are
/// sharp at any scale, and the weave repeats a whole number of times per tile (seamless).
extension CanvasTexture {
    /// Widget pixels from one thread to the next; divides `tileSize`.
    static let threadPitch = 4
    /// The cloth's colour at the top of a thread, before mottling (0…255).
    static let clothColor: (red: Float, green: Float, blue: Float) = (249, 246, 238)
    /// How bright the shadow between threads is, as a share of the thread's top.
    static let gapBrightness: Float = 0.88

    /// Draws the cloth on `canvas`; the same tile every time (the noise is seeded).
    static func drawCloth(on canvas: TextureTile) {
        drawDyeing(on: canvas)
        weave(on: canvas)
    }

    /// Dyeing and finishing are never perfectly even: soft lighter and darker patches.
    private static func drawDyeing(on canvas: TextureTile) {
        let tile = canvas.size
        let clouds = TextureNoise(seed: 24)
        let octaves: [(cell: Int, weight: Float)] = [(128, 0.25), (64, 0.3), (32, 0.25), (16, 0.2)]
        canvas.fillSmoothly(texels: tile / 4) { x, y in
            let light = (clouds.layered(x, y, tile: tile, octaves: octaves) - 0.5) * 10
            return (clothColor.red + light, clothColor.green + light, clothColor.blue + light)
        }
    }

    /// Shades every device pixel by where it lies in the weave: bright on top of the thread
    /// that is uppermost there, dark in the shadows between threads.
    private static func weave(on canvas: TextureTile) {
        let side = canvas.devicePixels
        let cell = threadPitch * canvas.scale // device pixels per thread
        let threads = canvas.size / threadPitch
        // Across a thread: bright along its middle, shadowed at its sides, each thread a
        // little thicker or thinner than the next (`across`, one row per thread). Along it:
        // flat on top, dipping where it goes under its neighbour (`along`). Both fall to 0 at
        // a cell's edges, so neighbouring cells meet in the same shadow, without a seam.
        let warpAcross = acrossProfiles(threads: threads, cells: cell, seed: 31)
        let weftAcross = acrossProfiles(threads: threads, cells: cell, seed: 32)
        let along = (0..<cell).map { powf(sinf(.pi * (Float($0) + 0.5) / Float(cell)), 0.25) }
        let tones = TextureNoise(seed: 21), fibres = TextureNoise(seed: 23)
        let warpTone = (0..<threads).map { (tones.unit($0, 0) - 0.5) * 0.5 }
        let weftTone = (0..<threads).map { (tones.unit($0, 1) - 0.5) * 0.5 }
        let warpSlubs = slubs(threads: threads, length: side, scale: canvas.scale, seed: 1_000)
        let weftSlubs = slubs(threads: threads, length: side, scale: canvas.scale, seed: 2_000)
        let dark = gapBrightness
        canvas.withPixels { pixels, rowLength in
            for y in 0..<side {
                let (weft, alongY) = y.quotientAndRemainder(dividingBy: cell)
                for x in 0..<side {
                    let (warp, alongX) = x.quotientAndRemainder(dividingBy: cell)
                    let fibre = (fibres.unit(x, y) - 0.5) * 0.4
                    let lift: Float, tint: (red: Float, green: Float, blue: Float)
                    if (warp + weft) & 1 == 0 { // the warp thread is on top here
                        lift =
                            warpAcross[warp * cell + alongX] * along[alongY]
                            * (1 + (warpTone[warp] + warpSlubs[warp * side + y] + fibre) * (1 - dark))
                        tint = (1, 0.998, 0.992) // warp and weft were dyed a shade apart
                    } else {
                        lift =
                            weftAcross[weft * cell + alongY] * along[alongX]
                            * (1 + (weftTone[weft] + weftSlubs[weft * side + x] + fibre) * (1 - dark))
                        tint = (0.99, 0.994, 1)
                    }
                    let brightness = dark + (1 - dark) * lift
                    let index = y * rowLength + x
                    let p = pixels[index]
                    pixels[index] = TextureTile.pack(
                        Float(p >> 16 & 0xFF) * brightness * tint.red,
                        Float(p >> 8 & 0xFF) * brightness * tint.green,
                        Float(p & 0xFF) * brightness * tint.blue)
                }
            }
        }
    }

    /// For each thread, its profile across at the centre of each of `cells` device pixels:
    /// `sin^0.6` over the thread's width, which varies from thread to thread (75–100 % of
    /// the pitch), and 0 in the gap beside it.
    private static func acrossProfiles(threads: Int, cells: Int, seed: UInt32) -> [Float] {
        let widths = TextureNoise(seed: seed)
        var values = [Float](repeating: 0, count: threads * cells)
        for thread in 0..<threads {
            let width = 0.75 + 0.25 * widths.unit(thread, 0)
            for k in 0..<cells {
                let t = ((Float(k) + 0.5) / Float(cells) - 0.5) / width + 0.5
                values[thread * cells + k] = t <= 0 || t >= 1 ? 0 : powf(sinf(.pi * t), 0.6)
            }
        }
        return values
    }

    /// How much brighter or darker each thread is at each device pixel along it: threads
    /// thicken and thin (slubs) over a few tens of pixels. `threads` rows of `length`.
    private static func slubs(threads: Int, length: Int, scale: Int, seed: UInt32) -> [Float] {
        let slubLength = 16 // widget pixels per lattice cell; divides `tileSize`
        let period = tileSize / slubLength
        var values = [Float](repeating: 0, count: threads * length)
        for thread in 0..<threads {
            let noise = TextureNoise(seed: seed &+ UInt32(thread))
            for position in 0..<length {
                let t = (Float(position) + 0.5) / Float(scale * slubLength)
                values[thread * length + position] = (noise.smooth(t, 0, period: period) - 0.5) * 0.8
            }
        }
        return values
    }
}
