/// One bit per device pixel of a tile, for `OcclusionMap`: set when the pixel is surely
/// painted over. Owns its words directly (no array), because the occlusion walk reads it
/// about twenty times per segment of a million-vertex scribble. It may hold only a band of
/// the tile's rows (`rows`), in the tile's own coordinates, so that bands of one tile can be
/// walked on several cores with the very arithmetic a walk of the whole tile does.
final class PixelBitmap {
    /// Width in pixels.
    let width: Int
    /// The rows it holds; the others count as set.
    let rows: Range<Int>
    private let wordsPerRow: Int
    private let words: UnsafeMutablePointer<UInt64>

    /// An empty bitmap of `width` × `height` pixels.
    convenience init(width: Int, height: Int) {
        self.init(width: width, rows: 0..<max(0, height))
    }

    /// An empty bitmap of `width` pixels by the rows `rows`.
    init(width: Int, rows: Range<Int>) {
        self.width = max(0, width)
        self.rows = rows
        wordsPerRow = (self.width + 63) / 64
        words = .allocate(capacity: max(1, wordsPerRow * rows.count))
        words.initialize(repeating: 0, count: max(1, wordsPerRow * rows.count))
    }

    deinit {
        words.deallocate()
    }

    /// Whether every pixel whose centre lies within `radius` of the segment `a`–`b` is set;
    /// pixels off the bitmap count as set (the tile's clip hides them anyway). Errs towards
    /// false: it may look at a pixel more than the exact test would.
    ///
    /// Most segments a dense drawing asks about lie deep under later strokes, so each row is
    /// first tested across the capsule's whole width (its bounding box, a superset of the
    /// row's span: no square root), and only a row that fails that is measured exactly.
    func isSet(everywhereWithin radius: Float, of a: Point, _ b: Point) -> Bool {
        let top = max(rows.lowerBound, Self.floor(min(a.y, b.y) - radius - 0.5))
        let bottom = min(rows.upperBound - 1, Self.floor(max(a.y, b.y) + radius - 0.5) + 1)
        guard top <= bottom else { return true }
        // A hair wider than the capsule, so that no span measured in `Float` reaches past it.
        let boxFirst = max(0, Self.floor(min(a.x, b.x) - radius - Self.slack - 0.5))
        let boxLast = min(width - 1, Self.floor(max(a.x, b.x) + radius + Self.slack - 0.5) + 1)
        var capsule: Capsule?
        for row in top...bottom {
            if boxFirst > boxLast || allSet(row: row, from: boxFirst, through: boxLast) { continue }
            if capsule == nil { capsule = Capsule(a, b, radius: radius) }
            guard let span = capsule?.span(atY: Float(row) + 0.5) else { continue }
            let first = max(0, Self.floor(span.low - 0.5)), last = min(width - 1, Self.floor(span.high - 0.5) + 1)
            if first <= last, !allSet(row: row, from: first, through: last) { return false }
        }
        return true
    }

    /// Sets every pixel whose centre lies within `radius` of the segment `a`–`b`. Errs
    /// towards setting fewer.
    func set(everywhereWithin radius: Float, of a: Point, _ b: Point) {
        let capsule = Capsule(a, b, radius: radius)
        guard let rows = rowRange(of: capsule, inclusive: false) else { return }
        for row in rows {
            guard let span = capsule.span(atY: Float(row) + 0.5) else { continue }
            let first = max(0, Self.floor(span.low - 0.5) + 1), last = min(width - 1, Self.floor(span.high - 0.5))
            if first <= last { set(row: row, from: first, through: last) }
        }
    }

    /// The rows whose centres may lie within the capsule, one more on each side when
    /// `inclusive`, clamped to the bitmap; `nil` when none.
    @inline(__always)
    private func rowRange(of capsule: Capsule, inclusive: Bool) -> ClosedRange<Int>? {
        let spare = inclusive ? 1 : 0
        let top = max(rows.lowerBound, Self.floor(capsule.top - 0.5) + 1 - spare)
        let bottom = min(rows.upperBound - 1, Self.floor(capsule.bottom - 0.5) + spare)
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

    /// How much wider than the capsule the rows' first test looks, in pixels.
    private static let slack: Float = 1.0 / 64

    private func allSet(row: Int, from first: Int, through last: Int) -> Bool {
        let base = words + (row - rows.lowerBound) * wordsPerRow
        let firstWord = first >> 6, lastWord = last >> 6
        for word in firstWord...lastWord {
            let mask = Self.mask(word == firstWord ? first & 63 : 0, word == lastWord ? last & 63 : 63)
            if base[word] & mask != mask { return false }
        }
        return true
    }

    private func set(row: Int, from first: Int, through last: Int) {
        let base = words + (row - rows.lowerBound) * wordsPerRow
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
