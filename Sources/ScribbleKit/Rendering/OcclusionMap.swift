import Dispatch

/// Which segments of a snapshot's top-level strokes are hidden, within one tile of device
/// pixels, under opaque strokes drawn after them — so the renderer can leave them out.
///
/// A big scribble paints every pixel many times over, and Cairo's cost is in rasterising,
/// so most of a full frame's time goes into pixels that later strokes paint over. This map
/// is made by one walk from the topmost segment down, keeping a bitmap of the pixels that
/// are already painted over for sure:
///
/// - a segment is *hidden* when every pixel it can touch (its pen grown by the pixel's
///   half-diagonal, `touchMargin` and how far smoothing bends it, `CurveSegment.deviation`)
///   is in the bitmap; leaving it out changes no pixel,
///   because each of those pixels is later painted fully by an opaque colour;
/// - a visible segment of an opaque stroke then adds the pixels it surely covers whole (its
///   pen shrunk by the half-diagonal, `coverMargin` and the bend) to the bitmap.
///
/// The margins cover how far Cairo's drawing may stray from the exact pen shape. It never
/// reaches beyond it: round joins and caps are polygons inscribed in the pen's circle, and
/// coordinates are rounded to 1/256 px (`touchMargin`). It may fall short of it by the
/// tolerance of those polygons, 0.1 device px by default (`coverMargin`). Only opaque
/// strokes hide anything, and everything else a snapshot holds (dots, nested marks) is
/// always drawn, so the map errs only towards drawing. `RenderEquivalenceTests` compares
/// the result with a plain render.
final class OcclusionMap: @unchecked Sendable {
    /// Device pixels by which the exact pen is grown for "may touch": Cairo's fixed-point
    /// rounding (1/256 px), with room to spare.
    static let touchMargin: Float = 0.05
    /// Device pixels by which the exact pen is shrunk for "surely covers": Cairo's default
    /// tolerance for arcs (0.1 px) and its rounding, with room to spare.
    static let coverMargin: Float = 0.15
    /// Half a pixel's diagonal: a pixel whose centre lies within `r - halfDiagonal` of a
    /// segment lies wholly inside the pen of radius `r` along it, and one whose centre lies
    /// farther than `r + halfDiagonal` away is not touched by it at all.
    static let halfDiagonal: Float = 0.70711

    /// Where each mark child of a snapshot has its bits in a map: the same for every tile of
    /// one frame, so the tiles' maps share one (four bytes a mark: a drawing of a million taps
    /// made 4 MB of them for each tile, four tiles at once on two cores).
    struct Offsets: Sendable {
        /// Where each mark child's bits start (`notAStroke`: not a frozen stroke, never hidden).
        /// Four bytes a mark, not an `Int?`'s sixteen.
        let starts: [UInt32]
        /// How many bits there are.
        let total: Int

        /// The offsets of `snapshot`'s mark children.
        /// - Complexity: O(the snapshot's top-level marks).
        init(of snapshot: RenderSnapshot) {
            var starts: [UInt32] = []
            starts.reserveCapacity(snapshot.children.count)
            var total = 0
            for child in snapshot.children.indices {
                // A file holds at most 512 MB, so far fewer than 2³² - 1 elements.
                let count = snapshot.children.childCount(child)
                let isStroke = snapshot.children.packed(child) != nil || snapshot.children[child] != nil
                starts.append(isStroke ? UInt32(truncatingIfNeeded: total) : OcclusionMap.notAStroke)
                total += count
            }
            (self.starts, self.total) = (starts, total)
        }
    }

    /// Bit `offsets[k] + i`: the segment ending at element `i` of the root's `k`-th mark child.
    private let hidden: [UInt64]
    /// Where each mark child's bits start (`Offsets.starts`).
    private let offsets: [UInt32]
    /// The offset of a child that is not a frozen stroke.
    fileprivate static let notAStroke = UInt32.max

