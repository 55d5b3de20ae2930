extension CanvasEngine {
    /// The drawing's pages (a PDF's), in reading order: the marks at the start of the drawing
    /// that are pages (a PDF's pages are laid first, under all ink).
    /// - Complexity: O(pages).
    public var pages: [Page] {
        let root = document.scribble.root
        var pages: [Page] = []
        while let page = root.child(at: pages.count) as? Page { pages.append(page) }
        return pages
    }

    /// The pages' frames on the canvas, in reading order.
    public var pageFrames: [Rect] { pages.map(\.frame) }
}
