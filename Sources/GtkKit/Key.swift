/// A key, as the app tells keys apart: the keypad's twins (`KP_Delete`, `KP_Left`, …) are
/// the same key as the main block's, and a letter is itself whatever the case (Caps Lock or
/// Shift held), so the app never spells GDK's key names.
public enum Key: Hashable, Sendable {
    case escape, delete, backSpace, space
    case left, right, up, down, home, end, pageUp, pageDown
    /// A function key: F1 is `.function(1)`.
    case function(Int)
    /// A letter or another character key, lowercased.
    case character(Character)
    /// Any other key, by GDK's name.
    case other(String)

    /// The key GDK names `name` ("Escape", "KP_Delete", "F2", "P", …).
    public init(gdkName name: String) {
        let plain = name.hasPrefix("KP_") ? String(name.dropFirst(3)) : name
        switch plain {
        case "Escape": self = .escape
        case "Delete": self = .delete
        case "BackSpace": self = .backSpace
        case "space": self = .space
        case "Left": self = .left
        case "Right": self = .right
        case "Up": self = .up
        case "Down": self = .down
        case "Home": self = .home
        case "End": self = .end
        case "Page_Up", "Prior": self = .pageUp
        case "Page_Down", "Next": self = .pageDown
        default:
            if plain.count == 1, let character = plain.lowercased().first {
                self = .character(character)
            } else if plain.hasPrefix("F"), let number = Int(plain.dropFirst()) {
                self = .function(number)
            } else {
                self = .other(name)
            }
        }
    }
}
