/// Exports ink onto a PDF's own pages, as Xournal++ 1.3 does with QPDF: the original pages
/// are kept, not re-rendered — their content streams, fonts, text, links, outline and
/// metadata as they were — and the ink, drawn elsewhere onto an *overlay* PDF (Cairo's PDF
/// surface, so as vector paths), is drawn on top of the pages that have some. QPDF is loaded
/// the first time a PDF is stamped (see CQpdf.h).
///
/// For each inked page the page's content is wrapped in q/Q, and its overlay page becomes a
/// Form XObject (its content stream's bytes as Cairo compressed them, its resources copied)
/// that the page draws after its own content, mapped onto what the page shows — its crop
/// box, turned by its /Rotate. Pages without ink are not touched. Overlay pages for ink
/// outside every page are appended after the last page.
///
/// **Threads.** A stamp is a function of bytes to bytes that shares nothing: stamps may run
/// on any thread, several at once.
///
/// **Encryption** is kept: an encrypted PDF, opened with its user or owner password, is
/// written encrypted as it was (the same passwords open it, the same permissions apply), so
/// that an export does not take away the protection its author gave it.
public enum PdfStamper {
    /// The original pages with the ink on top: page `key` of `original` gets page `value` of
    /// `overlay` (all from 0) in `inkedPages`, and the pages of `overlay` in `appendedPages`
    /// are appended, in that order. An overlay page is drawn onto what its page shows, as it
    /// is shown (after /Rotate): the overlay page's top left on the page's top left as seen,
    /// its size that of the page as seen (the overlay page is scaled to fit if not).
    ///
    /// An overlay made page for page (page `i` the ink of page `i`, then the pages for ink
    /// outside every page) is stamped with `inkedPages` mapping each inked `i` to itself and
    /// `appendedPages` listing the pages after the original's last.
    /// - Parameter password: the original's user or owner password when it is encrypted.
    /// - Throws: `PdfError`: `.passwordRequired`, `.wrongPassword`, `.damaged` (the original
    ///   cannot be read, even repaired), `.stampFailed` (a page number out of range, the
    ///   overlay unreadable, QPDF could not write the result), `.qpdfMissing`.
    /// - Complexity: QPDF reads the original lazily; the pages' tree is walked once, and
    ///   only the inked pages' objects are changed. The output is written with every stream
    ///   as it is (nothing decoded or compressed again): time about proportional to the
    ///   original's size plus the overlay's (a 2,400-page, 6 MB PDF: see the bench's
    ///   `pdf_stamp_ms`). Memory: the original, the overlay and the output, and QPDF's
    ///   objects for them.
    public static func stamp(
        original: [UInt8], password: String? = nil, overlay: [UInt8], inkedPages: [Int: Int], appendedPages: [Int] = []
    ) throws(PdfError) -> [UInt8] {
        let document = try QpdfFile(bytes: original, password: password)
        let ink: QpdfFile
        do {
            ink = try QpdfFile(bytes: overlay, password: nil)
        } catch {
            throw .stampFailed("the ink could not be read: \(error)")
        }
        let pageCount = try document.pageCount()
        let inkPageCount = try ink.pageCount()
        for (page, inkPage) in inkedPages.sorted(by: { $0.key < $1.key }) {
            guard (0..<pageCount).contains(page) else { throw .stampFailed("the PDF has no page \(page + 1)") }
            guard (0..<inkPageCount).contains(inkPage) else { throw .stampFailed("the ink has no page \(inkPage + 1)") }
            guard let shown = document.page(at: page), let drawn = ink.page(at: inkPage) else {
                throw .stampFailed("page \(page + 1) could not be read")
            }
            let matrix = formMatrix(from: drawn.box, onto: shown.box, rotation: shown.rotation)
            try document.stamp(page: page, with: ink, page: inkPage, matrix: matrix)
        }
        for inkPage in appendedPages {
            guard (0..<inkPageCount).contains(inkPage) else { throw .stampFailed("the ink has no page \(inkPage + 1)") }
            try document.append(page: inkPage, of: ink)
        }
        return try document.write()
    }
}
