/// A drawing on a PDF's pages, as a PDF export sees it (`Exporter+Pages`): the PDF, where its
/// pages lie, which of them have ink, and the ink on none. Worked out once, from the drawing
/// the exporter was made with; `nil` for a drawing without pages, or with pages of more than
/// one PDF (exported as any drawing is, pages drawn).
struct PagePlan: Sendable {
    /// The PDF the pages show.
    let content: StoredContent
    /// The pages' frames on the canvas, and which page of the PDF each shows.
    let frames: [Rect], pageIndices: [Int]
    /// The positions (into `frames`) of the pages some ink crosses, in order.
    let inked: [Int]
    /// The bounds of the ink that lies on no page (null when there is none).
    let outside: Rect
    /// The drawing's top-level marks that are ink: all after its pages.
    let ink: Range<Int>

    /// The plan for the drawing whose root is `root`, or `nil` (see above).
    /// - Complexity: O(pages × ink marks) at worst; pages sorted top to bottom cut it to the
    ///   pages near each mark.
    init?(_ root: Stroke) {
        let pages = Scribble.pages(of: root)
        guard let first = pages.first, pages.allSatisfy({ $0.content === first.content || $0.content.digest == first.content.digest })
        else { return nil }
        let frames = pages.map(\.frame)
        (content, self.frames, pageIndices) = (first.content, frames, pages.map(\.pageIndex))
        let count = root.count
        ink = pages.count..<max(pages.count, count)
        // Pages by their tops, so a mark is checked against those that may reach it.
        let byTop = frames.indices.sorted { frames[$0].minY < frames[$1].minY }
        let tallest = frames.reduce(Float(0)) { max($0, $1.height) }
        var isInked = [Bool](repeating: false, count: frames.count)
        var outside = Rect.null
        for index in ink {
            guard let mark = root.child(at: index) else { continue }
            let bounds = mark.bounds
            guard !bounds.isNull else { continue }
            var low = 0, high = byTop.count // the first page whose top is below bounds.minY - tallest
            while low < high {
                let middle = (low + high) / 2
                if frames[byTop[middle]].minY < bounds.minY - tallest { low = middle + 1 } else { high = middle }
            }
            var onAPage = false
            for position in byTop[low...] {
                let frame = frames[position]
                if frame.minY > bounds.maxY { break }
                if frame.intersects(bounds) { (isInked[position], onAPage) = (true, true) }
            }
            if !onAPage { outside = outside.union(bounds) }
        }
        inked = isInked.indices.filter { isInked[$0] }
        self.outside = outside
    }
}
