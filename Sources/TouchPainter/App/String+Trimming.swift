extension String {
    /// The text without the white space around it. (Foundation's `trimmingCharacters(in:)`
    /// would link its `CharacterSet`, and with it the ICU libraries, into the binary.)
    var trimmed: String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
