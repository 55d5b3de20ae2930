extension PagePlan {
    /// For each of the drawing's ink marks (the top-level marks `ink` names, in order) the
    /// position (into `frames`) of the page its bounds overlap most — the page a notebook
    /// export puts it on, in that page's coordinates — or `nil` for ink on no page (and for a
    /// mark with no bounds).
    /// - Complexity: O(pages log pages + ink marks × the pages each may reach).
    func pagesOfInk(in root: Stroke) -> [Int?] {
        let byTop = frames.indices.sorted { frames[$0].minY < frames[$1].minY }
        let tallest = frames.reduce(Float(0)) { max($0, $1.height) }
        return ink.map { index in
            guard let bounds = root.child(at: index)?.bounds, !bounds.isNull else { return nil }
            var low = 0, high = byTop.count // the first page whose top is below bounds.minY - tallest
            while low < high {
                let middle = (low + high) / 2
                if frames[byTop[middle]].minY < bounds.minY - tallest { low = middle + 1 } else { high = middle }
            }
            var best: (position: Int, area: Float)?
            for position in byTop[low...] {
                let frame = frames[position]
                if frame.minY > bounds.maxY { break }
                guard frame.intersects(bounds) else { continue }
                let overlap = frame.intersection(bounds)
                // A line has no area: its length along the page counts then.
                let area = max(overlap.width, 0) * max(overlap.height, 0) + max(overlap.width, overlap.height) * 1e-6
                if best.map({ area > $0.area }) ?? true { best = (position, area) }
            }
            return best?.position
        }
    }
}
