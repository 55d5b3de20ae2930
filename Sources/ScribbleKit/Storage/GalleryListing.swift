/// What listing the gallery's folder found: the entries it shows, and the scribble files it
/// cannot show (a name that is not UTF-8 text, a symbolic link that loops), each with the
/// reason, so the gallery can say "2 files could not be shown" instead of leaving them out
/// with no word.
public struct GalleryListing: Sendable {
    /// A scribble file the gallery cannot show.
    public struct Unlisted: Sendable, Equatable {
        /// Its name, readable (bytes that are not UTF-8 shown as `\xE9`).
        public let name: String
        /// Why it cannot be shown, in plain words.
        public let reason: String
    }

    /// The entries, most recently saved first.
    public let entries: [ScribbleEntry]
    /// The scribble files that could not be listed, by name.
    public let unlisted: [Unlisted]
    /// Set when files are still arriving (changed in the last moments, or not yet whole):
    /// they are left out, and the gallery should list again after this many seconds.
    public var listAgainAfter: Double? = nil
}
