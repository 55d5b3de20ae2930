import CQpdf
import Glibc

/// One PDF as QPDF holds it while it is stamped (see CQpdf.h): read from bytes, changed page
/// by page, written back to bytes. Not safe for concurrent use: a stamp makes its own and
/// lets go of them when it is done, so that separate stamps may run on separate threads.
final class QpdfFile {
    // QPDF's PDF, opaque (see CQpdf.h).
    private let handle: UnsafeMutableRawPointer

    /// Opens a PDF from its bytes (copied), with `password` when it is encrypted.
    /// - Throws: `PdfError.passwordRequired` or `.wrongPassword`, `.damaged` (QPDF's message)
    ///   when QPDF cannot repair it, `.stampFailed` for anything else, `.qpdfMissing`.
    init(bytes: [UInt8], password: String?) throws(PdfError) {
        guard !bytes.isEmpty else { throw .damaged("the file is empty") }
        if let failure = tp_qpdf_load() { throw .qpdfMissing(String(cString: failure)) }
        var failure: Int32 = 0
        var message: UnsafeMutablePointer<CChar>?
        let opened = bytes.withUnsafeBytes { data in tp_qpdf_open(data.baseAddress, data.count, password, &failure, &message) }
        guard let opened else {
            let text = Self.take(message)
            switch Int(failure) {
            case Int(TP_QPDF_PASSWORD.rawValue): throw password == nil ? .passwordRequired : .wrongPassword
            case Int(TP_QPDF_DAMAGED.rawValue): throw .damaged(text)
            default: throw .stampFailed(text)
            }
        }
        handle = opened
    }

    deinit { tp_qpdf_close(handle) }

    /// How many pages it has.
    /// - Throws: `.damaged` when its page tree cannot be walked, or has other than the pages
    ///   its root counts (/Count): written back, such a tree would still lie, and poppler
    ///   refuses a lie it cannot believe (a tree claiming 100,000 pages over one).
    /// - Complexity: the first call walks the page tree.
    func pageCount() throws(PdfError) -> Int {
        var message: UnsafeMutablePointer<CChar>?
        var declared: Int64 = 0
        let count = tp_qpdf_page_count(handle, &declared, &message)
        guard count >= 0 else { throw .damaged(Self.take(message)) }
        guard declared == Int64(count) else { throw .damaged("its page tree counts \(declared) pages and has \(count)") }
        return Int(count)
    }

    /// What page `index` shows (its crop box within its media box, as stored) and its
    /// /Rotate; nil when the page cannot be read.
    func page(at index: Int) -> (box: PdfBox, rotation: Int)? {
        var box = tp_qpdf_box()
        var rotation: Int32 = 0
        guard tp_qpdf_page_box(handle, Int32(index), &box, &rotation) != 0 else { return nil }
        return (PdfBox(left: box.left, bottom: box.bottom, right: box.right, top: box.top), Int(rotation))
    }

    /// Draws page `overlayIndex` of `overlay` over page `index`, through `matrix` (a b c d e f,
    /// from the overlay page's units to this page's), after the page's own content.
    func stamp(page index: Int, with overlay: QpdfFile, page overlayIndex: Int, matrix: [Double]) throws(PdfError) {
        precondition(matrix.count == 6, "a PDF matrix has six numbers")
        var message: UnsafeMutablePointer<CChar>?
        let done = matrix.withUnsafeBufferPointer {
            tp_qpdf_stamp_page(handle, Int32(index), overlay.handle, Int32(overlayIndex), $0.baseAddress, &message)
        }
        guard done != 0 else { throw .stampFailed(Self.take(message)) }
    }

    /// Appends a copy of page `overlayIndex` of `overlay` after the last page.
    func append(page overlayIndex: Int, of overlay: QpdfFile) throws(PdfError) {
        var message: UnsafeMutablePointer<CChar>?
        guard tp_qpdf_append_page(handle, overlay.handle, Int32(overlayIndex), &message) != 0 else { throw .stampFailed(Self.take(message)) }
    }

    /// The PDF as it now is: its streams' bytes as they were, its encryption kept.
    func write() throws(PdfError) -> [UInt8] {
        var size = 0
        var message: UnsafeMutablePointer<CChar>?
        guard let bytes = tp_qpdf_write(handle, &size, &message) else { throw .stampFailed(Self.take(message)) }
        return Array(UnsafeBufferPointer(start: bytes, count: size))
    }

    /// A message CQpdf returned, freed, on one line for a dialog ("unknown error" when there
    /// is none).
    private static func take(_ message: UnsafeMutablePointer<CChar>?) -> String {
        guard let message else { return "unknown error" }
        defer { free(message) }
        return String(String(cString: message).map { $0.isNewline ? " " : $0 })
    }
}
