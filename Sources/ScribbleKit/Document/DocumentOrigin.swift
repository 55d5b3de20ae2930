/// Where a document is kept, if anywhere yet: decides what Save writes.
public enum DocumentOrigin: Equatable, Sendable {
    /// Never saved: Save makes a new gallery entry.
    case new
    /// An entry of the gallery, updated in place by Save.
    case gallery(id: String)
    /// A file named on the command line, written back in place by Save.
    case file(path: String)
}
