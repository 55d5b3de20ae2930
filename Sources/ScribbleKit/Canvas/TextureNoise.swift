/// Periodic noise for the canvas textures: every function here repeats exactly after its
/// period, so a texture built from it tiles without a seam (it lives on a torus).
struct TextureNoise: Sendable {
    /// Picks one noise field out of many; two seeds give unrelated fields.
    let seed: UInt32

    /// 32 well-mixed bits for the lattice point (`x`, `y`): white noise.
    /// - Complexity: O(1), a few multiplications.
    func bits(_ x: Int, _ y: Int) -> UInt32 {
        var h = UInt32(truncatingIfNeeded: x) &* 0x8DA6_B343
        h ^= UInt32(truncatingIfNeeded: y) &* 0xD816_3841
        h ^= seed &* 0xCB1A_B31F
        h ^= h >> 16
        h &*= 0x7FEB_352D
        h ^= h >> 15
        h &*= 0x846C_A68B
        h ^= h >> 16
        return h
    }

    /// White noise in 0..<1 at the lattice point (`x`, `y`).
    func unit(_ x: Int, _ y: Int) -> Float {
        Float(bits(x, y) >> 8) / Float(1 << 24)
    }

    /// Smooth noise in 0...1 at (`x`, `y`), measured in lattice cells, repeating every
    /// `period` cells in both directions: random values at the lattice points, blended with
    /// a smoothstep in between.
    func smooth(_ x: Float, _ y: Float, period: Int) -> Float {
        let x0 = Int(x.rounded(.down)), y0 = Int(y.rounded(.down))
        let fx = Self.smoothstep(x - Float(x0)), fy = Self.smoothstep(y - Float(y0))
        let (i0, j0) = (Self.wrap(x0, period), Self.wrap(y0, period))
        let (i1, j1) = (Self.wrap(x0 + 1, period), Self.wrap(y0 + 1, period))
        let top = unit(i0, j0) + (unit(i1, j0) - unit(i0, j0)) * fx
        let bottom = unit(i0, j1) + (unit(i1, j1) - unit(i0, j1)) * fx
        return top + (bottom - top) * fy
    }

    /// Sums `smooth` over cell sizes (in the caller's units, each dividing `tile`), each with
    /// its weight: large soft features with finer ones on top. Repeats every `tile`.
    func layered(_ x: Float, _ y: Float, tile: Int, octaves: [(cell: Int, weight: Float)]) -> Float {
        var sum: Float = 0
        for (index, octave) in octaves.enumerated() {
            let field = TextureNoise(seed: seed &+ UInt32(index) &* 0x9E37_79B9)
            let cell = Float(octave.cell)
            sum += octave.weight * field.smooth(x / cell, y / cell, period: tile / octave.cell)
        }
        return sum
    }

    /// `value` modulo `period`, never negative.
    static func wrap(_ value: Int, _ period: Int) -> Int {
        let r = value % period
        return r < 0 ? r + period : r
    }

    private static func smoothstep(_ t: Float) -> Float { t * t * (3 - 2 * t) }
}
