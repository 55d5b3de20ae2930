/// What an eraser in "Part of marks" mode leaves of a mark (issue 26): the mark is never
/// changed — it may be on the canvas, read by a background render — so the pieces are new
/// marks, made only when the eraser takes something.
public struct Erasure {
    /// What takes the mark's place, in drawing order: nothing (all of it was covered), the
    /// pieces of a cut stroke, or a copy of a group with its parts cut.
    public let pieces: [Mark]
    /// The area whose look changed: what went, and the neighbouring segments whose smoothed
    /// curve bends differently now that a path ends there.
    public let dirty: Rect
}

extension Mark {
    /// What is left of the mark after `step`, or `nil` when the step takes nothing of it.
    ///
    /// A stroke's path is cut where it comes within the eraser's radius plus half the
    /// stroke's width, with new end vertices exactly there (colour, width and pressure kept,
    /// the pressure interpolated at the cut): the pieces' round ends then just touch the
    /// disc, so the disc sweeps clean of their ink, and elsewhere they look as before. A
    /// dot the disc touches goes whole, as does a lone vertex within reach. A group (a
    /// stroke holding other marks, such as a stamped template) has its parts cut, and stays
    /// one group; it goes when nothing of it is left.
    /// - Complexity: O(1) when the mark's bounds are out of reach, else O(its vertices).
    public func erased(by step: EraserStep) -> Erasure? {
        guard bounds.outset(by: step.radius).touches(step.from, step.to) else { return nil }
        switch self {
        case let dot as Dot:
            return dot.isHit(alongSegmentFrom: step.from, to: step.to, radius: step.radius)
                ? Erasure(pieces: [], dirty: dot.bounds) : nil
        case let stroke as Stroke:
            return stroke.erased(by: step)
        default:
            // A bare vertex paints nothing; a page is the paper, never erased; a picture is not
            // cut (the eraser in Whole marks mode takes it whole, as any mark it touches).
            return nil
        }
    }
}

extension Stroke {
    /// One stretch of path left over: its points and (for a stroke with pressure) their levels.
    private struct Piece {
        var points: [Point] = []
        var levels: [UInt8] = []

        /// Appends a point, and its level when the stroke has pressure.
        mutating func append(_ point: Point, level: UInt8?) {
            points.append(point)
            if let level { levels.append(level) }
        }

        /// True when it draws a line: two points at least, not all in one place.
        var isVisible: Bool { points.count >= 2 && points.contains { $0 != points[0] } }
    }

    /// One child run's fate: kept as it is, cut into pieces, or a child mark erased.
    private enum Part {
        case run(Range<Int>, pieces: [Piece]?)
        case mark(Mark, Erasure?)
    }

    /// `Mark.erased(by:)` for a stroke: its runs of inline vertices cut, its child marks
    /// erased in turn; a plain stroke gives its pieces, a group a new group.
    fileprivate func erased(by step: EraserStep) -> Erasure? {
        var parts: [Part] = []
        var dirty = Rect.null
        var changed = false
        elements.withUnsafeBufferPointer { elements in
            var runStart = 0
            for index in 0...elements.count {
                if index < elements.count, case .vertex = elements[index] { continue }
                if runStart < index {
                    let pieces = cut(elements, runStart..<index, by: step, dirty: &dirty)
                    changed = changed || pieces != nil
                    parts.append(.run(runStart..<index, pieces: pieces))
                }
                if index < elements.count, case .mark(let mark) = elements[index] {
                    let erasure = mark.erased(by: step)
                    if let erasure { dirty = dirty.union(erasure.dirty) }
                    changed = changed || erasure != nil
                    parts.append(.mark(mark, erasure))
                }
                runStart = index + 1
            }
        }
        guard changed else { return nil }
        if parts.count == 1, case .run(_, let pieces?) = parts[0] {
            return Erasure(pieces: pieces.map(stroke(of:)), dirty: dirty) // a plain stroke: its pieces
        }
        return Erasure(pieces: group(of: parts), dirty: dirty)
    }

    /// A new group holding what is left of this one's parts, in order; none if nothing is.
    private func group(of parts: [Part]) -> [Mark] {
        let group = Stroke(color: color, size: size)
        var levels: [UInt8] = []
        func add(_ marks: [Mark]) {
            marks.forEach(group.add)
            levels += repeatElement(Self.fullPressure, count: marks.count)
        }
        // Inline runs next to each other would join into one line, so a piece of a run is a
        // child stroke, and so is a run left next to another once the mark between them went.
        for part in parts {
            switch part {
            case .run(let range, nil):
                var run = Piece()
                for index in range {
                    guard case .vertex(let point) = elements[index] else { continue }
                    run.append(point, level: hasPressure ? pressures[index] : nil)
                }
                if case .vertex? = group.elements.last {
                    add([stroke(of: run)])
                } else {
                    group.append(contentsOf: run.points)
                    levels += hasPressure ? run.levels : Array(repeating: Self.fullPressure, count: run.points.count)
                }
            case .run(_, let pieces?): add(pieces.map(stroke(of:)))
            case .mark(let mark, nil): add([mark.copy()])
            case .mark(_, let erasure?): add(erasure.pieces)
            }
        }
        if hasPressure { group.setPressures(levels) }
        return group.count == 0 ? [] : [group]
    }

