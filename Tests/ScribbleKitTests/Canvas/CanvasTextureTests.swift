import CCairo
import Dispatch
import Synchronization
import Testing
@testable import ScribbleKit

/// The canvas textures (book chapter 21): seamless, crisp at scale 2, light, made once per kind and
/// scale, and lying beneath the marks in every repaint path of the backdrop.
///
/// Seam tolerance, stated as `seamRoughness(_:_:)`: across the tile's right edge (its last
/// column followed by its first, as they meet when tiles are laid side by side) the pixels
/// may differ by no more, on average, than across the roughest pair of neighbouring columns
/// inside the tile; the same for the bottom edge and rows. A tile generated on a torus
/// meets that with room to spare (its seam is just another column boundary); a tile cut
/// from a larger picture does not (`aTileThatDoesNotWrapFailsTheSeamCheck`).
@Suite(.timeLimit(.minutes(1)))
struct CanvasTextureTests {
    static let textured: [CanvasKind] = [.paper, .cloth]

    /// Mean absolute difference, over all channels, between column `a` and column `b` of
    /// `texture` (or rows, `vertical` false), at every pixel along them.
    private static func difference(_ texture: CanvasTexture, _ a: Int, _ b: Int, columns: Bool) -> Double {
        var sum = 0
        for i in 0..<texture.devicePixels {
            let p = columns ? texture.pixel(x: a, y: i) : texture.pixel(x: i, y: a)
            let q = columns ? texture.pixel(x: b, y: i) : texture.pixel(x: i, y: b)
            sum += abs(Int(p.red) - Int(q.red)) + abs(Int(p.green) - Int(q.green)) + abs(Int(p.blue) - Int(q.blue))
        }
        return Double(sum) / Double(3 * texture.devicePixels)
    }

    /// The seam's difference (last column or row against the first, within `0..<size`) and
    /// the largest difference between neighbours inside that span.
    private static func seamRoughness(_ texture: CanvasTexture, size: Int, columns: Bool) -> (seam: Double, roughestInside: Double) {
        let seam = difference(texture, size - 1, 0, columns: columns)
        let inside = (0..<(size - 1)).map { difference(texture, $0, $0 + 1, columns: columns) }
        return (seam, inside.max() ?? 0)
    }

    @Test(arguments: textured, [1, 2])
    func texturesTileSeamlessly(kind: CanvasKind, scale: Int) throws {
        let texture = try #require(CanvasTextureCache().texture(for: kind, scale: scale))
        for columns in [true, false] {
            let (seam, roughest) = Self.seamRoughness(texture, size: texture.devicePixels, columns: columns)
            #expect(seam <= roughest, "\(kind)@\(scale): seam \(seam) vs \(roughest) inside (\(columns ? "columns" : "rows"))")
        }
    }

    @Test func aTileThatDoesNotWrapFailsTheSeamCheck() throws {
        // The first 300 columns and rows of the paper tile, as if it were a tile of its own:
        // its "seam" joins column 299 to column 0, which never lay side by side.
        let texture = try #require(CanvasTextureCache().texture(for: .paper, scale: 1))
        for columns in [true, false] {
            let (seam, roughest) = Self.seamRoughness(texture, size: 300, columns: columns)
            #expect(seam > roughest)
        }
    }

    @Test(arguments: textured)
    func aScaleTwoTextureHasDetailAtEveryDevicePixel(kind: CanvasKind) throws {
        // Generated at device scale, not scaled up: neighbouring device pixels within a
        // widget pixel differ about as often as neighbours across widget pixels do.
        let texture = try #require(CanvasTextureCache().texture(for: kind, scale: 2))
        #expect(texture.devicePixels == 2 * CanvasTexture.tileSize)
        var within = 0, across = 0
        for y in stride(from: 0, to: texture.devicePixels, by: 7) {
            for x in stride(from: 0, to: texture.devicePixels - 2, by: 2) {
                if texture.pixel(x: x, y: y) != texture.pixel(x: x + 1, y: y) { within += 1 }
                if texture.pixel(x: x + 1, y: y) != texture.pixel(x: x + 2, y: y) { across += 1 }
            }
        }
        #expect(Double(within) > 0.5 * Double(across), "\(within) pairs differ within widget pixels, \(across) across")
    }

    @Test(arguments: textured, [1, 2])
    func texturesAreLightEnoughForEveryPen(kind: CanvasKind, scale: Int) throws {
        // Light and low in contrast: on average within 30 levels of white, and all but one
        // pixel in a thousand (specks) no darker than 195 — so a pen reads as on white.
        let texture = try #require(CanvasTextureCache().texture(for: kind, scale: scale))
        var total = 0.0, dark = 0
        let count = texture.devicePixels * texture.devicePixels
        for y in 0..<texture.devicePixels {
            for x in 0..<texture.devicePixels {
                let p = texture.pixel(x: x, y: y)
                let luma = 0.2126 * Double(p.red) + 0.7152 * Double(p.green) + 0.0722 * Double(p.blue)
                total += luma
                if luma < 195 { dark += 1 }
            }
        }
        #expect(total / Double(count) >= 225)
        #expect(dark * 1000 <= count)
        #expect(total / Double(count) <= 250, "not textured: almost white")
    }

    @Test func eachKindAndScaleIsMadeOnceWhateverTheThreadsAsking() throws {
        let cache = CanvasTextureCache()
        let results = Mutex<[ObjectIdentifier]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            if let texture = cache.texture(for: .paper, scale: 1) {
                results.withLock { $0.append(ObjectIdentifier(texture)) }
            }
        }
        #expect(results.withLock { Set($0).count == 1 && $0.count == 8 })
        #expect(cache.generatedCount == 1)
        let paper = try #require(cache.texture(for: .paper, scale: 1))
        #expect(ObjectIdentifier(paper) == results.withLock { $0.first })
        let cloth = try #require(cache.texture(for: .cloth, scale: 1))
        let paperAtTwo = try #require(cache.texture(for: .paper, scale: 2))
        #expect(cloth !== paper && paperAtTwo !== paper)
        #expect(cloth.kind == .cloth && paperAtTwo.scale == 2)
        #expect(cache.texture(for: .plain, scale: 1) == nil)
        #expect(cache.generatedCount == 3)
    }

    @Test func aTextureIsReadyOnlyOnceMadeAndPreparingMakesItInTheBackground() {
        let cache = CanvasTextureCache()
        #expect(cache.readyTexture(for: .cloth, scale: 1) == nil)
        let done = DispatchSemaphore(value: 0)
        cache.prepare(.cloth, scale: 1) { done.signal() }
        done.wait()
        #expect(cache.readyTexture(for: .cloth, scale: 1) != nil)
        #expect(cache.readyTexture(for: .cloth, scale: 1) === cache.texture(for: .cloth, scale: 1))
        #expect(cache.generatedCount == 1)
    }

    @Test func hugeScalesGetTheLargestTexture() throws {
        let cache = CanvasTextureCache()
        let texture = try #require(cache.texture(for: .cloth, scale: 1000))
        #expect(texture.scale == CanvasTextureCache.maximumScale)
        #expect(cache.texture(for: .cloth, scale: CanvasTextureCache.maximumScale) === texture)
    }
}
