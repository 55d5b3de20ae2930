/// One bit per device pixel of a tile, for `OcclusionMap`: set when the pixel is surely
/// painted over. Owns its words directly (no array), because the occlusion walk reads it
/// about twenty times per segment of a million-vertex scribble.
final class PixelBitmap {
    /// Width in pixels.
    let width: Int
    /// Height in pixels.
    let height: Int
    private let wordsPerRow: Int
    private let words: UnsafeMutablePointer<UInt64>

    /// An empty bitmap.
    init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        wordsPerRow = (self.width + 63) / 64
        words = .allocate(capacity: max(1, wordsPerRow * self.height))
        words.initialize(repeating: 0, count: max(1, wordsPerRow * self.height))
    }

    deinit {
        words.deallocate()
    }

    /// Whether every pixel whose centre lies within `radius` of the segment `a`–`b` is set;
    /// pixels off the bitmap count as set (the tile's clip hides them anyway). Errs towards
    /// false: it may look at a pixel more than the exact test would.
    func isSet(everywhereWithin radius: Float, of a: Point, _ b: Point) -> Bool {
        let capsule = Capsule(a, b, radius: radius)
        guard let rows = rows(of: capsule, inclusive: true) else { return true }
        for row in rows {
            guard let span = capsule.span(atY: Float(row) + 0.5) else { continue }
            let first = max(0, Self.floor(span.low - 0.5)), last = min(width - 1, Self.floor(span.high - 0.5) + 1)
            if first <= last, !allSet(row: row, from: first, through: last) { return false }
        }
        return true
    }

    /// Sets every pixel whose centre lies within `radius` of the segment `a`–`b`. Errs
    /// towards setting fewer.
    func set(everywhereWithin radius: Float, of a: Point, _ b: Point) {
        let capsule = Capsule(a, b, radius: radius)
        guard let rows = rows(of: capsule, inclusive: false) else { return }
        for row in rows {
            guard let span = capsule.span(atY: Float(row) + 0.5) else { continue }
            let first = max(0, Self.floor(span.low - 0.5) + 1), last = min(width - 1, Self.floor(span.high - 0.5))
            if first <= last { set(row: row, from: first, through: last) }
        }
    }

    /// The rows whose centres may lie within the capsule, one more on each side when
    /// `inclusive`, clamped to the bitmap; `nil` when none.
    @inline(__always)
    private func rows(of capsule: Capsule, inclusive: Bool) -> ClosedRange<Int>? {
        let spare = inclusive ? 1 : 0
        let top = max(0, Self.floor(capsule.top - 0.5) + 1 - spare)
        let bottom = min(height - 1, Self.floor(capsule.bottom - 0.5) + spare)
        return top <= bottom ? top...bottom : nil
    }

    /// ⌊`value`⌋ for the values a tile meets, without a libm call; very negative values
    /// come out as -2 (below every pixel either way).
    @inline(__always)
    private static func floor(_ value: Float) -> Int {
        guard value > -1 else { return -2 }
        guard value < 1e9 else { return 1_000_000_000 }
        return Int(value + 1) - 1 // truncation of a positive number is its floor
    }

    private func allSet(row: Int, from first: Int, through last: Int) -> Bool {
        let base = words + row * wordsPerRow
        let firstWord = first >> 6, lastWord = last >> 6
        for word in firstWord...lastWord {
            let mask = Self.mask(word == firstWord ? first & 63 : 0, word == lastWord ? last & 63 : 63)
            if base[word] & mask != mask { return false }
        }
        return true
    }

    private func set(row: Int, from first: Int, through last: Int) {
        let base = words + row * wordsPerRow
        let firstWord = first >> 6, lastWord = last >> 6
        for word in firstWord...lastWord {
            base[word] |= Self.mask(word == firstWord ? first & 63 : 0, word == lastWord ? last & 63 : 63)
        }
    }

    /// Bits `low` through `high` of a word.
    @inline(__always)
    private static func mask(_ low: Int, _ high: Int) -> UInt64 {
        let upper: UInt64 = high == 63 ? ~0 : (1 << UInt64(high + 1)) - 1
        return upper & ~((1 << UInt64(low)) - 1)
    }
}