    /// A new stroke of this one's colour and width along `piece`, sealed (`Stroke.isSealed`):
    /// like a copy, it is made whole and only ever replaced, never drawn on. (So a piece of a
    /// packed tick can be packed in its place: `StrokeElements.replaceSubrange`.)
    private func stroke(of piece: Piece) -> Stroke {
        let stroke = Stroke(color: color, size: size)
        stroke.reserveCapacity(piece.points.count)
        stroke.append(contentsOf: piece.points)
        if hasPressure { stroke.setPressures(piece.levels) }
        stroke.isSealed = true
        return stroke
    }

    /// The pieces of the run of inline vertices `elements[range]` that stay after `step`, or
    /// `nil` when the step takes nothing of it; `dirty` grows by the area that changes.
    /// - Complexity: O(the run's vertices).
    private func cut(
        _ elements: StrokeElements.UnsafeBuffer, _ range: Range<Int>, by step: EraserStep,
        dirty: inout Rect
    ) -> [Piece]? {
        func point(_ index: Int) -> Point {
            if case .vertex(let point) = elements[index] { return point }
            return .zero // not reached: the range holds vertices only
        }
        let reach = step.radius + size / 2
        let halfWidth = size / 2
        if range.count == 1 { // a lone vertex draws a dot
            let only = point(range.lowerBound)
            guard step.covers(only, reach: reach) else { return nil }
            dirty = dirty.union(Rect.null.union(only).outset(by: halfWidth))
            return []
        }
        let box = step.box(reach: reach)
        var cuts: [(index: Int, low: Double, high: Double)] = []
        var previous = point(range.lowerBound)
        for index in range.lowerBound..<(range.upperBound - 1) {
            let next = point(index + 1)
            if box.touches(previous, next), let part = step.cut(previous, next, reach: reach) {
                cuts.append((index, part.low, part.high))
            }
            previous = next
        }
        guard !cuts.isEmpty else { return nil }

        // What went lies within the eraser's reach (plus the ink's half width); the segments
        // on either side of a cut change their curve.
        dirty = dirty.union(bounds.intersection(step.box(reach: reach + halfWidth)))
        let levels = hasPressure ? pressures : []
        func cutPoint(_ index: Int, at t: Double) -> (Point, UInt8?) {
            let p = point(index), q = point(index + 1)
            let x = Double(p.x) + t * (Double(q.x) - Double(p.x)), y = Double(p.y) + t * (Double(q.y) - Double(p.y))
            let level =
                levels.isEmpty
                ? nil
                : UInt8((Double(levels[index]) + t * (Double(levels[index + 1]) - Double(levels[index]))).rounded())
            return (MarkLimits.clamped(Point(x: Float(x), y: Float(y))), level)
        }
        var pieces: [Piece] = []
        var current = Piece()
        var next = range.lowerBound
        func keep(upTo end: Int) {
            guard next < end else { return }
            current.points.reserveCapacity(current.points.count + end - next)
            for index in next..<end { current.points.append(point(index)) }
            if !levels.isEmpty { current.levels += levels[next..<end] }
        }
        for cut in cuts {
            let low = cut.low < 1e-9 ? 0 : cut.low, high = cut.high > 1 - 1e-9 ? 1 : cut.high
            // The segment's start stays unless covered; if it is, the piece it would end
            // holds it alone and is dropped (a piece ending on the edge keeps it).
            keep(upTo: cut.index + 1)
            if low > 0 {
                let (point, level) = cutPoint(cut.index, at: low)
                current.append(point, level: level)
            }
            if current.isVisible { pieces.append(current) }
            current = Piece()
            if high < 1 {
                let (point, level) = cutPoint(cut.index, at: high)
                current.append(point, level: level)
            }
            next = cut.index + 1
            for index in max(range.lowerBound, cut.index - 1)...min(range.upperBound - 1, cut.index + 2) {
                dirty = dirty.union(Rect.null.union(point(index)).outset(by: halfWidth))
            }
        }
        keep(upTo: range.upperBound)
        if current.isVisible { pieces.append(current) }
        return pieces
    }
}
