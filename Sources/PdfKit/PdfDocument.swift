import CPoppler
import CairoKit
import Glibc
import Synchronization

/// One PDF document, opened from bytes in memory with poppler-glib (loaded the first time a
/// PDF is opened: see CPoppler.h), and what the canvas asks of it: its pages' sizes and
/// rotations, a page or part of one rendered onto a Cairo context, a page's text, where a
/// word is on it, and its links. Knows no drawing model.
///
/// **Threads.** poppler's documents are not safe for concurrent use from several threads,
/// so every call on a document takes its lock: a document may be used from any thread
/// (tiles are rendered on worker threads), and calls on one document run one at a time —
/// a render on one thread waits for a render on another. Separate documents do not wait for
/// each other. A render cannot be interrupted once started.
///
/// **Bounds** on hostile input: pages over `maximumPageSide` are scaled down to it, pages
/// poppler cannot read are blank at `fallbackPageSize`, and only the first
/// `maximumPageCount` pages are offered. What poppler itself bounds, and what it does not
/// (a content stream that inflates to gigabytes), is in docs/ARCHITECTURE.md ("PDF pages").
public final class PdfDocument: @unchecked Sendable {
    /// The most pages a document offers (those after it are not shown): 20,000, ten times a
    /// long book, so that a page tree claiming millions of pages is not walked.
    public static let maximumPageCount = 20_000
    /// The longest side a page may have, in points: 14,400 (200 inches, the limit Acrobat
    /// and the PDF 1.7 specification's implementation notes set). A bigger page is scaled
    /// down to it whole.
    public static let maximumPageSide = 14_400.0
    /// The shortest side a page may have, in points (a smaller one is taken as this).
    public static let minimumPageSide = 1.0
    /// The size of a page poppler could not read, in points: US Letter, poppler's own
    /// default for a page without a valid media box.
    public static let fallbackPageSize = (width: 612.0, height: 792.0)
    /// The widest or tallest render, in device pixels (Cairo's image surfaces go no further).
    public static let maximumRenderSide = 32_767.0

    // poppler's document, opaque (see CPoppler.h); used only under `lock`.
    private let handle: OpaquePointer
    private let lock = Mutex<Void>(())
    /// How many pages it offers: as many as poppler counts, at most `maximumPageCount`.
    public let pageCount: Int
    /// How many pages poppler counts (more than `pageCount` when some are not offered).
    public let declaredPageCount: Int

    /// Opens a PDF from its bytes (copied: they may be let go of at once), with `password`
    /// when it is encrypted. A damaged PDF opens when poppler can rebuild it (its
    /// cross-reference table from the objects it finds), with the pages it can read; one
    /// with no page poppler can count does not (`.damaged`).
    /// - Throws: `PdfError` saying why it could not be opened (a password needed or wrong,
    ///   damaged or not a PDF, poppler missing).
    public init(bytes: [UInt8], password: String? = nil) throws(PdfError) {
        guard !bytes.isEmpty else { throw .damaged("the file is empty") }
        if let failure = tp_poppler_load() { throw .popplerMissing(String(cString: failure)) }
        var failure: Int32 = 0
        var message: UnsafeMutablePointer<CChar>?
        let opened = bytes.withUnsafeBytes { data in
            tp_poppler_open(data.baseAddress, data.count, password, &failure, &message)
        }
        guard let opened else {
            let text = Self.take(message) ?? "unknown error"
            switch Int(failure) {
            case Int(TP_PDF_ENCRYPTED.rawValue): throw password == nil ? .passwordRequired : .wrongPassword
            case Int(TP_PDF_DAMAGED.rawValue): throw .damaged(text)
            default: throw .failed(text)
            }
        }
        let count = Int(tp_poppler_page_count(opened))
        guard count > 0 else {
            // poppler counts none when the page tree is unusable (a /Count it cannot reach).
            tp_poppler_close(opened)
            throw .damaged("no page could be read")
        }
        handle = OpaquePointer(opened)
        declaredPageCount = count
        pageCount = min(declaredPageCount, Self.maximumPageCount)
    }

    deinit { tp_poppler_close(UnsafeMutableRawPointer(handle)) }

    /// Runs `body` with poppler's document, holding the lock.
    private func locked<T>(_ body: (UnsafeMutableRawPointer) -> T) -> T {
        lock.withLock { _ in body(UnsafeMutableRawPointer(handle)) }
    }

