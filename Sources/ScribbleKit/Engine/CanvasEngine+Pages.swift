extension CanvasEngine {
    /// The frames of the drawing's pages (a PDF's, `Page`), in reading order: the marks at
    /// the start of the drawing that are pages (a PDF's pages are laid first, under all ink).
    /// - Complexity: O(pages).
    public var pageFrames: [Rect] {
        let root = document.scribble.root
        var frames: [Rect] = []
        while let page = root.child(at: frames.count) as? Page { frames.append(page.frame) }
        return frames
    }
}
