/// Edits by index among a stroke's children that leave its packed children packed
/// (`PackedStroke`, `PackedChildren`): what the eraser, its undo and Delete change the root with.
extension StrokeElements {
    /// Puts `elements` in place of the children in `range`. Among packed children, strokes
    /// that can be packed (`PackedStroke`) are, with their objects: an erased tick goes, and
    /// an undo puts it back packed, without the others becoming objects. Anything else put
    /// among them makes the packed children from there on into objects first (`unpack(from:)`).
    mutating func replaceSubrange(_ range: Range<Int>, with elements: [Stroke.Element]) {
        var packedCount = packedCount
        if packedCount > 0, range.lowerBound <= packedCount {
            if range.upperBound <= packedCount, let strokes = Self.packable(elements) {
                _ = withPackedChildren { packed, _ in
                    packed.replaceSubrange(range, with: strokes.map(\.packed), objects: strokes.map(\.object))
                }
                return
            }
            unpack(from: range.lowerBound)
            packedCount = self.packedCount
        }
        if packedCount > 0, range.lowerBound >= packedCount {
            let tailRange = (range.lowerBound - packedCount)..<(range.upperBound - packedCount)
            if withTail({ $0.replaceSubrange(tailRange, with: elements) }) != nil { return }
        }
        if !elements.contains(where: \.isMark) {
            let points = elements.map { element -> Point in if case .vertex(let point) = element { point } else { .zero } }
            if withPoints({ $0.replaceSubrange(range, with: points) }) != nil { return }
        }
        withArray { $0.replaceSubrange(range, with: elements) }
    }

    /// Puts each run's elements in place of the children in its range, in one pass (an
    /// eraser's step, its undo): runs ascending and apart, their ranges as the children are
    /// before any is replaced. Among packed children, as `replaceSubrange` does: the runs of
    /// strokes that can be packed are, and the first run that cannot makes the packed
    /// children from there on into objects first.
    /// - Complexity: O(children + runs' elements).
    mutating func replaceSubranges(_ runs: [(range: Range<Int>, elements: [Stroke.Element])]) {
        guard runs.count > 1 else {
            if let run = runs.first { replaceSubrange(run.range, with: run.elements) }
            return
        }
        var packedCount = packedCount
        var tailRuns = runs[...]
        if packedCount > 0 {
            let packable = runs.map { $0.range.upperBound <= packedCount ? Self.packable($0.elements) : nil }
            if let first = runs.indices.first(where: { packable[$0] == nil && runs[$0].range.lowerBound < packedCount }) {
                unpack(from: runs[first].range.lowerBound)
                packedCount = self.packedCount
            }
            let prefixRuns = runs.indices.prefix { packable[$0] != nil && runs[$0].range.upperBound <= packedCount }
            tailRuns = runs[prefixRuns.endIndex...]
            if !prefixRuns.isEmpty {
                _ = withPackedChildren { packed, _ in packed.replaceSubranges(prefixRuns.map { (runs[$0].range, packable[$0] ?? []) }) }
            }
        }
        guard !tailRuns.isEmpty else { return }
        // The tail's runs, by index in it (it follows the packed children as they were).
        let tail = tailRuns.map { (($0.range.lowerBound - packedCount)..<($0.range.upperBound - packedCount), $0.elements) }
        if withTail({ $0.replaceSubranges(tail) }) == nil { withArray { $0.replaceSubranges(tail) } }
    }

    /// `elements` as packed strokes with their objects, if every one is a stroke that can be
    /// packed (`PackedStroke`).
    private static func packable(_ elements: [Stroke.Element]) -> [(packed: PackedStroke, object: Stroke)]? {
        var strokes: [(packed: PackedStroke, object: Stroke)] = []
        strokes.reserveCapacity(elements.count)
        for element in elements {
            guard case .mark(let stroke as Stroke) = element, let packed = PackedStroke(stroke) else { return nil }
            strokes.append((packed, stroke))
        }
        return strokes
    }

    /// Makes the packed children from `index` on into their objects (those they have, or
    /// new ones), at the head of the tail: what a mark that cannot be packed, put among them,
    /// needs. (Sending a long stroke to the back of a drawing of packed ticks makes them all
    /// objects, as any edit among them once did.)
    /// - Complexity: O(packed children from `index` on).
    private mutating func unpack(from index: Int) {
        _ = withPackedChildren { packed, tail in
            guard index < packed.strokes.count else { return }
            let objects = (index..<packed.strokes.count).map { Stroke.Element.mark(packed.mark(at: $0)) }
            tail.insert(contentsOf: objects, at: 0)
            packed.replaceSubrange(index..<packed.strokes.count, with: [], objects: [])
        }
    }
}
