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

    /// The frames of the drawing's top-level pages, in drawing order (a PDF's reading order,
    /// as an import lays them): what `PageNavigation` navigates.
    /// - Complexity: O(top-level marks).
    public var pageFrames: [Rect] {
        root.storedElements.unpackedElements.compactMap { element in
            if case .mark(let page as Page) = element { page.frame } else { nil }
        }
    }
}
