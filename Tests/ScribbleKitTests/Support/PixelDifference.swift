import CCairo

/// The pixels where two RGB24 surfaces of the same size differ, in device pixels.
struct PixelDifference: CustomStringConvertible {
    /// Where they differ.
    let pixels: [(x: Int, y: Int)]
    /// The largest difference in any channel.
    let largest: Int

    /// How many pixels were compared.
    let total: Int

    /// Compares `a` and `b` (their unused top bytes ignored), skipping the pixels `ignoring`
    /// names and counting as equal channels within `rounding` levels.
    init(
        _ a: OpaquePointer, _ b: OpaquePointer, rounding: Int = 0,
        ignoring: (_ x: Int, _ y: Int) -> Bool = { _, _ in false }
    ) {
        cairo_surface_flush(a)
        cairo_surface_flush(b)
        let width = Int(cairo_image_surface_get_width(a)), height = Int(cairo_image_surface_get_height(a))
        precondition(width == Int(cairo_image_surface_get_width(b)) && height == Int(cairo_image_surface_get_height(b)))
        let strideA = Int(cairo_image_surface_get_stride(a)), strideB = Int(cairo_image_surface_get_stride(b))
        let dataA = UnsafeRawPointer(cairo_image_surface_get_data(a)!), dataB = UnsafeRawPointer(cairo_image_surface_get_data(b)!)
        var pixels: [(x: Int, y: Int)] = []
        var largest = 0
        for y in 0..<height {
            for x in 0..<width {
                let p = dataA.loadUnaligned(fromByteOffset: y * strideA + x * 4, as: UInt32.self) & 0xFF_FFFF
                let q = dataB.loadUnaligned(fromByteOffset: y * strideB + x * 4, as: UInt32.self) & 0xFF_FFFF
                guard p != q, !ignoring(x, y) else { continue }
                let distance = Self.distance(p, q)
                guard distance > rounding else { continue }
                pixels.append((x, y))
                largest = max(largest, distance)
            }
        }
        self.pixels = pixels
        self.largest = largest
        total = width * height
    }

    /// The largest difference of the red, green or blue levels of two RGB24 pixels.
    static func distance(_ p: UInt32, _ q: UInt32) -> Int {
        [0, 8, 16].map { (shift: UInt32) in abs(Int((p >> shift) & 0xFF) - Int((q >> shift) & 0xFF)) }.max()!
    }

    /// The suite's tolerance: at most 1 pixel in 2,000 differs, by at most 16 levels.
    var isWithinTolerance: Bool { count * 2000 <= total && largest <= 16 }

    /// How many pixels differ.
    var count: Int { pixels.count }

    /// How many pixels differ, by how much, and where the first few are.
    var description: String {
        "\(count) of \(total) pixels differ, by up to \(largest); first at \(pixels.prefix(8).map { "(\($0.x), \($0.y))" })"
    }
}
