/// Why a PDF could not be opened or exported, in terms a user can be told in one line.
public enum PdfError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The PDF is encrypted and no password was given.
    case passwordRequired
    /// The PDF is encrypted and the password given is not its password.
    case wrongPassword
    /// The bytes are not a PDF, or one damaged beyond repair (poppler's message).
    case damaged(String)
    /// poppler could not open it for another reason (its message).
    case failed(String)
    /// poppler-glib is not installed or could not be loaded (the loader's message).
    case popplerMissing(String)
    /// The ink could not be stamped onto the PDF's pages (what went wrong).
    case stampFailed(String)
    /// QPDF, which stamps the ink, is not installed or could not be loaded (the loader's message).
    case qpdfMissing(String)

    /// One line for a dialog.
    public var description: String {
        switch self {
        case .passwordRequired: "This PDF is protected by a password."
        case .wrongPassword: "The password is not right for this PDF."
        case .damaged(let message): "This file is damaged or is not a PDF (\(message))."
        case .failed(let message): "The PDF could not be opened (\(message))."
        case .popplerMissing(let message): "PDF support is not installed (\(message))."
        case .stampFailed(let message): "The ink could not be exported onto the PDF (\(message))."
        case .qpdfMissing(let message): "Exporting onto a PDF's pages needs QPDF, which is not installed (\(message))."
        }
    }
}
