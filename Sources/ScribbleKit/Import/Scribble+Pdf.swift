import PdfKit

extension Scribble {
    /// A new scribble whose drawing is the pages of the PDF `bytes` (opened with `password`
    /// when it is encrypted), laid top to bottom (`PdfLayout`), under any ink to come. The
    /// PDF is kept once in the scribble's content store; its document, opened here, is kept
    /// with it and drawn from. Only the pages' sizes are read — nothing is rendered — so a
    /// 2,400-page PDF imports in well under a second (`PdfImportTests`). Pure, on `Sendable`
    /// inputs: run it off the main thread, and hand the result over as a memento
    /// (`makeMemento()` shares the PDF's bytes).
    /// - Throws: `PdfError`: a password needed or wrong, damaged or not a PDF, poppler
    ///   missing — each one line for a dialog (`description`).
    /// - Complexity: O(pages) after poppler opens the document.
    public static func importingPdf(_ bytes: [UInt8], password: String? = nil) throws(PdfError) -> Scribble {
        let document = try PdfDocument(bytes: bytes, password: password)
        let content = StoredContent(pdf: bytes, document: document, password: password)
        let sizes = (0..<document.pageCount).map { index in
            let page = document.page(at: index)
            return (width: page.width, height: page.height)
        }
        let builder = MarkBuilder()
        for (index, frame) in PdfLayout.frames(for: sizes).enumerated() {
            builder.addPage(content: content, pageIndex: index, frame: frame)
        }
        let scribble = Scribble()
        builder.marks.forEach(scribble.root.add)
        return scribble
    }

    /// The drawing's PDF pages, in reading order: the marks it starts with that are pages
    /// (importers lay them first, under all ink, and reordering never moves one).
    /// - Complexity: O(pages).
    public var pages: [Page] { Self.pages(of: root) }

    /// The pages `root` (a drawing's root) starts with.
    static func pages(of root: Mark) -> [Page] {
        var pages: [Page] = []
        while let page = root.child(at: pages.count) as? Page { pages.append(page) }
        return pages
    }

    /// The frames of the drawing's pages, in reading order: what `PageNavigation` navigates.
    /// - Complexity: O(pages).
    public var pageFrames: [Rect] { pages.map(\.frame) }
}
