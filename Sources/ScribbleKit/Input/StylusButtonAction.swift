/// What a stylus' barrel button does while held as the tip touches (or when clicked over
/// the screen), a preference for each of the two buttons. The eraser end erases whatever
/// they say.
public enum StylusButtonAction: String, CaseIterable, Sendable {
    /// The gesture erases, as the eraser tool would.
    case eraser
    /// The gesture selects and moves marks, as the select tool would.
    case select
    /// The gesture moves the view.
    case pan
    /// The button is ignored: the tip works the current tool.
    case nothing
}