    /// Page `index` (from 0, below `pageCount`): its size as shown.
    /// - Complexity: poppler reads the page's dictionary the first time (its content
    ///   only when rendered).
    public func page(at index: Int) -> PdfPage {
        precondition(index >= 0 && index < pageCount, "page \(index) of \(pageCount)")
        var (width, height) = (0.0, 0.0)
        let readable = locked { tp_poppler_page_size($0, Int32(index), &width, &height) != 0 }
        guard readable, width.isFinite, height.isFinite, width > 0, height > 0 else {
            let fallback = Self.fallbackPageSize
            return PdfPage(index: index, width: fallback.width, height: fallback.height, contentScale: 1, isReadable: false)
        }
        let scale = min(1, Self.maximumPageSide / max(width, height))
        return PdfPage(
            index: index, width: max(Self.minimumPageSide, width * scale), height: max(Self.minimumPageSide, height * scale),
            contentScale: scale, isReadable: true)
    }

    /// Page `index`'s /Rotate: the clockwise quarter turns it is shown at, in degrees (0, 90,
    /// 180, 270). Apart from `page(at:)`, which the layout and every render ask for, because
    /// poppler-glib has no getter for it: a probe annotation is added and removed, and the
    /// document's cross-reference table grows each time (20,000 pages' probes took seconds).
    public func rotation(ofPage index: Int) -> Int {
        precondition(index >= 0 && index < pageCount, "page \(index) of \(pageCount)")
        return Int(locked { tp_poppler_page_rotation($0, Int32(index)) })
    }

    /// Draws `page`, or the part `area` of it (points, as shown; the whole page when nil),
    /// onto `context` at `scale` device pixels a point, the area's top left at the context's
    /// origin, on white, within the context's clip — a tile at the device scale is one
    /// call with the tile's rectangle. Waits for any other call on this document.
    /// - Returns: false when nothing was drawn: the page could not be read (only white is
    ///   drawn), or the scale or area is not finite and positive or the render would be over
    ///   `maximumRenderSide` pixels on a side (nothing is drawn).
    @discardableResult
    public func render(page: PdfPage, area: PdfRect? = nil, scale: Double = 1, on context: CairoContext) -> Bool {
        let area = area ?? PdfRect(x: 0, y: 0, width: page.width, height: page.height)
        let sides = [scale, area.width, area.height, area.width * scale, area.height * scale]
        guard sides.allSatisfy({ $0.isFinite && $0 > 0 }), area.x.isFinite, area.y.isFinite,
            area.width * scale <= Self.maximumRenderSide, area.height * scale <= Self.maximumRenderSide
        else { return false }
        return context.withSavedState {
            context.rectangle(x: 0, y: 0, width: area.width * scale, height: area.height * scale)
            context.clip()
            context.setSource(red: 1, green: 1, blue: 1)
            context.paint()
            guard page.isReadable else { return false }
            context.scale(scale)
            context.translate(x: -area.x, y: -area.y)
            context.rectangle(x: 0, y: 0, width: page.width, height: page.height)
            context.clip()
            context.scale(page.contentScale)
            return locked { tp_poppler_render($0, Int32(page.index), context.pointer) != 0 }
        }
    }

    /// The text of `page` in reading order ("" when it has none or could not be read).
    public func text(page: PdfPage) -> String {
        guard page.isReadable else { return "" }
        return Self.take(locked { tp_poppler_text($0, Int32(page.index)) }) ?? ""
    }

    /// Where `text` occurs on `page`, ignoring case: a rectangle a line of each match, in
    /// points as shown, in the order poppler finds them (reading order). None for "".
    public func find(_ text: String, page: PdfPage) -> [PdfRect] {
        guard page.isReadable, !text.isEmpty else { return [] }
        var count: Int32 = 0
        guard let found = locked({ tp_poppler_find($0, Int32(page.index), text, &count) }) else { return [] }
        defer { free(found) }
        return UnsafeBufferPointer(start: found, count: Int(count)).map { page.scaled($0) }
    }

    /// The links on `page` that open a URI or go to a page of this document.
    public func links(page: PdfPage) -> [PdfLink] {
        guard page.isReadable else { return [] }
        var count: Int32 = 0
        guard let found = locked({ tp_poppler_links($0, Int32(page.index), &count) }) else { return [] }
        defer { tp_poppler_free_links(found, count) }
        return UnsafeBufferPointer(start: found, count: Int(count)).compactMap { link in
            if let uri = link.uri { return PdfLink(area: page.scaled(link.area), target: .uri(String(cString: uri))) }
            guard link.page >= 0, Int(link.page) < pageCount else { return nil }
            return PdfLink(area: page.scaled(link.area), target: .page(Int(link.page)))
        }
    }

    /// A string CPoppler returned, freeing it.
    private static func take(_ text: UnsafeMutablePointer<CChar>?) -> String? {
        guard let text else { return nil }
        defer { free(text) }
        return String(cString: text)
    }
}

extension PdfPage {
    /// A rectangle in the page's own points, in the page's points as shown (`contentScale`).
    fileprivate func scaled(_ rect: tp_pdf_rect) -> PdfRect {
        PdfRect(x: rect.x * contentScale, y: rect.y * contentScale, width: rect.width * contentScale, height: rect.height * contentScale)
    }
}
