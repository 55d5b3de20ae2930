/// A text box being edited (issue 55): its characters, each with its style, the caret and
/// the selection's other end, and the style what is typed next takes. A value: the Text tool
/// keeps one while a box is open and makes a `TextBox` of it (`box`) for each step it puts
/// in the history, so an edit never changes a box a render thread may be drawing.
///
/// Positions count `Character`s (grapheme clusters): the caret never stops inside an emoji,
/// a flag or a letter with its combining marks.
public struct TextEditor: Sendable {
    /// The text, a character at a time, and each one's style.
    public private(set) var characters: [Character] = []
    public private(set) var styles: [TextStyle] = []
    /// Where the caret is (0 … `characters.count`), and the selection's other end (equal to
    /// `caret` when nothing is selected).
    public private(set) var caret = 0, anchor = 0
    /// The style the next characters typed take: the one before the caret's, or what
    /// Ctrl+B, Ctrl+I, the font chooser or the palette set with nothing selected.
    public var typingStyle: TextStyle
    /// The box's corner, wrap width and turn (kept from the box edited, or where a click or a
    /// drag made it).
    public let origin: Point, wrapWidth: Float?, angle: Float

    /// A new, empty box at `origin` (a click: no wrap; a drag: `wrapWidth`) in `style`.
    public init(origin: Point, wrapWidth: Float?, style: TextStyle) {
        self.origin = origin
        self.wrapWidth = wrapWidth
        self.angle = 0
        typingStyle = style
    }

    /// Editing `box` again, the caret at its end.
    public init(editing box: TextBox) {
        origin = box.origin
        wrapWidth = box.wrapWidth
        angle = box.angle
        typingStyle = box.runs.last?.style ?? .standard
        for run in box.runs {
            for character in run.text {
                characters.append(character)
                styles.append(run.style)
            }
        }
        caret = characters.count
        anchor = caret
    }

    /// The selected characters' range (empty at the caret when none).
    public var selection: Range<Int> { min(caret, anchor)..<max(caret, anchor) }
    /// The text, whole.
    public var text: String { String(characters) }
    /// The selected text, plain (what Copy puts on the clipboard).
    public var selectedText: String { String(characters[selection]) }

    /// The runs: neighbouring characters of one style joined.
    public var runs: [TextRun] {
        var runs: [TextRun] = []
        for (character, style) in zip(characters, styles) {
            if runs.last?.style == style {
                runs[runs.count - 1].text.append(character)
            } else {
                runs.append(TextRun(String(character), style: style))
            }
        }
        return runs
    }

    /// The box as it stands, or `nil` when it holds no text (an empty box goes).
    public var box: TextBox? {
        characters.isEmpty ? nil : TextBox(runs: runs, origin: origin, wrapWidth: wrapWidth, angle: angle)
    }

    /// The UTF-8 offset of character position `index` in `text` (what Pango counts in).
    public func byteOffset(of index: Int) -> Int {
        characters[..<min(max(index, 0), characters.count)].reduce(0) { $0 + $1.utf8.count }
    }

    /// Types `text` over the selection in `typingStyle`. Text past the box's limit
    /// (`TextBox.maximumTextBytes`) is left out; returns whether all of it went in (a 10 MB
    /// paste: the tool says what was cut).
    @discardableResult
    public mutating func insert(_ text: String) -> Bool {
        replaceSelection()
        let kept = String(String.UnicodeScalarView(text.unicodeScalars.filter(TextBox.isKept)))
        let room = TextBox.maximumTextBytes - byteOffset(of: characters.count)
        let fits = TextBox.clipped(kept, toBytes: max(0, room))
        let added = Array(fits)
        characters.insert(contentsOf: added, at: caret)
        styles.insert(contentsOf: repeatElement(typingStyle, count: added.count), at: caret)
        caret += added.count
        anchor = caret
        return fits.utf8.count == kept.utf8.count
    }

    /// Backspace: the selection, or the character before the caret.
    public mutating func deleteBackward() {
        if selection.isEmpty, caret > 0 { anchor = caret - 1 }
        replaceSelection()
    }

