import PdfKit

/// Find in a drawing's PDF pages (Ctrl+F): each page's text searched with poppler, the hits
/// turned into canvas rectangles on the page's frame. Made on the main thread from the pages
/// (immutable, their documents thread-safe), then run on a worker thread: a 2,400-page PDF
/// takes seconds, so the hits come page by page, from the page the user is on, and the
/// search stops as soon as it is cancelled (a new query, the bar closed).
public struct PageSearch: Sendable {
    /// One page to search: its PDF, which page of it, where it lies on the canvas.
    struct Target: Sendable {
        let document: PdfDocument
        let pageIndex: Int
        let frame: Rect
    }

    private let targets: [Target]
    /// The text boxes to search (issue 55), after the pages: each one's text as laid out.
    private let texts: [TextSearchTarget]

    /// A search of `pages` (in reading order), then of the text boxes `texts`; pages whose
    /// PDF is not open (locked) are left out.
    public init(pages: [Page], texts: [TextBox] = []) {
        targets = pages.compactMap { page in
            page.content.pdfDocument.map { Target(document: $0, pageIndex: page.pageIndex, frame: page.frame) }
        }
        self.texts = texts.map(TextSearchTarget.init)
    }

    /// How many pages (and text boxes) it searches.
    public var pageCount: Int { targets.count + texts.count }

    /// Searches for `text` (ignoring case) on every page, starting at `start` and wrapping
    /// round, until `isCancelled` says to stop; calls `found` with each page's position (in
    /// the order `init` was given them) and its hits (canvas pixels, in reading order), for
    /// the pages that have any. Blocks: call it off the main thread.
    public func run(
        for text: String, from start: Int, isCancelled: () -> Bool, found: (_ page: Int, _ hits: [Rect]) -> Void
    ) {
        guard !text.isEmpty, pageCount > 0 else { return }
        let first = min(max(start, 0), pageCount - 1)
        for step in 0..<pageCount {
            if isCancelled() { return }
            let position = (first + step) % pageCount
            let hits = position < targets.count ? self.hits(of: text, on: targets[position]) : texts[position - targets.count].hits(of: text)
            if !hits.isEmpty { found(position, hits) }
        }
    }

    /// `text`'s places on `target`, canvas pixels: poppler's rectangles (points, as the page
    /// is shown) scaled onto the page's frame.
    private func hits(of text: String, on target: Target) -> [Rect] {
        guard target.pageIndex < target.document.pageCount else { return [] }
        let page = target.document.page(at: target.pageIndex)
        let scale = (x: Double(target.frame.width) / page.width, y: Double(target.frame.height) / page.height)
        return target.document.find(text, page: page).map { found in
            Rect(
                x: target.frame.minX + Float(found.x * scale.x), y: target.frame.minY + Float(found.y * scale.y),
                width: Float(found.width * scale.x), height: Float(found.height * scale.y))
        }
    }
}