    /// Walks `snapshot` from the top for the tile of `width` × `height` device pixels whose
    /// device origin is `origin`, with `scale` device pixels per user unit; `offsets` are the
    /// snapshot's (made here when not given).
    /// - Complexity: O(the segments whose pen meets the tile × their pen's height in pixels).
    init(_ snapshot: RenderSnapshot, offsets: Offsets? = nil, scale: Float, origin: (x: Float, y: Float), width: Int, height: Int) {
        let offsets = offsets ?? Offsets(of: snapshot)
        self.offsets = offsets.starts
        hidden =
            Self.walk(
                snapshot, offsets: offsets.starts, total: offsets.total, scale: scale, origin: origin, width: width, rows: 0..<height,
                recordingWalks: false
            ).hidden
    }

    /// The same map as `init(_:scale:origin:width:height:)` gives, made in horizontal bands of
    /// rows on every core and merged: a page's map for a vector export (one tile, millions of
    /// pixels), which would otherwise keep one core busy while the other waits.
    ///
    /// The bits are those of one walk. Each band walks with the whole tile's coordinates and
    /// a bitmap of its own rows only (the others count as covered), so a segment is hidden in
    /// every band exactly when all the pixels it may touch are covered; and a band's bitmap
    /// holds what the whole tile's holds in those rows, since the only cover a band leaves
    /// out is that of a segment hidden there, whose cover lies within pixels already covered.
    /// A stroke a band does not walk (it lies off the band) has no say in that band.
    /// - Complexity: as the single walk's, shared among `bands` threads.
    init(_ snapshot: RenderSnapshot, scale: Float, origin: (x: Float, y: Float), width: Int, height: Int, bands: Int) {
        let made = Offsets(of: snapshot)
        let (offsets, total) = (made.starts, made.total)
        self.offsets = offsets
        let bands = max(1, min(bands, height))
        let results = UnsafeMutableBufferPointer<(hidden: [UInt64], walked: [Bool])>.allocate(capacity: bands)
        defer { results.deallocate() }
        let slots = BandSlots(results)
        DispatchQueue.concurrentPerform(iterations: bands) { band in
            let rows = (height * band / bands)..<(height * (band + 1) / bands)
            slots.buffer.baseAddress!.advanced(by: band).initialize(
                to: Self.walk(
                    snapshot, offsets: offsets, total: total, scale: scale, origin: origin, width: width, rows: rows, recordingWalks: true))
        }
        defer { _ = results.baseAddress!.deinitialize(count: bands) }
        // A bit is set where every band that walked its stroke hid it (none: the bit stays clear).
        var hidden = [UInt64](repeating: 0, count: (total + 63) / 64)
        for (child, offset) in offsets.enumerated() where offset != Self.notAStroke {
            let walkers = results.filter { $0.walked[child] }
            guard !walkers.isEmpty else { continue }
            let bits = Int(offset)..<(Int(offset) + snapshot.children.childCount(child))
            for bit in bits where walkers.allSatisfy({ $0.hidden[bit >> 6] & (1 << UInt64(bit & 63)) != 0 }) {
                hidden[bit >> 6] |= 1 << UInt64(bit & 63)
            }
        }
        self.hidden = hidden
    }

