import PdfKit
import Synchronization

/// Heavy bytes a scribble keeps once — a PDF now, pictures later — named by their SHA-256
/// (`ContentDigest`): marks that show them hold this object, and it is never changed, so
/// copies, undo, mementos and templates share the bytes rather than copying them.
///
/// A PDF's `PdfDocument` is opened the first time a page is drawn and kept with the bytes,
/// so every page of one PDF in one scribble uses one document (poppler reads its page tree
/// once); drawing threads take turns on it (`PdfDocument`'s lock).
public final class StoredContent: Sendable {
    /// The bytes' name: their SHA-256.
    public let digest: ContentDigest
    /// What the bytes are.
    public let kind: ContentKind
    /// The bytes themselves, as they came (a PDF file, byte for byte).
    public let bytes: [UInt8]
    /// The document once opened, or why it could not be; a password given in this session.
    private let opened = Mutex<(document: Result<PdfDocument, PdfError>?, password: String?)>((nil, nil))

    /// Keeps `bytes` of `kind` under their digest (computed here: O(n) in the bytes).
    public convenience init(kind: ContentKind, bytes: [UInt8]) {
        self.init(kind: kind, bytes: bytes, digest: ContentDigest(of: bytes))
    }

    /// Keeps `bytes` whose digest is already known (a file's store, whose reader checked it).
    init(kind: ContentKind, bytes: [UInt8], digest: ContentDigest) {
        (self.kind, self.bytes, self.digest) = (kind, bytes, digest)
    }

    /// Keeps `document`, opened from `bytes` with `password` already (an import), so it is
    /// not opened twice.
    convenience init(pdf bytes: [UInt8], document: PdfDocument, password: String?) {
        self.init(kind: .pdf, bytes: bytes)
        opened.withLock { $0 = (.success(document), password) }
    }

    /// The PDF document these bytes are, opened the first time it is asked for (with the
    /// password given to `unlock(password:)`, if any); `nil` when the bytes are not a PDF or
    /// cannot be opened (encrypted and not unlocked, damaged). The password is never saved:
    /// an encrypted PDF's pages show as blank paper in a later session until it is unlocked.
    /// - Complexity: the first call opens the document (poppler reads its trailer and page
    ///   tree: ~8 ms for 2,400 pages); later calls O(1). Safe on any thread.
    public var pdfDocument: PdfDocument? {
        guard kind == .pdf else { return nil }
        return opened.withLock { state in
            if state.document == nil {
                state.document = Result { () throws(PdfError) in try PdfDocument(bytes: bytes, password: state.password) }
            }
            return try? state.document?.get()
        }
    }

    /// Why the PDF does not open — a password needed (its scribble reopened: passwords are
    /// never saved), damaged — or `nil` when it opens or is no PDF. Opens it the first time
    /// (poppler): call it off the main thread.
    public var openingError: PdfError? {
        _ = pdfDocument
        return opened.withLock { state in
            if case .failure(let error)? = state.document { error } else { nil }
        }
    }

    /// The password the PDF was opened with in this session, if it needed one (an export
    /// onto its pages opens it again).
    var password: String? { opened.withLock { $0.password } }

    /// Opens an encrypted PDF with `password` for this session.
    /// - Throws: `PdfError` when the password is wrong or the PDF cannot be opened.
    public func unlock(password: String) throws(PdfError) {
        let document = try PdfDocument(bytes: bytes, password: password)
        opened.withLock { $0 = (.success(document), password) }
    }
}

/// What kind of bytes a content store entry holds (a byte in the file, `docs/FORMAT.md`).
public enum ContentKind: UInt8, Sendable {
    /// A PDF document.
    case pdf = 1
    /// A picture: a PNG, JPEG, GIF, WebP or SVG file, byte for byte (version 7).
    case picture = 2
}
