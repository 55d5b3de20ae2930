import CCairo

/// The gettext domain of every TouchPainter message; the app binds it to its catalogues at start-up.
public let textDomain = "touchpainter"

/// `message` in the user's language (gettext, `textDomain`), or `message` itself: every
/// user-visible string of ScribbleKit and the app goes through here.
public func tr(_ message: String) -> String {
    // Untranslated, dgettext hands back the pointer it was given, valid only in this closure.
    message.withCString { original in
        guard let found = dgettext(textDomain, original), UnsafePointer(found) != original else { return message }
        return String(cString: found)
    }
}

/// `tr(message)` with its positional placeholders (`%1$s`, `%2$s`, …) replaced by `arguments`,
/// in the order the translation puts them.
public func tr(_ message: String, _ arguments: Any...) -> String {
    var text = tr(message)
    for (index, argument) in arguments.enumerated() {
        text = text.replacing("%\(index + 1)$s", with: String(describing: argument))
    }
    return text
}