    /// Delete: the selection, or the character after the caret.
    public mutating func deleteForward() {
        if selection.isEmpty, caret < characters.count { anchor = caret + 1 }
        replaceSelection()
    }

    /// Where the caret can go by a key.
    public enum Motion: Sendable {
        /// A character left or right (arrows), a word (Ctrl+arrows), the line's start or
        /// end (Home, End), the text's start or end (Ctrl+Home, Ctrl+End).
        case left, right, wordLeft, wordRight, lineStart, lineEnd, textStart, textEnd
    }

    /// Moves the caret; `extending` (Shift held) keeps the selection's other end where it
    /// is, else the selection goes (an arrow over a selection goes to its edge).
    public mutating func move(_ motion: Motion, extending: Bool = false) {
        let range = selection
        var target: Int
        switch motion {
        case .left: target = !extending && !range.isEmpty ? range.lowerBound : max(0, caret - 1)
        case .right: target = !extending && !range.isEmpty ? range.upperBound : min(characters.count, caret + 1)
        case .wordLeft:
            target = caret
            while target > 0, !isWordCharacter(target - 1) { target -= 1 }
            while target > 0, isWordCharacter(target - 1) { target -= 1 }
        case .wordRight:
            target = caret
            while target < characters.count, !isWordCharacter(target) { target += 1 }
            while target < characters.count, isWordCharacter(target) { target += 1 }
        case .lineStart:
            target = caret
            while target > 0, !characters[target - 1].isNewline { target -= 1 }
        case .lineEnd:
            target = caret
            while target < characters.count, !characters[target].isNewline { target += 1 }
        case .textStart: target = 0
        case .textEnd: target = characters.count
        }
        place(at: target, extending: extending)
    }

    /// Puts the caret at `index` (a click; a drag with `extending`).
    public mutating func place(at index: Int, extending: Bool = false) {
        caret = min(max(index, 0), characters.count)
        if !extending { anchor = caret }
        if caret > 0, selection.isEmpty { typingStyle = styles[caret - 1] }
    }

    /// Selects everything (Ctrl+A in the box).
    public mutating func selectAll() {
        anchor = 0
        caret = characters.count
    }

    /// Selects the word at `index` (a double-click), or the character there if it is none.
    public mutating func selectWord(at index: Int) {
        guard !characters.isEmpty else { return }
        let at = min(max(index, 0), characters.count - 1)
        guard isWordCharacter(at) else {
            (anchor, caret) = (at, at + 1)
            return
        }
        var start = at, end = at + 1
        while start > 0, isWordCharacter(start - 1) { start -= 1 }
        while end < characters.count, isWordCharacter(end) { end += 1 }
        (anchor, caret) = (start, end)
    }

    /// Changes the style of the selection, or of what is typed next when nothing is selected
    /// (Ctrl+B, Ctrl+I, the font chooser, the palette).
    public mutating func restyle(_ change: (inout TextStyle) -> Void) {
        change(&typingStyle)
        for index in selection { change(&styles[index]) }
    }

    /// Bold on (or off, when all the selection, or the typing style, is bold already).
    public mutating func toggleBold() {
        let on = !(selection.isEmpty ? typingStyle.isBold : styles[selection].allSatisfy(\.isBold))
        restyle { $0.isBold = on }
    }

    /// Italic on or off, as `toggleBold`.
    public mutating func toggleItalic() {
        let on = !(selection.isEmpty ? typingStyle.isItalic : styles[selection].allSatisfy(\.isItalic))
        restyle { $0.isItalic = on }
    }

    /// Takes the selection out, leaving the caret where it was.
    private mutating func replaceSelection() {
        let range = selection
        if !range.isEmpty, range.lowerBound < styles.count { typingStyle = styles[range.lowerBound] }
        characters.removeSubrange(range)
        styles.removeSubrange(range)
        (caret, anchor) = (range.lowerBound, range.lowerBound)
    }

    /// Whether the character at `index` belongs to a word (letters, digits, marks).
    private func isWordCharacter(_ index: Int) -> Bool {
        let character = characters[index]
        return character.isLetter || character.isNumber || character == "_"
    }
}
