import PdfKit

/// Opening a PDF file as a new scribble (`Scribble.importingPdf`): which files it takes, and
/// the file read whole, bounded, off the main thread.
public enum PdfImporter {
    /// The file name extension of the files it opens.
    public static let fileExtension = "pdf"
    /// The biggest PDF it reads: 1 GiB (a scribble keeps its PDF whole, in memory and in its
    /// file; the biggest books are some hundreds of megabytes).
    public static let maximumBytes = 1 << 30

    /// A PDF read, titled after its file, and its pages as a new scribble: `Sendable` so that
    /// it can be read on a worker thread and handed to the main thread, which alone uses it.
    public struct Opened: @unchecked Sendable {
        /// The new scribble: the PDF's pages, no ink.
        public let scribble: Scribble
        /// What the user should hear of: pages the PDF has but the scribble does not show
        /// (past PdfKit's 20,000, or past what the canvas' columns hold); `nil` when all show.
        public let note: String?
    }

    /// Whether `path` names a PDF (by its extension, in any case).
    public static func opens(_ path: String) -> Bool {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return false }
        return path[path.index(after: dot)...].lowercased() == fileExtension
    }

    /// Reads the PDF at `path`. Blocks: call it off the main thread.
    /// - Throws: `StorageError` when it cannot be read, or is over `maximumBytes`.
    public static func read(_ path: String) throws(StorageError) -> [UInt8] {
        guard let bytes = try FileSystem.readFile(path, atMost: maximumBytes) else {
            throw StorageError(.open, path: path, cause: tr("it is over 1 GiB, more than a PDF TouchPainter opens"))
        }
        return bytes
    }

    /// `bytes`' pages as a new scribble titled after `path`'s file, opened with `password`.
    /// Blocks (poppler reads the pages' sizes): call it off the main thread.
    /// - Throws: `PdfError`, a password asked for or wrong among them.
    public static func open(_ bytes: [UInt8], path: String, password: String?) throws(PdfError) -> Opened {
        let scribble = try Scribble.importingPdf(bytes, password: password)
        let name = path.split(separator: "/").last.map(String.init) ?? path
        scribble.title = String(name.prefix(upTo: name.lastIndex(of: ".") ?? name.endIndex))
        let (shown, has) = (scribble.pages.count, scribble.pages.first?.content.pdfDocument?.declaredPageCount ?? 0)
        let note = has > shown ? tr("This PDF has %1$s pages: only the first %2$s are shown.", has, shown) : nil
        return Opened(scribble: scribble, note: note)
    }

    /// What to tell the user when a PDF could not be opened: one line, translated.
    public static func message(for error: PdfError) -> String {
        switch error {
        case .passwordRequired: tr("This PDF is protected by a password.")
        case .wrongPassword: tr("The password is not right for this PDF.")
        case .damaged(let detail): tr("This file is damaged or is not a PDF (%1$s).", detail)
        case .failed(let detail): tr("The PDF could not be opened (%1$s).", detail)
        case .popplerMissing(let detail): tr("PDF support is not installed (%1$s).", detail)
        case .stampFailed(let detail): tr("The ink could not be put on the PDF's pages (%1$s).", detail)
        case .qpdfMissing(let detail): tr("PDF export is not installed (%1$s).", detail)
        }
    }
}