    /// The walk from the topmost segment down over the tile's `rows` (all of them, for a
    /// tile's map): which segments it finds hidden, and, when `recordingWalks` (a band's
    /// walk), which strokes it walked at all (else none: a byte a mark).
    private static func walk(
        _ snapshot: RenderSnapshot, offsets: [UInt32], total: Int, scale: Float, origin: (x: Float, y: Float),
        width: Int, rows: Range<Int>, recordingWalks: Bool
    ) -> (hidden: [UInt64], walked: [Bool]) {
        var hidden = [UInt64](repeating: 0, count: (total + 63) / 64)
        var walked = [Bool](repeating: false, count: recordingWalks ? offsets.count : 0)
        let covered = PixelBitmap(width: width, rows: rows)
        let tile = Rect(x: 0, y: Float(rows.lowerBound), width: Float(width), height: Float(rows.count))
        for index in snapshot.children.indices.reversed() {
            guard offsets[index] != Self.notAStroke, let bounds = snapshot.children.strokeBounds(index) else { continue }
            let box = Rect(
                minX: bounds.minX * scale - origin.x, minY: bounds.minY * scale - origin.y,
                maxX: bounds.maxX * scale - origin.x, maxY: bounds.maxY * scale - origin.y)
            // (A group keeping packed strokes hides nothing here: they are its children, not its runs.)
            guard box.outset(by: 1).intersects(tile), let stroke = snapshot.children.frozen(index), let color = stroke.color,
                stroke.elements.packedCount == 0
            else { continue }
            if recordingWalks { walked[index] = true }
            let offset = Int(offsets[index])
            let radius = stroke.size / 2 * scale
            let touch = radius + Self.halfDiagonal + Self.touchMargin
            let cover = radius - Self.halfDiagonal - Self.coverMargin
            let isOpaque = color.alpha == 255 && cover > 0
            // A stroke drawn with pressure is as wide as its pen at each end of a segment:
            // it may touch up to the wider end's and surely covers the narrower end's.
            let pressures = stroke.pressures
            func penRadius(at index: Int) -> Float { PressureOutline.width(size: stroke.size, level: pressures[index]) / 2 * scale }
            let reach = tile.outset(by: touch)
            let farReach = reach.outset(by: Stroke.smoothingReach * scale)
            stroke.elements.withUnsafeBufferPointer { elements in
                hidden.withUnsafeMutableBufferPointer { bits in
                    var index = elements.count - 1
                    while index > 0 {
                        defer { index -= 1 }
                        guard case .vertex(let end) = elements[index], case .vertex(let start) = elements[index - 1]
                        else { continue }
                        var (touch, cover) = (touch, cover)
                        if !pressures.isEmpty {
                            let (r1, r2) = (penRadius(at: index - 1), penRadius(at: index))
                            touch = max(r1, r2) + Self.halfDiagonal + Self.touchMargin
                            cover = min(r1, r2) - Self.halfDiagonal - Self.coverMargin
                        }
                        let a = Point(x: start.x * scale - origin.x, y: start.y * scale - origin.y)
                        let b = Point(x: end.x * scale - origin.x, y: end.y * scale - origin.y)
                        // Off the tile: most segments, for a small repaint.
                        guard farReach.touches(a, b) else {
                            let bit = offset + index
                            bits[bit >> 6] |= 1 << UInt64(bit & 63)
                            continue
                        }
                        // Measured along the straight segment; a segment drawn as a curve strays
                        // from it by up to its deviation (one that bends less is drawn straight).
                        let deviation = CurveSegment(in: elements, endingAt: index, last: elements.count - 1).deviation * scale
                        let bend = deviation > MarkRenderer.flatness ? deviation : 0
                        // Off the tile after all, or under later strokes.
                        if !reach.outset(by: bend).touches(a, b) || covered.isSet(everywhereWithin: touch + bend, of: a, b) {
                            let bit = offset + index
                            bits[bit >> 6] |= 1 << UInt64(bit & 63)
                        } else if isOpaque, a != b, cover - bend > 0 {
                            covered.set(everywhereWithin: cover - bend, of: a, b)
                        }
                    }
                }
            }
        }
        return (hidden, walked)
    }

    /// Whether the segment ending at element `index` of the root's `child`-th mark child
    /// is hidden.
    @inline(__always)
    func isHidden(child: Int, element index: Int) -> Bool {
        guard offsets[child] != Self.notAStroke else { return false }
        let offset = Int(offsets[child])
        let bit = offset + index
        return hidden[bit >> 6] & (1 << UInt64(bit & 63)) != 0
    }
}

/// The bands' results, written by the threads that make them, each into its own slot.
private struct BandSlots: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<(hidden: [UInt64], walked: [Bool])>
    init(_ buffer: UnsafeMutableBufferPointer<(hidden: [UInt64], walked: [Bool])>) { self.buffer = buffer }
}
